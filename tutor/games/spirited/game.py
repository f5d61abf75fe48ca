"""Spirited (2 to 6 players) on the stepwise engine.

Rulebook: ``shared/rulebooks/spirited.txt`` (a players' summary: Your Play Area, Rally vs Recruit, Turn Structure,
Overrun, Marching & Allegiances, Battles & the Time Track, Shields). "Spirit" means victory points in this game.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core.cardfile import CardFileLoader
from ...core.content import content_root
from ...core.errors import ContentError, said, short
from ...core.game import Game, StepResult, asked_options, conservation_problem
from ...core.model import Action, ActionMemo, Blocked, Clause, Event
from ...core.flow import Flow, SingleOption
from ...core.options import id_list, parse_options
from . import flow, resolve, rules, setup
from .moves import MOVE_KINDS
from .asking import passes
from .decisions import decision_actions
from .cards import CardSet, clan_of, medal_kind
from .options import SPOptions
from .effects import REGISTRY
from .partial import apply_partial, facts as partial_facts
from .playable import check_file
from .state import SPState, Task, upgrade_saved_state
from .view import SpiritedView
from .zones import Ctx, face_up, held, medal_value

GAME_DIR = "spirited"

#: Spirited's flow of rules work and decisions: every task kind's handler (:data:`.flow.WORK`), every answer by the
#: kind of the chosen option (:data:`.resolve.ANSWERS`); a decision with nothing real to choose passes
#: (:func:`.asking.passes`), one with a single option is made at once (ruling ``sp.ruling.single-option``).
FLOW = Flow(work=flow.WORK, work_types=Task, answers=resolve.ANSWERS, options=decision_actions, answer_by_action=True,
            passes=passes,
            single=SingleOption("sp.ruling.single-option",
                                "{who}: only one choice is possible, so it is made at once: {label}."))


def _effect_sites(cards: CardSet):
    """Where effects sit in a Spirited card set: each clan's card power and Allegiance (Battle, Overrun), each
    Wonder."""
    for i, cl in enumerate(cards.clans):
        yield f"clans[{i}].power", cl.power, cl.id
        yield f"clans[{i}].allegiance.battle", cl.allegiance.battle, cl.id
        yield f"clans[{i}].allegiance.overrun", cl.allegiance.overrun, cl.id
    for i, w in enumerate(cards.wonders):
        yield f"wonders[{i}].effect", w.effect, w.id


#: Spirited's card files (:class:`tutor.core.cardfile.CardFileLoader`).
CARD_FILES = CardFileLoader(GAME_DIR, CardSet, REGISTRY, _effect_sites, (check_file,))


def load_cards(path: str | Path | None = None) -> tuple[CardSet, dict]:
    """Load and check a Spirited card file (default ``content/spirited/cards.yaml``).

    Returns ``(CardSet, {id(effect): parsed params})``. Raises :class:`ContentError` naming file and field.
    """
    return CARD_FILES.load(path)


class Spirited(Game):
    """Spirited rules. Option ``clans``: a list of 7 clan ids to play with instead of drawing them at random."""

    game_id = "spirited"
    title = "Spirited"
    clause_prefix = "sp"
    move_kinds = MOVE_KINDS
    state_model = SPState
    #: the flow of rules work and decisions (:data:`FLOW`)
    flow = FLOW
    player_counts = (2, 3, 4, 5, 6)

    def __init__(self, players: int, seed: int, clauses: dict[str, Clause], options: dict[str, Any]) -> None:
        if players not in range(2, 7):
            raise ValueError(f"spirited: players must be 2 to 6, got {said(players)}")
        opts = parse_options(SPOptions, "spirited", options)
        self.cards, self._params = load_cards()
        if opts["clans"] is not None:
            opts["clans"] = sorted(id_list("spirited", "clans", opts["clans"], [c.id for c in self.cards.clans],
                                           self.cards.clans_per_game, "clan"))
        super().__init__(players, seed, clauses, opts)
        #: the actions the moves built (:func:`tutor.core.moves.built`), shared by every game set up alike
        self.action_memo: ActionMemo = self.shared_caches(self.cards).setdefault("actions", ActionMemo())
        self.track = self.cards.time_track[players]

    # -- Game interface ------------------------------------------------------------------------------------------
    def initial_state(self) -> tuple[SPState, list[Event]]:
        return setup.initial_state(self)

    def legal_actions(self, state: SPState) -> list[Action]:
        return rules.legal_actions(self, state)

    def blocked_actions(self, state: SPState) -> list[Blocked]:
        return rules.blocked_actions(self, state)

    def apply(self, state: SPState, action: Action) -> StepResult:
        c = Ctx(self, state)
        self.flow.step(c, action, resolve.main_action)
        legal = asked_options(state, c.asked, c.events, playing=state.phase != "over")  # before the waiting events are added
        c.flush()
        return StepResult(c.events, legal)

    def current_player(self, state: SPState) -> int | None:
        if state.phase == "over":
            return None
        return state.pending[-1].actor if state.pending else state.current

    def prepared_turn(self, state: SPState) -> str:
        """Whose turn it is on a prepared table (:meth:`Game.prepared_turn`)."""
        seat = self.current_player(state)
        if seat is None:
            return "The game is over."
        line = f"It is Player {state.current + 1}'s turn."
        return line + (f" Player {seat + 1} has a choice to make first." if state.pending else "")

    def is_over(self, state: SPState) -> bool:
        return state.phase == "over"

    def winners(self, state: SPState) -> list[int]:
        return list(state.winners)

    def scenario_state(self, state: SPState, partial: dict, where: str) -> SPState:
        return apply_partial(self, state, partial, where)

    def effect_params(self, e) -> Any:
        """Parsed parameters of card effect entry ``e`` (parsed when the card file loaded)."""
        return self._params[id(e)]

    def view(self, state: SPState) -> SpiritedView:
        """A read-only view of ``state`` for the pages (see :mod:`.view`)."""
        return SpiritedView(self, state)

    def facts(self, state: SPState) -> dict[str, Any]:
        return partial_facts(self, state)

    # -- labels ---------------------------------------------------------------------------------------------------
    def wonder_label(self, w: str) -> str:
        """``"Great Wall (6 Spirit) [provisional]"``."""
        wd = self.cards.wonder[w]
        return f"{wd.name} ({wd.spirit} Spirit) [provisional]"

    def track_mark(self) -> str:
        """``" [provisional]"`` when the Time Track's Battle spaces are provisional."""
        return " [provisional]" if self.track.provisional else ""

    # -- checks -------------------------------------------------------------------------------------------------------
    def all_cards(self, s: SPState) -> list[str]:
        """Every card id of this game (the chosen clans' cards and the Passing of Time cards)."""
        return sorted([x for cl in s.clans for x in self.cards.clan_cards(cl)] + self.cards.time_cards())

    def card_places(self, s: SPState) -> list[str]:
        """Every card id found in a zone (for conservation checks)."""
        zones = s.deck + s.discard + s.limbo
        for p in s.players:
            zones += p.hand
            for st in p.road:
                zones += st.cards + ([st.shield] if st.shield else [])
            for camp in p.camps:
                zones += [x.card for x in camp]
        return zones

    def upgrade_saved_state(self, data: Any) -> Any:
        """States saved when one decision model stood for every kind (:func:`.state.upgrade_saved_state`)."""
        return upgrade_saved_state(data)

    def check_invariants(self, s: SPState) -> list[str]:
        """Cards, Wonders and medals conserved; Hourglass in range; Road
        shape (no empty stack, one stack per clan, Shields only on face-up cards); at most 3 Allegiances each."""
        probs: list[str] = []
        places = self.card_places(s)
        if sorted(places) != self.all_cards(s):
            probs.append(conservation_problem(places, self.all_cards(s)))
        wonders = [w for w in s.wonder_display if w] + s.wonder_deck + [w for p in s.players for w in p.wonders]
        if sorted(wonders) != sorted(w.id for w in self.cards.wonders):
            probs.append("wonders not conserved")
        medals = s.medal_supply + [a.medal for a in s.allegiances if a.medal]
        if sorted(medals) != sorted(self.cards.medal_ids()):
            probs.append("medals not conserved")
        for a in s.allegiances:
            if (a.holder is None) != (a.medal is None):
                probs.append(f"allegiance {a.clan}: holder and medal disagree")
        if not 0 <= s.hourglass <= self.track.length:
            probs.append(f"hourglass {s.hourglass} out of range 0..{self.track.length}")
        for p in s.players:
            clans = [st.clan for st in p.road]
            if len(set(clans)) != len(clans):
                probs.append(f"player {p.seat + 1}: two stacks of one clan")
            for st in p.road:
                if not st.cards:
                    probs.append(f"player {p.seat + 1}: an empty stack on the Road")
                if any(clan_of(x) != st.clan for x in st.cards):
                    probs.append(f"player {p.seat + 1}: a card in the wrong stack")
            for camp in p.camps:
                if len({clan_of(x.card) for x in camp if x.face_up}) > 1:
                    probs.append(f"player {p.seat + 1}: a Camp holds two clans face up")
            if len(held(s, p.seat)) > 3:
                probs.append(f"player {p.seat + 1}: more than 3 Allegiances")
        if s.phase == "play" and not s.pending and s.work:
            probs.append("tasks left with no decision pending")
        return probs

    def describe(self, s: SPState) -> str:
        """A short text picture of the state."""
        lines = [f"Hourglass {s.hourglass}/{self.track.length}; draw pile {len(s.deck)}, discard {len(s.discard)}"]
        for p in s.players:
            road = ", ".join(f"{st.clan} x{len(st.cards)}" + (f" [shield {st.shield}]" if st.shield else "")
                             for st in p.road)
            camps = " | ".join(",".join(x.card if x.face_up else "?" for x in camp) or "-" for camp in p.camps)
            als = ", ".join(f"{a.clan} {medal_kind(a.medal)}{'*' if a.exhausted else ''}" for a in held(s, p.seat))
            lines.append(f"P{p.seat + 1}: {p.spirit} Spirit; Road {road or '-'}; Camps {camps}; Hand {len(p.hand)}; "
                         f"Allegiances {als or '-'}")
        return "\n".join(lines)
