"""A widget made without a tooltip sends the empty tooltip, never None: the browser's widget library writes the
tooltip into each description label's ``title``, where None read "null" (new-user trial 35, the FAQ explorer's
about 80 empty labels). A widget given a tooltip keeps it. (tests/browser/test_null_titles.py looks at the page.)"""
import ipywidgets as w

import widgets  # noqa: F401  (installs the pages' widget defaults)
from widgets import tooltips


def test_widgets_without_a_tooltip_send_the_empty_one():
    for widget in (w.HTML("x"), w.Label("x"), w.Text(), w.Dropdown(options=["a"]), w.Checkbox(), w.Textarea(),
                   w.Button(description="Go"), w.VBox([])):
        assert widget.tooltip == "", type(widget).__name__
        assert widget.get_state()["tooltip"] == "", type(widget).__name__


def test_a_given_tooltip_is_kept_and_install_is_once():
    assert w.Button(tooltip="Undo your move").tooltip == "Undo your move"
    assert w.HTML("x", tooltip="why").get_state()["tooltip"] == "why"
    assert tooltips.install() is False  # already installed by the package


def test_the_faq_explorers_widgets_have_no_none_tooltip():
    from widgets.faq import faq_explorer
    page = faq_explorer()
    seen, todo = 0, [page]
    while todo:
        x = todo.pop()
        if isinstance(x, w.DOMWidget):
            seen += 1
            assert x.tooltip is not None, type(x).__name__
        todo.extend(c for c in getattr(x, "children", ()) if isinstance(c, w.Widget))
    assert seen > 40
