"""Whole lines in the last-step strip (trial 13, item L1).

On the one-screen table the strip of the step just taken (``tutor-last-step``, :mod:`widgets.table`) shows a step's
newest lines at its foot; when they are more than it holds, the oldest go out of sight at its top, under the step's
title, which stays pinned there (``position: sticky``). :data:`STRIP_JS`, once per page, whenever the strip's
content or size changes (at most once a frame):

* hides (``visibility: hidden``, CSS class ``rt-cut``: the layout does not change) the lines of the strip that do
  not fit under the pinned title, an event and its rule chip together, so every line in view is whole: the oldest
  go first, but a key line (a Spirit released, Spirit scored, a medal claimed: CSS class ``rt-key-ev``, the game's
  own answer; or a line of a rule the lesson's goal checks, ``rt-check-ev``, newuser31) stays, with its step's title
  (trial 19), never without it: no line shows while its step's title is folded (newuser36: Spirited lesson 8's
  Battle lines read as the Scout's, the Rally's title folded: its title shows with them, or the whole step folds);
* keeps the learner's own move in view: its steps' lines up to their last own line (strip45: an automatic one before
  it too) come next after the key lines (trial 27: a Shield's "spends 1 AP" went out of sight while automatic lines
  after it showed; newuser31: the Offer step folded while "Uji is dealt" showed), then each step's automatic lines in the
  order they happened while they fit (newuser29: a Summon's second draw folded while the next turn's Road Check
  showed): its last lines fold, never a middle one between lines in view (newuser37);
* marks the pinned title (attribute ``data-rt-earlier``) while any line is hidden, which CSS shows as a line under
  it: the earlier lines are in the History (value ``more`` when only lines after one in view are hidden: "more
  lines of this step"; value ``step`` when lines of the move's later steps are hidden, its words in attribute
  ``data-rt-fold``: "Step 2: in History", "more lines of Steps 1 and 2: History", newuser31);
* in the computer's reply, keeps its head line ("Then the computer played", CSS class ``rt-then``, pinned by CSS)
  in view above the newest step's title, which it pins under that line, and marks the head line (attribute
  ``data-rt-fewer``: CSS swaps its "the latest 3 below" for words that hold whatever is hidden, trial 18);
* when a key line does not fit even so (two key lines in one step at the strip's floor: a Spirit released and the
  endgame it triggers), marks the box (attribute ``data-rt-tight``), where CSS gives each key line one line (its whole
  text in its tooltip and the History), and packs again (ui22);
* hides no line of the reply (``rt-reply-col``, :mod:`widgets.reply_fit`); moves the lines in view under the title;
* gives the board its room: when the board needs more height than its box, the strip goes down to
  :data:`STRIP_FLOOR` px (on a narrow window, 1024 px, while it holds the lesson's introduction, or under a
  Restless Spirits board: trial 19);
* sets the strip's height on its table (CSS variable ``--rt-strip-h``: a large window's actions reach down, trial 18);
* zooms the board to its box: up to :data:`BOARD_ZMAX` at 1920x1080, Spirited's up to :data:`BOARD_ZWIDE` at
  1366x768, down to :data:`BOARD_ZMIN` at 1024 px, further if still past its box (ui45, :mod:`widgets.strip_room`; the
  Record tab's to :data:`widgets.presenter_style.FIT_MIN`); at 1366x768 it yields height to the newest step's lines.

It runs again when the strip or the board changes size, the fonts arrive, the page has loaded (trial 20) and (the
board's room) when the fit's marks made the strip taller. No CSS ``:has()``; no file, nothing from the internet.
"""
from __future__ import annotations

import ipywidgets as w

from .action_fold import BLOCKED_JS, FOLD_JS
from .reply_fit import REPLY_JS
from .strip_room import SHRINK_JS, YIELD_JS
from .presenter_style import FIT_MIN
from .style import page_script

#: The lowest the strip goes (px) to give the board its room on a learn page: its head, the step's title and about two
#: lines (trial 17: Player 2's hand sat cut under a strip of five lines, Restless Spirits lesson 25 at 1366x768).
STRIP_FLOOR = 128
#: The largest zoom of the board on a large window (1920x1080), when its box has the room (its CSS zoom is the least).
BOARD_ZMAX = 1.7
#: The largest zoom of Spirited's board on a wide window below that (1366x768), when its box has the room (ui22: its
#: short board left a band of 100 to 160 px empty under it; the other games' boards fill their box there).
BOARD_ZWIDE = 1.35
#: The smallest zoom of a board on a narrow window (1024 px) when it runs past its box with the strip at its floor
#: (play26: Spirited's free play ran 23 px past it there; at 0.9 its text is still 11 px or more).
BOARD_ZMIN = 0.9
#: From this many players the board is drawn smaller (down to :data:`BOARD_ZMIN`) on a laptop's window too, when it
#: runs past its box (session 35: Spirited with 6 players at 1366x768, Players 5 and 6 under the fold).
MANY_PLAYERS = 5
#: The smallest zoom of such a board (its 13 px text drawn at 10.4 px: the six areas whole with the folded reference
#: panels under them after a round).
BOARD_ZMANY = 0.8

STRIP_JS = """(function () {
  if (window.tutorStripFit) { return; }
  var keyLost = false, frame = 0, seen = new WeakSet(), marks = new WeakMap(), FLOOR = %(floor)s, ZMAX = %(zmax)s, bases = new WeakMap();
  var BIG = matchMedia('(min-width: 1700px) and (min-height: 1000px)'), WIDE = matchMedia('(min-width: 1201px)');
  var ZWIDE = %(zwide)s, ZMIN = %(zmin)s, MANY = %(many)s, ZMANY = %(zmany)s, ZREC = %(zrec)s;
  // (a size this script's own last pass left, its strip's height or its board's zoom, is no change: no second pass;
  // session 38, click speed: a click's answer ran the whole fit 3 to 7 times)
  var left = new WeakMap();
  var sizes = new ResizeObserver(function (entries) {
    if (entries.some(function (e) { var r = e.target.getBoundingClientRect(), was = left.get(e.target);
      return !was || Math.abs(was[0] - r.width) > 0.5 || Math.abs(was[1] - r.height) > 0.5; })) { later(); }
  });
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
    box.rtNeed = 0;
    if (box.hasAttribute('data-rt-tight')) { box.removeAttribute('data-rt-tight'); }
    all.forEach(function (x) { x.classList.remove('rt-cut'); if (x.style.transform) { x.style.transform = ''; } });
    all.forEach(function (x) {
      if (x.hasAttribute('data-rt-earlier')) { x.removeAttribute('data-rt-earlier'); x.removeAttribute('data-rt-fold'); }
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
    // (before the first step the pinned line is the set-up's first event: its rule chip sits beside it, not under it;
    // trial 20: counted as cut, it marked the set-up's strip although every line was in view)
    var own = title.classList.contains('tutor-event') && all[all.indexOf(title) + 1], chip = own && own.classList.contains('tutor-clause') ? own : null;
    var cut = function () {
      var b = box.getBoundingClientRect(), t = title.getBoundingClientRect(), h = then && then.getBoundingClientRect(), hidden = [];
      all.forEach(function (x, i) {
        if (x === title || x === then || x === chip || !x.getClientRects().length) { return; }
        var r = x.getBoundingClientRect();
        if (r.height < 1) { return; }
        if (r.top < b.top - 1 || over(r, t) || over(r, h)) { hidden.push(i); }
      });
      return hidden;
    };
    var hidden = cut();
    if (!hidden.length) { return; }
    title.setAttribute('data-rt-earlier', '');  // its note may make it taller: measured again
    if (then) { then.setAttribute('data-rt-fewer', ''); }  // it no longer says how many steps are below it
    // (the titles' heights: the pinned title's and a later step's, which a note may make taller)
    var heads = function () {
      return all.map(function (x) { return x === title || x.querySelector('.rt-step-now') ? x.getBoundingClientRect().height : 0; });
    };
    // (the note's words, set by the packing, made the title taller than measured, newuser31: its lines sat under the
    // next step's title; a later step's own note, session 33): packed again with them until the titles keep their
    // heights. newuser46: the notes went back and forth between two packings (with "Step 61: in History" fewer lines
    // fit, without it more), the lines laid out for the other heights: Step 60's line drawn over its title; each title
    // keeps the room of its tallest height a packing left (``least``), so the packings settle (at worst a gap under it)
    var packed = function () {
      var hid = false, least = [];
      for (var n = 0; n < 5; n++) {
        if (n) { all.forEach(function (x) { x.classList.remove('rt-cut'); if (x.style.transform) { x.style.transform = ''; } }); }
        var was = heads();
        hid = pack(box, all, title, then, least);
        var now = heads(), moved = false;  // (any title's change moves the lines: the column is laid out from its foot)
        now.forEach(function (h, i) { if (Math.abs(h - was[i]) > 0.5) { moved = true; } least[i] = Math.max(least[i] || 0, h); });
        if (!moved) { break; }
      }
      return hid;
    };
    var hid = packed();
    // a key line left out (ui22: Restless Spirits' fifth release and the endgame it triggers, one step, at the strip's
    // floor: only the endgame showed): the key lines take one line each (CSS, attribute data-rt-tight; their whole text
    // in their tooltip and the History), and the lines are packed again
    if (keyLost) {
      box.setAttribute('data-rt-tight', '');
      all.forEach(function (x) {
        x.classList.remove('rt-cut'); if (x.style.transform) { x.style.transform = ''; }
        var ev = x.classList.contains('rt-key-ev') && x.querySelector('.rt-ev');
        if (ev && !ev.title) {  // (its words only: not its "auto" tag nor its links to the ability graph)
          ev.title = Array.prototype.filter.call(ev.childNodes, function (n) {
            return n.nodeType !== 1 || !n.matches('.rt-tag, .rt-glink');
          }).map(function (n) { return n.textContent; }).join('').replace(/\\s+/g, ' ').trim();
        }
      });
      hid = packed();
    }
    if (!hid) {  // every line fits after all: no note (it says lines are hidden)
      title.removeAttribute('data-rt-earlier');
      if (then) { then.removeAttribute('data-rt-fewer'); }
      all.forEach(function (x) { x.classList.remove('rt-cut'); if (x.style.transform) { x.style.transform = ''; } });
    }
  }
""" + REPLY_JS + YIELD_JS + SHRINK_JS + """  // Which lines stay in view, and where. A row is a line of the strip: an event with its rule chip (they go together),
  // or a title or a note. The pinned title always stays, and the newest step's note (the computer's reason). The key
  // rows (an event the game calls key: a Spirit released, Spirit scored, a medal claimed; CSS class rt-key-ev), newest
  // first, each with its step's title when that fits too, come next (trial 19: the computer's release went out of sight at the top as the oldest line); then the newest
  // rows, from the foot up, while they fit. The rows kept are moved (a CSS transform: the layout does not change) to
  // sit one under the other in their order (an older step's key lines above the pinned title of the newest step, the
  // reply's lines under "Then the computer played"), with the gaps they had: no empty band under the title (trial
  // 17); the others are hidden (CSS class rt-cut: visibility, their room kept).
  function pack(box, all, title, then, least) {
    keyLost = false;
    var rows = [], owner = null, pinned = null;
    for (var i = 0; i < all.length; i++) {
      var x = all[i];
      if (x === then || !x.getClientRects().length) { continue; }
      var r = x.getBoundingClientRect();
      if (r.height < 1) { continue; }
      var row = {els: [x], top: r.top, bottom: r.bottom, key: x.matches('.rt-key-ev') || !!x.querySelector('.rt-check-ev'), owner: owner, at: i,
                 order: parseInt(getComputedStyle(x).order, 10) || 0};
      var chip = all[i + 1];
      if (x.classList.contains('tutor-event') && chip && chip.classList.contains('tutor-clause') && chip.getClientRects().length) {
        if (x === title) { chip.classList.add('rt-cut'); }  // (before the first step the pinned line is the set-up's
        else {                                              // first event: its rule chip goes, the line stays)
          var c = chip.getBoundingClientRect();
          row.els.push(chip); row.top = Math.min(row.top, c.top); row.bottom = Math.max(row.bottom, c.bottom);
        }
        i++;
      }
      if (x === title) { pinned = row; row.owner = owner = null; }
      else if (x.querySelector('.rt-step-now')) { row.owner = null; owner = row; }  // a step's title: its lines follow
      rows.push(row);
    }
    if (!pinned) { return true; }
    // in the order they are read: as in the page, a line CSS moves to the column's foot (the computer's reason) last
    rows.sort(function (a, b) { return a.order - b.order || a.at - b.at; });
    rows.forEach(function (r, k) {  // a row's height and the gap under it (as laid out, at most 6 px)
      var next = rows[k + 1], gap = !next || r === pinned ? 0 : next === pinned ? 2 : next.top - r.bottom;
      r.h = r.bottom - r.top + Math.max(0, Math.min(6, gap)) + Math.max(0, ((least && least[r.at]) || 0) - (r.bottom - r.top));
    });
    var y = then ? then.getBoundingClientRect().bottom : pinned.top;
    var room = box.getBoundingClientRect().bottom - y, used = 0, keep = new Set();
    var take = function (list) {
      var h = 0;
      list.forEach(function (r) { if (!keep.has(r)) { h += r.h; } });
      if (used + h > room + 1) { return false; }
      list.forEach(function (r) { keep.add(r); });
      used += h;
      return true;
    };
    take([pinned]);
    var k;
    // (the newest step's note comes right after the newest key line: why the computer chose its move, said under its
    // lines. After every key line, ui22, a reply with two defeats left no room for it at 1366x768 (CI, session 22);
    // before them, at 1024x768 a resumed game's note pushed the computer's release out of view, ui22)
    var noted = false;
    var note = function () {
      if (noted) { return; }
      noted = true;
      rows.forEach(function (r) { if (!r.owner && r.els[0].classList.contains('rt-step-note')) { take([r]); } });
    };
    // (a key line of a later step with its step's title, or not at all, newuser36: Spirited lesson 8's Battle lines
    // showed with the Rally's title folded, under the Scout's: they read as the Scout's. The step is then in History)
    for (k = rows.length - 1; k >= 0; k--) {
      if (rows[k].key) {
        if (!take(rows[k].owner ? [rows[k].owner, rows[k]] : [rows[k]])) { keyLost = true; }
        note();
      }
    }
    note();
    // the learner's own step stays in view (trial 27: after a Shield in Spirited's free play only the next player's
    // automatic road check showed; Restless Spirits lesson 29's "spends 1 AP" went under the title): the pinned
    // step's lines up to its last own line (no "auto" tag; strip45: "offers Bell & Drum", after an automatic line, folded
    // while the Place's automatic lines showed), next, in order; automatic lines after them may fold (not the set-up's).
    var mine = [], auto = function (r) { return !!r.els[0].querySelector('.rt-auto'); };
    if (!pinned.els[0].classList.contains('tutor-event')) {
      for (k = rows.indexOf(pinned) + 1; k < rows.length; k++) {
        var e0 = rows[k].els[0];
        if (e0.classList.contains('rt-step-note')) { continue; }  // (the computer's reason: taken above)
        if (!e0.classList.contains('tutor-event')) { break; }
        mine.push(rows[k]);
      }
      while (mine.length && auto(mine[mine.length - 1])) { mine.pop(); }
    }
    // a move of several clicks (issue #16: an Attract, its Offer and its Place) shows each later step under its own
    // title: the newest step's title and own lines (up to its last, as above) first (the newest in view at the foot; in a low column before the
    // older step's pinned title, trial 27's Shield), its other lines in order while they fit, then the pinned step's
    // own lines, then the steps between, newest first, a step's whole or none of it
    var steps = [];
    for (k = rows.indexOf(pinned) + 1; !then && k < rows.length; k++) {
      var e1 = rows[k].els[0], last = steps[steps.length - 1];
      if (e1.querySelector('.rt-step-now')) { steps.push({rows: [rows[k]]}); }
      else if (last && e1.classList.contains('tutor-event')) { last.rows.push(rows[k]); }
    }
    steps.forEach(function (st) { while (st.rows.length > 1 && auto(st.rows[st.rows.length - 1])) { st.rows.pop(); } });
    var nw = steps.length ? steps[steps.length - 1].rows : [];
    if (nw.length && !take(nw) && !take(nw.slice(0, 2))) {  // (a low column: before the older step's pinned title)
      keep.delete(pinned); used -= pinned.h;
      if (!take(nw.slice(0, 2))) { keep.add(pinned); used += pinned.h; }
    }
    // then the learner's own lines: the newest step's others, the pinned step's, the steps between (newuser31: the
    // Offer of Restless Spirits lesson 2 folded while the Place's automatic "Uji is dealt" showed; Spirited lesson 1's
    // Scout lines while its Rally's automatic lines showed): automatic lines after them fold first
    if (nw.length && keep.has(nw[0])) { nw.slice(2).forEach(function (r) { take([r]); }); }
    if (keep.has(pinned)) { mine.forEach(function (r) { take([r]); }); }
    for (k = steps.length - 2; k >= 0; k--) { take(steps[k].rows); }
    // then the automatic lines of each step of the move in view, step by step as they happened, each step's in their
    // order while they fit (newuser29: after a Rally, the second of its Summon's two draws folded while the next
    // turn's Road Check lines showed, and it read as if one card was drawn; Spirit Duels' dice rolled folded under
    // "Player 2 takes the next action"): the lines that fold are a step's last
    var after = function (r) {
      for (k = rows.indexOf(r) + 1; k < rows.length; k++) {
        if (rows[k].els[0].querySelector('.rt-step-now') || (!keep.has(rows[k]) && !take([rows[k]]))) { break; }
      }
    };
    // (session 38: the newest step's first, the click's outcome, Mystic Mirror's die rolled again; then the others')
    var by = function (st) { if (keep.has(st.rows[0])) { after(st.rows[st.rows.length - 1]); } };
    if (steps.length) { by(steps[steps.length - 1]); }
    if (mine.length && mine.every(function (r) { return keep.has(r); })) { after(mine[mine.length - 1]); }
    steps.slice(0, -1).forEach(by);
    for (k = rows.length - 1; k >= 0; k--) {
      if (!keep.has(rows[k]) && !take([rows[k]])) { break; }
    }
    // (no line of an older step without its title above it: it would read as a line of the step shown above it)
    for (k = k + 1; k < rows.length; k++) {
      var r = rows[k];
      if (r === pinned || !r.owner || keep.has(r.owner)) { break; }
      if (keep.has(r)) { keep.delete(r); used -= r.h; }
    }
    // (newuser30: lines folded while room was left under the last line kept) the rows that fit in the room left are
    // given back, newest first, a line only under its step's title
    for (var again = 0; again < 3; again++) {
      for (k = rows.length - 1; k >= 0; k--) {
        var g = rows[k], line = rows[k + 1];
        if (keep.has(g)) { continue; }
        if (g.els[0].querySelector('.rt-step-now')) { if (line && line.owner === g) { take([g, line]); } }  // (not alone)
        else if ((g.key && !g.owner) || keep.has(g.owner || pinned)) { take([g]); }
      }
    }
    // (newuser37: Restless Spirits free play, a step's first and last lines in view, its middle one folded) no line
    // of a step in view after one of its lines folded, a key line apart: its room goes to the folded, in order
    var folded = false;
    rows.forEach(function (r) {
      if (r === pinned || r.els[0].querySelector('.rt-step-now')) { folded = false; return; }
      if (!r.els[0].classList.contains('tutor-event')) { return; }
      if (!keep.has(r)) { folded = true; } else if (folded && !r.key) { keep.delete(r); used -= r.h; }
    });
    rows.forEach(function (r, i) {
      if (!keep.has(r) && i && keep.has(rows[i - 1]) && r.els[0].classList.contains('tutor-event')) { take([r]); }
    });
    // (and none left without its title, however taken: a step's title stays while a line of its is in view)
    rows.forEach(function (r) { if (r.owner && keep.has(r) && !keep.has(r.owner)) { keep.delete(r); used -= r.h; } });
    // (the hidden lines the board gives room for, widgets/strip_room.py: the key lines and every step's of the move in
    // view; session 41: an earlier click's too, Spirit Duels lesson 16's frozen Attack, Restless Spirits 24's Activate)
    var from = rows.indexOf(pinned);
    box.rtNeed = rows.reduce(function (s, r, i) { return !keep.has(r) && (i >= from || r.key) ? s + r.h : s; }, 0);
    var hid = false, shown = false, above = false, at = rows.indexOf(pinned), gone = new Map();
    rows.forEach(function (r, i) {
      // (the step of a line after the pinned title: a later step's title, or the title it is under)
      var head = then || i <= at ? null : r.els[0].querySelector('.rt-step-now') ? r : r.owner || pinned;
      if (!keep.has(r)) {
        hid = true; above = above || !shown; r.els.forEach(function (e) { e.classList.add('rt-cut'); });
        if (head) { gone.set(head, head === r ? 'all' : gone.get(head) || 'some'); }
        return;
      }
      if (r !== pinned && i > at) { shown = true; }
      var dy = y - r.top;
      if (Math.abs(dy) > 0.5) { r.els.forEach(function (e) { e.style.transform = 'translateY(' + dy + 'px)'; }); }
      y += r.h;
    });
    // (the lines hidden are all after a line in view, the learner's own: the note says "more lines", not "earlier"; a
    // later step of the move hidden, or some of its lines, newuser31: the note names the steps, "Step 2: in History",
    // not "this step")
    // (session 33: some lines of a later step in view folded, its note is with it, under its own title: "more lines
    // of this step: History", not by the first step's title; the first step's title then says only its own)
    var own = [];
    rows.forEach(function (r) { if (r !== pinned && r.els[0].hasAttribute('data-rt-earlier')) { r.els[0].removeAttribute('data-rt-earlier'); } });
    gone.forEach(function (v, h) {
      if (h !== pinned && v === 'some' && keep.has(h)) { own.push(h); }
    });
    own.forEach(function (h) {
      gone.delete(h);
      if (h.els[0].getAttribute('data-rt-earlier') !== 'more') { h.els[0].setAttribute('data-rt-earlier', 'more'); }
    });
    var word = !hid ? '' : [...gone.keys()].some(function (h) { return h !== pinned; }) ? 'step' : above ? ''
      : gone.has(pinned) || !own.length ? 'more' : 'none';
    var said = '', t = pinned.els[0];
    if (word === 'step') {  // (short: no longer than the note measured, "earlier lines of this step")
      var nums = function (l) {
        return (l.length > 1 ? 'Steps ' + l.slice(0, -1).join(', ') + ' and ' : 'Step ') + l[l.length - 1];
      }, all = [], some = [];
      gone.forEach(function (v, h) {
        var n = /^Step (\\d+)/.exec(h.els[0].textContent.trim());
        if (n) { (v === 'all' ? all : some).push(n[1]); }
      });
      said = all.length ? nums(all) + (some.length ? ' and more lines' : '') + ': in History'
        : some.length ? 'more lines of ' + nums(some) + ': History' : 'more lines: History';
    }
    if (t.hasAttribute('data-rt-earlier')) {
      if (t.getAttribute('data-rt-earlier') !== word) { t.setAttribute('data-rt-earlier', word); }
      if (t.getAttribute('data-rt-fold') !== said) { t.setAttribute('data-rt-fold', said); }
    }
    return hid;
  }
  function over(area) {  // how far the board runs past its box (the area or the board inside it scrolls)
    var board = area.querySelector('.tutor-board'), o = area.scrollHeight - area.clientHeight;
    if (board && board.getClientRects().length && board.clientHeight) {
      // (in the window's pixels, to its fraction: a large window draws the board larger, CSS zoom; trial 19: the strip
      // gave it 21 px of the 29 it lacked at 1920x1080; fairsp47: Spirited's end 1.2 px past its box was a scroll of 1)
      var r = board.getBoundingClientRect(), zoom = r.height / board.clientHeight || 1, box = area.getBoundingClientRect();
      o = Math.max(o, Math.ceil((board.scrollHeight - board.clientHeight) * zoom), Math.ceil(r.bottom - box.bottom - 0.01));
    }
    return o;
  }
  // A large window (1920x1080): the board is drawn as large as its box allows, from its CSS zoom (widgets/table_board.py)
  // up to ZMAX, so no empty band lies between it and the strip (trial 20: Spirited's short board left about 300 px
  // empty at 1.3). It keeps its zoom while it fits with little room left under it (no change of size at every step);
  // when it does not fit at its CSS zoom, room() lowers the strip instead. Measured with the strip at its own height.
  function grow(strip) {
    var table = strip.parentElement, area = table && table.querySelector('.rt-board-area');
    var board = area && area.querySelector(':scope > .tutor-board');
    if (!board || !table.closest('.rt-learn')) { return; }
    // (a laptop's low window, 1366x768: Spirited's board, shorter than the others', left a band of 100 to 160 px empty
    // under it, ui22; the other games' boards fill their box there, and keep their size)
    var mode = BIG.matches ? 'big' : WIDE.matches && board.querySelector('.sp-track') ? 'wide' : '';
    if (!mode || !area.getClientRects().length) { if (board.style.zoom) { board.style.zoom = ''; } return; }
    var top = mode === 'big' ? ZMAX : ZWIDE, b = bases.get(board);
    if (!b || b.mode !== mode) { board.style.zoom = ''; b = {mode: mode, z: parseFloat(getComputedStyle(board).zoom) || 1}; bases.set(board, b); }
    var base = b.z, H = area.clientHeight - 4, now = parseFloat(board.style.zoom) || base;
    var tall = function (z) {  // (a laptop's window: no wider than its box either, or it is too tall)
      board.style.zoom = z === base ? '' : String(z);
      return mode === 'wide' && board.scrollWidth > board.clientWidth + 1 ? Infinity : board.getBoundingClientRect().height;
    };
    var h = tall(now);
    if (h <= H && (h >= H * 0.9 || now >= top)) { return; }
    // the largest zoom, in steps of 0.05, at which it fits: its width reflows with its zoom (cards wrap), so its height
    // jumps; a search between the two ends (a few layouts of the board)
    var lo = 0, hi = Math.round((top - base) * 20), at = function (k) { return k ? base + k / 20 : base; };
    while (lo < hi) { var mid = Math.ceil((lo + hi) / 2); if (tall(at(mid)) <= H) { lo = mid; } else { hi = mid - 1; } }
    tall(at(lo));
  }
  function room(strip) {  // the board first: the strip gives the board the height it lacks, down to FLOOR px
    var table = strip.parentElement, area = table && table.querySelector('.rt-board-area');
    // (the teacher page's Record tab too, session 35: its board scrolled at 1024x768)
    var rec = !!(table && table.closest('.rt-record'));
    if (!area || !(rec || table.closest('.rt-learn'))) { return; }
    if (strip.style.maxHeight) { strip.style.maxHeight = ''; }
    var own = area.querySelector(':scope > .tutor-board[data-rt-yield]');  // (the zoom given to the strip: its own again)
    if (own) { own.style.zoom = ''; own.removeAttribute('data-rt-yield'); }
    grow(strip);
    if (!area.getClientRects().length) { return; }
    // a narrow window (1024 px) whose board runs past its box: the board drawn a little smaller (CSS zoom, down to
    // ZMIN; play26: Spirited's free play ran 41 to 79 px past it there), first for the boards that keep their strip
    // (Spirited's, Spirit Duels': the strip holds the computer's newest step, its title and its reason), after the
    // strip has gone down to its floor for Restless Spirits' and a lesson's introduction (and a table of five or six
    // players on any window below the large one, session 35); still past it then, smaller yet (shrink, ui45)
    var board = area.querySelector(':scope > .tutor-board'), many = board && !BIG.matches
      && board.querySelectorAll(':scope > .rt-bpart-player').length >= MANY,
      narrow = board && board.getClientRects().length && (innerWidth <= 1200 || many || rec), first = narrow && !strip.querySelector(':scope > .rt-current-step > .rt-about')
      && !area.querySelector('.rt-bpart-markets');
    var smaller = function () {
      var o = over(area);
      if (o <= 1) { return; }
      var bh = board.getBoundingClientRect().height, z = parseFloat(getComputedStyle(board).zoom) || 1;
      board.style.zoom = String(Math.max(many ? ZMANY : rec ? ZREC : ZMIN, Math.floor(z * (bh - o - 2) / bh * 100) / 100));
    };
    if (first) { smaller(); }
    var o = over(area), h = strip.getBoundingClientRect().height;
    if (o > 1 && h > FLOOR + 1) { strip.style.maxHeight = Math.max(FLOOR, Math.floor(h - o)) + 'px'; }
    if (narrow || over(area) > 1) { smaller(); }  // (any window, the strip at its floor: session 42, SD at 1366)
    if (board && over(area) > 1) { shrink(area, board, rec); }  // (still past it: smaller yet, strip_room.SHRINK_JS)
  }
  function run() {
    frame = 0;
    document.querySelectorAll('.rt-onescreen > .tutor-last-step').forEach(room);
    document.querySelectorAll('.rt-onescreen > .tutor-last-step').forEach(function (strip) {
      // (and its board, whose late layout, fonts or a picture, changes the room the strip gives it; trial 20: after a
      // reload the strip kept the height it had before the board was laid out)
      var board = strip.parentElement.querySelector('.rt-board-area > .tutor-board');
      [strip, board].forEach(function (x) { if (x && !seen.has(x)) { seen.add(x); sizes.observe(x); } });
      // the strip's height, for the table's CSS: on a large window the list of legal actions reaches down beside the
      // strip, to the window's foot (widgets/table.py; trial 18: it scrolled with free room under it)
      var step = strip.querySelector(':scope > .rt-current-step');
      if (step) {
        var cols = step.querySelectorAll(':scope > .rt-step-col'), boxes = cols.length ? [...cols] : [step];
        var fitAll = function () { boxes.forEach(function (c) { if (c.classList.contains('rt-reply-col')) { scroll(c); } else { fit(c); } }); };
        fitAll();
        if (give(strip, boxes, fitAll)) { fitAll(); }  // (the board gave the strip the height its lines lacked)
        var ba = strip.parentElement.querySelector('.rt-board-area'); if (ba && over(ba) > 1) { room(strip); fitAll(); }
      }
      var sh = Math.round(strip.getBoundingClientRect().height) + 'px', table = strip.parentElement;
      if (table.style.getPropertyValue('--rt-strip-h') !== sh) { table.style.setProperty('--rt-strip-h', sh); }
    });
  }
""" + BLOCKED_JS + """  function mark() {  // the sizes this pass left (see sizes)
    document.querySelectorAll('.rt-onescreen > .tutor-last-step, .rt-board-area > .tutor-board').forEach(function (x) {
      var r = x.getBoundingClientRect(); left.set(x, [r.width, r.height]);
    });
  }
  function later() { if (!frame) { frame = requestAnimationFrame(function () { watchFolds(); run(); mark(); }); } }
  new MutationObserver(function (records) {
    for (var i = 0; i < records.length; i++) {
      var t = records[i].target;
      if (t.nodeType !== 1) { t = t.parentElement; }
      // (not the list of legal actions: it changes neither the strip nor the board's room)
      if (t && t.closest && t.closest('.tutor-last-step, .rt-onescreen') && !t.closest('.tutor-actions')) { later(); return; }
    }
  }).observe(document.body, {childList: true, subtree: true, characterData: true});
  window.addEventListener('resize', later);
  // fit again once the page's fonts are in and the page is laid out (a reload: the first fit ran on the fallback font)
  window.addEventListener('load', later);
  if (document.fonts) { document.fonts.ready.then(later); document.fonts.addEventListener('loadingdone', later); }
  window.tutorStripFit = run;
  later();
})();
"""


def strip_fit() -> w.Output:
    """A hidden Output (CSS class ``tutor-strip-fit``) whose only output is :data:`STRIP_JS`: the last-step strip
    shows whole lines only, and says when its step's earlier lines are in the History; and
    :data:`widgets.action_fold.FOLD_JS`: every kind of legal action in view."""
    return page_script(STRIP_JS % {"floor": STRIP_FLOOR, "zmax": BOARD_ZMAX, "zwide": BOARD_ZWIDE,
                                  "zmin": BOARD_ZMIN, "many": MANY_PLAYERS, "zmany": BOARD_ZMANY, "zrec": FIT_MIN} + FOLD_JS, "tutor-strip-fit")
