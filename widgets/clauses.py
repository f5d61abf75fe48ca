"""The clause card (the rule behind a chip: title, text, source, kind, related clauses) and the glossary search."""
from __future__ import annotations

import re

import ipywidgets as w

from tutor.registry import rulebook_name

from .card_place import card_place
from .model import SessionModel, clause_chip
from .style import button, echo, esc, html_widget, typed


#: How the folded "For teachers" part names a clause's kind.
KIND_WORDS = {"rule": "a rule", "ruling": "a ruling (our choice where the rulebook is silent or unclear)",
              "provisional": "a provisional value", "glossary": "a glossary entry"}


def teachers_part(clause_id: str, kind: str) -> str:
    """The rule card's folded "For teachers" part (HTML, a ``<details>`` of CSS class ``rt-cteach``, closed): the
    clause's id, which scenario and walkthrough files cite, and its kind in words. Learners see only its summary
    line; the id is never in the card's open text."""
    what = KIND_WORDS.get(kind, esc(kind))
    return ('<details class="rt-cteach"><summary>For teachers</summary>'
            f'<div>This is {what}. Scenario and walkthrough files name it <code>{esc(clause_id)}</code>.</div>'
            "</details>")


#: The one separator of a source line: between the rulebook and its section, and between a section's levels.
SOURCE_SEP = " › "
#: Between a section's levels in a content file: ``>`` (or ``›``) with white space on each side.
_LEVEL_SEP = re.compile(r"\s+[>›]\s+")


def source_words(file: str, section: str) -> str:
    """Where a clause or scenario comes from, as learners read it (plain text, to be escaped): the rulebook's name,
    then the section's levels, all with the one separator :data:`SOURCE_SEP` (the content files write a section's
    levels with ``" > "``): ``("spirit-duels.txt", "Actions > Evolve a Spirit")`` ->
    ``"Spirit Duels rulebook › Actions › Evolve a Spirit"``. Only a ``>`` (or ``›``) with a space on each side
    separates levels (:class:`tutor.Source`'s ``section``): one inside a name (``"Cost>3"``) stays in it (attack 45:
    a heading was split there)."""
    levels = [x.strip() for x in _LEVEL_SEP.split(section) if x.strip()]
    return SOURCE_SEP.join([rulebook_name(file), *levels])


class ClauseCard:
    """Shows the clause chosen with a chip (``model.clause_id``): title, text, rulebook file and section, kind
    (a ruling or a provisional value with its reason) and related clauses as chips. The clause's id is only in a
    folded "For teachers" part at the card's foot (:func:`teachers_part`): learners never see internal ids.

    With ``pop_out`` (the default), choosing a clause also lifts the card out of the page flow into a panel fixed
    at the bottom left of the window (CSS class ``rt-clause-float``), so the rule is in sight wherever the chip
    was (a chip at the top of a long page would otherwise open a card below the fold); its × button (``close``)
    puts the card back in its place, and so does the next step (taken or undone), so the card never stays over the
    page. Such a card carries the page's script :func:`widgets.card_place.card_place` (the one-screen table opens
    the card beside the very chip clicked, and any popped-out card is kept whole inside the window). ``shown`` says
    whether the card is popped out."""

    #: What the card says while no rule is chosen (HTML); a page may say it in its own terms (``empty``).
    EMPTY = ("Click any <b>§ rule</b> chip (next to an action, a blocked action or an event) to read the rule behind "
             "it.")

    def __init__(self, model: SessionModel, pop_out: bool = True, empty: str | None = None) -> None:
        self.model, self.pop_out = model, pop_out
        self.empty = self.EMPTY if empty is None else empty
        self.html = w.HTML(tabbable=True)  # takes the focus: a long rule scrolls in the card by keys too
        self.related = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._related_label = html_widget('<span class="rt-muted">Related:&nbsp;</span>')
        self.close = button("×", "Close the rule (it stays below, in the page)", classes=("rt-pop-close",))
        self.close.on_click(model.errors.guard(lambda _b: self.pop(False)))
        head = html_widget("<h3>The rule</h3>")
        head.add_class("rt-clause-head")
        pop_head = w.HBox([html_widget("<h3>The rule</h3>"), self.close], _dom_classes=("rt-clause-pop-head",))
        # a card that pops out: the page's script places it beside the chip clicked, whole inside the window
        extra = [card_place()] if pop_out else []
        self.widget = w.VBox([head, pop_head, self.html, self.related, *extra],
                             _dom_classes=("rt-panel", "tutor-clause-card"))
        model.observe(self._changed)
        self.render()

    def _changed(self, _model: SessionModel, change: str) -> None:
        if change in ("clause", "new"):
            self.render(pop=change == "clause")
        elif self.shown:  # a step taken (or undone): the popped-out card goes back to its place, out of the way
            self.pop(False)

    @property
    def shown(self) -> bool:
        """True while the card is popped out (fixed at the bottom left of the window)."""
        return "rt-clause-float" in self.widget._dom_classes

    def pop(self, on: bool) -> None:
        """Pop the card out (``on``) or put it back in the page flow."""
        if on and self.pop_out:
            self.widget.add_class("rt-clause-float")
        else:
            self.widget.remove_class("rt-clause-float")
        self.model.card_open = self.shown

    def render(self, pop: bool = False) -> None:
        """Redraw the card for the current clause (or an invitation to click a chip); ``pop`` pops it out."""
        cid = self.model.clause_id
        clauses = self.model.session.game.clauses
        if cid is None or cid not in clauses:
            self.pop(False)
            self.widget.add_class("rt-clause-empty")  # no rule chosen yet: the presenter folds the card to a line
            self.html.value = f'<div class="rt-muted">{self.empty}</div>'
            self._set_related(())
            return
        c = clauses[cid]
        self.widget.remove_class("rt-clause-empty")
        kind = ""
        if c.kind == "ruling":
            kind = f'<div class="rt-reason"><b>Ruling</b> (the rulebook is silent or unclear): {esc(c.reason)}</div>'
        elif c.kind == "provisional":
            kind = f'<div class="rt-reason"><b>Provisional value</b>: {esc(c.reason)}</div>'
        self.html.value = (f'<div class="rt-clause-card"><div class="rt-ctitle">{esc(c.title)}</div>'
                           f'<div class="rt-ctext">{esc(c.text)}</div>{kind}'
                           f'<div class="rt-muted" title="{esc(c.source.file)}">'
                           f"Source: {esc(source_words(c.source.file, c.source.section))}</div>"
                           f"{teachers_part(c.id, c.kind)}"
                           "</div>")
        rel = [clause_chip(self.model, r) for r in c.related if r in clauses]
        self._set_related(tuple([self._related_label] + rel if rel else []))
        if pop:
            self.pop(True)

    def _set_related(self, kids: tuple) -> None:
        """Show ``kids`` (the label and shared clause chips) under the card."""
        self.related.children = kids


class Glossary:
    """A search box over the clauses' titles and texts; matches appear as chips that open the clause card."""

    def __init__(self, model: SessionModel, limit: int = 12) -> None:
        self.model, self.limit = model, limit
        # (the width leaves room for the box's 2px margins: no sideways scroll bar in the panel)
        self.box = w.Text(placeholder=self._placeholder(), layout=w.Layout(width="calc(100% - 4px)"),
                          continuous_update=True)
        model.observe(lambda m, change: change == "new" and self._new_game())
        self.results = w.VBox()
        self._row = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._none = html_widget()
        self.box.observe(model.errors.guard(lambda change: self.search(change["new"])), names="value")
        self.widget = w.VBox([html_widget("<h3>Glossary</h3>"), self.box, self.results])
        self.widget.add_class("rt-panel")

    #: Example searches per game, for the search box's placeholder.
    EXAMPLES = {"restless-spirits": "shrine, wild, hand limit", "spirited": "overrun, camp, shield",
                "spirit-duels": "essence, evolve, armor"}

    def _placeholder(self) -> str:
        ex = self.EXAMPLES.get(self.model.session.game_id)
        return "Search the rules" + (f", e.g. {ex}" if ex else "")

    def _new_game(self) -> None:
        """Another session: the placeholder follows its game, and the results are searched again in it."""
        self.box.placeholder = self._placeholder()
        self.search(self.box.value)

    def matches(self, query: str) -> list[str]:
        """Clause ids whose title or text contains every word of ``query`` (titles first), at most ``limit``."""
        words = [x for x in typed(query).lower().split() if x]
        if not words:
            return []
        clauses = self.model.session.game.clauses
        hits = [c for c in clauses.values() if all(x in (c.title + " " + c.text + " " + c.id).lower() for x in words)]
        hits.sort(key=lambda c: (not all(x in c.title.lower() for x in words), c.id))
        return [c.id for c in hits[: self.limit]]

    def search(self, query: str) -> None:
        """Show the clauses matching ``query`` (as the shared clause chips, see :meth:`SessionModel.chip`)."""
        ids = self.matches(query)
        if not query.strip():
            self.results.children = ()
        elif not ids:
            self._none.value = f'<div class="rt-muted">No rule mentions “{echo(query)}”.</div>'
            self.results.children = (self._none,)
        else:
            self._row.children = tuple(clause_chip(self.model, c) for c in ids)
            self.results.children = (self._row,)
            return
        self._row.children = ()
