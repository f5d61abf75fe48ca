"""The page script of the Hint buttons (lessons and free play): one press per double click, the hint said in view."""

#: The page's script that makes a double click on a Hint button (CSS class ``rt-hint-once``) one press: the second
#: click of a double click (its ``detail`` 2 or more) is stopped before the button hears it, so a double click in
#: flight never skips a rung of the hint ladder (trial 17). Two separate presses are two rungs. The lesson arrows
#: (CSS class ``rt-click-once``) too: a double click on "Next lesson" went from lesson 9 to 11 (trial 19).
#: After a press, the hint said (at the top of the list of legal actions, CSS class ``rt-hint`` in ``rt-actions-note``)
#: is scrolled into the list's view when the learner had scrolled the list down (trial 21: a Hint pressed after
#: clicking a Buy action far down the list wrote its text out of sight, and nothing seemed to happen). A stronger
#: hint's box is bounded on a short window (its new "More" part is scrolled to the box's top, trial 32).
HINT_ONCE_JS = """(function () {
  if (window.rtHintOnce) { return; }
  window.rtHintOnce = true;
  var asked = 0;
  function show() {
    var note = Array.prototype.find.call(document.querySelectorAll('.rt-actions-note .rt-hint'),
                                         function (e) { return e.getClientRects().length; });
    if (!note) { return; }
    note.scrollIntoView({block: 'nearest'});
    // a stronger hint in a bounded box (a short window): its new part, "More: ...", scrolled to the box's top
    var more = note.querySelector('.rt-hint-more');
    if (more && note.scrollHeight > note.clientHeight + 2) {
      note.scrollTop += more.getBoundingClientRect().top - note.getBoundingClientRect().top - 2;
    }
  }
  document.addEventListener('click', function (e) {
    var t = e.target;
    if (e.detail > 1 && t && t.closest && t.closest('.rt-hint-once, .rt-click-once')) { e.stopImmediatePropagation(); e.preventDefault(); return; }
    if (t && t.closest && t.closest('.rt-hint-once')) {
      asked = Date.now();
      setTimeout(function () { if (asked) { show(); } }, 2500);  // (the same words again change nothing on the page)
    }
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
