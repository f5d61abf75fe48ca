"""The page script of the Hint buttons (lessons and free play): one press per double click, the hint said in view."""

#: The page's script that makes a double click on a Hint button (CSS class ``rt-hint-once``) one press: the second
#: click of a double click (its ``detail`` 2 or more) is stopped before the button hears it, so a double click in
#: flight never skips a rung of the hint ladder (trial 17). Two separate presses are two rungs. The lesson arrows
#: (CSS class ``rt-click-once``) too: a double click on "Next lesson" went from lesson 9 to 11 (trial 19).
#: After a press, the hint said (at the top of the list of legal actions, CSS class ``rt-hint`` in ``rt-actions-note``)
#: is scrolled into the list's view when the learner had scrolled the list down (trial 21: a Hint pressed after
#: clicking a Buy action far down the list wrote its text out of sight, and nothing seemed to happen), whole above the
#: list's pinned foot when the list holds it with the hinted action (newuser45: a stronger hint's box, bounded and
#: scrolling itself since trial 32, cut its text; it is as tall as its text now), the hinted action whole under the
#: list's pinned head (newuser46); so too when its folded why ("Hint: why this move") is opened, the hint's own top
#: kept in view then.
HINT_ONCE_JS = """(function () {
  if (window.rtHintOnce) { return; }
  window.rtHintOnce = true;
  var asked = 0;
  function show(own) {
    var note = Array.prototype.find.call(document.querySelectorAll('.rt-actions-note .rt-hint'),
                                         function (e) { return e.getClientRects().length; });
    if (!note) { return; }
    note.scrollIntoView({block: 'nearest'});  // (the window and the boxes around the list; the list's own scroll below)
    // whole above the list's pinned foot (End your turn, Not possible now) and the 40 px "more actions: scroll down"
    // fade over it (newuser45: a stronger hint's last lines lay under them), the hinted action (it comes first, above
    // the hint) whole under the list's pinned head (newuser46: the hint's foot scrolled into view took the list's head
    // and the hinted action's title out of it) and the hint's own top kept in view
    var list = note.closest('.tutor-actions');
    if (!list || list.scrollHeight <= list.clientHeight + 1) { return; }
    var box = list.getBoundingClientRect(), floor = box.bottom, lo = box.top + list.clientTop;
    var head = list.querySelector(':scope > .rt-actions-head');
    if (head && head.getClientRects().length && getComputedStyle(head).position === 'sticky') { lo = head.getBoundingClientRect().bottom; }
    list.querySelectorAll(':scope > .rt-apart-turn, :scope > .rt-apart-blocked:not(.rt-open)').forEach(function (x) {
      if (x.getClientRects().length && getComputedStyle(x).position === 'sticky') {
        floor = Math.min(floor, x.getBoundingClientRect().top);
      }
    });
    var r = note.getBoundingClientRect(), top = r.top, bottom = r.bottom;
    var act = list.querySelector('.tutor-action.rt-hint');
    if (!own && act && act.getClientRects().length) {
      var a = act.getBoundingClientRect();
      top = Math.min(top, a.top); bottom = Math.max(bottom, a.bottom);
    }
    var by = Math.max(0, bottom - (floor - 40));
    if (top - by < lo + 2) { by = top - lo - 2; }  // (the top first: the hinted action's title, or the hint's own)
    if (Math.abs(by) >= 1) { list.scrollTop += by; }
  }
  document.addEventListener('click', function (e) {
    var t = e.target;
    if (e.detail > 1 && t && t.closest && t.closest('.rt-hint-once, .rt-click-once')) { e.stopImmediatePropagation(); e.preventDefault(); return; }
    if (t && t.closest && t.closest('.rt-hint-once')) {
      asked = Date.now();
      setTimeout(function () { if (asked) { show(); } }, 2500);  // (the same words again change nothing on the page)
    }
  }, true);
  // "Hint: why this move" opened (the stronger hint's folded why): the hint whole in view again, its own top kept
  document.addEventListener('toggle', function (e) {
    var t = e.target;
    if (t && t.matches && t.matches('.rt-actions-note .rt-hint-why') && t.open) { show(true); }
  }, true);
  new MutationObserver(function () {
    if (asked && Date.now() - asked < 5000) { show(); }
  }).observe(document.body, {childList: true, subtree: true, characterData: true});
})();
"""

#: The page's script that makes a double click on a legal-action Button (CSS class ``tutor-action``) one click: the
#: second click of a double click (its ``detail`` 2 or more, at the same place) is stopped before the Button hears it.
#: "End your turn" is legal for the next player too, drawn where the clicked one was: without this a double click could
#: end two turns when the page was redrawn between the two clicks (CI of stop 43: the 450 ms pointer pause of
#: ``rt-arm`` in ``widgets.style`` alone was not enough on a slow machine). Two separate clicks are two actions.
ACTION_ONCE_JS = """(function () {
  if (window.rtActionOnce) { return; }
  window.rtActionOnce = true;
  document.addEventListener('click', function (e) {
    var t = e.target;
    if (e.detail > 1 && t && t.closest && t.closest('.tutor-action')) { e.stopImmediatePropagation(); e.preventDefault(); }
  }, true);
})();
"""
