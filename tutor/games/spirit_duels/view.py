"""A read-only view of a Spirit Duels state for the pages (``tutor.view(session)``): what the board shows that the
rules decide (a Spirit's stats with its Traits, its dice and ability, a die's value now, the draft's pick order), so
the views never restate a rule nor import the engine's internals.

Rulebook sections: "Card Anatomy", "Damage, Defeated Spirits and Presence", "Dice Types", "What's Next? Drafting".
"""
from __future__ import annotations

from .cards import CLASS_ABILITY
from .ctx import Ctx, ability_of, card_of, evolve_cost, is_presence, is_spirit, printed_dice, stat
from .dice import boosted, face_label, kind_label, odds, symbol
from .draft import PICK_ORDER, line_order, picker
from .effects import die_value
from .moves.meditate import marked_dice
from .state import SDState, SpiritSlot


class DuelView:
    """Answers about one Spirit Duels state; nothing here changes the state.

    Dice words are the engine's own: :meth:`symbol` (``"attack+1"`` -> ``"attack"``), :meth:`boosted`,
    :meth:`face_label` (``"Attack +1 (Boost)"``), :meth:`kind_label` (``"Level 2 Attack die"``) and :meth:`odds`
    (``"Attack 2/6, ..."``).
    """

    #: The six Class picks of the draft in order: True where the Advantage Token holder picks (1-2-2-1).
    pick_order: tuple[bool, ...] = PICK_ORDER
    symbol = staticmethod(symbol)
    boosted = staticmethod(boosted)
    face_label = staticmethod(face_label)
    kind_label = staticmethod(kind_label)
    odds = staticmethod(odds)

    def __init__(self, game, state: SDState) -> None:
        self._game = game
        self._state = state

    @staticmethod
    def key_event(event) -> bool:
        """True for an event a learner must not miss: a Spirit defeated (the score), the advantage taken, a winner
        named (Damage, Defeated Spirits and Presence; Actions > Gain the Advantage; Objective). ``event`` is a
        :class:`tutor.Event`; the pages show such lines of a step even when they fold its other lines away."""
        return event.clause in KEY_CLAUSES

    def public_label(self, action) -> str | None:
        """What the opponent may know of ``action`` (a :class:`tutor.Action`) when its label names cards of a hand
        hidden from them, else ``None``: setting cards of the opening hand aside (Setup, step 6: the opponent sees
        that a card is set aside, not which) is ``"Set aside a card"``; a Spirit Line chosen in a casual Line choice
        (What's Next? Drafting: kept hidden until both teams are revealed together) is ``"Choose a Spirit Line"``."""
        if action.kind == "set-aside":
            return "Set aside a card"
        if action.kind == "choose-line" and self.line_mode == "casual":
            return "Choose a Spirit Line"
        return None

    def marked_dice(self, seat: int) -> frozenset[tuple[int, int]]:
        """The dice of ``seat`` (0-based) declared for a Meditate reroll not rolled yet, as ``(spirit, die)`` pairs
        (0-based indexes of the seat's Spirits and of the dice in that Spirit's active pool); empty when no Meditate
        of that seat is under way (Actions > Meditate)."""
        return marked_dice(self._state, seat)

    def class_ability(self, cls: str) -> str:
        """The Class Ability of Class ``cls``, e.g. ``"burn"`` for ``"fire"`` (Class Abilities)."""
        return CLASS_ABILITY[cls]

    def pick_seats(self) -> list[int]:
        """The seat taking each of the six Class picks, in order (1-2-2-1, the player without the Advantage Token
        first)."""
        return [picker(self._state.advantage, k) for k in range(len(PICK_ORDER))]

    @property
    def line_mode(self) -> str:
        """How Spirit Lines are chosen in this game: ``"casual"`` (hidden, revealed together) or ``"competitive"``
        (alternating, each revealed at once)."""
        return self._game.options["lines"]

    def next_stage(self, sl: SpiritSlot):
        """The Spirit card the slot would evolve into, or ``None`` when it cannot evolve (Stage 3 is the last; a
        Presence or a face-down card never evolves)."""
        if not is_spirit(sl) or is_presence(sl) or sl.stage >= 3:
            return None
        return self._game.cards.line_by_id[sl.line].spirits[sl.stage]

    def line_order(self) -> list[int]:
        """The seats choosing Spirit Lines, one entry per Line, in the order of the game's ``lines`` option."""
        return line_order(self._state.advantage, self._game.options["lines"])

    def die_value(self, seat: int, spirit: int, face: str) -> tuple[int, list[str]]:
        """The value a die showing ``face`` in Spirit ``spirit``'s pool of ``seat`` resolves for now (0-based
        indexes), with the parts it is made of: ``(3, ["Attack Power 2", "+1 Boost"])``."""
        return die_value(Ctx(self._game, self._state), seat, spirit, face)

    def spirit_card(self, sl: SpiritSlot):
        """The Spirit card of the slot's current stage."""
        return card_of(self._game, sl)

    def stat(self, sl: SpiritSlot, name: str) -> int:
        """``attack``/``magic``/``essence``/``health`` of the slot with its Traits (Presence side when defeated)."""
        return stat(self._game, sl, name)

    def printed_dice(self, sl: SpiritSlot) -> tuple[str, ...]:
        """The die kinds the slot rolls when activated (its Presence side's when defeated)."""
        return printed_dice(self._game, sl)

    @staticmethod
    def evolve_cost(sl: SpiritSlot) -> int:
        """The Essence it costs to evolve the slot's Spirit into its next stage (Actions: Evolve)."""
        return evolve_cost(sl)

    def ability(self, sl: SpiritSlot):
        """The slot's ability, or ``None`` (a Presence side has none)."""
        return ability_of(self._game, sl)

    @staticmethod
    def is_spirit(sl: SpiritSlot) -> bool:
        """False for a defeated Stage 1 Spirit (a face-down card)."""
        return is_spirit(sl)

    @staticmethod
    def is_presence(sl: SpiritSlot) -> bool:
        """True for a defeated Stage 2 or 3 Spirit, which shows its Presence side."""
        return is_presence(sl)

    def token_rule(self, token: str):
        """The clause that says what a status token does (``"armor"``, ``"burn"``, ``"freeze"``, ``"poison"``), for a
        token's tooltip: its words live in content, not in the view (Status Tokens).

        Raises:
            KeyError: an unknown token name.
        """
        return self._game.clauses[TOKEN_RULES[token]]


#: status token -> the clause that says what it does each time it matters (Status Tokens).
TOKEN_RULES: dict[str, str] = {"armor": "sd.armor.absorb", "burn": "sd.burn.end-of-round",
                               "freeze": "sd.freeze.reduce", "poison": "sd.poison.after"}


#: The clauses of the events :meth:`DuelView.key_event` answers True for.
KEY_CLAUSES = frozenset({"sd.defeat", "sd.advantage.gain", "sd.win.defeat-all", "sd.win.deck-out"})
