"""Which rule to practise next: one spaced-repetition card per clause, scheduled by ``fsrs`` (the FSRS scheduler
Anki uses), never by a scheduler of our own.

A right answer is rated ``Good``, a wrong one ``Again``; a card answered wrongly comes back after FSRS's short
(re)learning step (1 to 10 minutes), a card answered rightly after FSRS's interval (days, growing). The next clause
(:func:`next_clause`) is, in this order: a missed rule that is due again; a rule never practised (in the order
given: rulebook order); any rule that is due; else the rule due soonest.
"""
from __future__ import annotations

from datetime import datetime, timezone

from fsrs import Card, Rating, Scheduler, State

#: The scheduler: FSRS's default parameters and steps; no fuzzing, so the same answers give the same dates.
SCHEDULER = Scheduler(enable_fuzzing=False)


def now() -> datetime:
    """The current time, timezone-aware UTC."""
    return datetime.now(timezone.utc)


def utc(when: datetime) -> datetime:
    """``when`` as timezone-aware UTC (a naive time, as SQLite gives back, is taken as UTC)."""
    return when.replace(tzinfo=timezone.utc) if when.tzinfo is None else when.astimezone(timezone.utc)


def review(card: Card | None, correct: bool, when: datetime | None = None) -> Card:
    """The card after one answer (``card=None``: a new card), rated ``Good`` when ``correct`` else ``Again``."""
    card = Card() if card is None else card
    new, _log = SCHEDULER.review_card(card, Rating.Good if correct else Rating.Again, utc(when or now()))
    return new


def card_json(card: Card) -> str:
    """A card as JSON text (fsrs' own format)."""
    return card.to_json()


def card_from_json(text: str) -> Card:
    """A card read back from :func:`card_json`'s text (ValueError for text that is not a card)."""
    try:
        return Card.from_json(text)
    except Exception as exc:  # noqa: BLE001 - fsrs raises several types for bad text
        raise ValueError(f"not an fsrs card: {exc}") from None


def missed(card: Card) -> bool:
    """True when the card's last answer was wrong and it has not been answered rightly since (FSRS keeps such a card
    in a (re)learning step)."""
    return card.state in (State.Learning, State.Relearning) and card.last_review is not None and card.step == 0


def next_clause(candidates: list[str], cards: dict[str, Card], when: datetime | None = None,
                avoid: str | None = None) -> str | None:
    """The clause to practise next among ``candidates`` (clause ids, in the order to introduce new ones), given the
    learner's ``cards`` (``{clause id: Card}``); ``avoid`` (the clause just asked) is chosen only when nothing else
    is left. ``None`` when ``candidates`` is empty."""
    t = utc(when or now())
    ordered = [c for c in candidates if c != avoid] + ([avoid] if avoid in candidates else [])
    if not ordered:
        return None
    mine = {c: cards[c] for c in ordered if c in cards}
    due = sorted((utc(k.due), i, c) for i, (c, k) in enumerate(mine.items()) if utc(k.due) <= t)
    for _due, _i, c in due:
        if missed(mine[c]) and c != avoid:
            return c
    for c in ordered:
        if c not in mine and c != avoid:
            return c
    for _due, _i, c in due:
        if c != avoid:
            return c
    soonest = sorted((utc(k.due), i, c) for i, (c, k) in enumerate(mine.items()) if c != avoid)
    return soonest[0][2] if soonest else ordered[0]
