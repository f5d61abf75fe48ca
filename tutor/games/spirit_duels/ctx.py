"""What an apply step works on (game, state copy, events) and the Spirit facts every rule reads: current card,
stats with Traits, whether a slot is still a Spirit, Presence (Card Anatomy; Damage, Defeated Spirits and Presence).
"""
from __future__ import annotations

from ...core.context import Context
from .state import SpiritSlot

TOKEN_CAP = 3
STATUS_TOKENS = ("armor", "burn", "freeze", "poison")
NEGATIVE_TOKENS = ("burn", "freeze", "poison")


def plural(n: int, word: str, many: str | None = None) -> str:
    """``"1 card"`` / ``"3 cards"``; ``many`` for an irregular plural (``plural(2, "die", "dice")``)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


class Ctx(Context):
    """One apply step of Spirit Duels (:class:`tutor.core.context.Context`: game, state copy, events; ``c.push``
    and ``c.ask`` go through the game's flow), with the Spirit facts every rule reads."""

    def name(self, card_id: str) -> str:
        return self.cards.by_id[card_id].name

    # -- Spirit facts ---------------------------------------------------------------------------------------------
    def slot(self, seat: int, i: int) -> SpiritSlot:
        return self.state.players[seat].spirits[i]

    def spirit_card(self, sl: SpiritSlot):
        return card_of(self.game, sl)

    def sname(self, seat: int, i: int) -> str:
        return spirit_name(self.game, self.state.players[seat].spirits[i])

    def stat(self, sl: SpiritSlot, name: str) -> int:
        return stat(self.game, sl, name)


def card_of(g, sl: SpiritSlot):
    """The Spirit card of the slot's current stage."""
    return g.cards.line_by_id[sl.line].spirits[sl.stage - 1]


def is_spirit(sl: SpiritSlot) -> bool:
    """False for a defeated Stage 1 Spirit (a face-down card); Presence sides are still Spirits."""
    return not (sl.defeated and sl.stage == 1)


def is_presence(sl: SpiritSlot) -> bool:
    """True for a defeated Stage 2 or 3 Spirit, which shows its Presence side."""
    return sl.defeated and sl.stage > 1


def can_receive(sl: SpiritSlot) -> bool:
    """Whether damage and status tokens can be put on this Spirit (not defeated, not Presence)."""
    return not sl.defeated


def stat(g, sl: SpiritSlot, name: str) -> int:
    """``attack``/``magic``/``essence``/``health`` of the slot, with its Traits' bonuses (Presence side when
    defeated)."""
    sp = card_of(g, sl)
    if is_presence(sl) and name != "health":
        base = getattr(sp.presence, name)
    else:
        base = getattr(sp, name)
    bonus = sum(b.amount for t in sl.traits for b in g.cards.by_id[t].bonuses if b.stat == name)
    return max(0, base + bonus)


def printed_dice(g, sl: SpiritSlot) -> tuple[str, ...]:
    sp = card_of(g, sl)
    return sp.presence.dice if is_presence(sl) else sp.dice


def evolve_cost(sl: SpiritSlot) -> int:
    """The Essence it costs to evolve the slot's Spirit into its next stage: its stage + 1 (Actions: Evolve)."""
    return sl.stage + 1


def ability_of(g, sl: SpiritSlot):
    """The slot's ability, or ``None`` (a Presence side has lost its ability text)."""
    return None if sl.defeated else card_of(g, sl).ability


def classes_of(g, sl: SpiritSlot) -> tuple[str, ...]:
    return card_of(g, sl).classes


def spirit_name(g, sl: SpiritSlot) -> str:
    """``"Tychomp"``, ``"Tynagma (Presence)"``, ``"Tychomp (defeated)"``; a placeholder name (not in the rulebook,
    drafted teams only) ends with ``" [provisional]"``."""
    sp = card_of(g, sl)
    mark = " [provisional]" if "name" in sp.provisional else ""
    if is_presence(sl):
        return f"{sp.name} (Presence){mark}"
    if sl.defeated:
        return f"{sp.name} (defeated){mark}"
    return sp.name + mark


def status_text(sl: SpiritSlot) -> str:
    parts = [f"{getattr(sl, t)} {t}" for t in ("damage",) + STATUS_TOKENS if getattr(sl, t)]
    return ", ".join(parts) or "no tokens"
