"""Text boxes that stop at what the kernel accepts (trial 19).

The kernel refuses a typed text longer than its widget's limit (:mod:`widgets.comm_guard`: 1,000 characters for a
one-line box, 20,000 for a text area): the refusal is logged and the box is put back, but the person who pasted a
15,000-character question saw "Saved" and got the question from before. :data:`TEXT_CAPS_JS`, once per page, gives
every text box of the page the browser's own ``maxlength`` at that limit, so typing stops and a paste is cut where
the kernel's limit is, in view. A widget whose limit differs carries CSS class ``rt-max-<n>``. Nothing from the
internet; only the page's own input boxes are read and changed.
"""
from __future__ import annotations

import ipywidgets as w

from .comm_guard import TEXT_MAX_CHARS, TEXTAREA_MAX_CHARS
from .style import page_script

TEXT_CAPS_JS = """(function () {
  if (window.tutorTextCaps) { return; }
  var frame = 0, ONE = %(one)d, AREA = %(area)d;
  function own(box) {  // a limit the widget names itself: CSS class rt-max-<n>
    var m = box && /(?:^|\\s)rt-max-(\\d+)(?:\\s|$)/.exec(box.className);
    return m ? parseInt(m[1], 10) : 0;
  }
  function run() {
    frame = 0;
    document.querySelectorAll('.widget-text input, .widget-textarea textarea, .widget-combobox input')
      .forEach(function (el) {
        var cap = own(el.closest('.widget-text, .widget-textarea, .widget-combobox'))
          || (el.tagName === 'TEXTAREA' ? AREA : ONE);
        if (el.maxLength !== cap) { el.maxLength = cap; }
      });
  }
  function later() { if (!frame) { frame = requestAnimationFrame(run); } }
  new MutationObserver(later).observe(document.body, {childList: true, subtree: true});
  window.tutorTextCaps = run;
  later();
})();
""" % {"one": TEXT_MAX_CHARS, "area": TEXTAREA_MAX_CHARS}


def cap(widget: w.Widget, limit: int) -> w.Widget:
    """Make text box ``widget`` stop at ``limit`` characters, in the browser (CSS class ``rt-max-<limit>``, which
    :data:`TEXT_CAPS_JS` turns into its ``maxlength``) and in the kernel (``tutor_max_chars``, which
    :func:`widgets.comm_guard.text_limit` reads). ``limit``: the saved file's own limit for the field the box fills
    (e.g. :func:`tutor.safefile.field_max`), never a second number (trial 20: an Intro box took 20,000 characters
    that Save then refused at 5,000). Returns ``widget``; ValueError for a limit that is not a positive whole
    number."""
    if not isinstance(limit, int) or isinstance(limit, bool) or limit <= 0:
        raise ValueError(f"a text box's limit is a positive whole number, got {limit!r}")
    for old in [c for c in widget._dom_classes if c.startswith("rt-max-")]:
        widget.remove_class(old)
    widget.tutor_max_chars = limit
    widget.add_class(f"rt-max-{limit}")
    return widget


def text_caps() -> w.Output:
    """The page's script (a hidden Output, CSS class ``rt-text-caps``) that caps every text box at the kernel's limit
    (:data:`TEXT_CAPS_JS`). Put it once on a page that has text boxes."""
    return page_script(TEXT_CAPS_JS, "rt-text-caps")
