"""Scenarios: a prepared state, a script of actions and expectations, in YAML (``content/<game>/scenarios/``).

Every FAQ of a rulebook becomes a scenario whose expectations encode its answer; lessons and tests use the same
format. The format is defined by :class:`Scenario` (pydantic, ``extra="forbid"``); its JSON Schema is exported to
``content/scenario.schema.json`` (see ``docs`` in README). ``rules-tutor scenario run PATH...`` runs them.

Exit codes of :func:`run_paths`: 0 every expectation holds, 1 one failed (naming scenario, step and expectation),
2 an invalid file (naming file and field).
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from .core.content import content_root, parse_yaml, read_text, validate
from .core.errors import ContentError, IllegalAction, display_path, said, short, visible
from .core.model import Action, Step, and_list
from .core.session import Session, plain_data
from .sessions import clauses as game_clauses, new_game
from .transcript import step_text
from .scenario_model import (MAX_CLAUSE_IDS, MAX_EXPECT, MAX_PARTIAL_LIST, MAX_PARTIAL_VALUES, MAX_REFUSED,  # noqa: F401
                             MAX_SELECTORS, MAX_STEPS, RESERVED_OPTIONS, ActionRef, BlockedRef, Expect, Meta, RefusedRef,
                             Scenario, Setup, _Strict, check_partial_size)


def schema() -> dict:
    """The JSON Schema of the scenario format (exported to ``content/scenario.schema.json``)."""
    return Scenario.model_json_schema()


def load_scenario(path: str | Path | None = None, *, text: str | None = None) -> Scenario:
    """Read and validate a scenario file (or ``text``); clause ids are checked against the game's clauses.

    Raises:
        ContentError: YAML syntax, unknown field, bad value or unknown clause, naming the file and field.
    """
    where = str(path) if path is not None else "<text>"
    data = parse_yaml(text if text is not None else read_text(path), where)
    if not isinstance(data, dict):
        raise ContentError(f"{where}: a scenario is a mapping with meta, setup, script and expect", path=where)
    game = (data.get("setup") or {}).get("game") if isinstance(data.get("setup"), dict) else None
    try:
        cl = game_clauses(game) if isinstance(game, str) else None
    except ValueError as exc:
        raise ContentError(f"{where}: setup.game: {exc}", path=where, field="setup.game") from None
    return validate(Scenario, data, where, context={"clauses": cl})


def start(sc: Scenario, where: str = "<scenario>") -> Session:
    """A new session in the scenario's prepared state (before its script).

    Raises:
        ContentError: a bad game, option or partial state, naming ``where`` and the field.
    """
    try:
        s = new_game(sc.setup.game, players=sc.setup.players, seed=sc.setup.seed, **sc.setup.options)
    except ContentError:
        raise
    except (ValueError, TypeError) as exc:  # TypeError: an option the game cannot take as a keyword
        raise ContentError(f"{where}: setup: {short(str(exc), 300, quote=False)}", path=where, field="setup") from None
    if sc.setup.state:
        # the partial state kept (and saved) is plain JSON data, and the start state is made from that very copy, so
        # a saved session rebuilds exactly this start (tutor.load_session)
        partial = plain_data(sc.setup.state, f"{where}: setup.state")
        try:
            state = s.game.scenario_state(s.state, partial, f"{where}: setup.state")
        except ContentError as exc:
            if not exc.problems:
                raise
            # each problem placed in the whole file (attack 37: a page named "players[0].seat" as "players")
            placed = ContentError(str(exc), path=exc.path, field=exc.field,
                                  problems=tuple((("setup", "state", *loc), why) for loc, why in exc.problems))
            placed.problem_count = exc.problem_count
            raise placed from None
        # the seeded deal's events would tell a set-up the partial state may contradict (another first player, other
        # AP, other cards): a prepared table's log says it is prepared, citing the ruling (Game.prepared_events)
        s = Session(s.game, state, s.game.prepared_events(state), partial=partial)
    return s


def find(session: Session, ref: ActionRef) -> Action:
    """The one legal action matching ``ref``.

    Raises:
        IllegalAction: none matches (listing the legal actions of that kind; ``clause`` is the clause forbidding
            that very action, see :meth:`tutor.Session.refusal`, or ``None``) or several match (ask for more
            params).
    """
    legal = session.legal_actions()
    hits = [a for a in legal if ref.matches(a)]
    if len(hits) == 1:
        return hits[0]
    if not hits:
        same = [a.id for a in legal if a.kind == ref.kind]
        known = {k for a in legal if a.kind == ref.kind for k, _ in a.params}
        unknown = sorted(set(ref.params()) - known)
        if same and unknown:
            raise ContentError(f"{ref.describe()}: unknown parameter {said(unknown[0])} for "
                               f"{short(ref.kind, quote=False)}: no legal "
                               f"{ref.kind} action has it now (their parameters: {', '.join(sorted(known)) or 'none'})",
                               field=unknown[0])
        refusal = session.refusal(ref.kind, ref.params())
        why = f"; forbidden: {refusal.why} [{refusal.clause}]" if refusal else ""
        if not same and not refusal:  # perhaps a misspelt kind: say which kinds are legal now
            why = f" (kinds of the legal actions now: {', '.join(sorted({a.kind for a in legal})) or 'none'})"
        named = [f"{a.label} ({a.id})" for a in legal if a.kind == ref.kind]  # what a person reads, and the id to use
        listed = "; ".join(named[:8]) + (f"; and {len(named) - 8} more" if len(named) > 8 else "")
        raise IllegalAction(f"{ref.describe()} is not legal now; legal {ref.kind} actions: {listed or 'none'}{why}",
                            code="not-legal-now", action=ref.describe(),
                            clause=refusal.clause if refusal else None)
    raise IllegalAction(f"{ref.describe()} matches {len(hits)} legal actions ({', '.join(a.id for a in hits)}); "
                        "give more parameters", code="ambiguous", action=ref.describe())


class Result:
    """Outcome of running one scenario: ``failures`` (empty when every expectation held), ``steps``, ``log`` and
    ``session`` (the session after the script, or where a script step that is not legal stopped it); ``cut``: the
    run stopped after the most steps it was given."""

    def __init__(self, scenario: Scenario, where: str) -> None:
        self.scenario, self.where = scenario, where
        self.failures: list[str] = []
        self.steps: list[Step] = []
        self.log: list[str] = []
        self.session: Session | None = None
        self.cut = False  # True when run(..., most=N) stopped before the script's end

    @property
    def ok(self) -> bool:
        return not self.failures


def check_state_names(state: dict, facts: dict, field: str = "expect.state", where: str | None = None) -> None:
    """The one check of the names an expectation's ``state`` gives (a scenario's or saved question's
    ``expect[i].state``, a lesson's ``check.state``): each must be one of the game's state facts (``facts``: the
    game's :meth:`~tutor.core.game.Game.facts` of the position checked). A name such as ``__class__`` or
    ``p1.__dict__`` is no fact of any game.

    Raises:
        ContentError: naming ``where`` (the file, when given) and the field ``<field>.<name>``, with the game's facts.
    """
    for key, value in state.items():
        named = f"{field}.{short(str(key), 60, quote=False)}"
        if key not in facts:
            msg = (f"{named}: unknown state fact {said(key)}; the game's facts: "
                   f"{short(', '.join(sorted(facts)), 400, quote=False)}")
            raise ContentError(f"{where}: {msg}" if where else msg, path=where, field=named)
        kind = _fact_kind(facts[key])
        if value is not None and kind is not None and not _of_kind(value, kind):
            msg = f"{named}: must be {kind[1]}, not {said(value, 40)}"  # as YAML writes it (true, not True)
            raise ContentError(f"{where}: {msg}" if where else msg, path=where, field=named)


#: The kinds of a state fact's value, with the words an error says them in (a bool is checked before an int: in
#: Python ``True == 1``, so a goal of ``released_count: true`` would hold once one Spirit is released; attack 32).
_KINDS = ((bool, "true or false"), (int, "a whole number"), (float, "a number"), (str, "a text"),
          ((list, tuple), "a list"), (dict, "a mapping"))


def _fact_kind(actual: object) -> tuple | None:
    """The kind (a row of :data:`_KINDS`) of a fact's value in the position checked; None for None or another
    value (a fact that is empty now, e.g. no winner yet, may be expected to hold anything)."""
    return next((k for k in _KINDS if isinstance(actual, k[0])), None)


def _of_kind(value: object, kind: tuple) -> bool:
    """Whether an expected ``value`` is of ``kind`` (no bool for a number, no float for a whole number)."""
    if kind[0] in (int, float) and isinstance(value, bool):
        return False
    if kind[0] is float:
        return isinstance(value, (int, float))
    return isinstance(value, kind[0])


def check(session: Session, steps: list[Step], e: Expect, field: str = "expect.state",
          where: str | None = None) -> list[str]:
    """The failed parts of expectation ``e`` in ``session`` after ``steps`` (empty when all hold). A state name the
    game does not know is refused (:func:`check_state_names`, naming ``where`` and ``field``)."""
    out: list[str] = []
    legal = session.legal_actions()
    for ref in e.legal:
        if not any(ref.matches(a) for a in legal):
            shown = [a.id for a in legal][:LEGAL_SHOWN]
            more = f" (and {len(legal) - len(shown)} more)" if len(legal) > len(shown) else ""
            out.append(f"expected legal: {ref.describe()}; legal now: {shown}{more}")
    for ref in e.not_legal:
        hits = [a.id for a in legal if ref.matches(a)]
        if hits:
            out.append(f"expected not legal: {ref.describe()}; but legal: {hits}")
    blocked = session.blocked_actions()
    for b in e.blocked:
        if not any(x.kind == b.kind and (b.clause is None or x.clause == b.clause)
                   and (b.label is None or b.label in x.label) for x in blocked):
            out.append(f"expected blocked: {b.kind} by {b.clause}; blocked now: "
                       f"{[(x.kind, x.clause) for x in blocked]}")
    for r in e.refused:
        out += _check_refused(session, r)
    chosen = steps[-1:] if e.only_last else steps
    fired = [ev.clause for st in chosen for ev in st.events]
    titles = {cid: c.title for cid, c in session.game.clauses.items()}

    def rule(cid: str) -> str:  # a rule by its title, its id in brackets (a page leaves the id out: plain_problem)
        return f"“{titles[cid]}” ({cid})" if titles.get(cid) else cid

    def rules(ids) -> str:
        return and_list([rule(c) for c in dict.fromkeys(ids)]) or "none"

    for cid in e.fired:
        if cid not in fired:
            out.append(f"the rule {rule(cid)} was expected to apply but did not; the rules that applied: "
                       f"{rules(sorted(set(fired)))}")
    for cid in e.not_fired:
        if cid in fired:
            out.append(f"the rule {rule(cid)} was expected not to apply, but it did")
    if e.in_order:
        last = [ev.clause for ev in steps[-1].events] if steps else []
        at = 0
        for cid in e.in_order:
            try:
                at = last.index(cid, at) + 1
            except ValueError:
                out.append(f"the rules {' then '.join(rule(c) for c in e.in_order)} were expected to apply in that "
                           f"order in the last step, but {rule(cid)} does not follow the ones before it; the rules "
                           f"the step applied, in order: {rules(last)}")
                break
    if e.rulings:
        cited = set(fired) | {c for st in chosen for c in st.action.clauses}
        cited |= {c for a in legal for c in a.clauses} | {b.clause for b in blocked}
        for cid in e.rulings:
            if cid not in cited:
                out.append(f"the ruling {rule(cid)} was expected to be cited (by a step's action or event, or a legal "
                           "or blocked action now), but nothing cites it")
    facts = session.game.facts(session.state)
    check_state_names(e.state, facts, field, where)
    for key, want in e.state.items():
        if facts[key] != want:
            out.append(f"state {short(key, quote=False)}: expected {said(want)}, got {said(facts[key])}")
    return out


#: How many legal action ids a failed ``legal`` expectation lists (it says how many it left out).
LEGAL_SHOWN = 12


def action_id(ref: ActionRef) -> str:
    """The action id ``ref`` names, built as :func:`~tutor.core.model.make_action` builds ids (kind, then the
    parameters sorted by name)."""
    params = sorted((k, v) for k, v in ref.params().items() if v is not None)
    return ref.kind + (":" + ",".join(f"{k}={v}" for k, v in params) if params else "")


def _check_refused(session: Session, r: RefusedRef) -> list[str]:
    """The failed parts of one ``refused`` expectation: ``Session.apply`` of the action must raise IllegalAction
    naming ``r.clause`` and leave the session exactly as it was."""
    hits = [a.id for a in session.legal_actions() if r.action.matches(a)]
    if hits:
        return [f"expected refused: {r.action.describe()}; but legal: {hits}"]
    before, n = session.state.model_dump_json(), len(session.history)
    try:
        session.apply(action_id(r.action))
    except IllegalAction as exc:
        out = []
        if exc.clause != r.clause:
            out.append(f"expected {r.action.describe()} refused by {r.clause}; refused by {exc.clause}: {exc}")
        if session.state.model_dump_json() != before or len(session.history) != n:
            out.append(f"refusing {r.action.describe()} changed the session")
        return out
    session.undo()
    return [f"expected refused: {r.action.describe()}; but it was applied"]


def run(sc: Scenario, where: str = "<scenario>", most: int | None = None) -> Result:
    """Run a scenario: prepare, apply its script, check every expectation at its point. With ``most``, at most that
    many script steps are taken (``res.cut`` is then true when the script is longer, and the expectations after them
    are not checked: ``res.session`` is where it stopped)."""
    res = Result(sc, where)
    session = start(sc, where)
    by_after: dict[int, list[tuple[int, Expect]]] = {}
    for i, e in enumerate(sc.expect):
        by_after.setdefault(len(sc.script) if e.after is None else e.after, []).append((i, e))

    def run_checks(n: int) -> None:
        for i, e in by_after.get(n, []):
            for f in check(session, res.steps, e, f"expect[{i}].state", where):
                res.failures.append(f"{sc.meta.id}: after step {n}: expect[{i}]: {f}")

    run_checks(0)
    kinds_before: set[str] = set()  # kinds legal before the last step taken
    for n, ref in enumerate(sc.script, 1):
        if most is not None and n > most:
            res.cut = True
            break
        kinds_now = {a.kind for a in session.legal_actions()}
        try:
            step = session.apply(find(session, ref))
        except ContentError as exc:
            raise ContentError(f"{where}: script[{n - 1}]: {exc}", path=where, field=f"script[{n - 1}]") from None
        except IllegalAction as exc:
            note = _resolved_itself(res) if ref.kind not in kinds_before | kinds_now else ""
            res.failures.append(f"{sc.meta.id}: script[{n - 1}] ({ref.describe()}): {exc}{note}")
            res.session = session  # where the script stopped
            return res
        kinds_before = kinds_now
        res.steps.append(step)
        res.log.append(step_text(session, step))
        run_checks(n)
    res.session = session
    return res


def _resolved_itself(res: Result) -> str:
    """A note for a script step that is not legal, of a kind legal neither now nor before the step before (so not a
    main action): when that step resolved a choice on its own (a single option, ruling ``*.ruling.single-option``),
    the script step most likely names that choice; say so."""
    if not res.steps:
        return ""
    forced = [ev for ev in res.steps[-1].events if ev.clause.endswith(".ruling.single-option")]
    if not forced:
        return ""
    return (f"; note: the step before resolved a choice by itself, as it had a single option ({forced[-1].text}) "
            f"[ruling {forced[-1].clause}]; a script does not name such a choice: leave this step out")


#: Most folders :func:`scenario_files` looks into under one folder given (attack 19 L4: ``scenario run /`` walked the
#: whole file system, ``/proc`` included, and ended on a bare "[Errno 2] ... /proc/30984").
MAX_WALK_FOLDERS = 5_000
#: Most ``*.yaml`` files one folder given may hold, its subfolders included.
MAX_WALK_FILES = 20_000


#: The refusal of an empty path given to ``scenario run`` (Python reads ``Path('')`` as the current folder).
EMPTY_PATH = "an empty path ('') names no file or folder: give a scenario file or folder, or none to run every " \
             "shipped scenario"


def scenario_files(paths: list[str | Path]) -> list[Path]:
    """Expand files and folders (recursively, ``*.yaml``; links to folders not followed, folders that cannot be read
    or vanish while read skipped) into a sorted list of scenario files.

    Raises:
        ContentError: a folder holding more than :data:`MAX_WALK_FOLDERS` folders or :data:`MAX_WALK_FILES` YAML
            files (not a folder of scenarios), naming it; an empty path (``''`` is read as the current folder).
    """
    if any(isinstance(p, str) and not p for p in paths):  # (attack 42: ``scenario run ''`` ran the current folder)
        raise ContentError(EMPTY_PATH, path="")
    out: list[Path] = []
    for p in map(Path, paths):
        if not p.is_dir():
            out.append(p)
            continue
        found: list[Path] = []
        for n, (root, dirs, files) in enumerate(os.walk(p, onerror=lambda _exc: None)):
            if n >= MAX_WALK_FOLDERS or len(found) > MAX_WALK_FILES:
                raise ContentError(f"{display_path(p)}: more than {MAX_WALK_FOLDERS:,} folders or {MAX_WALK_FILES:,} "
                                   "YAML files under it; give the folder of the scenarios themselves", path=str(p))
            dirs.sort()
            found += [Path(root) / f for f in files if f.endswith(".yaml")]
        out += sorted(found)
    return out


def all_scenarios(game_id: str | None = None) -> list[Path]:
    """Every shipped scenario file (of one game, or of all games)."""
    root = content_root()
    games = [game_id] if game_id else sorted(d.name for d in root.iterdir() if d.is_dir())
    return [f for g in games for f in sorted((root / g / "scenarios").glob("*.yaml"))]


def run_paths(paths: list[str | Path], verbose: bool = True, out=print) -> int:
    """Run scenario files; print each step's explanation and each result. Returns 0, 1 or 2 (module doc). Every
    line is printed with its control and bidi characters escaped (:func:`~tutor.core.errors.visible`): a file's
    texts never send escape sequences to the terminal or reorder what is printed around them."""
    raw_out = out

    def out(line: str) -> None:
        raw_out(visible(str(line)))

    try:
        files = scenario_files(paths)
    except ContentError as exc:
        out(f"error: {exc}")
        return 2
    if not files:
        named = ", ".join(display_path(Path(x)) for x in list(paths)[:5]) + (" …" if len(paths) > 5 else "")
        out(f"error: no scenario files (.yaml) found in {named or 'the paths given'}")
        return 2
    invalid = failed = 0
    seen: dict[str, Path] = {}
    for f in files:
        try:
            sc = load_scenario(f)
            if sc.meta.id in seen:
                raise ContentError(f"{f}: meta.id: {said(sc.meta.id)} is already the id of "
                                   f"{display_path(seen[sc.meta.id])}",
                                   path=str(f),
                                   field="meta.id")
            seen[sc.meta.id] = f
            res = run(sc, str(f))
        except ContentError as exc:
            msg = str(exc)  # every INVALID line names its file (errors found while running may not)
            shown = display_path(f)
            out(f"INVALID {msg if msg.startswith(shown) else f'{shown}: {msg}'}")
            invalid += 1
            continue
        if verbose:
            out(f"== {sc.meta.id}: {sc.meta.question}")
            for line in res.log:
                out(line)
        if res.ok:
            out(f"PASS {sc.meta.id} ({display_path(f)})" + (f"\n   answer: {sc.meta.answer}" if verbose else ""))
        else:
            failed += 1
            for x in res.failures:
                out(f"FAIL {x}")
    out(f"{len(files)} scenario(s): {len(files) - failed - invalid} passed, {failed} failed, {invalid} invalid")
    return 2 if invalid else (1 if failed else 0)


def write_schema(path: str | Path | None = None) -> Path:
    """Write the JSON Schema to ``content/scenario.schema.json`` (or ``path``); returns the path."""
    p = Path(path) if path else content_root() / "scenario.schema.json"
    p.write_text(json.dumps(schema(), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return p
