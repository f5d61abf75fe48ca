"""The FAQ explorer's logic: an index of every scenario, search, the learner's place in a scenario's script, live
expectation checks, and "what if" edits of a scenario's set-up.

The views (``widgets/faq.py``) only show what this module says:

- :func:`build_index` reads every shipped scenario into :class:`Entry` records (question, answer, tags, the cards
  its set-up names, the clauses its expectations name) without running any: the explorer's page opens without
  playing 150 scripts. A scenario runs when something asks for its result: :attr:`Entry.ok` and
  :attr:`Entry.clauses` (which adds the clauses its script fires) run it once and keep the result.
  :func:`search` filters the entries.
- :func:`script_status` says how far a session follows a scenario's script and what the next scripted action is;
  :func:`next_action` finds it. :func:`expectation_status` checks every expectation at its own point of the script.
- :func:`edit_setup` applies one :data:`Edit` (:class:`MoveCard`, :class:`AddCard`, :class:`RemoveCard`,
  :class:`SetCounter`, :class:`SetAP`, :class:`SetCurrent`, :class:`FixDie`) to a scenario's partial state, for every
  game, and returns a new, validated scenario; :func:`compare` runs the question from both set-ups and compares them;
  :func:`save_question` saves a what-if as the learner's own question (:mod:`tutor.faq_whatif`, re-exported here).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Literal

from .core.content import parse_yaml, read_text
from .core.errors import ContentError, IllegalAction, display_path, short
from .core.model import Action
from .core.session import Session
from .faq_whatif import (EDITABLE_GAMES, PLAYER_ZONES, ZONE_KINDS, AddCard, Comparison, Counter,  # noqa: F401
                         DieSpec, Edit, FixDie, MoveCard, QUESTIONS_BYTES, RemoveCard, RunSummary, SetAP, SetCounter,
                         SetCurrent, SetDecision, SetTurn, Stop, Zone, card_choices, card_names, choice_labels, compare,
                         counters, dice, prepared_for_edits, setup_decision, turn_choice, turn_edit, zone_label,
                         edit_names, edit_setup, list_my_questions, my_questions, my_questions_folder, question_id,
                         run_far, save_question, supersedes, targets, turn_seats, what_if_scenario, why_not_editable,
                         zone_cards, zones)
from .faq_known import check_moves
from .faq_whatif.compare import board_at, part_checks, pending_in_words  # noqa: F401
from .faq_whatif.fact_words import expect_lines, fact_said  # noqa: F401 - fact_said: for the pages
from . import registry
from .registry import KNOWN_GAMES
from .registry import game_title  # noqa: F401 - re-exported: the pages name games with faq.game_title
from .scenario import (ActionRef, Expect, Scenario, all_scenarios, check, check_state_names, find, load_scenario, run,
                       start)
from .scenario_words import (_PATH_WORDS, _SEAT_PATHS, action_labels, describe_expect, describe_path, describe_ref,  # noqa: F401
                             describe_value, slot_names, space_names)
from .sessions import clauses as game_clauses, new_game


# -- the index ------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Checked:
    """The result of running a scenario once: ``ok`` (every expectation held), the clauses its script's events
    cite (``fired``, in order) and the ``failures``."""

    ok: bool
    fired: tuple[str, ...] = ()
    failures: tuple[str, ...] = ()

    @classmethod
    def of(cls, res) -> "Checked":
        """The :class:`Checked` of a :func:`~tutor.scenario.run` result."""
        fired = tuple(dict.fromkeys(ev.clause for st in res.steps for ev in st.events))
        return cls(res.ok, fired, tuple(map(str, getattr(res, "failures", ()))))


@dataclass(frozen=True)
class Entry:
    """One scenario as the explorer lists it.

    Attributes:
        id, game, title, question, answer: from the scenario's ``meta`` and ``setup``.
        path: the scenario file.
        scenario: the validated :class:`~tutor.scenario.Scenario`.
        covers: the scenario's own search tags (``meta.covers``).
        cards: ``(card id, name, kind)`` of every card named in the set-up (options and partial state) or the script.
        named: clause ids its expectations name (fired, not fired, blocked), in first-seen order.

    Running the scenario (:attr:`checked`, :attr:`ok`, :attr:`clauses`) happens on first use, once.
    """

    id: str
    game: str
    title: str
    question: str
    answer: str
    path: Path
    scenario: Scenario
    covers: tuple[str, ...] = ()
    cards: tuple[tuple[str, str, str], ...] = ()
    named: tuple[str, ...] = ()
    _text: str = field(default="", repr=False, compare=False)
    _run: dict = field(default_factory=dict, repr=False, compare=False)  # "checked" -> Checked, once run

    @property
    def checked(self) -> Checked:
        """Run the scenario (the first time only) and return its :class:`Checked` result. A scenario whose set-up
        or script cannot run is not ok, with the error as its failure."""
        if "checked" not in self._run:
            try:
                self._run["checked"] = Checked.of(run(self.scenario, str(self.path)))
            except ContentError as exc:
                self._run["checked"] = Checked(False, (), (str(exc),))
        return self._run["checked"]

    @property
    def ok(self) -> bool:
        """Whether every expectation holds when the script is played (runs the scenario once, see :attr:`checked`)."""
        return self.checked.ok

    @property
    def clauses(self) -> tuple[str, ...]:
        """Clause ids its expectations name, then those its script fires, in first-seen order (runs the scenario
        once, see :attr:`checked`)."""
        return tuple(dict.fromkeys(self.named + self.checked.fired))

    @property
    def topics(self) -> tuple[str, ...]:
        """``covers`` as shown: a tag that is a card's name but for its capitals is written as the game writes it
        ("Aztecs", never a file's "aztecs": trial 18), in its place. Other tags (a short name such as "Twizel", a
        topic) stay as the file has them."""
        names = {name.lower(): name for _cid, name, _kind in self.cards}
        return tuple(dict.fromkeys(names.get(c.lower(), c) for c in self.covers))

    @property
    def tags(self) -> tuple[str, ...]:
        """:attr:`topics` then the names of the Spirits, then of the other cards (guides left out) named in the
        set-up and not already among them (case-insensitive), for display."""
        seen = {c.lower() for c in self.topics}
        out = list(self.topics)
        ranked = sorted(self.cards, key=lambda c: c[2] != "spirit")
        for _cid, name, kind in ranked:
            if kind != "guide" and name.lower() not in seen:
                seen.add(name.lower())
                out.append(name)
        return tuple(out)

    def matches(self, words: list[str]) -> bool:
        """True when every (lower-case) word occurs in the entry's searchable text."""
        return all(x in self._text for x in words)

    def about(self, words: list[str]) -> bool:
        """True when every (lower-case) word occurs in what the entry is about: its title, question or own tags
        (``covers``), not only among the cards of its set-up (:func:`search` lists these first)."""
        head = " ".join((self.title, self.question, *self.covers)).lower()
        return all(x in head for x in words)


@dataclass(frozen=True)
class Index:
    """Every scenario that loaded (``entries``, by game then file name), one line per file that did not
    (``problems``: invalid file, duplicate id), and ``waiting``: ``(game id, number of scenarios)`` for known games
    whose rules are not in the engine yet (their scenarios cannot run, so they are counted, not listed)."""

    entries: tuple[Entry, ...]
    problems: tuple[str, ...] = ()
    waiting: tuple[tuple[str, int], ...] = ()

    def get(self, scenario_id: str) -> Entry:
        """The entry with id ``scenario_id``.

        Raises:
            KeyError: naming the id and the known ids.
        """
        for e in self.entries:
            if e.id == scenario_id:
                return e
        raise KeyError(f"no scenario with id {short(scenario_id)}; known ids: {', '.join(e.id for e in self.entries)}")

    @property
    def games(self) -> tuple[str, ...]:
        """The game ids that have at least one scenario, in index order."""
        return tuple(dict.fromkeys(e.game for e in self.entries))


def _strings(value: Any):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


@lru_cache(maxsize=32)
def _card_table(game: str, players: int, options: str) -> tuple[dict[str, str], Any]:
    """``({card id: name}, card_kind)`` of a game with these options (JSON), from one new game (not the scenario's
    prepared state: the card table does not depend on it). ``({}, None)`` when such a game cannot be made (the
    scenario then says why when it is opened)."""
    try:
        s = new_game(game, players=players, seed=0, **json.loads(options))
    except ValueError:
        return {}, None
    return card_names(s), getattr(s.game, "card_kind", None)


def make_entry(sc: Scenario, path: Path | str) -> Entry:
    """The :class:`Entry` of ``sc`` (cards named, clauses its expectations name, search text), without running it."""
    setup = sc.setup
    names, kind = _card_table(setup.game, setup.players, json.dumps(setup.options, sort_keys=True, default=str))
    named = [v for v in _strings([setup.options, setup.state, [r.params() for r in sc.script]]) if v in names]
    cards = tuple((cid, names[cid], kind(cid) if kind else "card") for cid in dict.fromkeys(named))
    cl: list[str] = []
    for e in sc.expect:
        cl += e.fired + e.not_fired + [b.clause for b in e.blocked if b.clause] + [r.clause for r in e.refused]
        cl += e.in_order + e.rulings
    clauses = tuple(dict.fromkeys(cl))
    titles = game_clauses(setup.game)
    m = sc.meta
    text = " ".join([m.id, m.title, m.question, setup.game, game_title(setup.game), *m.covers,
                     *(f"{cid} {n}" for cid, n, _k in cards), *dict.fromkeys(r.kind for r in sc.script),
                     *(f"{c} {titles[c].title if c in titles else ''}" for c in clauses)]).lower()
    return Entry(id=m.id, game=setup.game, title=m.title or m.question, question=m.question, answer=m.answer,
                 path=Path(path), scenario=sc, covers=tuple(m.covers), cards=cards, named=clauses, _text=text)


def build_index(game_id: str | None = None, paths: list[Path | str] | None = None,
                until: Callable[[Entry], bool] | None = None, own: Callable[[Path], str] | None = None) -> Index:
    """Read every scenario (of one game, of all games, or the files ``paths``) into an :class:`Index`, running
    none of them (see :class:`Entry`). With ``until``, reading stops after the first entry for which
    ``until(entry)`` is true: the index then holds the files read so far (the start of the full index, in its
    order), so that a page can open on its first question before every file is read.

    A file that fails to load (YAML, schema, unknown clause) is left out and named in ``problems``; so is a second
    file with an id already taken, unless ``own(file)`` (the id its name gives a learner's own saved question,
    :func:`question_id`) is that id and not the first file's: a learner's own question is never shadowed by another
    file of its id, whatever their names' order (issue 14); the other file is then the one left out. A set-up or script that does not play shows when the scenario is opened or run
    (``rules-tutor scenario run`` and the tests run them all). Files of a known game that is not playable yet are
    counted in ``waiting``.
    """
    files = [Path(p) for p in paths] if paths is not None else all_scenarios(game_id)
    entries: list[Entry] = []
    problems: list[str] = []
    waiting: dict[str, int] = {}
    seen: dict[str, Path] = {}
    playable = set(registry.game_classes())  # looked up when called (tests stand in a registry)
    for f in files:
        folder = f.parent.parent.name if f.parent.name == "scenarios" else None
        if folder in KNOWN_GAMES and folder not in playable:  # content/<game>/scenarios/: no need to read it
            waiting[folder] = waiting.get(folder, 0) + 1
            continue
        try:
            sc = load_scenario(f)
            if sc.setup.game not in playable:  # its clauses are known (content), its engine is not there yet
                waiting[sc.setup.game] = waiting.get(sc.setup.game, 0) + 1
                continue
            if sc.meta.id in seen and own is not None and own(f) == sc.meta.id != own(seen[sc.meta.id]):
                other = seen[sc.meta.id]  # the learner's own question comes after it by name: it wins, said
                entries = [e for e in entries if e.path != other]
                problems.append(str(ContentError(
                    f"{other}: meta.id: {short(sc.meta.id)} is the id of your own question {display_path(f.name)}, "
                    f"so {display_path(other.name)} is not loaded (your question is kept); rename or remove "
                    f"{display_path(other.name)}", path=str(other), field="meta.id")))
            elif sc.meta.id in seen:
                # the other file by its name only: this message reaches the FAQ page (trial 22 saw a server path)
                own_said = "your own question " if own is not None and own(seen[sc.meta.id]) == sc.meta.id else ""
                raise ContentError(f"{f}: meta.id: {short(sc.meta.id)} is already the id of "
                                   f"{own_said}{display_path(seen[sc.meta.id].name)}",
                                   path=str(f), field="meta.id")
            entries.append(make_entry(sc, f))
            seen[sc.meta.id] = f
            if until is not None and until(entries[-1]):
                break
        except ContentError as exc:
            game = _game_of(f)
            if exc.field == "setup.game" and game in KNOWN_GAMES and game not in playable:
                waiting[game] = waiting.get(game, 0) + 1
            else:
                problems.append(str(exc))
    return Index(tuple(entries), tuple(problems), tuple(waiting.items()))


#: Most script steps run while reading a page's saved questions, all files together (a step is about 0.2 ms): a
#: folder of small files each scripting thousands of end-turns (one YAML alias) must not hold the page for seconds.
#: A question whose script goes beyond them has the checks after that point named on the position reached.
READ_STEPS = 2_000


def read_my_questions(paths: list[Path | str]) -> Index:
    """The learner's own saved questions (:func:`list_my_questions`: files from anywhere, so untrusted) as an
    :class:`Index`: each file read as :func:`build_index` reads it, then run once (a few milliseconds; the result is
    kept, :attr:`Entry.checked`). A set-up the game cannot make (``setup.state.players[0].hand[1]``: a card the game
    does not have) or a state check the game does not have (``expect[0].state.__class__``, the runner's own check:
    :func:`~tutor.scenario.check_state_names`) or a move naming a kind or a card the game does not have
    (:func:`~tutor.faq_known.check_moves`) refuses the file, named in ``problems`` as ``"<file>: <field>: <why>"``
    (a page shows the file's name only). The checks of a step the script never reaches (a step no longer legal there)
    are named on the position where it stopped; so are those after the first :data:`READ_STEPS` steps of all the
    files together (the run is then not kept: opening the question runs it whole)."""
    index = build_index(paths=paths, own=lambda p: question_id(p.stem))  # the learner's own file of an id wins
    kept, problems = [], list(index.problems)
    budget = READ_STEPS
    for e in index.entries:
        where = str(e.path)
        setup = e.scenario.setup
        try:  # a move the game does not have (Totem t99, a move fly-away) refuses the file before it runs
            check_moves(e.scenario, _card_table(setup.game, setup.players,
                                                json.dumps(setup.options, sort_keys=True, default=str))[0], where)
            res = run(e.scenario, where, most=budget)
            budget -= len(res.steps)
            facts = res.session.game.facts(res.session.state)
            for i, x in enumerate(e.scenario.expect):
                if (len(e.scenario.script) if x.after is None else x.after) > len(res.steps):
                    check_state_names(x.state, facts, f"expect[{i}].state", where)
        except ContentError as exc:
            problems.append(str(exc))
            continue
        if not res.cut:
            e._run["checked"] = Checked.of(res)
        kept.append(e)
    return Index(tuple(kept), tuple(problems), index.waiting)


def _game_of(path: Path) -> str | None:
    try:
        data = parse_yaml(read_text(path), str(path))
    except ContentError:
        return None
    setup = data.get("setup") if isinstance(data, dict) else None
    return setup.get("game") if isinstance(setup, dict) else None


def search(entries: tuple[Entry, ...] | list[Entry], query: str = "", game: str | None = None) -> list[Entry]:
    """The entries of ``game`` (or of every game) whose text contains every word of ``query`` (case-insensitive).

    Searched: id, title, question, game, ``covers``, the ids and names of the cards in the set-up and script, the
    kinds of its scripted actions, the ids and titles of the clauses its expectations name (what the scenario
    checks; searching runs no scenario). An empty query keeps every entry, in its order. Entries about the words
    (:meth:`Entry.about`: in the title, question or tags) come first, then those that only name them elsewhere (a
    card of the set-up), each group in its order (trial 39: "Kafrat" listed 21 questions that only deal Kafrat
    before the four about it).
    """
    words = query.lower().split()
    found = [e for e in entries if (game is None or e.game == game) and e.matches(words)]
    return sorted(found, key=lambda e: not e.about(words)) if words else found


# -- following the script ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ScriptStatus:
    """Where a session stands against a scenario's script.

    Attributes:
        done: leading steps of the history that follow the script.
        total: length of the script.
        off_script: True when the history has a step the script does not have there (the learner's own move).
        next_ref: the next scripted action selector (``None`` at the end or off script).
        problem: why the next scripted action cannot be taken now (e.g. after a "what if" edit), else ``None``.
    """

    done: int
    total: int
    off_script: bool
    next_ref: ActionRef | None
    problem: str | None = None

    @property
    def finished(self) -> bool:
        """True when every scripted step has been taken and nothing else."""
        return not self.off_script and self.done == self.total


def _followed(sc: Scenario, session: Session) -> int:
    n = 0
    for st, ref in zip(session.history, sc.script):
        if not ref.matches(st.action):
            break
        n += 1
    return n


def script_status(sc: Scenario, session: Session) -> ScriptStatus:
    """How far ``session`` follows ``sc.script`` and whether its next step can be taken (see :class:`ScriptStatus`)."""
    done = _followed(sc, session)
    off = len(session.history) > done
    ref = sc.script[done] if not off and done < len(sc.script) else None
    problem = None
    if ref is not None:
        try:
            find(session, ref)
        except IllegalAction:
            problem = _why_not(session, ref)
        except ContentError as exc:
            problem = str(exc)
    return ScriptStatus(done, len(sc.script), off, ref, problem)


def _why_not(session: Session, ref: ActionRef) -> str:
    """Why the action ``ref`` selects is not legal now, in the learner's words: the reasons the game gives for
    blocked actions of its kind, else whether any action of its kind is legal."""
    blocked = [b.why for b in session.blocked_actions() if b.kind == ref.kind]
    if blocked:
        return "; ".join(dict.fromkeys(blocked))
    if any(a.kind == ref.kind for a in session.legal_actions()):
        return "that exact move is not among the legal ones now (other moves of its kind are)"
    return "no move of this kind is legal now"


def next_action(sc: Scenario, session: Session) -> Action:
    """The legal action the script takes next.

    Raises:
        IllegalAction: the script is finished, the session left the script, or the scripted action is not legal
            now (naming it and why).
    """
    st = script_status(sc, session)
    if st.off_script:
        raise IllegalAction(f"you left the script after step {st.done}: go back to follow it again",
                            code="off-script")
    if st.next_ref is None:
        raise IllegalAction("the script is finished", code="script-done")
    return find(session, st.next_ref)


# -- expectations, checked live -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ExpectStatus:
    """One expectation of a scenario and its result now.

    Attributes:
        index: position in ``scenario.expect``.
        after: the number of script steps after which it is checked.
        lines: what it expects, one readable line per part.
        state: ``"pass"``, ``"fail"``, ``"waiting"`` (its step is not reached yet) or ``"off-script"`` (the
            learner left the script before its step).
        failures: the failed parts (only for ``"fail"``).
    """

    index: int
    after: int
    lines: tuple[str, ...]
    state: Literal["pass", "fail", "waiting", "off-script"]
    failures: tuple[str, ...] = ()


def expectation_status(sc: Scenario, session: Session) -> list[ExpectStatus]:
    """Every expectation of ``sc`` checked against ``session`` at its own point of the script.

    An expectation for step ``n`` is checked once the session has followed the script for ``n`` steps: on the
    session itself when it stands exactly there, else on a replay of its first ``n`` steps from ``start(sc)``.
    ``sc`` must be the scenario the session was started from (after any "what if" edits).
    """
    names = {**card_names(session), **session.game.value_names(), **slot_names(session)}
    titles = {cid: c.title for cid, c in session.game.clauses.items()}
    hist = session.history
    done = _followed(sc, session)
    replays: dict[int, Session] = {}
    out: list[ExpectStatus] = []
    seen = [st.action for st in hist]  # the scenario's steps: a label for an action kind named alone
    for i, e in enumerate(sc.expect):
        after = len(sc.script) if e.after is None else e.after
        if after > done:
            lines = tuple(expect_lines(pending_in_words(e, names), names, titles, session.game_id))
            state = "off-script" if len(hist) > done else "waiting"
            out.append(ExpectStatus(i, after, lines, state))
            continue
        at = board_at(sc, session, after, replays)
        here = {**names, **space_names(at), **action_labels(at, [*e.legal, *e.not_legal], e.blocked, seen)}  # a space named by its Spirit
        lines = tuple(expect_lines(pending_in_words(e, here), here, titles, session.game_id))
        try:
            failed = check(at, at.history, e)
        except ContentError as exc:
            failed = [str(exc)]
        out.append(ExpectStatus(i, after, lines, "fail" if failed else "pass", tuple(failed)))
    return out


