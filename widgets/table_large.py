"""The one-screen table on a large window (1920x1080): one table, not a large board beside small print (session 29).

At 1920x1080 the learn pages draw the board larger (CSS zoom 1.3, up to 1.7 by :mod:`widgets.strip_fit`), while the
list of legal actions and the last-step strip ("What just happened") kept the laptop's type in a column of 460 px:
the actions looked small and the window's right side empty. :data:`LARGE_CSS` (the end of
:data:`widgets.table.TABLE_CSS`) gives the actions a wider column and draws them, and the strip's lines, at
:data:`TEXT_ZOOM`.

The zoom is put on what the page's scripts do not measure against their box's own sizes: each part of the list
(its title, its prompt, its groups), not the list, which scrolls and folds (:mod:`widgets.action_fold` compares its
actions' rectangles with its ``clientHeight``); each line's content in the strip (its ``widget-html-content``) and
a rule chip's type (a chip is a line itself), not the lines, which :mod:`widgets.strip_fit` moves and pins in px.
The page's top bar (its title, the tabs and the lesson or game line) is drawn at :data:`TEXT_ZOOM` too (session 31),
so the page reads as one design.
"""
from __future__ import annotations

#: How much larger the actions and the last step's lines are drawn on a large window.
TEXT_ZOOM = 1.2
#: The actions' column on a large window (px): at :data:`TEXT_ZOOM` about the 460 px of a 1366 px window's.
COLUMN = 560
#: A notice's place on the tabs' line of a large window (px from the left and right edges): past the two tabs and
#: short of the page's title, both drawn at :data:`TEXT_ZOOM` (304 and 345 px at the laptop's size, widgets/table.py).
NOTICE_LEFT, NOTICE_RIGHT = 368, 404

LARGE_CSS = """
/* a large window (1920x1080): the actions and the last step drawn larger with the board (widgets/table_large.py) */
@media (min-width: 1700px) and (min-height: 1000px) {
  .rt-learn .rt-onescreen > .rt-main { grid-template-columns: minmax(0, 1fr) COLUMNpx; }
  .rt-learn .rt-onescreen > .tutor-last-step { margin-right: calc(COLUMNpx + 8px); }
  .rt-learn .rt-onescreen > .rt-main > .tutor-actions > * { zoom: ZOOM; }
  .rt-learn .rt-onescreen > .tutor-last-step .widget-html > .widget-html-content { zoom: ZOOM; }
  /* (a rule chip is one of the strip's lines, moved in px: its type larger, not zoomed) */
  .rt-learn .rt-onescreen > .tutor-last-step .tutor-clause.jupyter-button { height: 26px; line-height: 24px;
    font-size: 13.5px; }
  /* the page's top bar (its title, the tabs, the lesson or game line) drawn at the same size (session 31: at the
     laptop's size it read as another page's), a notice on the tabs' line between the larger tabs and title */
  .rt-learn > .rt-learn-head, .rt-learn > .widget-tab > .widget-tab-bar, .rt-learn .rt-topline { zoom: ZOOM; }
  .rt-learn > .rt-head-notice { left: NOTICE_LEFTpx; right: NOTICE_RIGHTpx; }
}
""".replace("COLUMN", str(COLUMN)).replace("ZOOM", str(TEXT_ZOOM)).replace("NOTICE_LEFT", str(NOTICE_LEFT)) \
    .replace("NOTICE_RIGHT", str(NOTICE_RIGHT))
