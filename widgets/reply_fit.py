"""The computer's reply column's scroll rule in the last-step strip (play26, trial 27).

:data:`REPLY_JS` is part of :data:`widgets.strip_fit.STRIP_JS` (its functions ``scroll`` and ``shade``, inside that
script's closure: they use its ``items``, ``marks`` and ``seen``). In free play the reply column (CSS class
``rt-reply-col``) hides no line: it scrolls inside and goes to its foot when its steps change; it pins its key lines
under its head line and the newest step's title under them; the lines under the pinned head are hidden. Only the
column's own elements are read and changed. No file, nothing from the internet.
"""
from __future__ import annotations

#: The reply column's functions (JavaScript, no ``%`` sign: :data:`widgets.strip_fit.STRIP_JS` is %-formatted).
REPLY_JS = """  // The computer's reply (play26): every line of its steps since the learner's own, none hidden; the column scrolls
  // inside, and when its steps change (a new step, a new reply) it goes to its foot, the newest lines in view; a
  // learner who scrolled up to read keeps the place until the next step. "Then the computer played" stays pinned at
  // its top and the newest step's title under it (CSS, position: sticky).
  function scroll(col) {
    items(col).forEach(function (x) {
      x.classList.remove('rt-cut'); if (x.style.transform) { x.style.transform = ''; }
      ['data-rt-earlier', 'data-rt-fewer'].forEach(function (a) { if (x.hasAttribute(a)) { x.removeAttribute(a); } });
    });
    var then = col.querySelector(':scope > .rt-then'), newest = then;
    while (newest && !newest.matches('.widget-html:not(.rt-then):not(.rt-reply-cut)')) { newest = newest.nextElementSibling; }
    // a key line (a Spirit released, Spirit scored, a medal claimed; trial 19) stays in view however far up it is:
    // pinned (position: sticky) under "Then the computer played", with its rule chip, the newest title under them
    var y = then ? then.getBoundingClientRect().height : 0, all = items(col);
    var pin = function (e, top) { if (!e.hasAttribute('data-rt-pin')) { e.setAttribute('data-rt-pin', ''); }
                                  if (e.style.top !== top) { e.style.top = top; } };
    for (var i = 0; i < all.length; i++) {
      var x = all[i];
      if (!x.classList.contains('rt-key-ev')) {
        if (x.hasAttribute('data-rt-pin')) { x.removeAttribute('data-rt-pin'); x.style.top = ''; }
        continue;
      }
      var row = [x], c = all[i + 1], h = 0;
      if (c && c.classList.contains('tutor-clause')) { row.push(c); i++; }
      row.forEach(function (e) { pin(e, y + 'px'); h = Math.max(h, e.getBoundingClientRect().height); });
      y += h;
    }
    if (newest && newest.style.top !== y + 'px') { newest.style.top = y + 'px'; }
    // (a column too low for the pinned lines, the newest title, its last line and the computer's reason: the title is
    // not pinned, so the newest lines and the reason stay in view at the foot; Spirit Duels at 1024x768)
    var h = function (e) { return e ? e.getBoundingClientRect().height : 0; };
    var evs = col.querySelectorAll('.tutor-event'), note = col.querySelector(':scope > .rt-step-note');
    var loose = newest && y + h(newest) + h(evs[evs.length - 1]) + h(note) > col.clientHeight - 2;
    if (newest && newest.style.position !== (loose ? 'static' : '')) { newest.style.position = loose ? 'static' : ''; }
    var titles = col.querySelectorAll('.rt-step-now'), last = titles.length ? titles[titles.length - 1].textContent : '';
    var mark = titles.length + '|' + last + '|' + col.scrollHeight + '|' + col.clientHeight;
    if (marks.get(col) !== mark) { marks.set(col, mark); col.scrollTop = col.scrollHeight; }
    if (!seen.has(col)) { seen.add(col); col.addEventListener('scroll', function () { shade(col); }, {passive: true}); }
    shade(col);
  }
  // The lines that scrolled under the reply's pinned head (its head line, older key lines, the newest title) are
  // hidden, not drawn half in view under it (trial 27: at the end of a long game "Step 136" sat over half a line);
  // again whenever the column scrolls.
  function shade(col) {
    var r = col.getBoundingClientRect(), band = r.top, pins = [], all = items(col);
    all.forEach(function (x) {
      if (!x.getClientRects().length || getComputedStyle(x).position !== 'sticky') { return; }
      var b = x.getBoundingClientRect();
      if (b.top <= r.top + (parseFloat(x.style.top) || 0) + 1) { pins.push(x); band = Math.max(band, b.bottom); }
    });
    var cut = all.map(function (x) {
      if (pins.indexOf(x) >= 0 || !x.getClientRects().length) { return null; }
      var b = x.getBoundingClientRect();
      return b.height >= 1 && b.top < band - 1 && b.bottom > r.top + 1;
    });
    all.forEach(function (x, i) {  // an event and its rule chip go together (CI 28: a chip hidden, its line shown)
      if (cut[i] === null) { return; }
      var under = cut[i] || (x.classList.contains('tutor-event') && cut[i + 1] === true)
        || (x.classList.contains('tutor-clause') && i > 0 && cut[i - 1] === true);
      if (under !== x.classList.contains('rt-cut')) { x.classList.toggle('rt-cut', under); }
    });
  }
"""
