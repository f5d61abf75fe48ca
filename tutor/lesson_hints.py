"""Which of a lesson's written hints belongs to which step of its solution, and which are still about a step to take
(lesson knowledge, not drawing: the learn page's hint ladder, :mod:`widgets.lesson_runner`, only shows what this
module says; moved here from ``widgets/lesson_hints.py``, session 29).

A hint that names an action ("Declare Attack", "Activate Nalpa, then end your turn") is given only while an action it
names is enabled (trial 20: after a Meditate in Spirit Duels lesson 1, "Declare Attack…" was given during the dice
choice); one that names none ("Any offering works here") only while the learner follows the lesson's own way. An
action is named by its verb: the first word of its label, or the first after a colon when that is lower case
("Resolve dice: declare Attack (1 showing)": "resolve", "declare"), among the verbs of the lesson's own steps.

A hint claims the steps its verbs name, in the order it names them (:func:`hint_steps`): "Pass with Player 2. Then
"Use Zuja" appears" (Spirit Duels lesson 8) claims the Pass before the Use, not the Pass after it, which is the next
hint's ("Pass with Player 2 again, then Gain the advantage"); so once its steps are taken a hint is no longer given
(:func:`current_hints`).
"""
from __future__ import annotations

import re

from .faq_whatif.setup_edits import card_names
from .lessons import Lesson, goal_failures, start_lesson
from .scenario import find

_WORD = re.compile(r"[A-Za-z]+")


def action_verbs(label: str) -> set[str]:
    """The verbs of an action's label, lower case: its first word (not a name's possessive, "Tychomp's Attack: …"),
    and the first word after a colon when it is lower case: ``"Resolve dice: declare Attack (1 showing)"`` ->
    ``{"resolve", "declare"}``, ``"Tychomp's Attack: deal 3 damage to …"`` -> ``{"deal"}``."""
    out = set()
    head, _, tail = label.partition(":")
    first = head.split(" ", 1)[0]
    if first and not first.endswith("'s") and _WORD.fullmatch(first):
        out.add(first.lower())
    after = _WORD.match(tail.strip())
    if after and after.group(0).islower():
        out.add(after.group(0))
    return out


#: id(lesson) -> (the lesson, the verbs of each of its steps): kept for the process's life (a game has a few dozen
#: lessons)
_VERBS: dict[int, tuple[Lesson, tuple[frozenset[str], ...]]] = {}


def step_verbs(lesson: Lesson) -> tuple[frozenset[str], ...]:
    """The verbs (:func:`action_verbs`) of the label of each of ``lesson``'s own steps, in order, its solution
    replayed from its start (kept per lesson); a card's name beginning a label is no verb (Restless Spirits lesson
    12's step "Barachu (Guardian) no longer needs Bowl" is not "Attract Barachu…"'s, session 29). Raises what :func:`tutor.scenario.find` raises for a solution that
    does not replay (the lesson checks refuse such a lesson)."""
    kept = _VERBS.get(id(lesson))
    if kept is None or kept[0] is not lesson:
        s, verbs = start_lesson(lesson), []
        names = tuple(f"{n}{c}" for k, n in card_names(s).items() if "=" not in k for c in " :")
        for ref in lesson.solution:
            a = find(s, ref)
            named = a.label.startswith(names)  # (the label begins with a card's name: that is no verb)
            verbs.append(frozenset(action_verbs(a.label) - ({a.label.split(" ", 1)[0].lower()} if named else set())))
            s.apply(a.id)
        kept = _VERBS[id(lesson)] = (lesson, tuple(verbs))
    return kept[1]


def lesson_verbs(lesson: Lesson) -> frozenset[str]:
    """The verbs of all of ``lesson``'s own steps (:func:`step_verbs`)."""
    return frozenset().union(*step_verbs(lesson))


def named_verbs(text: str, verbs: frozenset[str]) -> set[str]:
    """The verbs of ``verbs`` that ``text`` (a hint) uses as whole words, any case: ``"Activate Nalpa, then end your
    turn."`` -> ``{"activate", "end"}``; ``"Any offering works here"`` -> ``set()`` ("offering" is not "offer")."""
    return {w.lower() for w in _WORD.findall(text)} & verbs


def mentions(text: str, verbs: frozenset[str]) -> list[str]:
    """The verbs of ``verbs`` that ``text`` uses, lower case, in the order it uses them, each time it does:
    ``"Pass with Player 2. Then "Use Zuja" appears"`` -> ``["pass", "use"]``; ``"Pass, then Pass again"`` ->
    ``["pass", "pass"]``. A word in brackets is no use (:func:`verb_uses`)."""
    return [m.group(0).lower() for m in verb_uses(text, verbs)]


def verb_uses(text: str, verbs: frozenset[str]) -> list[re.Match]:
    """The words of ``text`` that are verbs of ``verbs`` (any case), in order, leaving out those in brackets: a
    bracket names or explains, it asks for no step (hints35: Spirit Duels lesson 2's "Binx's own ability (Activate)
    then gives Player 2 one Essence" took Player 1's "Activate Tychomp" from the hint after it, so at Binx's step the
    ladder gave "now "Activate Tychomp" for Player 1", and at Tychomp's "Player 2 first: "Activate Binx"")."""
    out, depth, before = [], 0, None
    for m in re.finditer(r"[()]|[A-Za-z]+", text):
        w = m.group(0)
        if w in "()":
            depth = max(0, depth + (1 if w == "(" else -1))
        elif not depth and w.lower() in verbs and not (  # (a determiner just before it: a noun; 'an "Attract"' asks)
                before is not None and before.group(0).lower() in _DETERMINERS and text[before.end():m.start()] == " "):
            out.append(m)
        before = m
    return out


#: Words after which a verb's word is a noun ("brings the stack back to 2": Spirited lesson 3's Rally hint claimed
#: the Stack step through it, and was given whole at that step, hints35)
_DETERMINERS = frozenset({"a", "an", "the", "your", "its", "their", "this", "that", "each", "every", "one"})


def hint_steps(lesson: Lesson) -> list[list[int]]:
    """For each of ``lesson``'s written hints, the steps of its solution (counted from 0) it claims, in order; no
    step is claimed by two hints. Hints are written in the order of the steps, and a hint names its steps in their
    order, so the verbs the hints use (:func:`mentions`, hint after hint) are matched to the steps in order, as many
    steps as can be matched: a step goes to a use of one of its verbs, each use takes the steps from where the use
    before it stopped (one use may take several: "Skip every choice", "Activate Tychomp, then Pawnite"); of two
    uses that could take a step, the earlier, unless it has taken one already (then the later: in Spirit Duels lesson
    23 the Pass is "Player 2 may pass."'s, not the hint's before it, which would have gone on to the Play after it). Spirit Duels lesson 8: "Pass with Player 2. Then "Use Zuja" appears"
    claims steps 3 (Pass) and 4 (Use), not the Pass at step 5, which "Pass with Player 2 again, then Gain the
    advantage" names before Gain (trial 28: the earlier hint kept it, and was given after its Use was taken)."""
    claimed: list[list[int]] = [[] for _ in lesson.hints]
    for (i, _n), took in use_steps(lesson).items():
        claimed[i] += took
    return claimed


def use_steps(lesson: Lesson) -> dict[tuple[int, int], list[int]]:
    """The steps each use of a verb in ``lesson``'s hints claims (:func:`hint_steps`): ``{(hint index, n): steps}``,
    ``n`` counting the hint's uses (:func:`mentions`) from 0; a use that claims none is left out."""
    steps, verbs = step_verbs(lesson), lesson_verbs(lesson)
    uses = [(i, n, v) for i, h in enumerate(lesson.hints) for n, v in enumerate(mentions(h, verbs))]
    n_u, n_s = len(uses), len(steps)
    best = [[0] * (n_s + 1) for _ in range(n_u + 1)]  # best[j][k]: most steps from k on matched to uses from j on
    for j in range(n_u - 1, -1, -1):
        for k in range(n_s - 1, -1, -1):
            best[j][k] = max(best[j + 1][k], (uses[j][2] in steps[k]) + best[j][k + 1])
    claimed: dict[tuple[int, int], list[int]] = {}
    j = k = 0
    took = False  # (whether use j has taken a step)
    while j < n_u and k < n_s:
        hit = uses[j][2] in steps[k]
        stay, move = hit + best[j][k + 1], best[j + 1][k]
        if stay > move or (stay == move and not took):  # step k goes to use j (matched, or passed over)
            if hit:
                claimed.setdefault(uses[j][:2], []).append(k)
            took, k = took or hit, k + 1
        else:
            j, took = j + 1, False
    return claimed


def hint_ends(lesson: Lesson) -> list[int | None]:
    """For each of ``lesson``'s written hints, the last step of its solution (counted from 0) it is written for
    (:func:`hint_steps`), None for a hint tied to no step. Spirit Duels lesson 22: "Player 1 has no cards: Pass." is
    written for step 0 only; its last step, Pass, is the third hint's ("Activate Tychomp, then Pawnite, then
    Pass…")."""
    return [c[-1] if c else None for c in hint_steps(lesson)]


def current_hints(lesson: Lesson, done: int | None) -> list[str]:
    """``lesson``'s written hints about the step to take after the learner took its first ``done`` steps (None:
    off the lesson's way, every hint): a hint written for steps (:func:`hint_steps`) is spent once they are all taken.
    Trial 27 (Spirit Duels lesson 22): after Player 1's Pass, Hint still said "Player 1 has no cards: Pass." (Pass was
    enabled for Player 2 too) at Player 2's "Gain the advantage" and at the steps after. A hint about a later step
    is not given yet either (hints35: Spirit Duels lesson 2 gave "now "Activate Tychomp" for Player 1" while the
    learner was to activate Binx for Player 2; session 29 let a ladder look ahead, so Restless Spirits lesson 29's
    second press named the Mirror before Miki was activated): every hint given is about the step the learner is at,
    or about no step."""
    return [h for h, c in zip(lesson.hints, hint_steps(lesson)) if done is None or not c or c[0] <= done <= c[-1]]


#: Where a sentence, or a part of one after ";", begins: the clause of a verb that is not its first word ("…; in the
#: End Phase place the Advantage Die anywhere", Spirit Duels lesson 6, hints35)
_SENTENCE = re.compile(r"[.;!?]\s+")
#: Where a clause of a hint may begin: after a sentence's or a list's mark, ", then", ", and", " then ", " and " (the
#: verb of the clause its first word, maybe in quotes); ``(?<!\s)``: a run of spaces is tried from its first space
#: only, not from each (linear in the hint's length; attack 47)
_CLAUSE_START = re.compile(r"(?:[.;:!?]\s+(?:[Tt]hen\s+)?|,\s+(?:then\s+|and\s+)?|(?<!\s)\s+then\s+|"
                             r"(?<!\s)\s+and\s+)[\"“]?$")


def hint_now(lesson: Lesson, text: str, done: int | None) -> str:
    """The written hint ``text`` as it speaks to a learner who took the first ``done`` steps of ``lesson``'s way:
    a hint written for several steps of one move ("Attract Gonga, offer a Totem, choose space 1.") given after its
    first steps are taken starts at the clause of the step the learner is at ("Offer a Totem, choose space 1.");
    session 33: 38 such hints still told the whole move while the learner was already on its later step. A clause
    starts where its verb is its first word (:data:`_CLAUSE_START`), else at the sentence or ";" part the verb is in
    (:data:`_SENTENCE`, after the use before it; hints35: "…; in the End Phase place the Advantage Die anywhere"),
    never inside brackets; a hint with no such clause, a step now that no clause of it names (Spirited lesson 18's
    "Do the same as Player 2"), off the lesson's way (``done`` None) or not one of the lesson's hints is given whole."""
    if done is None or text not in lesson.hints:
        return text
    i = lesson.hints.index(text)
    uses = sorted((n, took) for (h, n), took in use_steps(lesson).items() if h == i)
    at = next((n for n, took in uses if took[-1] >= done), None)
    if at is None or at == uses[0][0] or done not in dict(uses)[at]:  # (the step now is that clause's own)
        return text
    found = verb_uses(text, lesson_verbs(lesson))
    for n, word in enumerate(found):
        if n == at:
            head = text[:word.start()]
            if head.count("(") > head.count(")"):
                return text
            if not _CLAUSE_START.search(head):  # (the verb inside its clause: from the sentence or ";" part it is in)
                since = found[n - 1].end() if n else 0
                marks = [m for m in _SENTENCE.finditer(head) if m.start() >= since]
                if not marks:
                    return text
                rest = text[marks[-1].end():]
                return rest[:1].upper() + rest[1:]
            rest = text[_CLAUSE_START.search(head).end() - (1 if head[-1:] in "\"“" else 0):]
            rest = rest.removeprefix("then ").removeprefix("Then ").removeprefix("and ")
            k = 1 if rest[:1] in "\"“" else 0
            return rest[:k] + rest[k:k + 1].upper() + rest[k + 1:]
    return text


def hint_names_enabled(text: str, verbs: frozenset[str], enabled_labels: list[str], on_path: bool) -> bool:
    """True when the hint ``text`` fits the actions enabled now (``enabled_labels``): an action it names
    (:func:`named_verbs`) is among them, or it names none and the learner is on the lesson's own way (``on_path``)."""
    named = named_verbs(text, verbs)
    if not named:
        return on_path
    return any(named & action_verbs(label) for label in enabled_labels)


class OutOfBudget(Exception):
    """The search for a way to a lesson's goal looked at more positions than it was given."""


def way_on(lesson: Lesson, scratch, depth: int, budget: int, shortest: bool = False) -> str | None:
    """The id of the first action of a way (at most ``depth`` steps) from ``scratch`` (a session, left as it was:
    each step tried is undone) that reaches ``lesson``'s goal, or None when there is none that short (the goal
    already holding is None too). With ``shortest``, of a shortest way (ways of 1 step tried first, then 2, ...: a
    hint names the nearest way, found in fewer positions than a search that goes deep first). Raises
    :class:`OutOfBudget` after ``budget`` positions in all."""
    seen = [0]  # (positions looked at, over every depth tried)
    for d in range(1, depth + 1) if shortest else (depth,):
        first = _way(lesson, scratch, d, budget, seen)
        if first is not None:
            return first
    return None


def _way(lesson: Lesson, scratch, depth: int, budget: int, seen: list[int]) -> str | None:
    """:func:`way_on` going deep first, ``seen[0]`` counting the positions looked at."""

    def step_to(d: int) -> str | None:
        # the first legal action after which the goal is met, or met within d - 1 more steps; None for none
        if d <= 0 or scratch.is_over:
            return None
        for a in scratch.legal_actions():
            seen[0] += 1
            if seen[0] > budget:
                raise OutOfBudget
            scratch.apply(a.id)
            try:
                if not goal_failures(lesson, scratch) or step_to(d - 1) is not None:
                    return a.id
            finally:
                scratch.undo()
        return None

    return None if not goal_failures(lesson, scratch) else step_to(depth)
