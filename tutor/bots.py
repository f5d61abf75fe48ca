"""Computer players and hints: a seat's observation, bots that play from it, and why they choose a move.

Public:

- :func:`observation` ``(session, seat) -> dict``: what one seat may see (its own hand; the other seats' hands,
  decks and face-down cards as counts; never deck order or the random generator's state), and :func:`determinise`,
  both from :mod:`tutor.hidden`.
- :func:`bot` ``(game_id, level="normal", seed=0) -> Bot``: ``easy`` plays a random legal move; ``normal`` scores
  every legal move by looking one move ahead (and through the decisions that move asks of the same seat) on a
  *determinised* copy of the state: the cards its seat cannot see are dealt again at random from the cards it
  cannot see, and the random generator is replaced, so its choice depends only on its seat's observation.
- :meth:`Bot.choose` ``(session) -> Action`` (a legal action of the seat whose decision it is) and
  :meth:`Bot.explain` ``(session, action) -> str``: a sentence or two in the game's terms, citing clauses.

The scoring of a position is each game's own (``tutor/games/<game>/strategy.py``): the rulebook's goals (release
Spirits and hold the Totems they need in Restless Spirits; Spirit, Camps toward a March and no Overrun in Spirited;
damage dealt and Spirits kept in Spirit Duels), as named features with weights, so an explanation can say which
goal a move serves.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel

from .core.model import Action
from .core.session import Session, copy_state
from .hidden import determinise, observation  # noqa: F401 (moved to tutor.hidden; observation kept here for tutor)
from .hidden import strategy as _strategy
from .step_words import bare
from .still import Still  # noqa: F401 (a still copy of a session, for a worker thread: tutor.still)

#: The bot levels: ``easy`` (a random legal move) and ``normal`` (rules-aware, one move ahead).
LEVELS = ("easy", "normal")

#: How much the best opponent's progress counts against the bot's own (block the leader).
OPPONENT_WEIGHT = 0.6
#: At most this many decisions of the same seat are looked through after a move (buy -> which Totem -> ...).
FOLLOW_DEPTH = 2
#: Value of a won (lost) position, far above any feature sum.
WIN = 1000.0
#: How a strategy's reasons name the seat that moves: ``{you}``/``{your}`` marks, filled for a hint ("you") or for
#: the computer's own move ("it").
VOICES = {"you": {"{your}": "your", "{you}": "you"}, "it": {"{your}": "its", "{you}": "it"}}


@dataclass(frozen=True)
class Scored:
    """One legal action with the value of the position it leads to (for the seat that takes it) and the feature
    changes that make that value (``{feature: change}``)."""

    action: Action
    value: float
    changes: dict[str, float]
    #: the part of ``changes`` the action makes by itself, before the decisions it leads the same seat to (a Scout's
    #: Rally or Recruit): a reason for those says so (trial 18: "Play a Sao card: ... grows a Camp")
    own: dict[str, float] | None = None
    #: said of a seat whose hand is hidden (:meth:`Bot._public`): a strategy's reason then names none of its hidden
    #: cards (Restless Spirits' offering reason, hints35)
    public: bool = False
    #: ``changes`` are those of the decisions after the action (:meth:`Bot.reasons`), which a strategy may say whose
    #: they are (Spirited's March: "then its Camps score 4 Spirit in all", reason 46)
    then: bool = False
    #: the part of ``changes`` that came after the look-ahead first drew a hidden card (the strategy's
    #: ``DRAWN_FEATURE`` changed): what a guessed card let the choices after it do, which a reason says as a chance
    #: (truth 46: "then the next choice shields a clan stack" of a Rally, a Shield only the Summon's guessed card
    #: allowed); None for a game without hidden draws
    chance: dict[str, float] | None = None
    #: ``changes`` are such a chance (:meth:`Bot.reasons`)
    drawn: bool = False


def _said_once(said: str, reasons: list[str]) -> list[str]:
    """The reasons of the decisions a move leads to (each ``"it <does> ..."``), said as one: ``said`` once, then
    what each does, joined (``"then the card taken next grows a Camp ... [sp.march], and shields a clan stack ...
    [sp.shield]"``; verify 43: "then the card taken next" was said before each of them). A reason that is not
    ``"it ..."`` stays as it is; with no ``said``, every reason does."""
    if not said:
        return list(reasons)
    doing = list(dict.fromkeys(r[3:] for r in reasons if r.startswith("it ")))
    if not doing:
        return list(reasons)
    if len(doing) > 1:  # the move's own clauses, cited after each part, are cited once, at the end
        tags = [re.findall(r" \[[^\]\s]+\]", (re.search(r"(?: \[[^\]\s]+\])*$", d) or [""])[0]) for d in doing]
        n = 0
        while all(len(t) > n for t in tags) and len({t[-1 - n] for t in tags}) == 1:
            n += 1
        cut = len("".join(tags[0][len(tags[0]) - n:])) if n else 0
        if cut:
            doing = [d[:-cut] for d in doing[:-1]] + [doing[-1]]
    joined = f"{said} " + (doing[0] if len(doing) == 1 else f"{', '.join(doing[:-1])}, and {doing[-1]}")
    first = next(i for i, r in enumerate(reasons) if r.startswith("it "))
    rest = [r for r in reasons if not r.startswith("it ")]
    return rest[:first] + [joined] + rest[first:]


#: How a strategy's fallback reason begins (no move does anything now): never said of the decisions after an action.
_FALLBACK = ("no move now", "nothing left")


def _without(mine: Scored, keys, public: bool) -> Scored:
    """``mine`` with the feature changes named in ``keys`` left out of ``changes``, ``own`` and ``chance``."""
    def cut(ch: dict[str, float] | None) -> dict[str, float] | None:
        return None if ch is None else {k: v for k, v in ch.items() if k not in keys}
    return Scored(mine.action, mine.value, cut(mine.changes), cut(mine.own), public=public, chance=cut(mine.chance))


def _chance(sure: dict[str, float] | None, after: dict[str, float]) -> dict[str, float] | None:
    """The feature changes from ``sure`` (:meth:`Bot._sure`) to ``after``, those above rounding; None without
    ``sure``."""
    if sure is None:
        return None
    got = {k: after.get(k, 0.0) - sure.get(k, 0.0) for k in set(sure) | set(after)}
    return {k: v for k, v in got.items() if abs(v) > 1e-9} or None


class Bot:
    """A computer player for one game. Create it with :func:`bot`.

    Attributes:
        game_id: the game it plays.
        level: ``"easy"`` or ``"normal"``.
        seed: the seed of its own random generator (its only source of chance; the game's is never read).
    """

    def __init__(self, game_id: str, level: str, seed: int) -> None:
        self.game_id = game_id
        self.level = level
        self.seed = seed
        self._strategy = _strategy(game_id)

    def _rnd(self, session: Session) -> random.Random:
        # A generator per decision, from the bot's seed and how far the game is: the same bot at the same point
        # of a game chooses the same way, whatever it was asked before (hints, undo).
        return random.Random(f"{self.seed}:{self.game_id}:{len(session.history)}:{session.current_player}")

    def _check(self, session: Session) -> None:
        if session.game_id != self.game_id:
            raise ValueError(f"this bot plays {self.game_id}, not {session.game_id}")
        if session.is_over:
            raise ValueError("the game is over: there is no move to choose")

    def choose(self, session: Session) -> Action:
        """A legal action for the seat whose decision it is (``session.current_player``).

        Raises:
            ValueError: the game is over, or the session is of another game.
        """
        self._check(session)
        actions = session.legal_actions()
        rnd = self._rnd(session)
        if self.level == "easy" or len(actions) == 1:
            return actions[rnd.randrange(len(actions))] if self.level == "easy" else actions[0]
        return self.rank(session, rnd)[0].action

    def rank(self, session: Session, rnd: random.Random | None = None) -> list[Scored]:
        """Every legal action scored by the ``normal`` level, best first (ties in a seeded random order)."""
        self._check(session)
        rnd = rnd or self._rnd(session)
        game, seat = session.game, session.current_player
        base = determinise(game, session.state, seat, rnd.getrandbits(64))
        before = self._strategy.features(game, base, seat)
        # a strategy may judge some moves by rule (``judge``: their worth as a change from now), where looking
        # ahead through its own guess at chance would see lucky rolls (trial 34: Meditate's reroll)
        judge, now = getattr(self._strategy, "judge", None), None
        scored = []
        for action in session.legal_actions():
            alone: list[dict[str, float]] = []
            value, after = self._look(game, base, action, seat, FOLLOW_DEPTH, alone)
            sure = self._sure(before, alone)
            ruled = judge(game, base, seat, action) if judge is not None else None
            if ruled is not None:
                now = self.value(game, base, seat) if now is None else now
                value = now + ruled
            first = alone[0]
            changes = {k: after.get(k, 0.0) - before.get(k, 0.0) for k in set(before) | set(after)}
            own = {k: first.get(k, 0.0) - before.get(k, 0.0) for k in set(before) | set(first)}
            scored.append((value + rnd.random() * 1e-6, Scored(
                action, value, {k: v for k, v in changes.items() if abs(v) > 1e-9},
                {k: v for k, v in own.items() if abs(v) > 1e-9}, chance=_chance(sure, after))))
        scored.sort(key=lambda x: -x[0])
        return [s for _, s in scored]

    def _look(self, game, state: BaseModel, action: Action, seat: int, depth: int,
              alone: list | None = None) -> tuple[float, dict[str, float]]:
        s = copy_state(state)
        game.apply(s, action)
        if alone is not None:  # the features right after the action, then after each decision of the line it leads to
            alone.append(self._strategy.features(game, s, seat))
        if (depth > 0 and not game.is_over(s) and game.current_player(s) == seat
                and self._strategy.mid_move(game, s, seat)):
            best: tuple[float, dict[str, float]] | None = None
            line: list | None = None
            for nxt in game.legal_actions(s):
                trail = [] if alone is not None else None
                got = self._look(game, s, nxt, seat, depth - 1, trail)
                if best is None or got[0] > best[0]:
                    best, line = got, trail
            if best is not None:
                if alone is not None:
                    alone.extend(line or [])
                return best
        value = self.value(game, s, seat)
        if game.is_over(s) and value:
            # a game won sooner is worth more (and lost sooner less): of two lines that both win, the one that wins
            # now, not one that spends a die on a Spirit that takes no damage first and wins with the next (trial 43)
            value += depth if value > 0 else -depth
        return value, self._strategy.features(game, s, seat)

    def value(self, game, state: BaseModel, seat: int) -> float:
        """How good ``state`` is for ``seat``: its weighted features less :data:`OPPONENT_WEIGHT` times the best
        opponent's; :data:`WIN` (or minus it) once the game is over."""
        if game.is_over(state):
            winners = game.winners(state)
            return WIN if seat in winners else (-WIN if winners else 0.0)
        w = self._strategy.WEIGHTS

        def total(p: int) -> float:
            return sum(w.get(k, 0.0) * v for k, v in self._strategy.features(game, state, p).items())

        own = total(seat)
        others = [total(p) for p in range(game.players) if p != seat]
        return own - (OPPONENT_WEIGHT * max(others) if others else 0.0)

    def explain(self, session: Session, action: Action | str, voice: Literal["you", "it"] = "you") -> str:
        """Why ``action`` is a sensible move now, in a sentence or two citing clauses, e.g. ``"Attract Gonga: you
        hold Totems for 2 of its 3 requirements [rs.attract]."``. ``voice`` is whom the sentence speaks of:
        ``"you"`` (a hint to the seat to play) or ``"it"`` (the computer's own move: "its board").

        Raises:
            ValueError: the game is over, ``action`` is not legal now, or ``voice`` is neither "you" nor "it".
        """
        return self._say(session, *self._scored(session, action, voice), voice)

    def _scored(self, session: Session, action: Action | str, voice: str) -> tuple[Scored, Scored]:
        """``action``'s score and the best move's, after the checks :meth:`explain` and :meth:`reason` share.

        Raises:
            ValueError: as :meth:`explain`."""
        self._check(session)
        if voice not in VOICES:
            raise ValueError(f"voice must be 'you' or 'it', got {voice!r}")
        action = session.find_action(action)
        ranked = self.rank(session)
        mine = next(s for s in ranked if s.action.id == action.id)
        return (self._as_played(session, mine) if voice == "it" else mine), ranked[0]

    def _public(self, mine: Scored) -> Scored:
        """``mine`` without the feature changes that only the seat's hidden cards tell (the strategy's
        ``HIDDEN_FEATURES``: Restless Spirits' Totems in hand that fit), so that a reason said of a seat whose hand
        is hidden holds only what the other players may know (play26: "then 2 Totems already in its hand fit an
        unmet requirement" told the learner what the computer's hidden hand held)."""
        return _without(mine, getattr(self._strategy, "HIDDEN_FEATURES", ()), public=True)

    def _as_played(self, session: Session, mine: Scored) -> Scored:
        """``mine`` with the feature changes the move makes on the true position (not the computer's guess at the
        hidden cards, :func:`determinise`): what the computer says of its own move must be true of the board (trial
        21: after stealing two Timeweaver Totems with Grasping Shadows it said "it brings its hand a Totem that fits
        an unmet requirement", which held only for the Totems it had guessed were in the other hand). Its value
        (the move's rank) stays the guess's."""
        game, seat = session.game, session.current_player
        before = self._strategy.features(game, session.state, seat)
        alone: list[dict[str, float]] = []
        _, after = self._look(game, session.state, mine.action, seat, FOLLOW_DEPTH, alone)
        changes = {k: after.get(k, 0.0) - before.get(k, 0.0) for k in set(before) | set(after)}
        own = {k: alone[0].get(k, 0.0) - before.get(k, 0.0) for k in set(before) | set(alone[0])}
        return Scored(mine.action, mine.value, {k: v for k, v in changes.items() if abs(v) > 1e-9},
                      {k: v for k, v in own.items() if abs(v) > 1e-9},
                      chance=_chance(self._sure(before, alone), after))

    def _sure(self, before: dict[str, float], line: list[dict[str, float]]) -> dict[str, float] | None:
        """The features at the end of the part of the look-ahead's ``line`` (the features after the action, then
        after each decision it led to) that came before its first draw of a hidden card (the strategy's
        ``DRAWN_FEATURE`` changed), or None when nothing hidden was drawn (or the game has no hidden draws). A draw
        comes at the end of the decision that makes it (Spirited's Summon after a Recruit): what that decision does
        to the strategy's ``CHOSEN_FEATURES`` (a Camp grown) stays sure; the rest of it (an Overrun, the Hourglass)
        and every decision after it are the guessed cards' (truth 46)."""
        key = getattr(self._strategy, "DRAWN_FEATURE", None)
        if key is None or not line:
            return None
        k = next((i for i, f in enumerate(line) if f.get(key) != before.get(key)), None)
        if k is None:
            return None
        if k == 0:
            return line[0]  # (the action's own changes stay its own)
        chosen = getattr(self._strategy, "CHOSEN_FEATURES", ())
        return {**line[k - 1], **{f: v for f, v in line[k].items() if f in chosen}}

    def reasons(self, session: Session, mine: Scored) -> list[str]:
        """Why ``mine`` is sensible, as the strategy's phrases (citing clauses): what the action does by itself
        first; what the decisions it leads the same seat to then do (a Scout's Rally or Recruit, an attract's
        offering and space) said as theirs, "then <doing> ..." (trial 18: a Sao card's power was said to grow a
        Camp, which the Recruit after it did). Each game's strategy names those decisions by the action's kind
        (``FOLLOW``: Spirited's "then the card taken next", Restless Spirits' "with the Totem taken next, it"; ``""``
        where the decisions are the action's own, as an attract's offering and space; by default "then the next
        choice")."""
        game, state = session.game, session.state
        mine = self._unsaid(mine)
        # (the strategy's own words already say a Battle a Passing of Time card brings as a chance, and the Spirit
        # of a Battle already due as sure: those stay its own, ``UNGUESSED_FEATURES``)
        carried = {k: mine.changes[k] for k in getattr(self._strategy, "CARRIED_FEATURES", ()) if
                   abs(mine.changes.get(k, 0.0)) > 1e-9}
        # (truth 48: a March whose Regroup drew a Passing of Time card carried the Hourglass, and the Shield the
        # Regroup's second card then allowed was said as sure, "then the next Camp used shields a clan stack": what
        # came after the draw stays a chance whether or not the action moved the Hourglass)
        # (and a Battle that a card drawn there brought, whose Spirit came after the draw, is that chance's: the sure
        # Spirit of the Camps a March used before it stays theirs, ``CARRIED_CHANCE``)
        keep = getattr(self._strategy, "CARRIED_CHANCE", ()) if carried else ()
        chance = {k: v for k, v in (mine.chance or {}).items()
                  if k not in getattr(self._strategy, "UNGUESSED_FEATURES", ()) or k in keep}
        if any(abs(chance.get(k, 0.0)) > 1e-9 for k in keep):
            carried, chance = {}, {**chance, **carried}
        if mine.own is None or (mine.own == mine.changes and not chance):
            return self._strategy.reasons(game, state, mine)
        later = {k: v - mine.own.get(k, 0.0) - chance.get(k, 0.0) for k, v in
                 {**{k: 0.0 for k in chance}, **mine.changes}.items()}
        later = {k: v for k, v in later.items() if abs(v) > 1e-9}
        # (a change the action itself made that tells what the choices after it meet: Spirited's Hourglass, moved by a
        # Passing of Time card as the action refills the Road, makes the Battle its choices score in a chance)
        if later:
            later.update(carried)
        # what the choices after a draw of hidden cards did, the look-ahead's guess at those cards (truth 46)
        guessed = [r for r in self._strategy.reasons(game, state, Scored(
            mine.action, mine.value, {**chance, **carried}, public=mine.public, then=True, drawn=True))
            if not r.startswith(_FALLBACK)] if chance else []
        first = (self._strategy.reasons(game, state, Scored(mine.action, mine.value, mine.own, public=mine.public))
                 if mine.own else [])
        if first and first[-1].startswith(_FALLBACK):
            first = []  # (the fallback says no move does anything: the decisions after it do)
        then = (self._strategy.reasons(game, state, Scored(mine.action, mine.value, later, public=mine.public,
                                                           then=True))
                if later else [])
        then = [r for r in then if not r.startswith(_FALLBACK)]
        said = getattr(self._strategy, "FOLLOW", {}).get(mine.action.kind, "then the next choice")
        then = _said_once(said, then)
        # one reason said once (trial 22's look: a Spirit Duels set-aside said its mulligan reason twice, for the
        # card set aside and for the card drawn in its place)
        return list(dict.fromkeys(first + then + guessed)) or self._strategy.reasons(game, state, mine)

    def _unsaid(self, mine: Scored) -> Scored:
        """``mine`` without the feature changes no move makes, which come by themselves (the strategy's
        ``AUTOMATIC_FEATURES``: Spirited's Final Battle Camp scoring, verify 44: "then the next choice scores 4
        Spirit" of a Manoeuvre)."""
        auto = getattr(self._strategy, "AUTOMATIC_FEATURES", ())
        return _without(mine, auto, public=mine.public) if auto else mine

    def _why(self, session: Session, mine: Scored, best: Scored, voice: str = "you", public: bool = False) -> str:
        """The reasons for ``mine`` as one clause (``"it grows a Camp ... [sp.march]."``, no capital, with its full
        stop), and the stronger move when ``mine`` is worth less than the best (a move as good as the best, such as
        another guide before any Spirit is dealt, is not told that one is stronger); ``{you}``/``{your}`` filled
        for ``voice``. ``public``: only what the other players may know (:meth:`_public`; no stronger move, whose
        label may name a hidden card)."""
        text = "; ".join(self.reasons(session, self._public(mine) if public else mine)) + "."
        if best.action.id != mine.action.id and best.value > mine.value and not public:
            text += f" A stronger move now: {bare(best.action.label)}."
        for mark, word in VOICES[voice].items():
            text = text.replace(mark, word)
        return text

    def _say(self, session: Session, mine: Scored, best: Scored, voice: str = "you") -> str:
        """``"<label>: <reasons>."``: the label without its own closing full stop; a label that holds a colon
        already (a card's power, a die) is followed by ``". "`` and the reasons as a sentence of their own, so that no
        sentence has two colons (trial 18: "... 1 lower†.: it grows a Camp")."""
        head, why = bare(mine.action.label), self._why(session, mine, best, voice)
        return f"{head}. {why[:1].upper()}{why[1:]}" if ":" in head else f"{head}: {why}"

    def reason(self, session: Session, action: Action | str, voice: Literal["you", "it"] = "it",
               public: bool = False) -> str:
        """Why ``action`` is a sensible move now, without the action's label: the clause :meth:`explain` puts after
        it (``"it grows a Camp toward a better medal at its next March [sp.march]."``), for a page that names the
        move itself. ``public``: said for a page that hides the seat's hand, only what the other players may know
        (no count or name of its hidden cards: "it brings a Spirit to its board ...", without "then 2 Totems
        already in its hand fit ...").

        Raises:
            ValueError: as :meth:`explain`.
        """
        return self._why(session, *self._scored(session, action, voice), voice, public)

    def reason_pair(self, session: Session, action: Action | str,
                    voice: Literal["you", "it"] = "it") -> tuple[str, str]:
        """:meth:`reason` in full and in its ``public`` words, the move weighed once: ``(full, public)``, for a page
        that shows the one or the other as its "Show all hands" box says.

        Raises:
            ValueError: as :meth:`explain`.
        """
        mine, best = self._scored(session, action, voice)
        return self._why(session, mine, best, voice), self._why(session, mine, best, voice, True)

    def more(self, session: Session, action: Action | str) -> str:
        """A hint's next rung: what ``action`` itself does, from the rules and the card: ``"What it does (Scout):
        Scouting has three steps: ... [sp.scout]"``, and the card's own text where the action plays, uses or
        activates a card (``"Salty Bite: Deal 2 damage ... [sd.play-card]"``). Clause ids in brackets, as
        :meth:`explain`'s.

        Raises:
            ValueError: the game is over, or ``action`` is not legal now.
        """
        self._check(session)
        action = session.find_action(action)
        clauses = session.clauses() if hasattr(session, "clauses") else {}
        main = next((clauses[c] for c in action.clauses if c in clauses), None)
        out = []
        if main is not None:
            out.append(f"What it does ({bare(main.title)}): {main.text} [{main.id}]")
        card = self._strategy_card(session, action)
        if card is not None:
            name, text = card
            out.append(f"{name}: {text}")
        return " ".join(x if x.endswith((".", "]")) else x + "." for x in out) or f"{bare(action.label)}."

    def _strategy_card(self, session: Session, action: Action) -> tuple[str, str] | None:
        """The card ``action`` plays, uses or activates and its text in our words (the strategy's ``card_text``)."""
        find = getattr(self._strategy, "card_text", None)
        return find(session.game, session.state, action) if find is not None else None

    def hint(self, session: Session) -> tuple[Action, str]:
        """The ``normal`` level's move for the seat to play and why (hints never play the move)."""
        self._check(session)
        ranked = self.rank(session)
        return ranked[0].action, self._say(session, ranked[0], ranked[0])


def bot(game_id: str, level: Literal["easy", "normal"] | str = "normal", seed: int = 0) -> Bot:
    """A computer player for ``game_id`` at ``level`` (see :data:`LEVELS`), with its own generator from ``seed``.

    Raises:
        ValueError: unknown game or level, or a seed that is not a whole number.
    """
    _strategy(game_id)
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"bot seed must be a whole number, got {type(seed).__name__}")
    return Bot(game_id, level, seed)
