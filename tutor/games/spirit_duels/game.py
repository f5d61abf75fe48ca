"""Spirit Duels (2 players) on the stepwise engine.

Rulebook: ``shared/rulebooks/spirit-duels.txt`` (Setup; Objective; Gameplay; Actions; End Phase; Class Abilities;
Damage, Defeated Spirits and Presence; Dice Types; Other Rules; What's Next? Drafting, Forming Your Team, Building
Your Deck). Set-up ``"prebuilt"`` plays the first-match teams; ``"draft"`` drafts Classes, chooses Spirit Lines and
builds the decks first (:mod:`.draft`).
"""
from __future__ import annotations

from ...core.errors import said

from collections import Counter
from typing import Any

from pydantic import BaseModel

from ...core.content import content_root
from ...core.game import Game, StepResult, asked_options, conservation_problem
from ...core.model import Action, ActionMemo, Blocked, Clause, Event
from . import actions, rules, setup
from .moves import MOVE_KINDS
from .flow import FLOW
from .cards import CLASS_ABILITY, Effect
from ...core.options import parse_options
from .loading import load_cards
from .options import SDOptions
from .partial import apply_partial, facts as partial_facts
from .playable import check_game
from .ctx import STATUS_TOKENS, TOKEN_CAP, Ctx, spirit_name, stat, status_text
from .dice import DIE_FACES, face_label, kind_label
from .draft import PICK_ORDER, draft_deck
from .state import SDState, upgrade_saved_state
from .view import DuelView



class SpiritDuels(Game):
    """Spirit Duels rules with chosen options.

    Options:
        setup: ``"prebuilt"`` (default: the first-match Fire and Electric teams) or ``"draft"`` (the full set-up:
            9 Classes drafted 1-2-2-1 from the player without the Advantage Token, one Spirit Line per drafted
            Class, a 30-card deck of 6 Basic cards per Class and 4 Special cards per Line; rulebook "What's Next?").
        lines: how Spirit Lines are chosen in the draft: ``"casual"`` (default: each player chooses hidden, then both
            teams are revealed together) or ``"competitive"`` (alternating single choices, each revealed at once).
            Used by ``setup="draft"`` only.
        teams: team ids for seats 1 and 2 (default Fire then Electric); pre-built set-up only.
        cards: path of a user card file, same schema as ``content/spirit-duels/cards.yaml`` (the draft needs its
            ``classes`` section).

    Raises:
        ValueError: an unknown option or value (naming the valid ones), players other than 2, ``teams`` with the
            draft.
        ContentError: a bad card file, or one without what this set-up needs (the draft's Classes, the teams to
            seat: two different ones, Setup), naming file and field (see :mod:`.playable`).
    """

    game_id = "spirit-duels"
    title = "Spirit Duels"
    clause_prefix = "sd"
    move_kinds = MOVE_KINDS
    state_model = SDState
    player_counts = (2,)
    cost_unit = "Essence"
    #: the flow of rules work and decisions (:data:`.flow.FLOW`)
    flow = FLOW
    #: Options for teaching pages (free play, recorded walkthroughs): the first-match teams; casual Line choice for
    #: a draft started from them.
    teaching_options = {"setup": "prebuilt", "lines": "casual"}
    option_choices = {"setup": (("pre-built teams", "prebuilt"), ("draft (full set-up)", "draft")),
                      "lines": (("casual Line choice", "casual"), ("competitive Line choice", "competitive"))}

    def __init__(self, players: int, seed: int, clauses: dict[str, Clause], options: dict[str, Any]) -> None:
        opts = parse_options(SDOptions, "spirit-duels", options)
        if players != 2:
            raise ValueError(f"spirit-duels: players must be 2, got {said(players)}")
        self.cards, self._params = load_cards(opts["cards"])
        # what this set-up needs of the card file (the draft's Classes, the teams seated), naming the file and field
        check_game(self.cards, opts["cards"] or str(content_root() / "spirit-duels" / "cards.yaml"), opts)
        if opts["setup"] == "draft":
            if opts["teams"] is not None:
                raise ValueError("spirit-duels: teams is for setup='prebuilt'; the draft builds each team")
            if not self.cards.classes:
                raise ValueError(f"spirit-duels: setup='draft' needs the nine Classes (a 'classes' section) in the "
                                 f"card file {opts['cards'] or 'content/spirit-duels/cards.yaml'}")
        else:
            teams = opts["teams"] if opts["teams"] is not None else ["fire", "electric"]
            valid = [t.id for t in self.cards.teams]
            if not isinstance(teams, (list, tuple)) or len(teams) != 2 or any(t not in valid for t in teams):
                raise ValueError(f"spirit-duels: teams must list 2 team ids (seat 1, seat 2) from: "
                                 f"{', '.join(valid)}; got {said(teams)}")
            opts["teams"] = list(teams)
        super().__init__(players, seed, clauses, opts)
        # Memos of pure functions of the cards, shared by every game set up alike (Game.shared_caches):
        shared = self.shared_caches(self.cards)
        #: the actions the moves built (:func:`tutor.core.moves.built`)
        self.action_memo: ActionMemo = shared.setdefault("actions", ActionMemo())
        #: memo of :meth:`card_label` by card id
        self._card_labels: dict[str, str] = shared.setdefault("card_labels", {})

    # -- Game interface ------------------------------------------------------------------------------------------
    def initial_state(self) -> tuple[SDState, list[Event]]:
        return setup.initial_state(self)

    def legal_actions(self, state: SDState) -> list[Action]:
        return rules.legal_actions(self, state)

    def blocked_actions(self, state: SDState) -> list[Blocked]:
        return rules.blocked_actions(self, state)

    def draft_options(self, state: SDState, d) -> list[Action]:
        """The options of draft decision ``d`` (:func:`.rules.draft_options`); :func:`.decisions.decision_actions`
        asks them through the game, as the draft's moves import what imports the decisions."""
        return rules.draft_options(self, state, d)

    def apply(self, state: SDState, action: Action) -> StepResult:
        c = Ctx(self, state)
        self.flow.step(c, action, actions.apply_action)
        return StepResult(c.events, asked_options(state, c.asked, c.events, playing=state.phase != "over"))

    def current_player(self, state: SDState) -> int | None:
        if state.phase == "over":
            return None
        return state.pending[-1].actor if state.pending else state.current

    def prepared_turn(self, state: SDState) -> str:
        """The round, the phase, who acts and who holds the Advantage Token on a prepared table
        (:meth:`Game.prepared_turn`)."""
        seat = self.current_player(state)
        if seat is None:
            return "The game is over."
        if state.phase in ("draft", "setup"):
            return f"Player {seat + 1} is to choose next in the set-up."
        phase = "Action Phase" if state.phase == "action" else "End Phase"
        return (f"Round {state.round}, {phase}: Player {seat + 1} is to act, and Player {state.advantage + 1} holds "
                "the Advantage Token.")

    def is_over(self, state: SDState) -> bool:
        return state.phase == "over"

    def winners(self, state: SDState) -> list[int]:
        return list(state.winners)

    def scenario_state(self, state: SDState, partial: dict, where: str) -> SDState:
        return apply_partial(self, state, partial, where)

    def facts(self, state: SDState) -> dict[str, Any]:
        return partial_facts(self, state)

    def view(self, state: SDState) -> DuelView:
        """A read-only view of ``state`` for the pages (see :mod:`.view`)."""
        return DuelView(self, state)

    def value_names(self) -> dict[str, str]:
        """Every die of an active pool as it appears in the facts (``KIND/FACE``), in words:
        ``"attack-1/attack"`` -> ``"Level 1 Attack die showing Attack"`` (Dice); each Spirit Line (``pN.lines``) by
        its name (a Line sharing its id with its first Spirit keeps that Spirit's name) and each Class (``pN.classes``, ``classes_left``) by its name, ``"toxic-a"`` -> ``"Toxic Line A"``,
        ``"fire"`` -> ``"Fire"`` (session 30: the FAQ explorer showed the ids)."""
        return {**{f"{kind}/{face}": f"{kind_label(kind)} showing {face_label(face)}"
                   for kind, faces in DIE_FACES.items() for face in faces},
                **{line.id: line.name for line in self.cards.line_by_id.values() if line.id not in self.cards.by_id},
                **{c: c.capitalize() for c in CLASS_ABILITY}}

    # -- card facts -------------------------------------------------------------------------------------------------
    def effect_params(self, e: Effect) -> BaseModel:
        """Parsed parameters of effect entry ``e`` (validated at load)."""
        return self._params[id(e)]

    def mark(self, card: Any, field: str) -> str:
        """``" [provisional]"`` when ``field`` of ``card`` is a provisional value, else ``""``."""
        return " [provisional]" if field in getattr(card, "provisional", {}) else ""

    def card_label(self, cid: str) -> str:
        """``"Searing Strike (Fire Move, 1 Essence) [provisional]"`` (kept per card id: cards never change)."""
        label = self._card_labels.get(cid)
        if label is None:
            c = self.cards.by_id[cid]
            prov = " [provisional]" if c.provisional else ""
            label = self._card_labels[cid] = \
                f"{c.name} ({c.cls.capitalize()} {c.kind.capitalize()}, {c.cost} Essence){prov}"
        return label

    def team_cards(self, team_id: str) -> Counter:
        t = self.cards.team_by_id[team_id]
        return Counter({c: t.copies for c in t.deck})

    def owned_cards(self, p) -> Counter:
        """The 30 cards player ``p`` owns: their pre-built team's deck, or the deck of their drafted Classes and
        chosen Spirit Lines (empty until they have 3 of each; the deck is built once the draft is over)."""
        if p.team is not None:
            return self.team_cards(p.team)
        if len(p.classes) < 3 or len(p.spirits) < 3:
            return Counter()
        return draft_deck(self, p.classes, [sl.line for sl in p.spirits])

    # -- checks -------------------------------------------------------------------------------------------------------
    def upgrade_saved_state(self, data: Any) -> Any:
        """States saved before the ``chance`` field kept fixed die faces as ``forced_rolls``, and before Meditate's
        declared dice were :class:`.state.DieRef` items (:func:`.state.upgrade_saved_state`)."""
        return upgrade_saved_state(data)

    def check_invariants(self, s: SDState) -> list[str]:
        """Cards conserved per player, token caps held, Essence never negative, no work left without a decision;
        for a drafted game also: Classes conserved (each on the table or with one player), picks in the 1-2-2-1
        order, at most one Spirit Line per drafted Class and none of another Class."""
        probs: list[str] = []
        probs += self._draft_invariants(s)
        for p in s.players:
            zones = p.deck + p.hand + p.discard + p.aside + p.resolving + [it.card for it in p.items]
            zones += [t for sl in p.spirits for t in sl.traits]
            owned = Counter() if s.phase == "draft" else self.owned_cards(p)
            if Counter(zones) != owned:
                probs.append(f"player {p.seat + 1}: {conservation_problem(zones, list(owned.elements()))}")
            if p.essence < 0:
                probs.append(f"player {p.seat + 1}: negative Essence {p.essence}")
            if p.team is not None and [sl.line for sl in p.spirits] != list(self.cards.team_by_id[p.team].lines):
                probs.append(f"player {p.seat + 1}: Spirit Lines changed")
            for sl in p.spirits:
                for t in STATUS_TOKENS:
                    if not 0 <= getattr(sl, t) <= TOKEN_CAP:
                        probs.append(f"player {p.seat + 1}: {sl.line} has {getattr(sl, t)} {t} tokens")
                if sl.defeated and (sl.damage or any(getattr(sl, t) for t in STATUS_TOKENS)
                                    or (sl.stage == 1 and (sl.pool or sl.advantage_die))):
                    probs.append(f"player {p.seat + 1}: defeated {sl.line} still holds tokens or dice")
                if not sl.defeated and sl.damage >= self.health(sl):
                    probs.append(f"player {p.seat + 1}: {sl.line} should be defeated")
                for d in sl.pool:
                    if d.kind not in DIE_FACES or d.face not in DIE_FACES[d.kind]:
                        probs.append(f"player {p.seat + 1}: impossible die {d.kind}/{d.face}")
            for it in p.items if not s.pending and s.phase != "over" else ():  # a win can end a use mid-way
                if it.charges is not None and it.charges < 1:
                    probs.append(f"player {p.seat + 1}: spent item {it.card} still in play")
        adv = sum(d.kind == "advantage" for p in s.players for sl in p.spirits for d in sl.pool)
        adv += sum(sl.advantage_die for p in s.players for sl in p.spirits)
        if adv > 1:
            probs.append(f"{adv} Advantage Dice in play")
        if s.phase != "over" and not s.pending and s.work:
            probs.append("rules work left on the work stack with no decision pending")
        if s.phase != "over" and not s.pending and s.phase != "action":
            probs.append(f"phase {s.phase} with no decision pending")
        return probs

    def _draft_invariants(self, s: SDState) -> list[str]:
        drafted = [p for p in s.players if p.team is None]
        if not drafted:
            return ["draft state without drafted players"] if s.draft is not None or s.phase == "draft" else []
        probs: list[str] = []
        if len(drafted) != 2:
            probs.append("only one player has a drafted team")
        if (s.phase == "draft") != (s.draft is not None):
            probs.append(f"phase {s.phase} does not match the draft state")
        taken = [cl for p in s.players for cl in p.classes]
        table = list(s.draft.left) if s.draft is not None else []
        if (sorted(taken + table) != sorted(self.cards.class_by_id) if s.draft is not None
                else len(taken) != len(PICK_ORDER)):
            probs.append(f"Classes not conserved: table {table}, drafted {taken}")
        if len(set(taken)) != len(taken):
            probs.append(f"a Class drafted twice: {taken}")
        k = len(taken)
        want = Counter(s.advantage if h else 1 - s.advantage for h in PICK_ORDER[:k])
        if k > len(PICK_ORDER) or any(len(p.classes) != want[p.seat] for p in s.players):
            probs.append(f"Class picks out of the 1-2-2-1 order: {[p.classes for p in s.players]}")
        for p in drafted:
            got = [self.cards.line_class.get(sl.line) for sl in p.spirits]
            if any(cl not in p.classes for cl in got) or len(set(got)) != len(got):
                probs.append(f"player {p.seat + 1}: Spirit Lines {[sl.line for sl in p.spirits]} do not match one "
                             f"per drafted Class {p.classes}")
            if s.phase != "draft" and (len(p.classes) != 3 or len(p.spirits) != 3):
                probs.append(f"player {p.seat + 1}: play began without 3 Classes and 3 Spirit Lines")
        return probs

    def health(self, sl) -> int:
        return stat(self, sl, "health")

    def describe(self, s: SDState) -> str:
        lines = [f"Round {s.round}, {s.phase}; Advantage Token: Player {s.advantage + 1}"]
        if s.draft is not None:
            lines.append("Classes on the table: " + ", ".join(x.capitalize() for x in s.draft.left))
        for p in s.players:
            team = p.team if p.team is not None else "drafted " + (", ".join(x.capitalize() for x in p.classes)
                                                                   or "nothing yet")
            lines.append(f"Player {p.seat + 1} ({team}): {p.essence} Essence, {len(p.hand)} in hand, "
                         f"{len(p.deck)} in deck, {len(p.discard)} discarded")
            for sl in p.spirits:
                pool = ", ".join(f"{kind_label(d.kind)}={face_label(d.face)}" for d in sl.pool)
                lines.append(f"  {spirit_name(self, sl)}: {self.health(sl) - sl.damage if not sl.defeated else 0} "
                             f"Health left, {status_text(sl)}{', exhausted' if sl.exhausted else ''}"
                             + (f"; pool: {pool}" if pool else ""))
        return "\n".join(lines)
