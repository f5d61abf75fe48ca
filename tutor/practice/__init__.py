"""Practice made by the engine: questions from real positions, for any game, deterministic from a seed.

    from tutor.practice import generate, QuestionPool
    qs = generate("spirit-duels", seed=7, count=20)        # the first 20 questions of seed 7
    q = qs[0]; q.kind, q.prompt, [o.text for o in q.options], q.answer, q.explanation
    pool = QuestionPool("restless-spirits", seed=1)
    pool.for_clause("rs.release")                          # a question practising that rule, if one can be found

Positions come from the game's lessons and scenarios and from random play (:mod:`tutor.practice.positions`);
question kinds and how their answers come from the engine: :mod:`tutor.practice.questions`. Scheduling by clause
(spaced repetition with ``fsrs``): :mod:`tutor.practice.schedule`.
"""
from __future__ import annotations

import re
from typing import Callable, Iterator

from ..core.rng import Rng
from ..registry import clauses_for
from .positions import Position, copy_session, lesson_positions, origins, random_positions, scenario_positions
from .questions import KINDS, Option, Question, chain_of, outcome
from .which_rule import BUILDERS, EXTRA_KINDS, which_rule

__all__ = ["Question", "Option", "QuestionPool", "generate", "KINDS", "copy_session", "outcome", "chain_of",
           "Position"]

#: Random games a pool may play (bounds the search for a question on a rare clause).
RANDOM_GAMES = 400


#: The sources of positions, as :func:`positions` interleaves them (a position's origin starts with its name, but
#: random play's: ``"random game 12 (2 players, seed 5), step 31"``).
SOURCES = ("lesson", "scenario", "random")
_RANDOM_ORIGIN = re.compile(r"random game (\d+) .*, step (\d+)$")
_STEP = re.compile(r", step \d+$")


def positions(game_id: str, seed: int, ended: set[str] | None = None,
              left_out: list[str] | None = None) -> Iterator[Position]:
    """Every position a pool asks about, in order: lesson, scenario and random-play positions interleaved
    (one of each in turn while each lasts). ``ended``: a set the name of each source (:data:`SOURCES`) is added to
    when it has no more positions. A lesson file left out (it does not load or its solution does not play) adds its
    message to ``left_out`` (:func:`~tutor.practice.positions.lesson_positions`)."""
    sources = dict(zip(SOURCES, [lesson_positions(game_id, left_out), scenario_positions(game_id),
                                 random_positions(game_id, seed, RANDOM_GAMES)]))
    while sources:
        for name, src in list(sources.items()):
            try:
                yield next(src)
            except StopIteration:
                del sources[name]
                if ended is not None:
                    ended.add(name)


def questions(game_id: str, seed: int, visit: Callable[[str], None] | None = None,
              ended: set[str] | None = None, left_out: list[str] | None = None) -> Iterator[Question]:
    """Questions of ``game_id``, endlessly (until the positions run out), deterministic from ``seed``: at each
    position, two of :data:`KINDS` are tried in an order drawn from the seed, then :data:`EXTRA_KINDS` (with draws
    of its own, asking first about rules no question before tests), and each kind that fits gives one question.
    ``visit``: called with each position's origin before its questions are made (so once it is called with the next
    one, every question of a position has been given); ``ended`` and ``left_out``: see :func:`positions`."""
    clauses_for(game_id)  # ValueError naming the valid game ids
    rng = Rng.from_seed(seed ^ 0x51CE5EED)
    extra = Rng.from_seed(seed ^ 0x3E11B5ED)  # the extra kinds' own draws: the others' questions stay as they were
    asked: set[str] = set()  # the rules the questions so far test (the extra kinds ask others first)
    for pos in positions(game_id, seed, ended, left_out):
        if visit is not None:
            visit(pos.origin)
        kinds = list(KINDS)
        rng.shuffle(kinds)
        for kind in kinds[:2]:
            q = BUILDERS[kind](pos, rng)
            if q is not None:
                asked.update(q.clauses)
                yield q
        q = which_rule(pos, extra, asked)  # EXTRA_KINDS
        if q is not None:
            asked.update(q.clauses)
            yield q


def generate(game_id: str, seed: int = 0, count: int = 20) -> list[Question]:
    """The first ``count`` questions of ``game_id`` for ``seed`` (same seed, same questions).

    Raises:
        ValueError: unknown game id, or ``count`` not a whole number from 0 to 10,000.
    """
    if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 10_000:
        raise ValueError(f"count must be a whole number from 0 to 10,000, got {count!r}")
    out: list[Question] = []
    for q in questions(game_id, seed):
        if len(out) >= count:
            break
        out.append(q)
    return out


class QuestionPool:
    """The questions of one game and seed, made as they are needed and kept, indexed by the clause they practise.

    Attributes: ``game_id``, ``seed``, ``made`` (the questions made so far, in order), ``left_out`` (the messages
    of the game's lesson files whose positions are left out, each naming its file: filled when the first question
    is made).
    """

    def __init__(self, game_id: str, seed: int = 0, *, warm: int = 60) -> None:
        self.game_id, self.seed = game_id, seed
        #: origins of the positions visited so far, in order (the last one's questions may not all be made yet)
        self.visited: dict[str, int] = {}
        self._ended: set[str] = set()  # the sources of positions that have no more (SOURCES)
        self._last_random: tuple[int, int] | None = None  # (game, step) of the last random position visited
        self._firsts: dict[str, list[str]] = {}  # lesson / scenario -> its first positions' origins visited, in order
        self._known: dict[str, set[str]] = {}  # lesson / scenario -> every first position's origin (read when needed)
        #: the messages of lesson files left out (they give no question: see tutor.lessons.playable_lessons)
        self.left_out: list[str] = []
        self._stream = questions(game_id, seed, visit=self._visit, ended=self._ended, left_out=self.left_out)
        self.made: list[Question] = []
        self._by_clause: dict[str, list[Question]] = {}
        self._done = False
        self.fill(warm)

    def _visit(self, origin: str) -> None:
        self.visited[origin] = len(self.visited)
        m = _RANDOM_ORIGIN.match(origin)
        if m:
            self._last_random = (int(m.group(1)), int(m.group(2)))
        elif not _STEP.search(origin):
            self._firsts.setdefault(origin.partition(":")[0], []).append(origin)

    def passed(self, origin: str) -> bool:
        """Whether every question the pool will ever make at the position of ``origin`` has been made: the pool has
        gone on to a later position (or has none left), or it never will visit that position (its source of
        positions has run out before it, or random play has gone past that game and step)."""
        if self._done:
            return True
        if origin in self.visited:
            return self.visited[origin] < len(self.visited) - 1
        name = next((n for n in SOURCES[:2] if origin.startswith(n + ":")), None)
        if name is not None:  # a lesson's or scenario's positions come one after another
            first, firsts = _STEP.sub("", origin), self._firsts.get(name, [])
            if name in self._ended or (first in firsts and firsts[-1] != first):
                return True
            if first not in firsts:  # not visited yet: is there such a lesson or scenario?
                if name not in self._known:
                    self._known[name] = origins(self.game_id, name)
                return first not in self._known[name]
            return False
        m = _RANDOM_ORIGIN.match(origin)
        if m is None:
            return True  # no origin a pool makes
        return "random" in self._ended or (self._last_random is not None
                                           and self._last_random > (int(m.group(1)), int(m.group(2))))

    def find(self, key: str) -> Question | None:
        """The question whose key is ``key`` (kind, origin and subject, :func:`tutor.practice.questions._key`),
        making more questions until it is made or its position has been passed (:meth:`passed`); ``None`` when the
        pool makes no such question. A kept question is so found again in a new pool however many questions were
        made before it (trial 22: one made 54th was looked for only among the first ones)."""
        kind, sep, rest = str(key).partition("|")
        origin = rest.rpartition("|")[0] if sep else ""
        while True:
            q = next((q for q in self.made if q.key == key), None)
            if q is not None or not origin or self.passed(origin) or not self.fill(20):
                return q

    def fill(self, count: int) -> int:
        """Make up to ``count`` more questions; returns how many were made."""
        n = 0
        while n < count and not self._done:
            try:
                q = next(self._stream)
            except StopIteration:
                self._done = True
                break
            self.made.append(q)
            for cid in q.clauses:  # every rule it tests; its own rule first when asked about (for_clause)
                self._by_clause.setdefault(cid, []).append(q)
            n += 1
        return n

    def clauses(self) -> set[str]:
        """Ids of the clauses the questions made so far test (their own rule and the others they cite)."""
        return set(self._by_clause)

    def counts(self) -> dict[str, int]:
        """``{clause id: how many questions made so far test it}``."""
        return {c: len(qs) for c, qs in self._by_clause.items()}

    def for_clause(self, clause_id: str, turn: int = 0, search: int = 0, avoid: str | None = None,
                   skip: Callable[[Question], bool] | None = None) -> Question | None:
        """A question practising ``clause_id`` (the ``turn``-th one, cycling): one whose own rule it is if there is
        one, else one that tests it among others, if possible not one whose own rule is ``avoid``; from the
        ``turn``-th on, the first that ``skip`` does not pass over (the coach's: one alike to a question asked just
        before, :mod:`tutor.practice.variety`), else the ``turn``-th; makes up to ``search`` more questions to find
        one; ``None`` when none is found."""
        while clause_id not in self._by_clause and search > 0 and not self._done:
            search -= self.fill(min(search, 20)) or search
        qs = self._by_clause.get(clause_id)
        if not qs:
            return None
        own = [q for q in qs if q.clause == clause_id]  # questions on that very rule first
        qs = own or [q for q in qs if q.clause != avoid] or qs
        k = turn % len(qs)
        order = qs[k:] + qs[:k]
        return next((q for q in order if skip is None or not skip(q)), order[0])

    def at(self, index: int) -> Question:
        """The ``index``-th question (made on demand). IndexError when the positions run out first."""
        if index >= len(self.made):
            self.fill(index + 1 - len(self.made))
        return self.made[index]
