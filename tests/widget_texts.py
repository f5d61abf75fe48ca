"""Reading what a page's widgets hold, for the widget tests."""
from __future__ import annotations

from html import unescape

import ipywidgets as w


def html_values(root) -> list[str]:
    """Every HTML value under ``root`` (the widgets the page holds, hidden ones too: their HTML reaches the
    browser), unescaped, depth first from the last child."""
    out, todo = [], [root]
    while todo:
        x = todo.pop()
        if isinstance(x, (w.HTML, w.HTMLMath)):
            out.append(unescape(x.value))
        todo.extend(getattr(x, "children", ()) or ())
    return out
