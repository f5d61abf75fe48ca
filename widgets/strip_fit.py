"""Whole lines in the last-step strip (trial 13, item L1).

On the one-screen table the strip of the step just taken (``tutor-last-step``, :mod:`widgets.table`) shows a step's
newest lines at its foot; when they are more than it holds, the oldest go out of sight at its top, under the step's
title, which stays pinned there (``position: sticky``). CSS alone left a line half-cut under the title, with nothing
saying that earlier lines were there. :data:`STRIP_JS`, once per page, whenever the strip's content or size
changes (at most once a frame):

* hides (``visibility: hidden``, CSS class ``rt-cut``: the layout does not change) every line of the strip that the
  pinned title covers or the strip's top edge cuts, an event and its rule chip together, so every line in view is
  whole;
* marks the pinned title (attribute ``data-rt-earlier``) while any line is hidden, which CSS shows as a line under
  it: the earlier lines are in the History;
* in the computer's reply, keeps its head line ("Then the computer played", CSS class ``rt-then``, pinned by CSS)
  in view above the newest step's title, which it pins under that line, and marks the head line (attribute
  ``data-rt-fewer``: CSS swaps its "the latest 3 below" for words that hold whatever is hidden, trial 18);
* moves the lines in view up (a CSS transform: the layout does not change) by the room the hidden lines leave under
  the title, so no empty band shows between the title and the first line in view (trial 17);
* gives the board its room: when the board needs more height than its box, the strip goes down to
  :data:`STRIP_FLOOR` px (on a narrow window, 1024 px, only while it holds the lesson's introduction);
* sets the strip's height on its table (CSS variable ``--rt-strip-h``), by which a large window's list of legal
  actions reaches down beside the strip (trial 18).

Only the strip's own elements are read and changed: a few rectangles a frame, no CSS ``:has()``. No file, nothing
from the internet.
"""
from __future__ import annotations

import ipywidgets as w

from .style import page_script

#: The lowest the strip goes (px) to give the board its room on a learn page: its head, the step's title and about two
#: lines (trial 17: Player 2's hand sat cut under a strip of five lines, Restless Spirits lesson 25 at 1366x768).
STRIP_FLOOR = 128

STRIP_JS = """(function () {
  if (window.tutorStripFit) { return; }
  var frame = 0, seen = new WeakSet(), FLOOR = %(floor)s;
  var sizes = new ResizeObserver(function () { later(); });
  function items(box) {  // the box's lines in order (the reply column's boxes of older steps are laid out as its own)
    var out = [];
    Array.prototype.forEach.call(box.children, function (k) {
      if (k.classList.contains('rt-reply-part')) { Array.prototype.forEach.call(k.children, function (x) { out.push(x); }); }
      else { out.push(k); }
    });
    return out;
  }
  function fit(box) {
    var all = items(box), title = null, then = null;
    all.forEach(function (x) { x.classList.remove('rt-cut'); if (x.style.transform) { x.style.transform = ''; } });
    all.forEach(function (x) {
      if (x.hasAttribute('data-rt-earlier')) { x.removeAttribute('data-rt-earlier'); }
      if (x.hasAttribute('data-rt-fewer')) { x.removeAttribute('data-rt-fewer'); }
    });
    for (var i = 0; i < all.length; i++) {
      if (!all[i].getClientRects().length || getComputedStyle(all[i]).position !== 'sticky') { continue; }
      if (all[i].classList.contains('rt-then')) { then = all[i]; } else { title = all[i]; break; }
    }
    if (!title || !box.getClientRects().length) { return; }
    // the computer's reply: its line "Then the computer played" stays pinned at the column's top and the title of
    // its newest step pins under it (trial 18: the line went out of sight first, and the reply lost its head)
    if (then) { var th = then.getBoundingClientRect().height + 'px'; if (title.style.top !== th) { title.style.top = th; } }
    else if (title.style.top) { title.style.top = ''; }
    var over = function (r, p) { return p && r.bottom > p.top + 1 && r.top < p.bottom - 1; };
    var cut = function () {
      var b = box.getBoundingClientRect(), t = title.getBoundingClientRect(), h = then && then.getBoundingClientRect(), hidden = [];
      all.forEach(function (x, i) {
        if (x === title || x === then || !x.getClientRects().length) { return; }
        var r = x.getBoundingClientRect();
        if (r.height < 1) { return; }
        if (r.top < b.top - 1 || over(r, t) || over(r, h)) { hidden.push(i); }
      });
      return hidden;
    };
    var hidden = cut();
    if (!hidden.length) { return; }
    title.setAttribute('data-rt-earlier', '');  // its note makes it taller: measured again
    if (then) { then.setAttribute('data-rt-fewer', ''); }  // it no longer says how many steps are below it
    hidden = cut();
    // (never the pinned line itself: before the first step it is the set-up's first event, whose rule chip the strip
    // cuts, and hiding it with its chip left an empty band with its note under the strip's head: trial 17)
    var mark = function (i) { if (all[i] && all[i] !== title && all[i] !== then) { all[i].classList.add('rt-cut'); } };
    hidden.forEach(function (i) {
      mark(i);  // an event and its rule chip go together
      if (all[i].classList.contains('tutor-event') && all[i + 1] && all[i + 1].classList.contains('tutor-clause')) { mark(i + 1); }
      if (all[i].classList.contains('tutor-clause') && all[i - 1] && all[i - 1].classList.contains('tutor-event')) { mark(i - 1); }
    });
    // the lines hidden keep their room (the strip's size does not change); the lines in view move up under the
    // pinned lines by what is left of that room, so no empty band shows under them (trial 17): the spare room goes
    // to the strip's foot
    var shown = all.filter(function (x) { return x !== title && x !== then && !x.classList.contains('rt-cut') && x.getClientRects().length; });
    var shift = {};
    var lift = function (xs, above) {  // moves xs up to just under the line `above`
      var top = Infinity;
      xs.forEach(function (x) { var r = x.getBoundingClientRect(); if (r.height >= 1) { top = Math.min(top, r.top); } });
      var gap = top - above.getBoundingClientRect().bottom;
      if (gap > 1 && gap < Infinity) {
        xs.forEach(function (x) { var k = all.indexOf(x); shift[k] = (shift[k] || 0) + gap; x.style.transform = 'translateY(-' + shift[k] + 'px)'; });
      }
    };
    if (then) { lift(shown.concat([title]), then); }  // the newest step's title (and what follows) under "Then"
    lift(shown, title);
  }
  function over(area) {  // how far the board runs past its box (the area or the board inside it scrolls)
    var board = area.querySelector('.tutor-board'), o = area.scrollHeight - area.clientHeight;
    if (board && board.getClientRects().length) { o = Math.max(o, board.scrollHeight - board.clientHeight); }
    return o;
  }
  function room(strip) {  // the board first: the strip gives the board the height it lacks, down to FLOOR px
    var table = strip.parentElement, area = table && table.querySelector('.rt-board-area');
    if (!area || !table.closest('.rt-learn')) { return; }
    if (strip.style.maxHeight) { strip.style.maxHeight = ''; }
    if (!area.getClientRects().length) { return; }
    // (a narrow window, 1024 px: the lesson's introduction only, trial 18; a step's strip keeps its lines there, the
    // computer's reason among them)
    if (innerWidth <= 1200 && !strip.querySelector('.rt-about')) { return; }
    var o = over(area), h = strip.getBoundingClientRect().height;
    if (o > 1 && h > FLOOR + 1) { strip.style.maxHeight = Math.max(FLOOR, Math.floor(h - o)) + 'px'; }
  }
  function run() {
    frame = 0;
    document.querySelectorAll('.rt-onescreen > .tutor-last-step').forEach(room);
    document.querySelectorAll('.rt-onescreen > .tutor-last-step').forEach(function (strip) {
      if (!seen.has(strip)) { seen.add(strip); sizes.observe(strip); }
      // the strip's height, for the table's CSS: on a large window the list of legal actions reaches down beside the
      // strip, to the window's foot (widgets/table.py; trial 18: it scrolled with free room under it)
      var sh = Math.round(strip.getBoundingClientRect().height) + 'px', table = strip.parentElement;
      if (table.style.getPropertyValue('--rt-strip-h') !== sh) { table.style.setProperty('--rt-strip-h', sh); }
      var step = strip.querySelector(':scope > .rt-current-step');
      if (!step) { return; }
      var cols = step.querySelectorAll(':scope > .rt-step-col');
      if (cols.length) { cols.forEach(fit); } else { fit(step); }
    });
  }
  function later() { if (!frame) { frame = requestAnimationFrame(run); } }
  new MutationObserver(function (records) {
    for (var i = 0; i < records.length; i++) {
      var t = records[i].target;
      if (t.nodeType !== 1) { t = t.parentElement; }
      if (t && t.closest && t.closest('.tutor-last-step, .rt-onescreen')) { later(); return; }
    }
  }).observe(document.body, {childList: true, subtree: true, characterData: true});
  window.addEventListener('resize', later);
  window.tutorStripFit = run;
  later();
})();
"""


def strip_fit() -> w.Output:
    """A hidden Output (CSS class ``tutor-strip-fit``) whose only output is :data:`STRIP_JS`: the last-step strip
    shows whole lines only, and says when its step's earlier lines are in the History."""
    return page_script(STRIP_JS % {"floor": STRIP_FLOOR}, "tutor-strip-fit")
