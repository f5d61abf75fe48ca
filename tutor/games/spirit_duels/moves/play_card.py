"""Play a Card (Actions: Play a Card): a card in the Hand whose cost is at most the player's Essence; a Fast card
lets the player act again. A card that would do nothing now is still legal and says so (:mod:`..idle`). One check
per card: offered when affordable, else refused (``sd.play-card``).
"""
from __future__ import annotations

from ....core.model import Action, make_action, mark_idle
from ....core.moves import Check, built
from ..idle import idle_card
from ..state import SDState
from ..targets import Targets


@built
def play_card_action(g, seat: int, cid: str, essence: int, idle: tuple[str, str] | None) -> Action:
    card = g.cards.by_id[cid]
    a = make_action("play-card", seat, f"Play {g.card_label(cid)}", f"It costs {card.cost} Essence and you have "
                    f"{essence}." + (" Fast: you act again afterwards." if card.fast else ""),
                    ("sd.play-card", "sd.play." + card.kind) + (("sd.kw.fast",) if card.fast else ()), card.cost,
                    card=cid)
    return mark_idle(a, *idle) if idle else a


def play_card(g, s: SDState, out: Check) -> None:
    """Each card in the Hand (once per card id, by id): played if its cost is at most the Essence, else refused."""
    seat = s.current
    p = s.players[seat]
    essence = p.essence
    by_id = g.cards.by_id
    acts = play_card_action.kept(g)  # (looked up by their arguments: every card of the Hand, most steps)
    targets = Targets(s)  # what the cards could be used on, asked of the state once for the whole Hand
    for cid in sorted(set(p.hand)):
        card = by_id[cid]
        if card.cost <= essence:
            out.ok(acts[seat, cid, essence,
                        idle_card(g, s, seat, ("card", cid), targets=targets) if card.effects else None])
        elif out.wants_blocked:
            out.no("play-card", seat, f"Play {card.name}", "sd.play-card", f"it costs {card.cost} Essence and you have "
                   f"{essence}", card=cid)
