"""A bounded box's scroll sign: while more of a scrolling box lies below its foot, a line pinned at the foot says
"▾ more below" over a fade (the box is a scroll-state container; CSS alone, gone once the box is scrolled to its end
or when nothing is hidden). The practice page's board and its mastery map (newuser32: the map's box scrolled with no
sign that more was below; a third player's area sat cut at the board's foot), as the Record tab's bounded list of
files shades its edges. The free-play reply column shows the same sign where its page script says so
(:func:`more_sign`; widgets/reply_fit.py)."""
from __future__ import annotations

#: The sign's words.
MORE_BELOW = "▾ more below"
#: The sign's height (px): the band at the box's foot that it covers.
SIGN_H = 24


def more_sign(selector: str, back: str = "#ffffff", pad: int = 0) -> str:
    """CSS drawing the "more below" line at the foot of the scrolling boxes ``selector`` (on the background colour
    ``back``, a hex colour such as ``"#fbfaff"``; ``pad``: their padding at the foot, in px), with no condition: the
    selector says when."""
    r, g, b = (int(back[i:i + 2], 16) for i in (1, 3, 5))
    return (f"  {selector}::after {{ content: \"{MORE_BELOW}\"; display: block; flex: 0 0 auto; position: sticky;"
            f" bottom: {-pad}px; z-index: 2;\n    height: {SIGN_H}px; margin-top: -{SIGN_H}px; line-height: 28px;"
            " text-align: center; font-size: 12.5px; font-weight: 700; color: #5b2d90;\n    pointer-events: none;"
            f" background: linear-gradient(rgba({r}, {g}, {b}, 0), rgba({r}, {g}, {b}, .95) 45%); }}\n")


def more_below(selector: str, back: str = "#ffffff", pad: int = 0) -> str:
    """CSS giving the scrolling boxes ``selector`` (on the background colour ``back``, a hex colour such as
    ``"#fbfaff"``; ``pad``: their padding at the foot, in px) the "more below" line at their foot while they scroll
    further down."""
    return (f"{selector} {{ container-type: scroll-state; }}\n"
            "@container scroll-state(scrollable: bottom) {\n" + more_sign(selector, back, pad) + "}\n")
