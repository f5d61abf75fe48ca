"""Pieces the panels share: a cache of row widgets by what they show (:class:`RowCache`), a step's or an action's
row (:class:`_Row`), an event line's HTML with its ability-graph links (:func:`event_html`; a step's events as shown, runs of alike ones
joined: :func:`shown_events`), an action's label as the
page may show it (:func:`shown_label`: a hidden hand's cards left unnamed), the cost of an action in words
(:func:`cost_text`), and walking the widgets a page shows (:func:`_walk`).
"""
from __future__ import annotations

import re
from functools import lru_cache

import ipywidgets as w

from tutor import Event, view
from tutor.interactions_cards import READERS
from tutor.step_words import times_words

from .boards import hidden_hands
from .model import SessionModel
from .style import esc, prov_text


class RowCache:
    """Widgets by key (what they show), kept while shown and for ``keep`` more renders after (a decision and back,
    an undo, often show the same rows again), then closed through :meth:`SessionModel.retire`."""

    def __init__(self, model: SessionModel, keep: int = 3) -> None:
        self.model, self.keep = model, keep
        self.rows: dict[object, w.Widget] = {}
        self._seen: dict[object, int] = {}  # key -> render in which it was last shown
        self._render = 0
        self._dropped: list[w.Widget] = []  # rows forgotten (see forget), retired at the next done()

    def get(self, key: object, make) -> w.Widget:
        """The row of ``key`` (built by ``make()`` when there is none), marked as shown in this render."""
        row = self.rows.get(key)
        if row is None:
            row = self.rows[key] = make()
            row._key = key  # what it shows (tests and debugging)
        self._seen[key] = self._render
        return row

    def forget(self, key: object) -> None:
        """Never show the row of ``key`` again: the next render builds a new one if it needs that key (the row is
        retired at the end of that render, after the page has been told to stop showing it)."""
        row = self.rows.pop(key, None)
        self._seen.pop(key, None)
        if row is not None:
            self._dropped.append(row)

    def done(self) -> None:
        """End of a render: retire the rows not shown in the last ``keep`` + 1 renders, and those forgotten."""
        old = [k for k, n in self._seen.items() if n < self._render - self.keep]
        dropped, self._dropped = self._dropped, []
        self.model.retire(*[self.rows.pop(k) for k in old], *dropped)
        for k in old:
            del self._seen[k]
        self._render += 1

    def touch(self, key: object) -> None:
        """Mark the row of ``key`` as shown in this render (kept, though not shown)."""
        if key in self.rows:
            self._seen[key] = self._render

    def clear(self) -> None:
        """Retire every row."""
        self.model.retire(*self.rows.values())
        self.rows, self._seen = {}, {}


class _Row:
    """The widgets one row of the actions panel puts in its group (``cells``), and the HTML widget whose text a
    render updates (``_text``). :func:`widgets.style.close_tree` closes its widgets (not the shared chip)."""

    def __init__(self, widgets: list[w.Widget], text: w.Widget, lines: list[tuple[w.Widget, ...]] | None = None
                 ) -> None:
        self.cells, self._text = tuple(widgets), text
        self.lines = lines if lines is not None else [self.cells]  # the cells a line of the page shows together

    @property
    def children(self) -> tuple[w.Widget, ...]:
        return self.cells

    def close(self) -> None:
        """Nothing of its own to close (its widgets are closed as its children)."""


@lru_cache(maxsize=8)
def _graph_cards(game_id: str, cards: str | None) -> dict[str, str]:
    reader = READERS.get(game_id)
    return {r.id: r.label for r in reader(cards)} if reader else {}


def graph_links(session, cards: tuple[str, ...]) -> str:
    """Links from an event to the ability-graph nodes of the cards it involves (``tutor-graph-link``), or ``""``.
    Only cards that are graph nodes (cards with abilities or effects) get one."""
    try:
        known = _graph_cards(session.game_id, session.game.options.get("cards"))
    except Exception:  # a card file the graph cannot read: no links, the event still shows
        return ""
    out = []
    for card in dict.fromkeys(cards):
        if card in known:
            node = f"{session.game_id}:{card}"
            out.append(f'<a class="rt-glink tutor-graph-link" href="ability-graph.ipynb?node={esc(node)}" '
                       f'target="_blank" title="{esc(known[card])} in the ability graph: what it affects and what '
                       f'affects it">&#8599; {esc(known[card])}</a>')
    return "".join(out[:3])


def cost_text(model: SessionModel, cost: int | None) -> str:
    """``" · 2 AP"``, ``" · free"`` or ``""``, in the game's own cost unit (``Game.cost_unit``). "free" only for AP,
    where a 0 AP action is the rulebook's Free Action; a card of 0 Essence says ``" · 0 Essence"`` (trial 37: "free"
    read like a Spirit Duels Fast card, which uses no action, while a 0-Essence card still takes the turn's action)."""
    if cost is None:
        return ""
    unit = model.session.game.cost_unit
    if cost == 0 and unit == "AP":
        return " · free"
    return f" · {cost} {unit}"


def shown_label(session, action) -> str:
    """``action``'s label as the page may show it: when it is a step of a seat whose hand the page hides (the
    computer's: :func:`widgets.boards.hidden_hands`) and its label names cards of that hidden hand, what the other
    players may know of it (the game's answer, ``tutor.view(session).public_label``: trial 22's "set aside a card"
    for "Set aside Blitzrush", trial 24's "Keep a Totem (draft round 1)" for "Keep Spirit Cloak (single)"); else
    the label itself. Plain text (the caller escapes it)."""
    if action.actor not in hidden_hands(session):
        return action.label
    try:
        ask = view(session).public_label
    except (ValueError, AttributeError):  # a game whose view does not say
        return action.label
    return ask(action) or action.label


def shown_events(session, events) -> list[Event]:
    """``events`` (a step's, in order) as the page shows them: an event naming cards of a hand the page hides says
    what the other players are told (``Event.public``, see :func:`event_html`), and a run of events that read alike
    (one clause, one text, both done by the rules or both by the player) is one line that says how many times it
    happened, "(twice)", with the cards of every firing (issue 16: the Great Pyramid's two draws were two identical
    lines, read as one thing said twice). Every firing is still in the step (``Step.events``) and its clause on
    the line's chip; only events one after the other are joined."""
    hidden = hidden_hands(session)
    runs: list[list] = []  # [event shown, times]
    for e in events:
        if e.public is not None and e.actor in hidden:
            e = e.model_copy(update={"text": e.public, "cards": (), "public": None})
        last = runs[-1][0] if runs else None
        if last is not None and (last.clause, last.text, last.automatic) == (e.clause, e.text, e.automatic):
            runs[-1][0] = last.model_copy(update={"cards": last.cards + e.cards})
            runs[-1][1] += 1
        else:
            runs.append([e, 1])
    return [e if n == 1 else e.model_copy(update={"text": times_words(e.text, n), "public": None}) for e, n in runs]


def event_html(session, e: Event, checked: frozenset[str] = frozenset()) -> str:
    """An event line's HTML: its tags (auto, ruling, provisional), its text and its ability-graph links; its box has CSS
    class ``rt-check-ev`` too when its clause is one of ``checked``, the clauses a lesson's goal checks (the very rule
    the lesson teaches: the one-screen strip folds it last, newuser31: Spirited lesson 1's Road Check line went to the
    History at 1024x768; in the words, which a click sends anyway, not in the line's classes: no message more). An event
    naming cards of a hand the page hides (the computer's: :func:`widgets.boards.hidden_hands`) shows what the other
    players are told (``Event.public``: "Player 2 draws 5 cards") and no card links (trial 22: Spirit Duels free play
    listed the computer's opening hand in the Set-up lines and the History)."""
    if e.public is not None and e.actor in hidden_hands(session):
        e = e.model_copy(update={"text": e.public, "cards": ()})
    cl = session.game.clauses.get(e.clause)
    tags = '<span class="rt-tag rt-auto" title="the rules did this on their own">auto</span>' if e.automatic else ""
    if cl is not None and cl.kind == "ruling":
        tags += f'<span class="rt-tag rt-ruling" title="{esc(cl.reason)}">ruling</span>'
    elif cl is not None and cl.kind == "provisional":
        tags += f'<span class="rt-tag rt-provk" title="{esc(cl.reason)}">provisional</span>'
    cls = "rt-ev rt-check-ev" if e.clause in checked else "rt-ev"
    return f'<div class="{cls}">{tags}{prov_text(e.text)}{graph_links(session, e.cards)}</div>'


def _css_name(name: str) -> str:
    """``name`` as a CSS class fragment (lower case letters, digits and hyphens)."""
    return re.sub(r"[^a-z0-9-]", "-", name.lower())


def _walk(widget: w.Widget):
    """Every widget the page shows under ``widget`` (depth first, itself included): hidden ones (CSS class
    ``rt-hidden``, or a part of the actions panel its classes hide) and what is under them are left out."""
    if getattr(widget, "_rt_hidden", False) or "rt-hidden" in getattr(widget, "_dom_classes", ()):
        return
    yield widget
    for c in getattr(widget, "children", ()):
        yield from _walk(c)
