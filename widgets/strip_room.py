"""The board yields height to the last-step strip on a laptop's window (session 38, issue 16: newuser37).

At 1366x768 the strip was held at about 190 px because the board above kept its height, so the lines that carry a
click's outcome went to the History: Spirited lesson 8's whole Step 2 (the Passing of Time drawn, the Battle begun:
the lesson's point), Mystic Mirror's die rolled again (Reroll read as Remove), Restless Spirits lesson 1's Lost
Spirits row refilled. :data:`YIELD_JS` is part of :data:`widgets.strip_fit.STRIP_JS` (its function ``give``, inside
that script's closure: it uses its ``over``, ``bases``, ``BIG``, ``WIDE`` and ``MANY``). After the strip's lines are
fitted, when a box of the strip hides lines of its newest step (the click's outcome) or key lines (``rtNeed``, the
height they lack, set by the packing; not an older step's routine lines, nor the computer's reply column, which
scrolls and pins its key lines: :mod:`widgets.reply_fit`), the board is drawn smaller (CSS zoom, down to
:data:`BOARD_ZYIELD` of its own zoom, where its 13 px text is still 10.4 px) and the strip made taller by the height
the board gave (up to :data:`STRIP_TOP` of the window's height); the lines are then fitted again. Only on a learn page
on a window wider than 1200 px and lower than the large one (1920x1080 has the room; a narrow window keeps the strip's
floor and its own zoom, :mod:`widgets.strip_fit`), not for a table of five or six players (already drawn smaller).
The board's own zoom comes back at the next fit (attribute ``data-rt-yield`` marks the zoom as the strip's).
Session 41: the board gives room for every step of the move in view, an earlier click's too (Spirit Duels lesson 16's
frozen Attack line, Restless Spirits lesson 24's Activate went to the History); and a strip holding :data:`DENSE`
event lines or more, on a learn page below the large window, sets its lines closer (attribute ``data-rt-dense``,
:data:`DENSE_CSS`: a rule chip 18 px high, not 22, no margin around a line; about 4 px a line, a line more in nine),
decided from the number of lines, not from their height, so it does not change back and forth between passes.
No file, nothing from the internet.
"""
from __future__ import annotations

#: The least zoom of a board that yields height to the strip, as a share of its own zoom (13 px text at 10.4 px).
BOARD_ZYIELD = 0.8
#: The tallest the strip grows to when the board yields, as a share of the window's height.
STRIP_TOP = 0.5

#: From this many event lines in the strip its lines are set closer (:data:`DENSE_CSS`).
DENSE = 7

#: The strip's closer lines (part of :data:`widgets.table.TABLE_CSS`).
DENSE_CSS = """
/* a strip of many lines sets them closer (session 41, widgets/strip_room.py: the page's script sets data-rt-dense) */
.rt-onescreen .tutor-last-step[data-rt-dense] .rt-current-step :is(.rt-step-col, .rt-reply-part, .rt-current-step) > .tutor-event,
.rt-onescreen .tutor-last-step[data-rt-dense] .rt-current-step > .tutor-event { margin: 0; }
.rt-onescreen .tutor-last-step[data-rt-dense] .rt-current-step :is(.rt-step-col, .rt-reply-part) > .tutor-clause,
.rt-onescreen .tutor-last-step[data-rt-dense] .rt-current-step > .tutor-clause { min-height: 18px; margin-top: 0;
  margin-bottom: 0; padding-top: 0; padding-bottom: 0; line-height: 1.15 !important; }
"""

#: The function ``give`` (JavaScript; its constants %-formatted here, once: :data:`widgets.strip_fit.STRIP_JS` is
#: %-formatted too, so no other ``%`` sign).
YIELD_JS = """  // The board yields height to the strip (session 38): a box of the strip that hides lines of its newest step or key
  // lines (rtNeed: the height they lack) gets it from the board, drawn smaller down to YZ of its own zoom, the strip up to YTOP of the window's
  // height; true when it did (the lines are fitted again). A laptop's window only (1201 px wide and more, lower than
  // the large one), a learn page, fewer than MANY players.
  function give(strip, boxes, refit) {
    var YZ = %(yz)s, YTOP = %(ytop)s, table = strip.parentElement, area = table && table.querySelector('.rt-board-area');
    var board = area && area.querySelector(':scope > .tutor-board');
    // (many lines: set closer, from their number; fitted again at once, session 41)
    var dense = !!(table && table.closest('.rt-learn')) && !BIG.matches
      && strip.querySelectorAll('.rt-current-step .tutor-event').length >= %(dense)s;
    if (dense !== strip.hasAttribute('data-rt-dense')) {
      if (dense) { strip.setAttribute('data-rt-dense', ''); } else { strip.removeAttribute('data-rt-dense'); }
      if (refit) { refit(); }
    }
    if (!board || !table.closest('.rt-learn') || BIG.matches || !WIDE.matches || !area.getClientRects().length
        || board.querySelectorAll(':scope > .rt-bpart-player').length >= MANY) { return false; }
    var need = 0;
    boxes.forEach(function (c) { need = Math.max(need, c.rtNeed || 0); });
    var hs = strip.getBoundingClientRect().height, extra = Math.min(Math.ceil(need) + 2, Math.floor(innerHeight * YTOP - hs));
    if (need < 4 || extra < 8) { return false; }
    var z = parseFloat(getComputedStyle(board).zoom) || 1, b = bases.get(board);
    var least = (b ? b.z : board.style.zoom ? 1 : z) * YZ, bh = board.getBoundingClientRect().height;
    if (z <= least + 0.005 || bh < 1) { return false; }
    var was = [board.style.zoom, strip.style.maxHeight];
    board.style.zoom = String(Math.max(least, Math.floor(z * (bh - extra) / bh * 100) / 100));
    strip.style.maxHeight = Math.round(hs + extra) + 'px';
    var o = over(area);  // (the board's width reflows with its zoom: what it still lacks goes back to it)
    if (o > 1) { strip.style.maxHeight = Math.floor(hs + extra - o) + 'px'; }
    if (o > 1 && hs + extra - o < hs + 8) {  // (a board past its box even so: it keeps its zoom, the strip its height)
      board.style.zoom = was[0]; strip.style.maxHeight = was[1];
      return false;
    }
    // (its width reflows too, so it may come out shorter than the height it gave, newuser37's Spirited lesson 8: a
    // band empty under it): drawn larger again into that band when it still fits
    var nz = parseFloat(board.style.zoom), bt = board.getBoundingClientRect().top, nh = 0;
    Array.prototype.forEach.call(board.children, function (c) { nh = Math.max(nh, c.getBoundingClientRect().bottom - bt); });
    var band = area.getBoundingClientRect().bottom - bt - 4 - nh;
    if (o <= 1 && band > 8 && nh > 0) {
      board.style.zoom = String(Math.min(z, Math.floor(nz * (nh + band) / nh * 100) / 100));
      if (over(area) > 1) { board.style.zoom = String(nz); }
    }
    if (over(area) > 1) { shrink(area, board, false); }  // (past its box even so: smaller yet, ui45's four players)
    board.setAttribute('data-rt-yield', '');
    return true;
  }
""" % {"yz": BOARD_ZYIELD, "ytop": STRIP_TOP, "dense": DENSE}

#: The least zoom of a board still past its box at its usual floor with the strip at its floor (its 13 px text drawn at
#: 9.75 px; the Record tab's board goes to 0.72): four players late in Restless Spirits at 1366x768 need about 0.77.
BOARD_ZLAST = 0.75

#: The function ``shrink`` (JavaScript, part of :data:`widgets.strip_fit.STRIP_JS`, inside its closure: it uses its
#: ``over`` and ``ZREC``; no ``%`` sign left). New-user trial 45 (ui45): a board still past its box at its least zoom
#: with the strip at its floor (Spirited's end at 1024x768 ran 5 to 19 px past it; four players late in Restless
#: Spirits at 1366x768, the last released rows cut under the strip) is drawn smaller, a hundredth at a time, down to
#: :data:`BOARD_ZLAST` (the Record tab's to its own floor, ``rec``), while its players' areas keep their rows and
#: nothing runs past its side: a smaller zoom widens the board, and areas that went side by side were cut at their
#: right edge; at such a change it keeps the zoom before it.
SHRINK_JS = """  function shrink(area, board, rec) {
    var floor = rec ? Math.min(ZREC, %(zlast)s) : %(zlast)s;
    var rows = function () {
      var tops = {};
      board.querySelectorAll(':scope > .rt-bpart-player').forEach(function (p) { tops[Math.round(p.offsetTop)] = 1; });
      return Object.keys(tops).length;
    };
    var n = rows(), z = parseFloat(getComputedStyle(board).zoom) || 1;
    while (over(area) > 1 && z - 0.01 >= floor - 0.001) {
      var was = board.style.zoom;
      z = Math.round((z - 0.01) * 100) / 100;
      board.style.zoom = String(z);
      if (rows() !== n || board.scrollWidth > board.clientWidth + 1) { board.style.zoom = was; return; }
    }
  }
""" % {"zlast": BOARD_ZLAST}
