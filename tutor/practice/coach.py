"""A learner's practice of one game: which question next (by clause, with fsrs), answers kept in the progress
store, the mastery map, and where the learner was (for coming back to the page).

The coach holds no UI: the practice page (``widgets/practice.py``) shows what it says.
"""
from __future__ import annotations

import json
import logging
import zlib

from ..core.rng import Rng
from ..registry import KNOWN_GAMES, clauses_for
from . import QuestionPool, Question
from .askable import askable
from .mastery import mastery
from .positions import Position
from .questions import Option
from .which_rule import BUILDERS
from .schedule import missed as was_missed, next_clause, now, utc
from .variety import RECENT, fresh, marks, since

#: the server's log of kept places set aside (not "tutor.*", whose warnings the page's error panel shows)
_server_log = logging.getLogger("rules_tutor.practice")

#: The place key the practice page keeps in the progress store.
PLACE = "practice"
#: The key a kept place the page cannot use is set aside under (:data:`PLACE` and this: ``"practice:set-aside"``),
#: renamed, never deleted (as the learn page's, ``"learn:<game>:set-aside"``).
SET_ASIDE = ":set-aside"
#: Longest kept place read (characters): the page writes a few hundred.
PLACE_MAX = 10_000
#: The games a kept place may name (the practice page's).
GAMES = KNOWN_GAMES
#: Seed of every learner's question pool (the same positions for everyone; the schedule differs by learner).
SEED = 1
#: Questions made more, at most, to find one on a chosen rule.
SEARCH = 200
#: A question left unanswered ("Next question" without answering) comes back only after at least this many other
#: questions, this many more each further time it is skipped (issue 16: skipped questions came back at once, two
#: questions in turn; trial 39: after 3 others, the same question, was too soon), and then as another question on
#: its rule (another position, else other options or another order: :meth:`Coach.unlike_skipped`).
SKIP_GAP = 8


class Coach:
    """Practice of ``game_id`` for the learner of ``store`` (a :class:`tutor.progress.ProgressStore`).

    Attributes: ``game_id``, ``store``, ``pool`` (the game's :class:`QuestionPool`), ``question`` (the question
    asked now, or ``None``), ``answered`` (the option chosen for it, or ``None``), ``answered_index`` (that option's
    index in ``question.options``, or ``None``), ``answered_elsewhere`` (True when the question had been answered in
    another tab or window of the page since it was asked here: that answer was not counted again), ``again`` (True
    when the question is asked again because the learner missed its rule: the page says so, session 45).
    """

    def __init__(self, game_id: str, store, seed: int = SEED, warm: int = 60,
                 pool: QuestionPool | None = None) -> None:
        """``pool``: a question pool of ``game_id`` and ``seed`` made beforehand (a page's kernel makes it before
        the page is asked for), else one is made here with ``warm`` questions. ValueError for an unknown game or a
        pool of another game or seed."""
        clauses_for(game_id)  # ValueError naming the valid game ids
        if pool is not None and (pool.game_id, pool.seed) != (game_id, seed):
            raise ValueError(f"a question pool of {pool.game_id} (seed {pool.seed}) given for {game_id} (seed {seed})")
        self.game_id, self.store = game_id, store
        self.pool = pool if pool is not None else QuestionPool(game_id, seed, warm=warm)
        self.question: Question | None = None
        self.answered: Option | None = None
        self.answered_index: int | None = None
        self.answered_elsewhere = False
        self._asked_at = None  # when the question was asked (or resumed unanswered) here: UTC datetime
        #: why the place kept for this game could not be resumed (set aside by :meth:`resume`), or ``None``
        self.place_lost: str | None = None
        self._asked = 0  # questions asked here so far
        #: the rules of questions skipped here: ``{clause: (times skipped, the number of the question skipped)}``
        self._skipped: dict[str, tuple[int, int]] = {}
        #: the keys of the questions skipped here, by rule: ``{clause: {question key}}``
        self._skipped_keys: dict[str, set[str]] = {}
        #: what the questions asked lately share with others (:func:`tutor.practice.variety.marks`), oldest first;
        #: ``None`` until read from the learner's latest answers (:meth:`_lately`)
        self._recent: list[frozenset] | None = None
        self.again = False

    def candidates(self) -> list[str]:
        """The clauses the pool has questions on, the ones that come up most in play first (the core rules before
        the corner cases), then in rulebook order."""
        have = self.pool.counts()
        order = {c: i for i, c in enumerate(clauses_for(self.game_id))}
        return sorted((c for c in have if c in order), key=lambda c: (-have[c], order[c]))

    def has_question(self, clause: str) -> bool:
        """Whether a question on ``clause`` can be asked (:meth:`next_question` with it finds one): some question of
        the game's whole question stream tests it (:func:`tutor.practice.askable.askable`, computed once per game and
        kept, so a click looks it up and makes no question). Trial 27: the mastery map offered "Ask me about this
        rule" on a rule no question reaches; session 30: the search it ran per click cost 0.2-0.6 s."""
        return clause in askable(self.game_id, self.pool.seed)

    def next_question(self, clause: str | None = None, *, skipped: bool = True) -> Question | None:
        """Ask the next question: on ``clause`` when given (``None`` if no question on it can be found), else on the
        clause the schedule picks (missed and due first, then never practised, then due, then soonest). The question
        asked before, left unanswered, is skipped: its rule rests for :data:`SKIP_GAP` questions (more when skipped
        again), so it comes back later, not next (``skipped=False``: it was answered, in another tab). A session
        varies: a question sharing its rule or situation with the last :data:`~tutor.practice.variety.RECENT` ones
        is passed over while another is left, unless the learner missed its rule (then :attr:`again` is True)."""
        last = self.question
        if skipped and last is not None and self.answered is None:
            times, _at = self._skipped.get(last.clause, (0, 0))
            self._skipped[last.clause] = (times + 1, self._asked)
            self._skipped_keys.setdefault(last.clause, set()).add(last.key)
            if self._recent:  # a question skipped rests by SKIP_GAP (issue 16), not as one asked (variety)
                self._recent.pop()
        if clause is not None:
            first = askable(self.game_id, self.pool.seed).get(clause)
            if first is not None and first >= len(self.pool.made):  # made as far as the first question on it
                self.pool.fill(first + 1 - len(self.pool.made))
            q = self.pool.for_clause(clause, turn=self._turn(clause), search=SEARCH, skip=self._stale)
            if q is None:
                return None
            card = self.store.cards(self.game_id).get(clause)
            again, cid = card is not None and was_missed(card), clause
        else:
            q, again, cid = self._scheduled()
            q = self.unlike_skipped(q)
        q = self.unlike_last_miss(q, cid)
        self._asking(q, again)
        self.remember()
        return q

    def _asking(self, q: Question | None, again: bool = False) -> None:
        """``q`` is the question asked now, unanswered here (``again``: because its rule was missed)."""
        self.question, self.answered, self.answered_index = q, None, None
        self.answered_elsewhere, self._asked_at, self.again = False, now(), again
        self._asked += 1
        if q is not None:
            self._lately().append(marks(q))
            del self._recent[:-RECENT]

    def _lately(self) -> list[frozenset]:
        """The marks of the questions asked lately, oldest first: those asked here, after those of the learner's
        latest answers in the progress store (a page opened again goes on varying from where it was)."""
        if self._recent is None:
            made = {q.key: q for q in self.pool.made}
            self._recent = []
            for a in self.store.answers(self.game_id)[-RECENT:]:
                q = made.get(base_key(a.question))
                self._recent.append(marks(q) if q is not None else frozenset({("rule", a.clause)}))
        return self._recent

    def _stale(self, q: Question) -> bool:
        """Whether ``q`` shares its rule or situation with one of the questions asked lately."""
        return not fresh(self._lately(), q)

    def unlike_last_miss(self, q: Question, clause: str | None = None) -> Question:
        """``q``, unless the learner's latest answer to that very question was wrong: then another question on the
        same rule that they have not just missed (from another position when the pool has one, else a variant of
        ``q`` at the same position with other options or the options in another order, see :func:`variants`);
        when every one of those was missed, the one missed longest ago. A missed question so never comes back
        identically next time. ``clause``: the rule ``q`` was picked to practise (another rule it cites, maybe): the
        other question tests it too (session 45: a rule missed in a what-happens chain was "practised" by another
        question on the chain's first rule that did not test it, so it came back every other question)."""
        answers = [a for a in self.store.answers(self.game_id) if a.clause == q.clause]
        latest: dict[str, tuple[int, bool]] = {}  # question key -> (when answered last, right then)
        for i, a in enumerate(answers):
            latest[a.question] = (i, a.correct)
        missed = {k for k, (_i, ok) in latest.items() if not ok}
        if q.key not in missed:
            return q
        others = self._others(q, missed, clause)
        others = [x for x in others if not self._stale(x)] or others  # another situation, when there is one
        if others:
            return others[len(answers) % len(others)]
        layouts = variants(q)
        fresh = [v for v in layouts if v.key not in missed]
        if fresh:
            return fresh[0]
        return min(layouts, key=lambda v: latest[v.key][0])

    def _others(self, q: Question, keys: set[str], tests: str | None = None) -> list[Question]:
        """The questions made on ``q``'s rule whose keys are not among ``keys`` (and that test rule ``tests``, when
        given), those of ``q``'s kind only when there are some."""
        same = [x for x in self.pool.made if x.clause == q.clause and x.key not in keys
                and (tests is None or tests in x.clauses)]
        return [x for x in same if x.kind == q.kind] or same

    def unlike_skipped(self, q: Question) -> Question:
        """``q``, unless it was skipped here before: then another question on its rule not skipped (another position
        when the pool has one, the same kind first), else a variant of ``q`` not skipped (other options, or its
        options in another order: :func:`variants`), else ``q``. A skipped question so never comes back the same."""
        skipped = self._skipped_keys.get(q.clause, set())
        if q.key not in skipped:
            return q
        others = self._others(q, skipped)
        if others:
            return others[0]
        return next((v for v in variants(q) if v.key not in skipped), q)

    def _scheduled(self) -> tuple[Question, bool, str | None]:
        """``(question, again, rule)``: the question on the rule the schedule picks (``again``: one the learner
        missed), passing over clauses whose only questions are the one just asked or on its rule, and, unless the
        rule was missed, questions alike to one asked lately (:mod:`tutor.practice.variety`: session 45 met
        "Meditate" 4 times in 15 questions); when every question is alike to one asked lately, the one asked longest
        ago. The fsrs schedule still orders the rules: this only passes over some of its picks for a while. A missed
        rule is not asked again with a question the learner has just answered right (its only question, say):
        that question is alike to one asked lately as any other."""
        last = self.question
        avoid = last.clause if last is not None else None
        cands, cards = self.candidates(), self.store.cards(self.game_id)
        resting = {c for c, (times, at) in self._skipped.items() if self._asked + 1 - at <= SKIP_GAP * times}
        cands = [c for c in cands if c not in resting] or cands  # (every rule skipped just now: as before)
        first, oldest, lately = None, None, self._lately()
        right = {base_key(a.question) for a in self.store.answers(self.game_id)[-RECENT:] if a.correct}
        while cands:
            cid = next_clause(cands, cards, avoid=avoid)
            q = self.pool.for_clause(cid, turn=self._turn(cid), avoid=avoid, skip=self._stale)
            if q is not None:
                first = first or q
                # (a rule with no question of its own is practised by one on another rule: not on a resting one)
                if (last is None or (q.key != last.key and q.clause != avoid)) and q.clause not in resting:
                    again = cid in cards and was_missed(cards[cid]) and base_key(q.key) not in right
                    if again or not self._stale(q):
                        return q, again, cid
                    if oldest is None or since(lately, q) > since(lately, oldest[0]):
                        oldest = (q, cid)
            cands = [c for c in cands if c != cid]
        q, cid = oldest or (first or self.pool.at(0), None)
        return q, False, cid

    def _turn(self, clause: str) -> int:
        return sum(1 for a in self.store.answers(self.game_id) if a.clause == clause)

    def answer(self, index: int) -> Option:
        """Answer the current question with option ``index``; keeps the answer (once per question: a question
        answered before, even before a reload of the page, is not counted again) and the learner's place with the
        option chosen (:meth:`remember`), and returns the option chosen. A question another tab or window of the page
        answered since it was asked here (the progress database says so: :meth:`answered_since_asked`) is not counted
        again: the option is shown as chosen, :attr:`answered_elsewhere` is True, and the other tab's place is left
        as it is (session 20: two tabs each counted the same question once).

        Raises:
            ValueError: no question asked, or ``index`` out of range.
        """
        q = self.question
        if q is None:
            raise ValueError("no question has been asked yet")
        if not isinstance(index, int) or not 0 <= index < len(q.options):
            raise ValueError(f"option {index!r}: this question has options 0 to {len(q.options) - 1}")
        if self.answered is not None:
            return self.answered
        chosen = q.options[index]
        self.answered, self.answered_index = chosen, index
        self._skipped.pop(q.clause, None)  # answered at last: its rule rests no more
        self._skipped_keys.pop(q.clause, None)
        if self.answered_since_asked():
            self.answered_elsewhere = True
            return chosen
        wrong_clause = chosen.clause if (not chosen.correct and q.kind == "can-do") else None
        self.store.record_answer(self.game_id, q.kind, q.clause, chosen.correct, chosen_clause=wrong_clause,
                                 question=q.key, reviews=rules_tested(q, chosen))
        self.remember()  # the place says the question is answered, and how: a reload shows it answered (trial 20)
        return chosen

    def answered_since_asked(self) -> bool:
        """Whether the progress database holds an answer to the current question given after it was asked (or
        resumed unanswered) here: another tab or window of the page answered it."""
        q, asked = self.question, self._asked_at
        if q is None or asked is None:
            return False
        return any(a.question == q.key and utc(a.answered_at) >= asked for a in self.store.answers(self.game_id))

    def mastery(self) -> dict[str, str]:
        """``{clause id: status}`` of every clause of the game (see :mod:`tutor.practice.mastery`)."""
        return mastery(self.game_id, self.store.last_results(self.game_id), self.store.lessons_done(self.game_id))

    def score(self) -> tuple[int, int]:
        """``(answers, right answers)`` of this game so far (all of them: :meth:`ProgressStore.answer_counts`)."""
        return self.store.answer_counts(self.game_id)

    # -- where the learner was --------------------------------------------------------------------------------------
    def remember(self) -> None:
        """Keep the game, the question asked now and the option chosen for it (``"answered"``: its index, or
        ``None`` while unanswered) as the learner's place on the practice page."""
        q = self.question
        data = {"game": self.game_id, "question": q.key if q is not None else None,
                "clause": q.clause if q is not None else None,
                "answered": self.answered_index if q is not None else None, "again": q is not None and self.again}
        self.store.save_place(PLACE, json.dumps(data))

    def resume(self) -> Question | None:
        """Ask again the question the learner had when they left, if it was on this game and can be found again;
        else ``None``. A question they had answered comes back answered (:attr:`answered`: the option the place
        names); one answered but kept as unanswered (a place an older page wrote, or whose answer is not
        readable: the latest answer in the database is on that very question) is not asked again: the next
        question is (so no question is counted twice, trial 20). A question kept for this game that is not found
        again (a rule not of this game, a question this tutor no longer makes) is set aside
        (:func:`set_place_aside`) and its reason kept in :attr:`place_lost`, for the page to say."""
        data = read_place(self.store)
        clause, key = data.get("clause"), data.get("question")
        if data.get("game") != self.game_id or not key or not isinstance(key, str) or not isinstance(
                clause, (str, type(None))):  # (a question or rule that is not text: the page's to say, place_problem)
            return None
        if clause is not None and clause not in clauses_for(self.game_id):
            self.place_lost = "the rule of your question is not one of this game's"
            set_place_aside(self.store, self.place_lost)
            return None
        q = self.pool.find(base_key(key))  # made again however many questions came before it (trial 22)
        if q is not None and q.key == key:
            return self._resumed(q, data.get("answered"), data.get("again") is True)
        if q is not None:  # a variant of a question missed before
            v = next((v for v in variants(q) if v.key == key), None)
            if v is not None:
                return self._resumed(v, data.get("answered"), data.get("again") is True)
        self.place_lost = "your question is not one this tutor asks any more"
        set_place_aside(self.store, self.place_lost)
        return None

    def _resumed(self, q: Question, answered, again: bool = False) -> Question:
        """``q`` asked again, answered with option ``answered`` when that is one of its option indexes (``again``:
        it was asked because its rule was missed); a question the database's latest answer is on but the place keeps
        unanswered gives way to the next question."""
        self._asking(q, again)
        if isinstance(answered, int) and not isinstance(answered, bool) and 0 <= answered < len(q.options):
            self.answered, self.answered_index = q.options[answered], answered
            return q
        answers = self.store.answers(self.game_id)
        if answers and answers[-1].question == q.key:  # answered, but the place did not say how: not asked again
            return self.next_question(skipped=False)
        return q



#: How a variant's key ends: ``"|v"`` and its number (the base question's key comes before it).
VARIANT = "|v"
#: Other layouts of a question looked for at its position (each one a question build with another seed).
VARIANT_TRIES = 8


def base_key(key: str) -> str:
    """The key of the question a variant was made from (``key`` itself for a question that is no variant)."""
    head, sep, tail = str(key).rpartition(VARIANT)
    return head if sep and tail.isdigit() else str(key)


def variants(q: Question) -> list[Question]:
    """``q`` and its variants, deterministically: questions of the same kind on the same rule at the same position,
    built again with other seeds (another legal action or blocked actions offered, other wrong rules or chains),
    each with options that differ from the ones before; when there is no such question, ``q`` with its options in
    other orders. The variants' keys are ``q.key + "|v1"``, ``"|v2"``... Always at least two layouts."""
    def texts(x: Question) -> tuple[str, ...]:
        return tuple(o.text for o in x.options)

    out, seen = [q], {texts(q)}
    pos = Position(session=q.session, origin=q.origin)
    seed = zlib.crc32(q.key.encode("utf-8"))
    for i in range(1, VARIANT_TRIES + 1):
        v = BUILDERS[q.kind](pos, Rng.from_seed(seed + i))
        if v is not None and v.clause == q.clause and texts(v) not in seen:
            seen.add(texts(v))
            out.append(v.model_copy(update={"key": f"{q.key}{VARIANT}{len(out)}"}))
        if len(out) >= 4:
            break
    if len(out) == 1:
        opts = list(q.options)
        for k in range(1, len(opts)):
            turned = tuple(opts[k:] + opts[:k])
            out.append(q.model_copy(update={"key": f"{q.key}{VARIANT}{k}", "options": turned}))
    return out


def rules_tested(q: Question, chosen: Option) -> dict[str, bool]:
    """``{clause id: known}`` for the rules a question tested besides its own: a right answer shows every rule it
    cites is known; a wrong what-happens answer misses the rules of the true chain that the chosen chain left out;
    otherwise only the question's own rule (and a can-do's chosen blocked rule) count."""
    if chosen.correct:
        return {c: True for c in q.clauses}
    if q.kind == "what-happens":
        return {c: False for c in q.answer.outcome if c not in chosen.outcome}
    return {}


def read_place(store) -> dict:
    """The practice page's kept place (``{"game": ..., "question": ..., "clause": ...}``), or ``{}`` when there is
    none or it is not readable (it is text from the database: checked, never trusted; :func:`place_problem` says
    why)."""
    text = store.place(PLACE)
    if not text or len(text) > PLACE_MAX:
        return {}
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def place_problem(store) -> str | None:
    """Why the practice page's kept place cannot be used, in plain words for the learner (never its text: it is
    from the database), or ``None`` when there is none or it can be: not readable (longer than :data:`PLACE_MAX`,
    not JSON, not an object), naming no game of :data:`GAMES`, or a question or rule that is not text. (A question
    that is not found again is :meth:`Coach.resume`'s to say.)"""
    text = store.place(PLACE)
    if not text:
        return None
    data = read_place(store)
    if not data:
        return "it is not readable"
    if data.get("game") not in GAMES:
        return "it names no game this tutor teaches"
    if any(data.get(k) is not None and not isinstance(data.get(k), str) for k in ("question", "clause")):
        return "its question is not readable"
    return None


def set_place_aside(store, why: str) -> None:
    """Keep the practice page's place as it is now under :data:`PLACE` + :data:`SET_ASIDE` (renamed, never deleted:
    the page writes its own place over :data:`PLACE` next), and log ``why`` in the server's log. A store that will
    not keep it is logged too; never raises."""
    aside = PLACE + SET_ASIDE
    try:
        text = store.place(PLACE)
        if text:
            aside = store.set_aside(PLACE, text)  # never over a place set aside before
    except Exception as exc:  # noqa: BLE001 - the page works on; the reason is logged below
        _server_log.warning("practice: the unusable kept place could not be set aside: %s", str(exc)[:300])
    _server_log.warning("practice: the kept place could not be resumed (%s); set aside as %r", why[:300], aside)
