"""Spirit Duels board view: the round strip (round, phase, Advantage Token, passes) and both players' play areas
(Spirits with their active pools above them, Items, hand, deck and discard, set-aside stages) as one HTML string,
plus the words the generic panels need for this game (action groups, prompts for pending decisions). With
``setup="draft"`` the draft is shown first: the nine Class cards (taken or still on the table), the 1-2-2-1 pick
order, each player's drafted Classes and chosen Spirit Lines (casual choices stay hidden from the other player until
both teams are revealed), and the Lines the chooser may pick from.

Views only: everything shown is read from the session's state, the game's card data and the engine's read-only view
(``tutor.view(session)``: stats, die values, pick order). Rulebook sections: "Card Anatomy", "Actions", "Class Abilities", "Damage, Defeated Spirits and
Presence", "Dice Types".
"""
from __future__ import annotations

from tutor import Session

from ...style import PROV_LEGEND, PROV_SUMMARY
from .draft import _draft_table
from .looks import CLASS_COLOURS, CSS, DIE_COLOURS, GLYPH, TOKENS, class_chip  # noqa: F401 - re-exported
from .play_area import _player, _strip, banner, card_chip, die_chip  # noqa: F401 - re-exported
from .words import GROUP_ORDER, GROUP_TITLES, KIND_GROUP, decision_prompt, group_of  # noqa: F401


def render(session: Session) -> str:
    """The whole board as HTML: banner, round strip, the draft (while it lasts), then each player's play area."""
    s = session.state
    players = "".join(_player(session, p) for p in s.players)
    if s.phase == "draft":
        return (f'<div class="rt-root rt-board sd-board"><style>{CSS}</style>{banner(session)}{_strip(s)}'
                f'{_draft_table(session)}<div class="rt-players">{players}</div></div>')
    # folded under one short line, as the other games' keys (trial 10: the whole key, one long line under the
    # players, was cut at the board's edge at 1366x768, "…(hover a")
    legend = ('<details class="rt-legend" title="Hover a die for its value and odds"><summary>Key: dice faces · '
              + PROV_SUMMARY + '</summary>Dice: '
              '<b style="color:#c62828">⚔</b> Attack · <b style="color:#6a1b9a">✦</b> Magic (Class Ability) · '
              '<b style="color:#00897b">◆</b> Essence · <b>·</b> Blank · <span class="sd-boost">+1</span> Boost · '
              'gold: Advantage Die · dashed, “↻ reroll”: marked for the Meditate reroll · each die says the face it shows, and under it its type and level (Essence L1) · ' + PROV_LEGEND + '</details>')
    return (f'<div class="rt-root rt-board sd-board"><style>{CSS}</style>{banner(session)}{_strip(s)}'
            f'<div class="rt-players">{players}</div>{legend}</div>')
