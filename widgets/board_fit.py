"""The page script that scales a board to fit its box (the presenter's board, the FAQ explorer's board, the
practice page's players): one script, given each page's selector and bounds by :func:`board_fit_js`, run with
:func:`widgets.style.page_script`."""
from __future__ import annotations

_BOARD_FIT_JS = """(function () {
  if (window.%(flag)s || !document.body.hasAttribute('data-voila')) { return; }
  var MIN = %(lo)s, HI = %(hi)s, WHOLE = '%(whole)s', seen = new WeakSet(), queued = new Set(), frame = 0;
  function fit(box) {
    var board = box.firstElementChild;
    if (!board || !box.getClientRects().length) { return; }
    function fits() {
      if (!WHOLE) { return board.scrollHeight <= board.clientHeight + 1 && board.scrollWidth <= board.clientWidth + 1; }
      // (only the parts named must be whole in the box's height, from the board's top: the last of them decides)
      var parts = board.querySelectorAll(WHOLE), last = parts[parts.length - 1];
      if (!last) { return true; }
      var top = board.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientTop + box.scrollTop;
      return top + last.getBoundingClientRect().bottom - board.getBoundingClientRect().top <= box.clientHeight + 1;
    }
    // (HI 0: the zoom the page's CSS gives the board, read with no zoom of ours on it)
    if (!HI) { board.style.zoom = ''; }
    var MAX = HI || parseFloat(getComputedStyle(board).zoom) || 1, lo = Math.min(MIN, MAX), hi = MAX;
    board.style.zoom = MAX;
    if (fits()) { lo = MAX; } else {
      for (var i = 0; i < %(steps)s; i++) {
        var mid = (lo + hi) / 2;
        board.style.zoom = mid;
        if (fits()) { lo = mid; } else { hi = mid; }
      }
    }
    board.style.zoom = String(Math.floor(lo * 100) / 100);
    box.setAttribute('data-fit', board.style.zoom);
  }
  function later(box) {
    queued.add(box);
    if (!frame) { frame = requestAnimationFrame(function () { frame = 0; var q = [...queued]; queued.clear(); q.forEach(fit); }); }
  }
  var sizes = new ResizeObserver(function (entries) { entries.forEach(function (e) { later(e.target); }); });
  function watch() {
    document.querySelectorAll('%(selector)s').forEach(function (box) {
      if (seen.has(box)) { return; }
      seen.add(box);
      sizes.observe(box);
      new MutationObserver(function () { later(box); }).observe(box, {childList: true, subtree: true, characterData: true});
      box.addEventListener('toggle', function () { later(box); }, true);
      later(box);
    });
  }
  window.%(flag)s = watch;
  new MutationObserver(watch).observe(document.body, {childList: true, subtree: true});
  watch();
})();
"""


def board_fit_js(selector: str, flag: str, lo: float, hi: float, steps: int, whole: str = "") -> str:
    """The page script that scales a board to its box: each element matching the CSS ``selector`` (a box whose first
    child is the board) gets, on its board, the largest CSS zoom between ``lo`` and ``hi`` at which the board fits the
    box without scrolling (found by halving, ``steps`` tries, each a layout of the board only), again whenever the
    box changes size, the board's contents change or a folded part opens. The box's ``data-fit`` attribute says the
    scale. ``hi`` 0 is the zoom the page's CSS gives the board (a larger window's). With ``whole`` (a CSS selector of
    parts of the board, the players' areas say), the board need only show those parts whole in the box's height
    (what follows the last of them may scroll); otherwise it must fit the box. Runs once per page (``window[flag]`` set), under Voila only; no file, nothing from the internet. Used by
    the presenter's board and the FAQ explorer's board (run it with :func:`page_script`)."""
    return _BOARD_FIT_JS % {"flag": flag, "lo": lo, "hi": hi, "steps": steps, "selector": selector, "whole": whole}
