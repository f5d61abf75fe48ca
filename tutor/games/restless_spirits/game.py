"""Restless Spirits (multiplayer, 2 to 4 players) on the stepwise engine.

Rulebook: ``shared/rulebooks/restless-spirits.txt`` (Setup, How to Play, On Your Turn, Winning the Game).
"""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from pydantic import BaseModel

from ...core.content import content_root
from ...core.errors import ContentError, said
from ...core.flow import Mark
from ...core.game import Game, StepResult, asked_options, conservation_problem
from ...core.model import Action, ActionMemo, Blocked, Clause, Event, sort_actions
from . import decisions, effects_copy, effects_locks_and_choices, moves, resolve, setup, solo, variants
from .achievements import ACHIEVEMENTS
from .cards import CardSet, Effect, LIGHT_TYPES
from .effects import REGISTRY
from .ongoing import mastery_locked, shield, turn_lock
from .partial import apply_partial, facts as partial_facts
from .playable import check_file, check_game
from ...core.cardfile import CardFileLoader
from ...core.options import id_list, parse_options
from .options import RSOptions
from .state import RSState, upgrade_saved_state
from .view import RestlessSpiritsView
from .zones import Ctx

GAME_DIR = "restless-spirits"


def _effect_sites(cards: CardSet):
    """Where effects sit in a Restless Spirits card set: each Spirit's ability, each Blessing and Curse."""
    for i, s in enumerate(cards.spirits):
        yield f"spirits[{i}].ability", s.ability.effects, s.id
    for group in ("blessings", "curses"):
        for i, c in enumerate(getattr(cards, group)):
            yield f"{group}[{i}]", c.effects, c.id


def _check_targets_and_timings(cards: CardSet, path: str) -> None:
    """An effect that needs a target opponent sits on a card that targets one, and every effect suits its card's
    timing (an Ongoing effect only in an Ongoing ability, and so on)."""
    for group in ("spirits", "blessings", "curses"):
        for i, card in enumerate(getattr(cards, group)):
            spirit = group == "spirits"
            holder = card.ability if spirit else card
            effects = holder.effects
            base = f"{group}[{i}]" + (".ability" if spirit else "")
            if any(REGISTRY[e.effect].needs_target for e in effects) and holder.target == "none":
                raise ContentError(f"{path}: {base}.target: {card.id} has an effect that needs a target opponent; "
                                   "set target to one-opponent, all-opponents or split-opponents", path=path,
                                   field=f"{base}.target")
            timing = {"activated": "use", "ongoing": "ongoing", "on-release": "on-release"}.get(
                card.ability.timing, "use") if spirit else "use"
            for j, e in enumerate(effects):
                if timing not in REGISTRY[e.effect].timings:
                    field = f"{base}.effects[{j}]"
                    raise ContentError(f"{path}: {field} ({card.id}): effect {said(e.effect)} cannot be used in an "
                                       f"ability or card of this kind ({timing}); it belongs to: "
                                       f"{', '.join(REGISTRY[e.effect].timings)}", path=path, field=field)


#: Restless Spirits' card files (:class:`tutor.core.cardfile.CardFileLoader`).
CARD_FILES = CardFileLoader(GAME_DIR, CardSet, REGISTRY, _effect_sites,
                            (_check_targets_and_timings, check_file))


def load_cards(path: str | Path | None = None) -> tuple[CardSet, dict]:
    """Load and check a Restless Spirits card file (default: ``content/restless-spirits/cards.yaml``).

    Returns ``(CardSet, {id(effect): parsed params})``. Raises :class:`ContentError` naming file and field.
    """
    return CARD_FILES.load(path)


class RestlessSpirits(Game):
    """Restless Spirits rules with chosen options.

    Options: ``side`` ("A" or "B": the B side's placement bonuses), ``first_game`` (bool: deal 5 Totems each
    instead of drafting; in solo mode the fifth dealt Totem goes to the Shrine without a choice), ``guides`` (list of
    guide ids, one per seat, to skip the guide choice), ``cards`` (path of a user card file), ``promos`` (ids of
    Promo Spirits to swap in for the Spirits they replace). ``players=1`` is Solo Mode.
    """

    game_id = "restless-spirits"
    title = "Restless Spirits"
    clause_prefix = "rs"
    move_kinds = moves.MOVE_KINDS
    state_model = RSState
    #: the flow of decisions (:data:`.decisions.FLOW`)
    flow = decisions.FLOW
    player_counts = (1, 2, 3, 4)  # 1 = solo mode
    #: Options for teaching pages (free play, recorded walkthroughs): the first-game set-up, no draft.
    teaching_options = {"first_game": True}

    def __init__(self, players: int, seed: int, clauses: dict[str, Clause], options: dict[str, Any]) -> None:
        opts = parse_options(RSOptions, "restless-spirits", options)
        if players not in (1, 2, 3, 4):
            raise ValueError(f"restless-spirits: players must be 2, 3 or 4 (or 1 for Solo Mode), got {said(players)}")
        self.cards, self._params = load_cards(opts["cards"])
        opts["promos"] = variants.check_promos(self.cards, opts["promos"])
        # what this player count and these options need of the card file, before anything else reads it
        check_game(self.cards, str(opts["cards"] or content_root() / GAME_DIR / "cards.yaml"), players, opts,
                   variants.deck_spirits(SimpleNamespace(cards=self.cards, options=opts)))
        if opts["guides"] is not None:
            opts["guides"] = id_list("restless-spirits", "guides", opts["guides"],
                                     [gd.id for gd in self.cards.guides], players, "guide", per_seat=True)
        super().__init__(players, seed, clauses, opts)
        self._kinds: dict[str, str] = {}
        #: ``{card id: "spirit" | "totem" | "blessing" | "curse" | "guide"}`` (read-only; :meth:`card_kind`)
        self.card_kinds = self._kinds
        # Memos of pure functions of the cards, shared by every game set up alike (Game.shared_caches):
        shared = self.shared_caches(self.cards)
        #: memo of :func:`.requirements.fill_options`
        self.fill_cache: dict[tuple, tuple] = shared.setdefault("fill", {})
        #: memo of built actions (see :func:`tutor.core.moves.built_once`)
        self.action_memo: ActionMemo = shared.setdefault("actions", ActionMemo())
        #: memos of :meth:`spirit_label` and :meth:`totem_label` by card id
        self._spirit_labels: dict[str, str] = shared.setdefault("spirit_labels", {})
        self._totem_labels: dict[str, str] = shared.setdefault("totem_labels", {})
        for group, kind in (("spirits", "spirit"), ("totems", "totem"), ("blessings", "blessing"),
                            ("curses", "curse"), ("guides", "guide")):
            for card in getattr(self.cards, group):
                self._kinds[card.id] = kind
        #: ``is_totem(card_id)``: True for a Totem card (a frozenset's ``__contains__``, for ``filter``)
        self.is_totem = frozenset(k for k, v in self._kinds.items() if v == "totem").__contains__

    # -- Game interface ------------------------------------------------------------------------------------------
    def initial_state(self) -> tuple[RSState, list[Event]]:
        return setup.initial_state(self)

    def legal_actions(self, state: RSState) -> list[Action]:
        # the Solo Mode discard and the options of a pending decision come from their own modules; the set-up
        # phases and the main turn from moves.legal_actions
        if state.phase == "solo-discard":
            return sort_actions(solo.discard_actions(self, state))
        if state.phase not in ("over", "guides", "draft") and state.pending:
            return sort_actions(decisions.decision_actions(self, state, state.pending[-1]))
        return moves.legal_actions(self, state)

    def blocked_actions(self, state: RSState) -> list[Blocked]:
        return moves.blocked_actions(self, state)

    def apply(self, state: RSState, action: Action) -> StepResult:
        c = Ctx(self, state)
        if state.phase in ("guides", "draft", "solo-discard"):
            setup.apply_setup(c, action)
            return StepResult(c.events)
        # the answer to the pending decision, else a main action; then the work whose decisions are answered (the
        # game's flow), then the automatic checks that end a step
        self.flow.step(c, action, resolve.main_action)
        resolve.after_step(c)
        if c.turn_actions is not None:  # worked out by the automatic turn-pass check, at the very end
            return StepResult(c.events, moves.legal_turn_actions(self, state, c.turn_actions))
        return StepResult(c.events, asked_options(state, c.asked, c.events, playing=state.phase == "play"))

    # -- calls from the rules modules up to the ones that import them (so no module imports one that imports it) --
    def check_releases(self, c: Ctx) -> None:
        """Release every completed Spirit (:func:`.resolve.check_releases`); :mod:`.abilities` calls it when a use
        ends."""
        resolve.check_releases(c)

    def copy_options(self, s: RSState, zone: str, target: int | None) -> list:
        """What a copying ability could copy now (:func:`.effects_copy.copy_options`), asked by :mod:`.idle`."""
        return effects_copy.copy_options(self, s, zone, target)

    def nothing_to_copy(self, zone: str, target: int | None) -> str:
        """The sentence for a copy with nothing to copy (:func:`.effects_copy.nothing_to_copy`), for :mod:`.idle`."""
        return effects_copy.nothing_to_copy(zone, target)

    def disable_options(self, s: RSState, target: int) -> list:
        """The Spirits of ``target`` a Dark ability could disable now
        (:func:`.effects_locks_and_choices.disable_options`), asked by :mod:`.idle`."""
        return effects_locks_and_choices.disable_options(self, s, target)

    def solo_type_ability(self, c: Ctx, seat: int, space: int, card: str) -> None:
        """Solo Mode: the Spirit Type ability of an attracted Spirit (:func:`.solo.type_ability`), run on by the
        work item :class:`.state.ResumeSolo` (:func:`.abilities.resume_solo`)."""
        solo.type_ability(c, seat, space, card)

    def solo_after_placement(self, c: Ctx, seat: int, space: int, before: Mark):
        """Solo Mode: what follows placing a Spirit (:func:`.solo.after_placement`), called by :mod:`.resolve`."""
        return solo.after_placement(c, seat, space, before)

    def solo_end_of_turn(self, c: Ctx):
        """Solo Mode: the end of a turn (:func:`.solo.end_of_turn`), called by :mod:`.resolve`."""
        return solo.end_of_turn(c)

    def solo_finish(self, c: Ctx):
        """Solo Mode: the end of the game (:func:`.solo.finish_solo`), called by :mod:`.resolve`."""
        return solo.finish_solo(c)

    def current_player(self, state: RSState) -> int | None:
        if state.phase == "over":
            return None
        if state.phase == "guides":
            return next(p.seat for p in state.players if p.guide is None)
        if state.phase == "draft":
            return state.draft.picked.index(False)
        if state.phase == "solo-discard":
            return 0
        return state.pending[-1].actor if state.pending else state.current

    def prepared_turn(self, state: RSState) -> str:
        """Whose turn it is on a prepared table, with their AP in play (:meth:`Game.prepared_turn`)."""
        seat = self.current_player(state)
        if seat is None:
            return "The game is over."
        who = f"Player {seat + 1}"
        if state.phase == "guides":
            return f"{who} is to choose a Spirit Guide."
        if state.phase == "draft":
            return f"{who} is to keep a Totem in the draft."
        if state.phase == "solo-discard":
            return f"{who} is to discard for Solo Mode."
        turn = f"Player {state.current + 1}"
        line = f"It is {turn}'s turn, with {state.players[state.current].ap} AP left."
        return line + (f" {who} has a choice to make first." if state.pending else "")

    def is_over(self, state: RSState) -> bool:
        return state.phase == "over"

    def winners(self, state: RSState) -> list[int]:
        return list(state.winners)

    def scenario_state(self, state: RSState, partial: dict, where: str) -> RSState:
        return apply_partial(self, state, partial, where)

    def view(self, state: RSState) -> RestlessSpiritsView:
        """A read-only view of ``state`` for the pages (see :mod:`.view`)."""
        return RestlessSpiritsView(self, state)

    def facts(self, state: RSState) -> dict[str, Any]:
        return partial_facts(self, state)

    # -- card facts used by rules, views and effects ------------------------------------------------------------------
    def card_kind(self, card_id: str) -> str:
        """``"spirit"``, ``"totem"``, ``"blessing"``, ``"curse"`` or ``"guide"``."""
        return self._kinds[card_id]

    @property
    def solo(self) -> bool:
        """True in Solo Mode (one player): Spirit Type abilities instead of printed ones, no opponents."""
        return self.players == 1

    def deck_spirits(self):
        """The Spirits shuffled into this game's Spirit deck: the 30 main Spirits, each chosen promo in place of the
        Spirit it replaces (Promo Spirits)."""
        return variants.deck_spirits(self)

    def effect_params(self, e: Effect) -> BaseModel:
        """Parsed parameters of effect entry ``e`` (validated at load)."""
        return self._params[id(e)]

    def mark(self, card: Any, field: str) -> str:
        """``" [provisional]"`` when ``field`` of ``card`` is a provisional value, else ``""``."""
        return " [provisional]" if field in getattr(card, "provisional", {}) else ""

    def type_name(self, t: str, card: Any = None, field: str = "type") -> str:
        """Display name of a Spirit type, marked provisional when ``card.field`` is."""
        return t.capitalize() + (self.mark(card, field) if card is not None else "")

    def guide_name(self, gid: str) -> str:
        """``"Hana the Keeper [provisional]"``: a Spirit Guide's name, marked when the name is ours, not the
        rulebook's."""
        gd = self.cards.by_id[gid]
        return gd.name + self.mark(gd, "name")

    def guide_label(self, gid: str) -> str:
        """``"Hana the Keeper [provisional] (Sacred Mastery)"``: :meth:`guide_name` and the Mastery type."""
        gd = self.cards.by_id[gid]
        return f"{self.guide_name(gid)} ({self.type_name(gd.mastery, gd, 'mastery')} Mastery)"

    def spirit_label(self, sid: str) -> str:
        """``"Gonga (Sacred [provisional])"`` (kept per card id in ``_spirit_labels``: cards never change)."""
        label = self._spirit_labels.get(sid)
        if label is None:
            sp = self.cards.by_id[sid]
            label = self._spirit_labels[sid] = f"{sp.name} ({self.type_name(sp.type, sp)})"
        return label

    def totem_label(self, tid: str) -> str:
        """``"Bell & Drum (double)"``, ``"Rice Dumpling (wild, Fortune)"``; provisional names/icons marked (kept per
        card id in ``_totem_labels``: cards never change)."""
        label = self._totem_labels.get(tid)
        if label is None:
            t = self.cards.by_id[tid]
            if t.kind == "wild":
                label = f"{t.name} (wild, {t.wild_type.capitalize()}){self.mark(t, 'name')}"
            else:
                label = f"{t.name} ({t.kind})" + (" [provisional]" if t.provisional else "")
            self._totem_labels[tid] = label
        return label

    def value_names(self) -> dict[str, str]:
        """Every Totem icon as it appears in the facts (``pN.unmet.<space>``), by the name the game prints:
        ``{"spirit-cloak": "Spirit Cloak", "lantern": "Lantern", ...}`` (Totem Cards), so an expectation reads
        "Lantern, Mirror", never "lantern, mirror"; and every achievement (``pN.achievements``) by its name
        (session 30: the FAQ explorer read "Player 1's achievements are count-your-blessings")."""
        return {**self.cards.icon_names, **{a.id: a.name for a in ACHIEVEMENTS}}

    def icon_label(self, icon: str) -> str:
        """Display name of a Totem icon."""
        return self.cards.icon_names[icon]

    def requirements_label(self, sid: str) -> str:
        """``"Bell, Drum and Key [provisional]"``."""
        sp = self.cards.by_id[sid]
        names = [self.icon_label(r) for r in sp.requirements]
        return f"{names[0]}, {names[1]} and {names[2]}{self.mark(sp, 'requirements')}"

    def attract_cost(self, s: RSState, seat: int, sid: str) -> int:
        """AP to attract ``sid``: 0 when it matches the guide's Mastery type (Character Mastery), else 1."""
        guide = s.players[seat].guide
        return 0 if guide and self.cards.by_id[guide].mastery == self.cards.by_id[sid].type else 1

    def attract_locked(self, s: RSState, seat: int, sid: str) -> bool:
        """True when an opponent's Ongoing ``mastery-lock`` (Aluak) forbids ``seat`` attracting ``sid`` with the
        attract actions."""
        return mastery_locked(self, s, seat, sid) is not None

    def turn_locked(self, s: RSState, seat: int, action: str) -> bool:
        """True when an opponent's ability (Baikeng) forbids ``seat`` to take ``action`` until its user's next
        turn."""
        return turn_lock(s, seat, action) is not None

    def targets(self, s: RSState, seat: int, source: str | None) -> list[int]:
        """Opponents that ``seat`` may target with ``source`` (a card id, or ``None`` for any), in seat order.
        Opponents protected against ``source`` (a Dark Spirit's ability, a Curse) by an Ongoing ``protection``
        (Nordheim, Virley) are left out."""
        return [p.seat for p in s.players if p.seat != seat and shield(self, s, p.seat, source) is None]

    def _in_play(self, s: RSState, card: str) -> bool:
        return any(ps is not None and ps.card == card for p in s.players for ps in p.board)

    # -- checks -------------------------------------------------------------------------------------------------------
    def upgrade_saved_state(self, data: Any) -> Any:
        """States saved before the ``work`` stack kept paused abilities as ``resume-effects`` / ``resume-solo``
        markers among the pending decisions (:func:`.state.upgrade_saved_state`)."""
        return upgrade_saved_state(data)

    def check_invariants(self, s: RSState) -> list[str]:
        """Cards conserved (every card in exactly one zone), counters in range, board shape."""
        probs: list[str] = []
        zones: list[str] = []
        zones += s.spirit_deck + s.spirit_discard + [x for x in s.lost_spirits if x] + s.totem_deck + s.totem_discard
        zones += [x for row in s.markets for x in row if x] + s.shrine + s.blessing_deck + s.curse_deck + s.out_of_game
        for p in s.players:
            zones += p.hand + p.released
            for ps in p.board:
                if ps is not None:
                    zones += [ps.card] + ps.totems
                    if set(x for x in ps.slots if x and self._kinds.get(x) != "spirit") - set(ps.totems):
                        probs.append(f"player {p.seat + 1}: a slot is met by a Totem not under the Spirit")
            if not 0 <= p.activation_tokens <= 3:
                probs.append(f"player {p.seat + 1}: {p.activation_tokens} activation tokens")
            used = sum(1 for q in s.players for ps in q.board if ps is not None and ps.used
                       and (q.seat if ps.token_owner is None else ps.token_owner) == p.seat)
            if p.activation_tokens + used != 3:
                probs.append(f"player {p.seat + 1}: activation tokens {p.activation_tokens} + used {used} != 3")
            if p.ap < 0:
                probs.append(f"player {p.seat + 1}: negative AP")
            if len(p.hand) > 7 and not p.no_hand_limit and not any(
                    d.actor == p.seat and d.kind == "choose-limit-discard" for d in s.pending):
                probs.append(f"player {p.seat + 1}: {len(p.hand)} cards in hand")
        if s.draft:
            for pk in s.draft.packets:
                zones += pk
        for d in s.pending:
            zones += d.waiting_cards()
        for w in s.work:  # a played Blessing or Curse waits in no zone while its paused effects wait
            if w.kind == "resume-effects" and w.run.then_discard:
                zones.append(w.run.then_discard)
        for p in s.players:
            for lock in p.locks:
                if not self._in_play(s, lock.source):
                    probs.append(f"player {p.seat + 1}: a lock from {lock.source}, which is not in play")
        if s.work and s.phase != "over" and len(s.pending) <= s.work[-1].under:
            probs.append("paused rules work was left waiting though the decisions it waits for are answered")
        want = sorted(self._kinds[k] and k for k in self._kinds if self._kinds[k] != "guide")
        if sorted(zones) != want:
            probs.append(conservation_problem(zones, want))
        return probs
