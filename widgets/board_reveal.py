"""The player to act in view in a board that scrolls in its own box (issue #16, session 29).

Two pages keep every player in seat order in a board that scrolls inside its box: the practice page (``rt-pq-board``:
the question names a player, so the areas are not reordered) and the teacher's Record tab (its one-screen table's
``rt-board-area``). With three or four players, or a tall area at 1024x768, the player to act (the area whose
``rt-player`` is ``rt-current``: "YOUR TURN", "TO PLAY") sat under the box's fold, and the question or the step was
about an area the learner could not see. :data:`REVEAL_JS`, once per page, whenever a board changes (its content or
its size, at most once a frame), scrolls such a box the least that brings the player to act's area whole into view
above the box's pinned key line (or its top into view, when it is taller than the box). A box already showing it
whole is left as it is: a person who scrolled the board keeps the place until the board changes.

Only the boxes' ``scrollTop`` is changed; no element is added or moved. No file, nothing from the internet.
"""
from __future__ import annotations

import ipywidgets as w

from .style import page_script

#: The boxes that scroll a board whose players keep their seat order (CSS selectors).
BOXES = ".rt-pq-board, .rt-record .rt-onescreen .rt-board-area"

REVEAL_JS = """(function () {
  if (window.tutorBoardReveal) { return; }
  var frame = 0, seen = new WeakSet(), BOXES = '%(boxes)s';
  function reveal(root) {
    var cur = root.querySelector('.rt-player.rt-current');
    if (!cur || !root.getClientRects().length) { return; }
    var area = cur.closest('.rt-bpart-player') || cur, box = area.parentElement;
    // (what scrolls: the box, or the board's own widget box in it, as on the practice page)
    while (box && box !== root && !(box.scrollHeight > box.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(box).overflowY))) {
      box = box.parentElement;
    }
    if (!box || box.scrollHeight <= box.clientHeight + 1) { return; }
    var b = box.getBoundingClientRect(), r = area.getBoundingClientRect();
    var top = b.top + box.clientTop, bottom = top + box.clientHeight;
    // (the key line pinned at the box's foot covers what scrolls under it: table_board.py)
    var key = box.querySelector('.rt-bpart-legend');
    if (key && key.getClientRects().length && getComputedStyle(key).position === 'sticky') {
      bottom -= key.getBoundingClientRect().height;
    }
    var dy = r.bottom > bottom + 1 ? Math.min(r.bottom - bottom, r.top - top) : r.top < top - 1 ? r.top - top : 0;
    if (Math.abs(dy) > 0.5) { box.scrollTop += Math.ceil(dy); }
  }
  function run() {
    frame = 0;
    document.querySelectorAll(BOXES).forEach(function (box) {
      if (!seen.has(box)) { seen.add(box); sizes.observe(box); }
      reveal(box);
    });
  }
  function later() { if (!frame) { frame = requestAnimationFrame(run); } }
  var sizes = new ResizeObserver(later);
  new MutationObserver(function (records) {
    for (var i = 0; i < records.length; i++) {
      var t = records[i].target;
      if (t.nodeType !== 1) { t = t.parentElement; }
      if (t && t.closest && t.closest(BOXES)) { later(); return; }
      var added = records[i].addedNodes;  // (a new board: its box among the nodes added)
      for (var k = 0; k < added.length; k++) {
        var a = added[k];
        if (a.nodeType === 1 && (a.matches(BOXES) || a.querySelector(BOXES))) { later(); return; }
      }
    }
  }).observe(document.body, {childList: true, subtree: true, characterData: true});
  window.addEventListener('resize', later);
  window.addEventListener('load', later);
  window.tutorBoardReveal = run;
  later();
})();
""" % {"boxes": BOXES}


def board_reveal() -> w.Output:
    """A hidden Output (CSS class ``tutor-board-reveal``) whose only output is :data:`REVEAL_JS`: the player to act
    is scrolled into view in the practice page's and the Record tab's boards."""
    return page_script(REVEAL_JS, "tutor-board-reveal")
