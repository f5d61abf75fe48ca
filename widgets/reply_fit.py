"""The computer's reply column's scroll rule in the last-step strip (play26, newuser29, reply30, reply31).

:data:`REPLY_JS` is part of :data:`widgets.strip_fit.STRIP_JS` (its functions ``scroll``, ``shade`` and ``measure``,
inside that script's closure: they use its ``items``, ``marks`` and ``seen``). In free play the reply column
(CSS class ``rt-reply-col``) hides no line: it scrolls inside; when its steps change it goes to its foot, but no
further than keeps the newest step's title, own action line and the computer's reason after it in view; it pins the
newest step's title under its head line, the newest step's key lines at its foot, the older steps' key lines under the
head when they fit too, and the title of the step whose lines are topmost in view; the lines under the pinned head or foot are hidden, and an
older step's title whose lines are all hidden with them (strip45: no bare title; a pinned older key line whose title is
out of view says its step). The order of priority is written at the rule
(``scroll``). While more lies below the column's view, its foot says so (``shade``; :data:`REPLY_CSS`, the sign of
:mod:`widgets.scroll_shade`) and no line shows cut there. Only the column's own elements are read and changed. No
file, nothing from the internet.
"""
from __future__ import annotations

from .scroll_shade import SIGN_H, more_sign

_COL = ".rt-onescreen .tutor-last-step > .rt-current-step > .rt-reply-col"

#: The reply column's scroll signs (part of :data:`widgets.table.TABLE_CSS`): "more below" at its foot while the
#: page's script marks it (``data-rt-more``), and on a tall window the steps scrolled above its view named on its head
#: line (``data-rt-above``).
REPLY_CSS = """
/* the computer's reply scrolls: while more lies below its view, its foot says "more below" as the other scrolling
   boxes do (ui40: at 1366x768 its foot showed half a line with more below and no sign of it); the page's script
   (widgets/reply_fit.py) sets data-rt-more, not when the newest step's key lines are pinned at its foot or its own
   line and reason would lie under the sign, and hides the lines the sign would cut */
""" + more_sign(_COL + "[data-rt-more]").lstrip() + _COL + """[data-rt-more]::after { flex: 0 0 100%; }
/* the head line names the steps scrolled above the column's view (trial 30; the page's script sets data-rt-above), on
   its own line's end, never a new line: on a tall window, and on a low one too (ui44: where the scroll rule passed
   an older step to show the newest whole, it said nothing of it) */
.rt-onescreen .tutor-last-step .rt-reply-col > .rt-then[data-rt-above]::after { content: attr(data-rt-above);
  flex: 0 1 auto; min-width: 0; margin-left: 10px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis;
  font-size: 11.5px; font-weight: 400; font-style: italic; color: #6a6484; align-self: center; }
/* an older step's key line pinned under the head line, its step's title scrolled away, says its step (strip45) */
.rt-onescreen .tutor-last-step .rt-reply-col .tutor-event.rt-key-ev .rt-ev[data-rt-of]::before {
  content: "\\2605  " attr(data-rt-of); }
"""

#: The reply column's functions (JavaScript, no ``%`` sign: :data:`widgets.strip_fit.STRIP_JS` is %-formatted).
REPLY_JS = """  // The computer's reply (play26): every line of its steps since the learner's own, none hidden; the column scrolls
  // inside, and when its steps change (a new step, a new reply) it goes to its foot, the newest lines in view (but
  // not past the newest step's own line and the computer's reason after it); a learner who scrolled up to read keeps
  // the place until the next step. "Then the computer played" stays pinned at its top (CSS, position: sticky).
  var SIGN = """ + str(SIGN_H) + """, ruled = new WeakMap();  // the "more below" sign's height (px); where the rule put a column
  function scroll(col) {
    items(col).forEach(function (x) {
      x.classList.remove('rt-cut'); if (x.style.transform) { x.style.transform = ''; }
      ['data-rt-earlier', 'data-rt-fewer'].forEach(function (a) { if (x.hasAttribute(a)) { x.removeAttribute(a); } });
    });
    var then = col.querySelector(':scope > .rt-then'), newest = then;
    while (newest && !newest.matches('.widget-html:not(.rt-then):not(.rt-reply-cut)')) { newest = newest.nextElementSibling; }
    var own = newest && newest.nextElementSibling, note = col.querySelector(':scope > .rt-step-note');
    var chip = own && own.nextElementSibling;
    if (chip && !chip.classList.contains('tutor-clause')) { chip = null; }
    var h = function (e) { return e ? e.getBoundingClientRect().height : 0; };
    var pin = function (e, top, bottom) {
      if (!e.hasAttribute('data-rt-pin')) { e.setAttribute('data-rt-pin', ''); }
      if (e.style.top !== top) { e.style.top = top; }
      if (e.style.bottom !== bottom) { e.style.bottom = bottom; }
    };
    var unpin = function (e) {
      if (e.hasAttribute('data-rt-pin')) { e.removeAttribute('data-rt-pin'); }
      if (e.style.top) { e.style.top = ''; }
      if (e.style.bottom) { e.style.bottom = ''; }
    };
    // The scroll rule (newuser29, reply30, reply31), in this order of priority when the column cannot hold them all:
    //  1. "Then the computer played" (pinned at the top by CSS);
    //  2. the newest step's title, always in view: pinned under the head line (and under the older key lines while
    //     they are pinned, 6.), the column scrolled no further than puts the own line right under it;
    //  3. the newest step's own action line with its rule chip (what the computer did), right under that title;
    //  4. the computer's reason, which follows the own line; when 1.-5. do not fit whole, it takes one line (attribute
    //     data-rt-short="why" on the column; its whole text in its tooltip), and when not even then, the newest title
    //     too (data-rt-short="all"; the own line says the same at length): trial 21's late game at 1024x768, a 122 px
    //     column, a two-line title;
    //  5. the newest step's key lines (a Spirit released, Spirit scored, a medal claimed; trial 21): where they lie
    //     below the column's foot they are pinned at its foot (position: sticky, bottom), one under the other, the
    //     lines they cover hidden; when 1.-4. and they do not fit whole, each takes one line (attribute
    //     data-rt-tight, their whole text in their tooltip and the History), and then the reason too (4.); when not
    //     even then, they are not pinned (the column's foot shows what follows the reason);
    //  6. the older steps' key lines (trial 19), pinned under the head line once they scroll up to it, with their
    //     rule chips, one line each with the newest step's (data-rt-tight) when that is needed; they give way (not
    //     pinned, they scroll with their steps) only when 1.-5. do not fit even with 4.'s reason and title cut;
    //  7. the newest step's other automatic lines, in view as the room allows (the column scrolls to its foot, but
    //     no further than keeps the own line right under the pinned title).
    // Heights are measured as laid out: from the own line's top to the reason's foot (the gaps between lines
    // counted), the pinned lines one on the other.
    var all = items(col), y, keys = [], olds = [], rowH = function (row) { return Math.max.apply(null, row.map(h)); };
    var keyH = function () { return keys.reduce(function (t, row) { return t + rowH(row); }, 0); };
    var past = false;
    for (var i = 0; i < all.length; i++) {  // the key lines, each with its rule chip: the newest step's and older ones
      var x = all[i];
      if (x === newest) { past = true; }
      unpin(x);
      if (!x.classList.contains('rt-key-ev') || x === own) { continue; }
      var row = [x], c = all[i + 1];
      if (c && c.classList.contains('tutor-clause')) { row.push(c); unpin(c); i++; }
      (past ? keys : olds).push(row);
    }
    var span = function () {  // the own line (with its chip) to the reason's foot, as laid out
      if (!own) { return h(note); }
      var t = own.getBoundingClientRect().top, b = own.getBoundingClientRect().bottom;
      [chip, note].forEach(function (e) { if (e) { var q = e.getBoundingClientRect(); t = Math.min(t, q.top); b = Math.max(b, q.bottom); } });
      return b - t;
    };
    var flag = function (a, on) { if (col.hasAttribute(a) !== on) { col.toggleAttribute(a, on); } };
    var pinOlds = function (on) {
      y = h(then);
      olds.forEach(function (row) {
        if (on) { row.forEach(function (e) { pin(e, y + 'px', ''); }); y += rowH(row); } else { row.forEach(unpin); }
      });
    };
    var room = col.clientHeight - 2, fits = function () { return y + h(newest) + span() + keyH() <= room; };
    var name = newest && newest.querySelector('.rt-step-now');
    var short = function (v) {  // the reason ('why'), then the newest title too ('all'), one line each, whole in a tooltip
      if (col.getAttribute('data-rt-short') !== v) { if (v) { col.setAttribute('data-rt-short', v); } else { col.removeAttribute('data-rt-short'); } }
      [[note, v], [name, v === 'all']].forEach(function (p) {
        if (p[0] && p[1] && p[0].title !== p[0].textContent.trim()) { p[0].title = p[0].textContent.trim(); }
        if (p[0] && !p[1] && p[0].hasAttribute('title')) { p[0].removeAttribute('title'); }
      });
    };
    flag('data-rt-tight', false); short(null);
    pinOlds(true);
    if (!fits() && keys.length + olds.length) { flag('data-rt-tight', true); pinOlds(true); }
    if (!fits() && note) { short('why'); }
    if (!fits() && note && name) { short('all'); }
    if (!fits()) { pinOlds(false); }
    var foot = keys.length > 0 && fits();
    if (foot) {  // stacked up from the column's foot, the last lowest
      var b = 0;
      for (var k = keys.length - 1; k >= 0; k--) {
        keys[k].forEach(function (e) { pin(e, '', b + 'px'); });
        b += rowH(keys[k]);
      }
    }
    if (newest && newest.style.top !== y + 'px') { newest.style.top = y + 'px'; }
    if (newest && newest.style.position) { newest.style.position = ''; }
    var titles = col.querySelectorAll('.rt-step-now'), last = titles.length ? titles[titles.length - 1].textContent : '';
    var mark = titles.length + '|' + last + '|' + col.scrollHeight + '|' + col.clientHeight;
    if (marks.get(col) !== mark) {
      if (col.style.paddingBottom) { col.style.paddingBottom = ''; }  // (whole()'s room below the newest lines)
      // to the foot (the newest lines in view), but no further than puts the newest step's own line (and its chip,
      // which may reach higher than its text) right under its pinned title
      var at = col.scrollHeight, top = col.getBoundingClientRect().top;
      if (own) {
        var ft = own.getBoundingClientRect().top;
        if (chip) { ft = Math.min(ft, chip.getBoundingClientRect().top); }
        at = Math.min(at, Math.max(0, Math.floor(ft - top + col.scrollTop - y - h(newest))));
      }
      col.scrollTop = at;
      whole(col, newest, [own, chip, note], foot ? keyH() : 0);
      marks.set(col, titles.length + '|' + last + '|' + col.scrollHeight + '|' + col.clientHeight);
      ruled.set(col, col.scrollTop);
    }
    if (!seen.has(col)) { seen.add(col); col.addEventListener('scroll', function () { shade(col); }, {passive: true}); }
    shade(col);
  }
  // Where the scroll rule puts the column, the step topmost in view starts at its title (ui44, verify43: at 1366x768
  // the column's foot left an older step's title pinned over its own first lines, "The computer bought Drum & Key"
  // showing only "Player 2 takes Drum & Key into their hand." and not its own line nor "Why the computer chose this",
  // hidden under the title as lines under the pinned head are, shade()). That step is shown whole from its title: the
  // column scrolled up to it, while the newest step's own line, chip and reason (``keep``) stay above the foot (and
  // its key lines pinned there, ``low`` px); else scrolled down past it, the next step's title under the head, with
  // room made below the newest lines (padding) when the column has none; else (the newest own line would go under its
  // pinned title) left as it is.
  function whole(col, newest, keep, low) {
    var all = items(col), r = col.getBoundingClientRect(), end = r.top + col.clientTop + col.clientHeight;
    all.forEach(function (x) {
      if (x.hasAttribute('data-rt-step-pin')) { x.removeAttribute('data-rt-step-pin'); x.removeAttribute('data-rt-pin'); x.style.top = ''; }
    });
    var cut = measure(col, all, r, end, null), band = cut.band, isTitle = function (x) { return !!x.querySelector('.rt-step-now'); };
    var first = -1;
    for (var i = 0; i < all.length; i++) {
      if (cut[i] === false && all[i].getBoundingClientRect().height >= 1 && all[i].getBoundingClientRect().top >= band - 1) { first = i; break; }
    }
    var k = first;
    while (k >= 0 && !isTitle(all[k])) { k--; }
    if (first < 0 || k < 0 || k === first || all[k] === newest) { return; }  // (a step starts at the head, or the newest)
    var up = band - all[k].getBoundingClientRect().top, foot = 0;
    keep.forEach(function (e) { if (e) { foot = Math.max(foot, e.getBoundingClientRect().bottom); } });
    if (foot && foot + up <= end - low + 1) { col.scrollTop = Math.max(0, col.scrollTop - Math.ceil(up)); return; }
    var n = first;
    while (n < all.length && !isTitle(all[n])) { n++; }
    if (n >= all.length) { return; }
    var down = Math.ceil(all[n].getBoundingClientRect().top - band);
    var own = keep[0], head = newest ? newest.getBoundingClientRect().height : 0;
    if (own && all[n] !== newest && own.getBoundingClientRect().top - down < band + head - 1) { return; }
    var room = col.scrollHeight - col.clientHeight - col.scrollTop;
    if (room < down) { col.style.paddingBottom = Math.ceil(down - room) + 'px'; }
    col.scrollTop += down;
  }
  // The lines that scrolled under the reply's pinned head (its head line, older key lines, the newest title) are
  // hidden, not drawn half in view under it (trial 27: at the end of a long game "Step 136" sat over half a line);
  // again whenever the column scrolls. The step of the topmost line in view keeps its title in view: pinned under
  // the head when it scrolled up under it (trial 29: "the computer played 6 steps" showed the titles of steps 2, 3,
  // 4, 6 and 7, the lines of step 5 under the head line with its title hidden there).
  function shade(col) {
    var all = items(col), r = col.getBoundingClientRect(), end = r.top + col.clientTop + col.clientHeight;
    all.forEach(function (x) {
      if (x.hasAttribute('data-rt-step-pin')) { x.removeAttribute('data-rt-step-pin'); x.removeAttribute('data-rt-pin'); x.style.top = ''; }
    });
    // (ui40: at 1366x768 its foot showed half a line, more below and no sign of it) while more lies below the view
    // and the newest step's key lines are not pinned at its foot, no line shows cut at the foot (measure: whole lines
    // only), and the foot says "more below"; where the scroll rule put the column, not when the newest step's own
    // line, chip and reason would lie under the sign's band (they come first: they stay, the sign does not show)
    var keep = [], e = col.querySelector(':scope > .rt-step-note');
    for (var q = 0; e && q < 3 && e.matches('.rt-step-note, .tutor-clause, .tutor-event'); q++, e = e.previousElementSibling) { keep.push(e); }
    if (!ruled.has(col) || Math.abs(ruled.get(col) - col.scrollTop) > 1) { keep = []; }  // (the learner scrolled)
    var more = col.scrollHeight - col.scrollTop - col.clientHeight > 1
      && !all.some(function (x) { return x.hasAttribute('data-rt-pin') && x.style.bottom; });
    var sign = more && keep.every(function (x) { var b = x.getBoundingClientRect(); return b.bottom <= end - SIGN + 1 || b.top >= end - 1; });
    if (col.hasAttribute('data-rt-more') !== sign) { col.toggleAttribute('data-rt-more', sign); }
    more = more ? keep : null;
    var cut = measure(col, all, r, end, more), band = cut.band;
    var top = all.find(function (x, i) { return cut[i] === false && x.classList.contains('tutor-event')
                                                 && x.getBoundingClientRect().top >= band - 1; });
    var k = top ? all.indexOf(top) : -1;
    while (k > 0 && !(all[k].classList.contains('widget-html') && all[k].querySelector('.rt-step-now'))) { k--; }
    var title = k >= 0 && all[k].parentElement !== col ? all[k] : null;  // (an older step's: the newest is pinned)
    if (title && title.getBoundingClientRect().top < band - 1 && getComputedStyle(title).position !== 'sticky') {
      title.setAttribute('data-rt-step-pin', ''); title.setAttribute('data-rt-pin', '');
      title.style.top = Math.max(0, band - r.top - col.clientTop) + 'px';
      cut = measure(col, all, r, end, more);
      // (it stays pinned also when it covers its step's lines still in view: they are then under the pinned head,
      // hidden as such. Session 39: unpinned, it hid them where nothing covered them, an empty band of a title and a
      // line under the head; CI 38 at 1366x768, where the board gave the strip room and the column's foot put an
      // older step's title 14 px under the head and its one line just below it.) Not when it covers the next step's
      // title too (a title of two lines): then not pinned, and the lines of its step in view go with it
      for (var j = k + 1; j < all.length && !all[j].querySelector('.rt-step-now'); j++) { }
      if (j < all.length && cut[j] === true) {
        title.removeAttribute('data-rt-step-pin'); title.removeAttribute('data-rt-pin'); title.style.top = '';
        cut = measure(col, all, r, end, more);
        for (j = k + 1; j < all.length && !all[j].querySelector('.rt-step-now'); j++) { if (cut[j] === false) { cut[j] = true; } }
      }
    }
    // (trial 30: at 1920x1080 "the computer played 10 steps" showed steps 9-11, nothing saying where the others
    // were: the head line names the steps whose titles lie above the column's view, CSS shows it on a tall window)
    // (strip45: an older step in view as its bare title, every line of it under the head or past the foot: its title
    // is hidden too, unpinned, and named on the head line when it sat in the column's upper half)
    var inView = function (j) {
      var b = all[j].getBoundingClientRect();
      return cut[j] === false && b.height >= 1 && b.top >= band - 1 && b.bottom <= end + 1
        && !(all[j].classList.contains('tutor-event') && cut[j + 1] === true);  // (its rule chip goes with it)
    }, bare = new Set();
    all.forEach(function (x, i) {
      if (!x.querySelector('.rt-step-now') || x.parentElement === col || !(cut[i] === false || x.hasAttribute('data-rt-step-pin'))) { return; }
      for (var j = i + 1; j < all.length && !all[j].querySelector('.rt-step-now'); j++) {
        if (all[j].matches('.tutor-event, .rt-step-note') && inView(j)) { return; }
      }
      var b = x.getBoundingClientRect();
      if (b.height < 1 || b.bottom < r.top || b.top > end) { return; }
      if (b.top < (band + end) / 2) { bare.add(x); }
      if (x.hasAttribute('data-rt-step-pin')) { x.removeAttribute('data-rt-step-pin'); x.removeAttribute('data-rt-pin'); x.style.top = ''; }
      cut[i] = true;
    });
    var above = [];
    all.forEach(function (x) {
      var t = x.querySelector('.rt-step-now'), n = t && /Step (\\d+)/.exec(t.textContent);
      if (n && (bare.has(x) || (x.getBoundingClientRect().bottom <= band + 1 && getComputedStyle(x).position !== 'sticky'))) { above.push(n[1]); }
    });
    var then = col.querySelector(':scope > .rt-then'), say = !above.length ? null : '\u2191 step' + (above.length > 1
      ? 's ' + above[0] + '\u2013' + above[above.length - 1] : ' ' + above[0]) + ' above, and in the History';
    if (then && then.getAttribute('data-rt-above') !== say) {
      if (say) { then.setAttribute('data-rt-above', say); } else { then.removeAttribute('data-rt-above'); }
    }
    all.forEach(function (x, i) {  // an event and its rule chip go together (CI 28: a chip hidden, its line shown)
      if (cut[i] === null) { return; }
      var under = cut[i] || (x.classList.contains('tutor-event') && cut[i + 1] === true)
        || (x.classList.contains('tutor-clause') && i > 0 && cut[i - 1] === true);
      if (under !== x.classList.contains('rt-cut')) { x.classList.toggle('rt-cut', under); }
      // (strip45: an older step's key line pinned under the head, its step's title gone, says its step, "Step 12:")
      var ev = x.classList.contains('rt-key-ev') && x.querySelector('.rt-ev'), of = '';
      if (ev && !under && x.hasAttribute('data-rt-pin') && x.style.top && !x.style.bottom
          && x.getBoundingClientRect().top <= r.top + (parseFloat(x.style.top) || 0) + 1) {
        for (var k = i - 1; k >= 0 && !all[k].querySelector('.rt-step-now'); k--) { }
        var num = k >= 0 && /Step (\\d+)/.exec(all[k].textContent);
        if (num && !all[k].hasAttribute('data-rt-step-pin')) { of = 'Step ' + num[1] + ': '; }
      }
      if (ev && (ev.getAttribute('data-rt-of') || '') !== of) {
        if (of) { ev.setAttribute('data-rt-of', of); } else { ev.removeAttribute('data-rt-of'); }
      }
    });
  }
  // Which of the column's lines lie partly under its pinned head or foot: per line true or false (null: pinned or not
  // laid out), and the head's foot (band). With more (the lines kept in view, while more lies below and nothing is
  // pinned at the foot): also the lines its foot edge or the "more below" sign cuts, but those kept.
  function measure(col, all, r, end, more) {
    var band = r.top, low = end, pins = [];
    all.forEach(function (x) {
      if (!x.getClientRects().length || getComputedStyle(x).position !== 'sticky') { return; }
      var b = x.getBoundingClientRect();
      if (x.style.bottom) {  // (the newest key lines pinned at its foot)
        if (b.bottom >= end - parseFloat(x.style.bottom) - 1) { pins.push(x); low = Math.min(low, b.top); }
      } else if (b.top <= r.top + (parseFloat(x.style.top) || 0) + 1) { pins.push(x); band = Math.max(band, b.bottom); }
    });
    if (more && low >= end) { low = col.hasAttribute('data-rt-more') ? end - SIGN : end - 0.01; }  // (the sign's band)
    var cut = all.map(function (x) {
      if (pins.indexOf(x) >= 0 || !x.getClientRects().length) { return null; }
      var b = x.getBoundingClientRect();
      // (under the foot's pinned lines or the sign only when there: a line running past the foot itself stays)
      return b.height >= 1 && ((b.top < band - 1 && b.bottom > r.top + 1) || (low < end && b.bottom > low + 1
        && b.top < end - 1 && !(more && more.indexOf(x) >= 0)));
    });
    cut.band = band;
    return cut;
  }
"""
