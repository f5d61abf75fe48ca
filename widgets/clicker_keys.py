"""A presentation clicker's keys for the presenter's Present tab: :data:`CLICKER_KEYS` (Right / Page Down = Next,
Left / Page Up = Back) press the shown Back or Next button through :func:`clicker_keys`, a hidden Output holding a
small script (:data:`KEYS_JS`: no file, nothing from the internet), so a key goes through the button's own click.
"""
from __future__ import annotations

import json

import ipywidgets as w

from .style import page_script

#: What a presentation clicker sends (``KeyboardEvent.key``) and the Present tab button it presses (its CSS class).
CLICKER_KEYS = {"ArrowRight": "tutor-presenter-next", "PageDown": "tutor-presenter-next",
                "ArrowLeft": "tutor-presenter-back", "PageUp": "tutor-presenter-back"}
#: More keys while a closed drop-down of the presenter has the focus: there Down and Up would quietly choose another
#: walkthrough or step (trial 15: ArrowDown on the Walkthrough list switched to another game and lost the place), so
#: they step like the clicker's keys; the list still opens with Space, Enter or Alt+Down to choose from it.
SELECT_KEYS = {"ArrowDown": "tutor-presenter-next", "ArrowUp": "tutor-presenter-back"}

# One listener per page (installed once, whatever the number of presenters). A key of CLICKER_KEYS without modifier
# keys clicks the matching button of a Present tab that is shown (one with a layout box: a hidden tab's has none):
# the Present tab that holds the focus, else (on a Voila page, whose body has data-voila) any shown on the page; in
# JupyterLab the notebook keeps its keys unless the focus is in the Present tab or its controls (rt-present-tools).
# Never while typing (a text box, text area or editable text has the focus); a drop-down that keeps the focus after a walkthrough or a step was chosen
# from it does not stop them (the key steps the walkthrough instead of changing the choice), and not when the focus is in a presenter whose Record tab is
# shown. It listens in the capture phase, so that a focused tab bar does not also take the arrow keys.
KEYS_JS = """(function () {
  if (window.tutorPresenterKeys) { return; }
  var KEYS = %s, SELECT_KEYS = %s;
  var TYPING = 'input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]):not([type=range]), ' +
               'textarea, [contenteditable]:not([contenteditable="false"])';
  function shown(el) { return el.getClientRects().length > 0; }
  window.tutorPresenterKeys = function (event) {
    var own = Object.prototype.hasOwnProperty;
    var onSelect = event.target instanceof HTMLSelectElement && !!event.target.closest('.tutor-presenter');
    var cls = own.call(KEYS, event.key) ? KEYS[event.key] :
              (onSelect && own.call(SELECT_KEYS, event.key) ? SELECT_KEYS[event.key] : null);
    if (!cls || event.defaultPrevented || event.isComposing || event.altKey || event.ctrlKey || event.metaKey ||
        event.shiftKey) { return; }
    var target = event.target instanceof Element ? event.target : null;
    if (target && (target.isContentEditable || target.closest(TYPING))) { return; }
    var pane = target && target.closest('.rt-present');
    var tools = target && target.closest('.rt-present-tools');
    if (!pane && !tools && !document.body.hasAttribute('data-voila')) { return; }
    var scope = (target && target.closest('.tutor-presenter')) || document;
    var panes = pane ? [pane] : scope.querySelectorAll('.rt-present');
    for (var i = 0; i < panes.length; i++) {
      var buttons = panes[i].querySelectorAll('.' + cls);
      for (var j = 0; j < buttons.length; j++) {
        if (shown(buttons[j])) {
          event.preventDefault();
          event.stopPropagation();
          if (!buttons[j].disabled) { buttons[j].click(); }
          return;
        }
      }
    }
  };
  window.addEventListener('keydown', window.tutorPresenterKeys, true);
})();
""" % (json.dumps(CLICKER_KEYS), json.dumps(SELECT_KEYS))


def clicker_keys() -> w.Output:
    """A hidden Output (CSS class ``tutor-presenter-keys``) whose only output is :data:`KEYS_JS`: where the page runs
    notebook JavaScript (Voila, JupyterLab), the keys of :data:`CLICKER_KEYS` press Next and Back."""
    return page_script(KEYS_JS, "tutor-presenter-keys")
