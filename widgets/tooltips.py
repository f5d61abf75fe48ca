"""No widget of a page shows the tooltip "null" (new-user trial 35: about 80 empty labels of the FAQ explorer).

ipywidgets' ``tooltip`` trait (on every DOM widget, :class:`ipywidgets.DOMWidget`) defaults to ``None``. The page's
widget library (ipywidgets 8, in the browser) writes it as it comes into the ``title`` of each description label
(``label.title = model.get("tooltip")``: every HTML, Label, Text, Dropdown, Checkbox ... has one, hidden when the
description is empty), and the browser turns ``None`` (``null``) into the text "null": hovering an empty label
showed a "null" tooltip. :func:`install` gives every widget made without a tooltip the empty text instead, before
its state is first sent, which the browser shows as no tooltip at all; a widget given a tooltip keeps its own.
"""
from __future__ import annotations

import ipywidgets as w

#: What a widget without a tooltip of its own sends for it: no text, which no browser shows.
NO_TOOLTIP = ""


def no_null_tooltip(widget: w.Widget) -> None:
    """Give ``widget`` the empty tooltip when it is a DOM widget whose tooltip is ``None``."""
    if isinstance(widget, w.DOMWidget) and widget.tooltip is None:
        widget.tooltip = NO_TOOLTIP


def install() -> bool:
    """Call :func:`no_null_tooltip` on every widget made from now on in this process, as ipywidgets makes it (before
    its comm opens, so the browser never gets ``None``), after any construction callback already installed.
    Idempotent: returns True the first time."""
    if getattr(w.Widget, "_tutor_no_null_tooltip", False):
        return False
    before = w.Widget._widget_construction_callback

    def constructed(widget: w.Widget) -> None:
        no_null_tooltip(widget)
        if callable(before):
            before(widget)

    w.Widget.on_widget_constructed(constructed)
    w.Widget._tutor_no_null_tooltip = True
    return True
