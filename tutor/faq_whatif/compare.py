"""The answer of a what-if: run a question's script again from the changed set-up as far as it still applies, say
why a scripted step is no longer possible (the blocked action and its clause, from the engine's blocked actions) and
what is possible instead, and compare the original run with the what-if run: the clauses that fired in each and the
checks (expectation parts) whose result changed, in sentences.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..core.errors import ContentError, IllegalAction
from ..core.session import Session
from ..scenario import ActionRef, Expect, Scenario, check, find, start
from ..scenario_words import (_SEAT_PATHS, action_labels, describe_expect, describe_path, describe_ref, describe_value,
                              plain_label, slot_names)
from .fact_words import differs_sentence, fact_label
from .setup_edits import card_names, prepared_for_edits, setup_decision


def pending_in_words(e: Expect, names: dict[str, str]) -> Expect:
    """``e`` to be described (never checked): an expected pending decision (``state.pending``, a decision kind)
    replaced by its words from ``names`` (``"pending=<kind>"``, :func:`tutor.faq_whatif.card_names`), so a learner
    reads what is being chosen, not the kind."""
    v = e.state.get("pending")
    if not isinstance(v, str) or f"pending={v}" not in names:
        return e
    return e.model_copy(update={"state": {**e.state, "pending": names[f"pending={v}"]}})


@dataclass(frozen=True)
class Stop:
    """A scripted step the run could not take.

    Attributes:
        step: its number (1-based). action: the step in words. why: the reasons, each ending with its clause id in
        brackets (``"... [rs.buy]"``). clauses: the clause ids that forbid it (may be empty when no rule forbids it:
        nothing asks for it here). possible: the legal actions now, in words.
    """

    step: int
    action: str
    why: tuple[str, ...]
    clauses: tuple[str, ...]
    possible: tuple[str, ...]

    @property
    def sentence(self) -> str:
        """``"Step 2 (Choose swap out (Spirit Cloak)) cannot be played after your change: ... You could play
        instead: ..."`` (trial 13, item F1: in a player's words, not "cannot happen here ... Possible instead")."""
        inst = f" You could play instead: {'; '.join(self.possible)}." if self.possible else ""
        return f"Step {self.step} ({self.action}) cannot be played after your change: {'; '.join(self.why)}.{inst}"


@dataclass(frozen=True)
class Part:
    """One part of one expectation (one line of the "Checked live" list) and its result in a run.

    Attributes:
        index: the expectation's position in ``scenario.expect``. after: its script step. line: what it checks, in
        words. state: ``"holds"``, ``"fails"`` or ``"not reached"``. actual: for a state fact, its value on the
        run's board where it was checked, in words (else ``""``). at: the step it was checked after: ``after``, or
        where the run stopped when it stopped before ``after`` (then checked on the board the run reached). key: the
        state fact's path (``"p1.hand"``) for a state fact, else ``""``. positive: for a negative check ("X is
        not a legal action", "the rule X does not apply"), the same check said in the positive ("X is a legal
        action"), whose result is the opposite of ``state``; ``""`` for any other check.
    """

    index: int
    after: int
    line: str
    state: str
    actual: str = ""
    at: int | None = None
    key: str = ""
    positive: str = ""


@dataclass(frozen=True)
class RunSummary:
    """One run of a scenario's script: ``session`` (its board at the end), ``done`` of ``total`` steps taken, the
    clauses its events cite (``fired``, in first-seen order), ``stop`` (the step it could not take, else ``None``)
    and ``parts`` (every expectation part checked at its step); ``names``: the words its check lines use for cards,
    values and Spirit slots (read at the run's start)."""

    session: Session
    done: int
    total: int
    fired: tuple[str, ...]
    stop: Stop | None
    parts: tuple[Part, ...]
    names: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Change:
    """An expectation part whose result differs between the runs, with a ``sentence`` saying how.

    Attributes:
        line: what it checks, in words. original / what_if: its result in each run (``"holds"``, ``"fails"``,
        ``"not reached"``). sentence: the difference in one sentence. original_value / what_if_value: for a state
        fact, its value in each run, in words (else ``""``). seen: where the what-if's value was read when the run
        stopped before the check's step (``" (seen after step 1, where your game stops)"``, else ``""``). label: for
        a state fact, its name as the comparison table's row says it (``"Player 1's Road"``), else ``""``.
        positive: for a negative check, the check said in the positive (its results the opposite of ``original``
        and ``what_if``), else ``""`` (see :meth:`in_positive`).
    """

    line: str
    original: str
    what_if: str
    sentence: str
    original_value: str = ""
    what_if_value: str = ""
    seen: str = ""
    label: str = ""
    positive: str = ""

    def in_positive(self) -> tuple[str, str, str]:
        """``(line, original, what_if)`` said in the positive: a negative check ("“X” is not a legal action") as the
        check it denies ("“X” is a legal action") with both results swapped (``"holds"`` <-> ``"fails"``; ``"not
        reached"`` stays); any other check as it is."""
        if not self.positive:
            return self.line, self.original, self.what_if
        swap = {"holds": "fails", "fails": "holds"}
        return self.positive, swap.get(self.original, self.original), swap.get(self.what_if, self.what_if)


@dataclass(frozen=True)
class Comparison:
    """The original run and the what-if run side by side.

    Attributes:
        original, what_if: the two :class:`RunSummary`. only_original / only_what_if: clause ids fired in one run
        only (in order). changes: the :class:`Change` of every expectation part whose result differs. titles:
        ``{clause id: title}`` for display.
    """

    original: RunSummary
    what_if: RunSummary
    only_original: tuple[str, ...]
    only_what_if: tuple[str, ...]
    changes: tuple[Change, ...]
    titles: dict[str, str] = field(default_factory=dict)
    instead: str = ""
    opening: str = ""

    def rule(self, cid: str) -> str:
        """``"Hand limit of 7 [rs.hand-limit]"``."""
        return f"{self.titles.get(cid, cid)} [{cid}]"

    def sentences(self) -> list[str]:
        """The difference in sentences: the step the what-if could not take, the rules that fired in one run only,
        then every changed check."""
        out = []
        if self.opening:
            out.append(self.opening)
        if self.instead:
            out.append(self.instead)
        if self.what_if.stop is not None:
            out.append(self.what_if.stop.sentence)
        out += [f"After your change the rule “{self.titles.get(c, c)}” [{c}] no longer comes into play (it did in the "
                "rulebook's case)." for c in self.only_original]
        out += [f"After your change the rule “{self.titles.get(c, c)}” [{c}] comes into play (it did not in the "
                "rulebook's case)." for c in self.only_what_if]
        out += [c.sentence for c in self.changes]
        if len(out) == 0:
            out.append("Nothing changes: the same rules come into play and everything the answer looks at comes out "
                       "the same.")
        return out


def _parts(e: Expect) -> list[Expect]:
    base = {"after": e.after, "only_last": e.only_last}
    out = [Expect(**base, legal=[r]) for r in e.legal] + [Expect(**base, not_legal=[r]) for r in e.not_legal]
    out += [Expect(**base, blocked=[b]) for b in e.blocked]
    out += [Expect(**base, fired=[c]) for c in e.fired] + [Expect(**base, not_fired=[c]) for c in e.not_fired]
    out += [Expect(**base, state={k: v}) for k, v in e.state.items()]
    return out


def _positive(p: Expect) -> Expect | None:
    """A negative expectation part (``not_legal`` or ``not_fired``) as the positive part it denies, else ``None``."""
    if p.not_legal:
        return Expect(after=p.after, only_last=p.only_last, legal=p.not_legal)
    if p.not_fired:
        return Expect(after=p.after, only_last=p.only_last, fired=p.not_fired)
    return None


def _words(session: Session):
    names = {**card_names(session), **session.game.value_names(), **slot_names(session)}
    titles = {cid: c.title for cid, c in session.game.clauses.items()}

    def line(p: Expect, at: Session | None = None) -> tuple[str, str]:
        """The part's check in words, and for a negative check the same check in the positive (else "")."""
        here = ({**names, **action_labels(at, [*p.legal, *p.not_legal], p.blocked)}
                if at is not None and (p.legal or p.not_legal or p.blocked) else names)  # as buttons say
        pos = _positive(p)
        return (describe_expect(pending_in_words(p, here), here, titles)[0],
                "" if pos is None else describe_expect(pos, here, titles)[0])

    def actual(p: Expect, at: Session) -> str:
        if not p.state:
            return ""
        key = next(iter(p.state))
        facts = at.game.facts(at.state)
        if key not in facts:
            return "?"
        if key == "pending" and isinstance(facts[key], str):  # a decision kind, e.g. battle-medal, in words
            return names.get(f"pending={facts[key]}", facts[key].replace("-", " "))
        return describe_value(facts[key], names, key.split(".")[0] in _SEAT_PATHS, key)
    return line, actual, describe_path, names


def _stop(session: Session, ref: ActionRef, n: int, names: dict[str, str], cited: tuple[str, ...],
          titles: dict[str, str]) -> Stop:
    blocked = [b for b in session.blocked_actions() if b.covers(ref.kind, ref.params())]  # this step's own action
    why = [f"{b.why} [{b.clause}]" for b in blocked]
    clauses = [b.clause for b in blocked]
    if not why:
        same = [a for a in session.legal_actions() if a.kind == ref.kind]
        if same:
            why = ["that exact move is not allowed now, though others like it are"]
        elif cited:
            # the rule that asked for this step in the rulebook's case (cited by the step before it, or where the
            # question starts) and that the what-if's step before did not bring into play: its cause, never a rule
            # of this step's own (ui45, new-user trial: a swap "came from" where the swapped-out card goes)
            here = {ev.clause for ev in session.history[-1].events} if session.history else set()
            cause = [c for c in cited if c not in here]
            at = f"at step {n - 1}" if n > 1 else "where the question starts"
            why = [f"nothing asks for it now (in the rulebook's case the rule “{titles.get(cause[0], cause[0])}” "
                   f"[{cause[0]}] asked for it {at}; after your change it does not come into play there)"
                   if cause else "nothing asks for it now"]
        else:
            why = ["this move is not among the legal ones now"]
    legal = sorted(session.legal_actions(), key=lambda a: a.kind != ref.kind)  # moves of the same kind first
    possible = tuple(dict.fromkeys(a.label for a in legal))[:5]
    return Stop(n, describe_ref(ref, names), tuple(dict.fromkeys(why)), tuple(dict.fromkeys(clauses)), possible)


def run_far(sc: Scenario, where: str = "what if", cited: dict[int, tuple[str, ...]] | None = None) -> RunSummary:
    """Run ``sc``'s script from its set-up as far as it applies, checking every expectation part at its step.

    ``cited``: ``{step: clause ids}`` that led to each step in the original run (those its step before cited), used
    to say why a step that no rule blocks no longer happens. Raises ContentError for an invalid set-up or script (naming ``where``).
    """
    session = start(sc, where)
    line, actual, _dp, names = _words(session)
    titles = {cid: c.title for cid, c in session.game.clauses.items()}
    parts_at: dict[int, list[tuple[int, Expect]]] = {}
    for i, e in enumerate(sc.expect):
        for p in _parts(e):
            parts_at.setdefault(len(sc.script) if e.after is None else e.after, []).append((i, p))
    parts: list[Part] = []
    steps = []

    def checks(n: int) -> None:
        for i, p in parts_at.get(n, []):
            try:
                ok = not check(session, steps, p)
            except ContentError:
                ok = False
            said, positive = line(p, session)
            parts.append(Part(i, n, said, "holds" if ok else "fails", actual(p, session), n, _key(p), positive))

    checks(0)
    stop = None
    for n, ref in enumerate(sc.script, 1):
        try:
            action = find(session, ref)
        except (IllegalAction, ContentError):
            stop = _stop(session, ref, n, names, (cited or {}).get(n, ()), titles)
            break
        steps.append(session.apply(action))
        checks(n)
    done = len(steps)
    for n in sorted(parts_at):
        if n > done:  # checked on the board the run reached, so the learner sees what it is there
            for i, p in parts_at[n]:
                try:
                    ok = not check(session, steps, p)
                except ContentError:
                    ok = False
                said, positive = line(p)
                parts.append(Part(i, n, said, "holds" if ok else "fails", actual(p, session), done, _key(p),
                                  positive))
    fired = tuple(dict.fromkeys(ev.clause for st in steps for ev in st.events))
    return RunSummary(session, done, len(sc.script), fired, stop, tuple(parts), names)


def compare(original: Scenario, what_if: Scenario, where: str = "what if") -> Comparison:
    """Run ``original`` and ``what_if`` (the same question from a changed set-up, see
    :func:`tutor.faq_whatif.edit_setup`) and compare them (:class:`Comparison`).

    Raises:
        ContentError: either set-up or script is invalid.
    """
    a = run_far(original, where)
    # what led to each step in the rulebook's case: the rules its step before cited (the first step's: the events
    # of the action the question starts inside), to say why a step nothing asks for is gone
    led = [opening_events(original, where), *(st.events for st in a.session.history)]
    cited = {n: tuple(dict.fromkeys(ev.clause for ev in led[n - 1])) for n in range(1, len(led))}
    b = run_far(what_if, where, cited)
    if b.stop is not None and b.stop.step <= len(a.session.history):  # the step as the original took it, in words
        b = replace(b, stop=replace(b.stop, action=plain_label(a.session.history[b.stop.step - 1].action.label)))
        if not b.stop.clauses:  # no rule forbids it: say what is missing, never another action's reason
            gone = _not_legal(original, a.session, b.session, b.stop.step, b.stop.why)
            if gone:
                b = replace(b, stop=replace(b.stop, why=(gone,)))
    titles = {cid: c.title for cid, c in b.session.game.clauses.items()}
    only_a = tuple(c for c in a.fired if c not in b.fired)
    only_b = tuple(c for c in b.fired if c not in a.fired)
    said = only_a + only_b
    changes = []
    game_id, names = b.session.game_id, b.names
    for pa, pb in zip(a.parts, b.parts):
        said_rule = any(f"“{titles.get(c, c)}”" in pa.line for c in said)
        if pa.line.startswith("The rule “") and said_rule:
            continue  # "After your change the rule “<rule>” no longer comes into play" says it already
        if pa.state != pb.state or pa.actual != pb.actual:
            if pb.at != pb.after:
                seen = " (seen before the first step: your game stops at once)" if pb.at == 0 else \
                    f" (seen after step {pb.at}, where your game stops)"
            else:
                seen = ""
            how = _how(pa.state, pb.state, seen)
            # "after your change", never "on your board": the fact may be a hand, a pile or a choice, and in
            # Restless Spirits a player's board is only their spaces (a card in hand is not on it)
            shown = f" After your change: {pb.actual}." if pb.actual and pb.actual != pa.actual else ""
            sentence = f"{how}: {_check_words(pa.line)}.{shown}"
            label = ""
            if pa.key and pa.actual and pb.actual and pa.actual != pb.actual:  # a fact of the board, said plainly
                sentence = differs_sentence(pa.key, game_id, names, pa.actual, pb.actual, seen)
                label = fact_label(pa.key, game_id, names)
            elif (pa.state, pb.state) == ("holds", "fails"):  # (trial 21: "this is true; ... it is not: <line>")
                sentence = f"In the rulebook's case {_check_words(pa.line)}; after your change that is not so{seen}."
            elif (pa.state, pb.state) == ("fails", "holds"):
                sentence = (f"In the rulebook's case it is not so that {_check_words(pa.line)}; after your change "
                            f"it is{seen}.")
            changes.append(Change(pa.line, pa.state, pb.state, sentence, pa.actual, pb.actual, seen, label,
                                  pa.positive))
    return Comparison(a, b, only_a, only_b, tuple(changes), titles, _instead(a, b), _opening(original, what_if, where))


def _not_legal(original: Scenario, a: Session, b: Session, n: int, why: tuple[str, ...]) -> str:
    """Why step ``n`` (taken in run ``a``, not possible in run ``b``, no blocked action covering it) cannot be
    played, or ``""`` to keep ``why``: a card it uses no longer in the hand it came from (``"Bell & Feather
    [provisional] is no longer in Player 1's hand, ..."``, its mark when a value of it is provisional): ``a``'s board before step ``n`` had it in the acting player's hand, ``b``'s
    does not); else, when the step answered no pending decision in ``a`` (``why`` saying "nothing leads to it" is
    for a decision the what-if no longer asks), plainly that it is not among the legal moves."""
    action = a.history[n - 1].action
    before = board_at(original, a, n - 1, {})
    was = before.game.facts(before.state)
    key = f"p{action.actor + 1}.hand"
    had, has = was.get(key), b.game.facts(b.state).get(key)
    if isinstance(had, list) and isinstance(has, list):
        names, cards = card_names(b), getattr(getattr(b.game, "cards", None), "by_id", None) or {}
        for _k, v in action.params:
            if isinstance(v, str) and v in had and v not in has:
                # (a card with a provisional value marked, as its chip and the step's label: newuser45)
                mark = " [provisional]" if getattr(cards.get(v), "provisional", None) else ""
                return (f"{names.get(v, 'a card it uses')}{mark} is no longer in Player {action.actor + 1}'s hand, so "
                        "this move is not among the legal ones")
    if not was.get("pending") and any(w.startswith("nothing asks for it now") for w in why):
        return "this move is not among the legal ones now"
    return ""


def _how(a: str, b: str, where: str) -> str:
    """How a check's result changed, as a person would say it (``a``/``b``: ``"holds"``, ``"fails"``, ``"not
    reached"`` in the original and in the what-if; ``where``: when the what-if's result was checked, or ``""``)."""
    if a == b:
        said = {"holds": "true", "fails": "not true", "not reached": "never reached"}
        return f"This is {said.get(a, a)} both ways, but the values differ{where}"
    if a == "holds" and b == "fails":
        return f"In the rulebook's case this is true; after your change it is not{where}"
    if a == "fails" and b == "holds":
        return f"In the rulebook's case this is not true; after your change it is{where}"
    said = {"holds": "is true", "fails": "is not true", "not reached": "is never reached"}
    return f"In the rulebook's case this {said.get(a, a)}; after your change it {said.get(b, b)}{where}"


def _check_words(line: str) -> str:
    """A check's line (:func:`tutor.scenario_words.describe_expect`) as a clause of a sentence: ``"The rule “X”
    applies"`` reads ``the rule “X” applies``."""
    for head in ("The rule “", "The tutor's ruling “", "No choice is waiting", "In the last step"):
        if line.startswith(head):
            return line[:1].lower() + line[1:]
    return line


def opening_events(sc: Scenario, where: str = "what if") -> tuple:
    """The events of the action a set-up ends inside (``setup.state.decision``, :mod:`tutor.core.opening`), taken
    again from the state before it; ``()`` when the set-up ends on no decision."""
    d = setup_decision(sc)
    if d is None:
        return ()
    base = prepared_for_edits(sc, where)
    ref = ActionRef(**d["action"])
    hits = [a for a in base.legal_actions() if ref.matches(a) and a.actor == d["seat"] - 1]
    return tuple(base.apply(hits[0]).events) if len(hits) == 1 else ()


def _opening(original: Scenario, what_if: Scenario, where: str) -> str:
    """Where the question starts inside an action: what that action did in the what-if that it did not in the
    original (e.g. a part with nothing to choose passed at once), as a sentence citing its clauses."""
    seen = {(e.clause, e.text) for e in opening_events(original, where)}
    new = [f"{e.text} [{e.clause}]" for e in opening_events(what_if, where) if (e.clause, e.text) not in seen]
    return f"Where the question starts, after your change: {' '.join(new)}" if new else ""

def _instead(a: RunSummary, b: RunSummary) -> str:
    """When the what-if stopped at a step the original took: what the what-if's previous step did instead (its
    events the original's same step did not have), e.g. no swap asked because the hand had room."""
    if b.stop is None or b.stop.step > len(a.session.history):
        return ""
    n = b.stop.step
    skipped = a.session.history[n - 1].action.label
    before_a = a.session.history[n - 2].events if n >= 2 else []
    before_b = b.session.history[n - 2].events if n >= 2 and len(b.session.history) >= n - 1 else []
    seen = {(e.clause, e.text) for e in before_a}
    new = [f"{e.text} [{e.clause}]" for e in before_b if (e.clause, e.text) not in seen]
    if not new:
        return ""  # the step that stops says it
    return (f"After your change there is no “{plain_label(skipped)}”, because step {n - 1} went differently: "
            f"{' '.join(new)}")


def board_at(sc: Scenario, session: Session, after: int, replays: dict[int, Session]) -> Session:
    """The board of scenario ``sc`` after the first ``after`` steps of ``session``'s history (at most its length):
    ``session`` itself after its last step, else a replay of those steps from the scenario's start, kept in
    ``replays`` (step count -> session) for the next expectation of the same step."""
    if after == len(session.history):
        return session
    if after not in replays:
        again = start(sc)
        for st in session.history[:after]:
            again.apply(st.action.id)
        replays[after] = again
    return replays[after]


def part_checks(sc: Scenario, session: Session) -> list[Part]:
    """Every expectation part of ``sc`` checked on ``session``'s own board (the board that is shown): a part whose
    step is the session's step count is checked on it; parts of other steps on a replay of the session's history;
    parts of steps not reached are ``"not reached"``. State parts carry their value on that board (``actual``)."""
    line, actual, _dp, _n = _words(session)
    hist = session.history
    out: list[Part] = []
    replays: dict[int, Session] = {}
    for i, e in enumerate(sc.expect):
        after = len(sc.script) if e.after is None else e.after
        for p in _parts(e):
            if after > len(hist):
                said, positive = line(p)
                out.append(Part(i, after, said, "not reached", actual(p, session), len(hist), _key(p), positive))
                continue
            at = board_at(sc, session, after, replays)
            try:
                ok = not check(at, at.history, p)
            except ContentError:
                ok = False
            said, positive = line(p, at)
            out.append(Part(i, after, said, "holds" if ok else "fails", actual(p, at), after, _key(p), positive))
    return out


def _key(p: Expect) -> str:
    """The state fact's path a part checks (``"p1.hand"``), else ``""``."""
    return next(iter(p.state), "")
