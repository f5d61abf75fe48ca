"""Variety within a practice session: what makes two questions "the same again", and how recently a session asked
something alike.

A new user (session 45) met "Meditate" with nothing to reroll 4 times in 15 Spirit Duels questions: the schedule
picks a *rule* (fsrs, :mod:`tutor.practice.schedule`), and a rule with no question of its own is practised by a
question on another rule that cites it, so several rules led to the same few questions. A question's
:func:`marks` name what a learner would call the same thing: its rule, the move it is about (``"Pass"``,
``"Meditate"``, ``"Play Fair Trade"``) and, for a what-happens question, the chain of rules of its answer. The coach
(:meth:`tutor.practice.coach.Coach.next_question`) passes over a question sharing a mark with the last
:data:`RECENT` questions, unless the learner missed its rule: then asking again is the point, and the page says so
(:data:`AGAIN`).
"""
from __future__ import annotations

from collections.abc import Iterable

#: A rule or situation asked within this many questions is not asked again (unless missed), when another is left.
RECENT = 12
#: Said in a question's header when it is asked again because the learner missed its rule.
AGAIN = "Again: you missed this"

Mark = tuple


def move(q) -> Mark | None:
    """The move question ``q`` is about, as a learner sees it, or ``None``: the action's kind and card for a
    what-happens or which-rule question (``("move", "meditate", "")``: which card Meditate discards does not make
    it another situation; ``("move", "play-card", "card=fair-trade")``), the blocked move's label for a why-not
    question; a can-do question is about the whole position (``None``)."""
    if q.kind == "why-not":
        return ("move", q.subject)
    if q.kind == "can-do" or not q.action_id:
        return None
    verb, _sep, params = q.action_id.partition(":")
    card = next((p for p in params.split(",") if p.startswith("card=")), "") if verb == "play-card" else ""
    return ("move", verb, card)


def marks(q) -> frozenset[Mark]:
    """What question ``q`` shares with a question a learner would call the same one again: its rule
    (``("rule", clause id)``), its move (:func:`move`) and, for a what-happens question, the rules of its answer in
    order (``("chain", clause ids)``)."""
    out: set[Mark] = {("rule", q.clause)}
    m = move(q)
    if m is not None:
        out.add(m)
    if q.kind == "what-happens":
        out.add(("chain", q.answer.outcome))
    return frozenset(out)


def since(recent: list[frozenset[Mark]], q) -> int:
    """How many questions ago (1: the last one) a question sharing a mark with ``q`` was asked, among ``recent``
    (the marks of the questions asked, oldest first); a large number when none was."""
    mine = marks(q)
    for back, seen in enumerate(reversed(recent), 1):
        if mine & seen:
            return back
    return 1 << 30


def fresh(recent: list[frozenset[Mark]], q) -> bool:
    """Whether ``q`` shares no mark with the last :data:`RECENT` questions of ``recent``."""
    return since(recent[-RECENT:], q) > RECENT


def most_alike(questions: Iterable) -> int:
    """The most questions among ``questions`` that share one mark (4 for the new user's four Meditates)."""
    count: dict[Mark, int] = {}
    for q in questions:
        for m in marks(q):
            count[m] = count.get(m, 0) + 1
    return max(count.values(), default=0)
