"""The context of one apply step: the game, the state being changed and the events it logs, one type every game
extends (Restless Spirits with its Solo Mode notes, Spirited with events held back, Spirit Duels with its Spirit
facts).

A rules function takes a context ``c`` and writes through it: ``c.ev(clause, text)`` logs an event citing a clause,
``c.hold(event)`` keeps an event back to be logged right after the next one (a consequence logged after its cause),
``c.push(work...)`` schedules rules work, ``c.ask(decision)`` asks a decision. Pushing and asking go through the
game's :class:`~tutor.core.flow.Flow` (``game.flow``), so the modules that ask need not import the modules that
answer (which import them).
"""
from __future__ import annotations

from typing import Any

from .model import _EVENT_FIELDS, _NEW, _SET_DICT, _SET_EXTRA, _SET_FIELDS, _SET_PRIVATE, Event


class Context:
    """One apply step: ``game`` (its clauses; ``cards``, its loaded card file, also as ``c.cards``), ``state`` (the copy being changed, in place), ``events``
    (what happened so far, in order) and ``asked`` (the decision the step left pending with its options, when it
    worked them out: ``(decision, options, number of events then)``, see :meth:`.flow.Flow.ask`).

    Subclasses add what their game's rules read often (named helpers, cached facts); they keep this constructor's
    attributes. A context is made for every step and for some checks of legal actions, so the constructor stays
    small: a subclass gives its own fields defaults as class attributes where it can, rather than a constructor.
    """

    #: events held back by :meth:`hold`, logged right after the next event (or by :meth:`flush`); empty on most
    #: steps (a class default: a context is made for every step, and ``ev`` only tests it)
    after: tuple[Event, ...] = ()

    def __init__(self, game: Any, state: Any) -> None:
        self.game = game
        self.cards = game.cards
        self.state = state
        self.events: list[Event] = []
        self.asked: tuple | None = None

    def ev(self, clause: str, text: str, *, auto: bool = False, cards=(), actor: int | None = None,
           public: str | None = None) -> None:
        """Append an event citing ``clause`` (an id of the game's clauses, checked by tests over random games):
        ``text`` in plain words, ``auto`` when no player chose it, ``cards`` the card ids it names, ``actor`` the
        seat it concerns, ``public`` what the other players are told when ``text`` names cards only ``actor`` sees
        (:class:`~tutor.core.model.Event`)."""
        # make_event inlined (every event of every step)
        e = _NEW(Event)
        _SET_DICT(e, "__dict__", {"clause": clause, "text": text, "automatic": auto,
                                  "cards": cards if type(cards) is tuple else tuple(cards), "actor": actor,
                                  "public": public})
        _SET_FIELDS(e, _EVENT_FIELDS)
        _SET_EXTRA(e, None)
        _SET_PRIVATE(e, None)
        self.events.append(e)
        if self.after:
            self.flush()

    def hold(self, e: Event) -> None:
        """Keep event ``e`` back: it is logged right after the next event :meth:`ev` logs (so a consequence found
        before its cause is logged is still logged after it), or by :meth:`flush`, which the game calls at the end
        of a step (Spirited: the Shield abandoned when a Rally takes the last face-up card under it)."""
        self.after += (e,)

    def flush(self) -> None:
        """Log the events held back by :meth:`hold`, in the order held (nothing when none is)."""
        if self.after:
            self.events += self.after
            self.after = ()

    def who(self, seat: int) -> str:
        """``"Player 2"`` for seat 1."""
        return f"Player {seat + 1}"

    def push(self, *works: Any) -> None:
        """Schedule ``works`` (the game's work items) to run next, in the order given (:meth:`.flow.Flow.push`)."""
        self.game.flow.push(self.state, works)

    def ask(self, d: Any) -> None:
        """Ask decision ``d``: pending when it has a choice, made at once when it has one option
        (:meth:`.flow.Flow.ask`)."""
        self.game.flow.ask(self, d)
