"""The popped-out rule card's place in the window (trial 12, item 3): beside the very chip clicked, and always whole
inside the window.

A chip is one Button shown wherever its rule is cited (:meth:`widgets.model.SessionModel.chip`), so the CSS class
``rt-chip-open`` the kernel puts on it marks every showing: the CSS anchor (``widgets.table``) then took the last
showing in the page, which could be one scrolled out of its box (the lesson's introduction under the table), and the
card opened above or below the window. :data:`CARD_JS`, once per page:

* marks the showing clicked (attribute ``data-rt-anchor``, moved from the one marked before; a related rule's chip
  clicked inside the open card keeps the card where it is), which the CSS anchors the card to;
* whenever a card pops out (CSS class ``rt-clause-float``), changes size, or the window does, measures it and, when
  any part of it is outside the window, clamps it inside (4 px from the edges, no taller than the window, its text
  scrolling inside); and when it would cover the table's list of legal actions (``.tutor-actions``: the hint, the
  end-of-turn action; trial 14, T3: a card opened from a chip there hid them), moves it beside that list, on its
  left (over the board, at the same height, narrowed to the room there), unless a drawer (the History, the rule
  search) is open over the board, beside which the stylesheet puts it: its stylesheet place is kept whenever it fits
  and covers no action. It places the card again when the list of legal actions or the table's main row changes
  size, and once the card's pop-in animation has ended (``tutorCardPlace.pending()`` says whether a placement is still
  to come: trial 15, U5, a test measured a card mid-animation, 5 px lower than it comes to rest); the Escape key puts
  a popped-out card back, as its × button does.

No file, nothing from the internet; it acts only on the page's own elements.
"""
from __future__ import annotations

import ipywidgets as w

from .style import page_script

#: Gap (px) kept between a clamped card and the window's edges.
EDGE = 4
#: Gap (px) kept between a card moved off the list of legal actions and that list.
GAP = 8
#: The narrowest (px) a card is made to fit beside the list of legal actions (a narrower room: it stays where it is).
MIN_WIDTH = 260

CARD_JS = """(function () {
  if (window.tutorCardPlace) { return; }
  var EDGE = %(edge)s, GAP = %(gap)s, MIN_WIDTH = %(min_width)s, seen = new WeakSet(), frame = 0;
  var sizes = new ResizeObserver(function () { later(); });
  function cards() { return document.querySelectorAll('.tutor-clause-card.rt-clause-float'); }
  function place(card) {
    ['top', 'left', 'right', 'bottom', 'max-height', 'max-width', 'position-area', 'position-try-fallbacks'].forEach(function (p) { card.style.removeProperty(p); });
    if (!card.classList.contains('rt-clause-float') || !card.getClientRects().length) { return; }
    var cs = getComputedStyle(card), mt = parseFloat(cs.marginTop) || 0, ml = parseFloat(cs.marginLeft) || 0;
    var b = card.getBoundingClientRect(), W = document.documentElement.clientWidth, H = window.innerHeight;
    // where the card rests: without the pop-in animation's small shift (a transform)
    var m = cs.transform && cs.transform !== 'none' ? new DOMMatrixReadOnly(cs.transform) : {m41: 0, m42: 0};
    var r = {top: b.top - m.m42, left: b.left - m.m41, bottom: b.bottom - m.m42, right: b.right - m.m41,
             width: b.width, height: b.height};
    // the table's list of legal actions (with the hint and the end-of-turn action), in view: the card never covers it
    // (not while a drawer, the history or the rule search, is open over the board: the card then sits beside it)
    var p = null, table = card.closest('.rt-onescreen');
    var drawer = table && [].some.call(table.querySelectorAll('.rt-drawer'), function (d) { return d.getClientRects().length > 0; });
    (table && !drawer ? table.querySelectorAll('.tutor-actions') : []).forEach(function (a) {
      if (!p && a.getClientRects().length) { p = a.getBoundingClientRect(); } });
    function over(t, l, wd, h) { return !!p && l < p.right && l + wd > p.left && t < p.bottom && t + h > p.top; }
    if (r.top >= 0 && r.left >= 0 && r.bottom <= H && r.right <= W && !over(r.top, r.left, r.width, r.height)) { return; }
    var h = Math.min(r.height, H - 2 * EDGE), wd = Math.min(r.width, W - 2 * EDGE);
    var top = Math.max(EDGE, Math.min(r.top, H - EDGE - h)), left = Math.max(EDGE, Math.min(r.left, W - EDGE - wd));
    if (over(top, left, wd, h) && p.left - GAP - EDGE >= MIN_WIDTH) {  // beside the actions, on their left
      wd = Math.min(wd, p.left - GAP - EDGE);
      left = p.left - GAP - wd;
      card.style.setProperty('max-width', wd + 'px');
    }
    var cb = {top: 0, left: 0};  // a card placed in a box (position: absolute) is placed from the box's corner
    if (cs.position !== 'fixed' && card.offsetParent) { cb = card.offsetParent.getBoundingClientRect(); }
    card.style.setProperty('position-area', 'none');
    card.style.setProperty('position-try-fallbacks', 'none');
    card.style.setProperty('right', 'auto');
    card.style.setProperty('bottom', 'auto');
    card.style.setProperty('top', (top - cb.top - mt) + 'px');
    card.style.setProperty('left', (left - cb.left - ml) + 'px');
    card.style.setProperty('max-height', (H - 2 * EDGE) + 'px');
  }
  // the table says whether one of its chips is the very showing clicked (attribute data-rt-anchored, which the CSS
  // reads in place of ":has()": the chip marked by the kernel is the anchor only when none is), kept before each frame
  function anchored() {
    document.querySelectorAll('.rt-onescreen').forEach(function (t) {
      var on = !!t.querySelector('.tutor-clause[data-rt-anchor]');
      if (t.hasAttribute('data-rt-anchored') !== on) { t.toggleAttribute('data-rt-anchored', on); }
    });
  }
  function later() {
    if (!frame) { frame = requestAnimationFrame(function () { frame = 0; anchored(); cards().forEach(function (c) {
      if (!seen.has(c)) { seen.add(c); sizes.observe(c); }
      // the list of legal actions the card keeps clear of, and the table's main row, may change size after the card
      // was placed (the kernel's update of the list, the strip's fitting): the card is placed again then
      var table = c.closest('.rt-onescreen');
      (table ? table.querySelectorAll('.tutor-actions, .rt-main') : []).forEach(function (e) {
        if (!seen.has(e)) { seen.add(e); sizes.observe(e); } });
      place(c); }); }); }
  }
  document.addEventListener('click', function (ev) {
    var chip = ev.target.closest && ev.target.closest('.tutor-clause');
    if (!chip || chip.closest('.tutor-clause-card')) { return; }
    document.querySelectorAll('[data-rt-anchor]').forEach(function (e) { if (e !== chip) { e.removeAttribute('data-rt-anchor'); } });
    chip.setAttribute('data-rt-anchor', '');
    anchored();
    later();
  }, true);
  new MutationObserver(function (records) {
    for (var i = 0; i < records.length; i++) {
      var t = records[i].target;
      // a card popping out, or a drawer opening or closing over the board (the card's place changes with it); or lines
      // come or gone once a chip was clicked, the chip perhaps with them (its table's mark is checked before the frame)
      if (records[i].type === 'childList' ? !!document.querySelector('[data-rt-anchor], [data-rt-anchored]')
          : t.classList && (t.classList.contains('tutor-clause-card') || t.classList.contains('rt-drawer'))) { later(); return; }
    }
  }).observe(document.body, {attributes: true, attributeFilter: ['class'], subtree: true, childList: true});
  window.addEventListener('resize', later);
  // Escape puts a popped-out card back, as its × does (trial 34: a card over the actions took a pointer to close)
  document.addEventListener('keydown', function (ev) {
    var x = ev.key === 'Escape' && [...cards()].map(function (c) { return c.querySelector('.rt-pop-close'); })
      .filter(function (b) { return b && b.getClientRects().length; })[0];
    if (x) { ev.preventDefault(); x.click(); }
  });
  // the pop-in animation ended: the card's resting place, measured again
  document.addEventListener('animationend', function (ev) {
    if (ev.target.classList && ev.target.classList.contains('rt-clause-float')) { later(); } }, true);
  window.tutorCardPlace = place;
  // whether a placement is still to come (a test waits for none, and for the card's animation to end, before it
  // measures the card)
  place.pending = function () { return frame !== 0; };
})();
""" % {"edge": EDGE, "gap": GAP, "min_width": MIN_WIDTH}


def card_place() -> w.Output:
    """A hidden Output (CSS class ``tutor-card-place``) whose only output is :data:`CARD_JS`: the popped-out rule card
    opens beside the chip clicked and always whole inside the window."""
    return page_script(CARD_JS, "tutor-card-place")
