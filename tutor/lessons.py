"""Lessons: short guided exercises in YAML (``content/<game>/lessons/*.yaml``).

A lesson is a scenario with a teacher's voice: an ``intro`` (what you learn), a prepared ``setup`` (the same shape as
a scenario's setup), a ``goal`` in plain words and a ``check`` (expectations in the scenario :class:`Expect` format)
that tells when the goal is reached, ``hints``, the ``clauses`` worth reading, and a ``solution`` (action selectors)
that tests replay to prove the lesson can be completed. The format is :class:`Lesson` (pydantic,
``extra="forbid"``); clause ids are checked against the game's clauses at load.

The goal is checked after every step; :func:`goal_out_of_reach` also says when it can no longer be reached: when the
game is over first, or when one of the lesson's ``out_of_reach`` conditions holds (e.g. "your turn has ended").
"""
from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, StrictInt, field_validator, model_validator

from .core.content import ShownLine, ShownText, content_root, parse_yaml, read_text, validate
from .core.errors import ContentError, display_path, place_words, short
from .core.session import Session
from .core.errors import IllegalAction
from .scenario_model import check_safe_id
from .sessions import clauses as game_clauses
from .scenario import MAX_EXPECT, MAX_STEPS, ActionRef, Expect, Setup, check, check_state_names, find, start


class OutOfReach(BaseModel):
    """A position from which a lesson's goal can no longer be reached, and what to tell the learner.

    Fields:
        when: expectations (the scenario :class:`Expect` format, without ``after``) that all hold in such a position,
            e.g. ``{state: {current: 2}}`` for "the turn has passed to Player 2".
        say: plain words for the learner: what went wrong and what to do (usually Undo or Restart).
    """

    model_config = ConfigDict(extra="forbid")

    when: Expect
    say: ShownText = Field(min_length=1, max_length=400)


class Lesson(BaseModel):
    """One lesson file.

    Fields:
        id: stable id, e.g. ``"rs-01-goal"``.
        title: a few words shown in the lesson list.
        order: position in the course (lessons are taught in increasing ``order``).
        intro: markdown: what the lesson teaches and the rules it needs.
        setup: the prepared game (see :class:`tutor.scenario.Setup`).
        goal: what the learner should do, in plain words.
        check: the expectations that hold once the goal is reached (checked after every step).
        hints: short hints, revealed one at a time.
        clauses: ids of the clauses worth reading with this lesson.
        solution: action selectors that complete the lesson from the prepared state (used by tests and
            the "Show me" button).
        out_of_reach: positions from which the goal can no longer be reached (see :func:`goal_out_of_reach`).
    """

    model_config = ConfigDict(extra="forbid")

    id: str = Field(max_length=120)
    title: ShownLine = Field(max_length=500)
    order: StrictInt
    intro: ShownText = Field(max_length=20_000)
    setup: Setup
    goal: ShownText = Field(max_length=2_000)
    check: Expect
    hints: list[Annotated[ShownText, Field(max_length=2_000)]] = Field(default_factory=list, max_length=50)
    clauses: list[str] = Field(default_factory=list, max_length=200)
    solution: list[ActionRef] = Field(default_factory=list, max_length=MAX_STEPS)
    out_of_reach: list[OutOfReach] = Field(default_factory=list, max_length=MAX_EXPECT)
    #: The file the lesson was read from (set by :func:`load_lesson`), named in the errors of :func:`start_lesson`.
    _where: str = PrivateAttr(default="")
    #: Set once :func:`check_lesson` has passed (a lesson is not changed after it is read: checked once).
    _checked: bool = PrivateAttr(default=False)

    def model_copy(self, *, update=None, deep: bool = False) -> "Lesson":
        """pydantic's copy; a copy with fields changed (``update``) is checked again when it starts."""
        copy = super().model_copy(update=update, deep=deep)
        if update:
            copy._checked = False
        return copy

    @property
    def where(self) -> str:
        """The lesson's file (``"lesson <id>"`` when it was not read from one)."""
        return self._where or f"lesson {self.id}"

    @field_validator("id")
    @classmethod
    def id_is_safe(cls, value: str) -> str:
        """The id is a safe slug (:data:`tutor.scenario_model.SAFE_ID`; ValueError otherwise)."""
        return check_safe_id(value)

    @model_validator(mode="after")
    def _refs(self, info) -> "Lesson":
        known = (info.context or {}).get("clauses")
        if known is not None:
            for name, ids in (("clauses", self.clauses), ("check.fired", self.check.fired),
                              ("check.not_fired", self.check.not_fired)):
                for cid in ids:
                    if cid not in known:
                        raise ValueError(f"{name}: unknown clause id {short(cid)}")
            for b in self.check.blocked:
                if b.clause and b.clause not in known:
                    raise ValueError(f"check.blocked: unknown clause id {short(b.clause)}")
        if self.check.after is not None:
            raise ValueError("check.after: a lesson's goal is checked after every step; leave 'after' out")
        for i, o in enumerate(self.out_of_reach):
            if o.when.after is not None:
                raise ValueError(f"out_of_reach[{i}].when.after: checked after every step; leave 'after' out")
            if known is not None:
                for cid in o.when.fired + o.when.not_fired:
                    if cid not in known:
                        raise ValueError(f"out_of_reach[{i}].when: unknown clause id {short(cid)}")
        return self


def load_lesson(path: str | Path | None = None, *, text: str | None = None) -> Lesson:
    """Read and validate a lesson file (or ``text``).

    Raises:
        ContentError: YAML syntax, unknown field, bad value or unknown clause id, naming the file and field.
    """
    where = str(path) if path is not None else "<text>"
    data = parse_yaml(text if text is not None else read_text(path), where)
    if not isinstance(data, dict):
        raise ContentError(f"{where}: a lesson is a mapping with id, title, order, intro, setup, goal and check",
                           path=where)
    setup = data.get("setup")
    game = setup.get("game") if isinstance(setup, dict) else None
    try:
        cl = game_clauses(game) if isinstance(game, str) else None
    except ValueError as exc:
        raise ContentError(f"{where}: setup.game: {exc}", path=where, field="setup.game") from None
    lesson = validate(Lesson, data, where, context={"clauses": cl})
    lesson._where = where
    return lesson


#: A lesson's fields as a teacher names them (:func:`field_words`).
FIELD_WORDS = {"id": "The id", "title": "The title", "order": "The order", "intro": "The introduction",
               "setup": "The set-up", "goal": "The goal", "check": "The goal's check", "hints": "The hints",
               "clauses": "The rules to read", "solution": "The solution", "out_of_reach": "The out-of-reach list"}


def field_words(loc: tuple) -> str:
    """The lesson's field at ``loc`` (a field's place: names and list positions) as a teacher would say it, counting
    from 1: ``("solution", 2)`` is ``"Step 3 of the solution"``, ``("hints", 0)`` ``"Hint 1"``, ``("check", "state",
    "p1", "__class__")`` ``"The goal's check"`` (the names under it are the file's own, never echoed),
    ``("out_of_reach", 1, "when")`` ``"Out-of-reach condition 2"``, ``("setup", "state", 0)`` ``"The set-up's
    state"``, ``()`` ``"The lesson"``; a field a lesson does not have is named in quotes, cut
    (:func:`~tutor.core.errors.place_words`)."""
    return place_words(loc, whole="The lesson", names=FIELD_WORDS, listed=_LISTED_WORDS)


#: A lesson's lists whose items a teacher names by their number (:func:`field_words`).
_LISTED_WORDS = {"solution": lambda n, _rest: f"Step {n:,} of the solution",
                 "hints": lambda n, _rest: f"Hint {n:,}",
                 "out_of_reach": lambda n, _rest: f"Out-of-reach condition {n:,}"}


def lesson_files(game_id: str) -> list[Path]:
    """The lesson files shipped for ``game_id`` (sorted by file name)."""
    return sorted((content_root() / game_id / "lessons").glob("*.yaml"))


def all_lessons(game_id: str) -> list[Lesson]:
    """Every lesson of ``game_id``, in teaching order.

    Raises:
        ContentError: a bad lesson file, or two lessons with the same id or order.
    """
    lessons = [load_lesson(f) for f in lesson_files(game_id)]
    for attr in ("id", "order"):
        seen: set = set()
        for lesson in lessons:
            v = getattr(lesson, attr)
            if v in seen:
                raise ContentError(f"lessons of {game_id}: two lessons have {attr} {short(v)}", field=attr)
            seen.add(v)
    return sorted(lessons, key=lambda x: x.order)


def readable_lessons(game_id: str) -> tuple[list[Lesson], list[str]]:
    """The lessons of ``game_id`` whose files load, in teaching order, and a message per lesson file left out (a file
    that does not load, or a second lesson with an id or order already taken), naming the file, without playing
    them: for the lists of lesson titles and rules (the mastery map, the class report). A page that opens lessons
    reads them with :func:`playable_lessons` (the learn and practice pages: one reading, one count), where one bad
    file in a content folder someone replaced must not take every lesson away (:func:`all_lessons` refuses the
    whole set instead, for ``rules-tutor check`` and the tests)."""
    lessons: list[Lesson] = []
    left: list[str] = []
    ids: dict = {}  # id -> the file that has it
    orders: dict = {}  # order -> the file that has it
    for f in lesson_files(game_id):
        try:
            lesson = load_lesson(f)
        except ContentError as exc:
            left.append(str(exc))
            continue
        if lesson.id in ids or lesson.order in orders:
            # the other file by its name only (a page shows the message: no server folder)
            field, value, other = (("id", short(lesson.id), ids[lesson.id]) if lesson.id in ids
                                   else ("order", str(lesson.order), orders[lesson.order]))
            left.append(f"{f}: {field}: {value} is already the {field} of {display_path(other.name)}")
            continue
        ids[lesson.id] = f
        orders[lesson.order] = f
        lessons.append(lesson)
    return sorted(lessons, key=lambda x: x.order), left


def playable_lessons(game_id: str) -> tuple[list[Lesson], list[str]]:
    """The lessons of ``game_id`` that load (:func:`readable_lessons`) and also play (:func:`check_lesson`: their
    table is one the game knows, their goal names only facts the game has, and their solution reaches the goal), in
    teaching order, and a message per lesson file left out, naming the file (``"<path>: <field>: <why>"``).

    The one reader of the pages that open lessons: the learn page (a lesson that cannot start is never listed, trial
    24: ``check.state: {p1.__class__: …}`` was listed, then refused when chosen) and the practice page (which asks
    about the positions along each solution: one lesson file that does not play leaves out its own questions only,
    trial 22), so both count the same files left out. Checking every lesson costs one replay of each solution (about
    0.3 s for Restless Spirits' 31)."""
    lessons, left = readable_lessons(game_id)
    playable: list[Lesson] = []
    for lesson in lessons:
        try:
            check_lesson(lesson)
        except ContentError as exc:
            left.append(str(exc))
            continue
        playable.append(lesson)
    return playable, left


def start_lesson(lesson: Lesson) -> Session:
    """A new session in the lesson's prepared state, once the lesson is known to work from there (see
    :func:`check_lesson`).

    Raises:
        ContentError: a bad game, option or partial state, a state fact the game does not know, or a solution
            step that is not legal where it comes (or a solution that does not reach the goal), naming the lesson's
            file, the field and the step.
    """
    check_lesson(lesson)
    return start(lesson, lesson.where)  # start() reads only .setup


def check_lesson(lesson: Lesson) -> None:
    """Check what a lesson file can only be checked against a game: ``check.state`` and ``out_of_reach[i].when.state``
    name facts the game knows, and the ``solution`` plays from the prepared state, step by step, and reaches the goal.
    One replay of the solution on a session of its own (a few milliseconds); nothing is kept.

    Raises:
        ContentError: naming the lesson's file and the field, e.g. ``solution[2]`` (step 3) or ``check.state.p1.ap``.
    """
    if lesson._checked:
        return
    where = lesson.where
    s = start(lesson, where)
    facts = s.game.facts(s.state)
    for field, expect in [("check", lesson.check)] + [(f"out_of_reach[{i}].when", o.when)
                                                      for i, o in enumerate(lesson.out_of_reach)]:
        check_state_names(expect.state, facts, f"{field}.state", where)
    for i, ref in enumerate(lesson.solution):
        try:
            s.apply(find(s, ref))
        except (IllegalAction, ContentError) as exc:
            raise ContentError(f"{where}: solution[{i}]: step {i + 1} of the solution, {ref.describe()}, does not "
                               f"play: {short(str(exc), 300, quote=False)}", path=where,
                               field=f"solution[{i}]") from None
    if lesson.solution:
        failures = goal_failures(lesson, s)
        if failures:
            n = len(lesson.solution)
            raise ContentError(f"{where}: solution: after its {n} step{'s' if n != 1 else ''} the goal is not reached: "
                               f"{short(failures[0], 300, quote=False)}", path=where, field="solution")
    lesson._checked = True


def goal_failures(lesson: Lesson, session: Session) -> list[str]:
    """What still differs from the lesson's goal in ``session`` (empty once the goal is reached)."""
    return check(session, session.history, lesson.check)


def goal_reached(lesson: Lesson, session: Session) -> bool:
    """True when every expectation of the lesson's ``check`` holds in ``session``."""
    return not goal_failures(lesson, session)


#: What the learner is told when the game ends before the lesson's goal is reached.
GAME_OVER = "The game is over and the goal was not reached: press Undo to take back the last step, or Restart."


def goal_out_of_reach(lesson: Lesson, session: Session) -> str | None:
    """Why the lesson's goal can no longer be reached in ``session``, in plain words, or ``None`` while it still can
    (and once it is reached).

    It is out of reach when the game is over without the goal, or when every expectation of one of the lesson's
    ``out_of_reach`` conditions holds (the first such condition's ``say`` is returned).
    """
    if goal_reached(lesson, session):
        return None
    for o in lesson.out_of_reach:
        if not check(session, session.history, o.when):
            return o.say
    if session.is_over:
        return GAME_OVER
    return None


def play_solution(lesson: Lesson, session: Session | None = None) -> Session:
    """Apply the lesson's ``solution`` (to ``session``, or to a fresh start) and return the session.

    Raises:
        IllegalAction: a solution step that is not legal (naming it and what is legal).
    """
    s = session if session is not None else start_lesson(lesson)
    for ref in lesson.solution:
        s.apply(find(s, ref))
    return s
