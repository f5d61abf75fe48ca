"""The clause card (the rule behind a chip: title, text, source, kind, related clauses) and the glossary search."""
from __future__ import annotations

import ipywidgets as w

from .model import SessionModel, clause_chip
from .style import close_tree, esc, html_widget


class ClauseCard:
    """Shows the clause chosen with a chip (``model.clause_id``): title, text, rulebook file and section, kind
    (a ruling or a provisional value with its reason) and related clauses as chips."""

    def __init__(self, model: SessionModel) -> None:
        self.model = model
        self.html = w.HTML()
        self.related = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._related_label = html_widget('<span class="rt-muted">Related:&nbsp;</span>')
        self.widget = w.VBox([html_widget("<h3>The rule</h3>"), self.html, self.related])
        self.widget.add_class("rt-panel")
        model.observe(lambda m, change: change in ("clause", "new") and self.render())
        self.render()

    def render(self) -> None:
        """Redraw the card for the current clause (or an invitation to click a chip)."""
        cid = self.model.clause_id
        clauses = self.model.session.game.clauses
        if cid is None or cid not in clauses:
            self.html.value = ('<div class="rt-muted">Click any <b>§ rule</b> chip (next to an action, a blocked action '
                               "or an event) to read the rule behind it.</div>")
            self._set_related(())
            return
        c = clauses[cid]
        kind = ""
        if c.kind == "ruling":
            kind = f'<div class="rt-reason"><b>Ruling</b> (the rulebook is silent or unclear): {esc(c.reason)}</div>'
        elif c.kind == "provisional":
            kind = f'<div class="rt-reason"><b>Provisional value</b>: {esc(c.reason)}</div>'
        self.html.value = (f'<div class="rt-clause-card"><div class="rt-ctitle">{esc(c.title)}</div>'
                           f'<div class="rt-cid">{esc(c.id)} · {esc(c.kind)}</div>'
                           f'<div class="rt-ctext">{esc(c.text)}</div>{kind}'
                           f'<div class="rt-muted">Source: {esc(c.source.file)} › {esc(c.source.section)}</div>'
                           "</div>")
        rel = [clause_chip(self.model, r) for r in c.related if r in clauses]
        self._set_related(tuple([self._related_label] + rel if rel else []))

    def _set_related(self, kids: tuple) -> None:
        """Show ``kids`` under the card and close the chips they replace."""
        old = [x for x in self.related.children if x is not self._related_label]
        self.related.children = kids
        close_tree(*old)


class Glossary:
    """A search box over the clauses' titles and texts; matches appear as chips that open the clause card."""

    def __init__(self, model: SessionModel, limit: int = 12) -> None:
        self.model, self.limit = model, limit
        self.box = w.Text(placeholder="Search the rules, e.g. shrine, wild, hand limit",
                          layout=w.Layout(width="100%"), continuous_update=True)
        self.results = w.VBox()
        self._chips: dict[tuple, w.Button] = {}  # the chips shown, by (game id, clause id), kept while they match
        self._row = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._none = html_widget()
        self.box.observe(model.errors.guard(lambda change: self.search(change["new"])), names="value")
        self.widget = w.VBox([html_widget("<h3>Glossary</h3>"), self.box, self.results])
        self.widget.add_class("rt-panel")

    def matches(self, query: str) -> list[str]:
        """Clause ids whose title or text contains every word of ``query`` (titles first), at most ``limit``."""
        words = [x for x in query.lower().split() if x]
        if not words:
            return []
        clauses = self.model.session.game.clauses
        hits = [c for c in clauses.values() if all(x in (c.title + " " + c.text + " " + c.id).lower() for x in words)]
        hits.sort(key=lambda c: (not all(x in c.title.lower() for x in words), c.id))
        return [c.id for c in hits[: self.limit]]

    def search(self, query: str) -> None:
        """Show the clauses matching ``query``."""
        ids = self.matches(query)
        if not query.strip():
            self.results.children = ()
        elif not ids:
            self._none.value = f'<div class="rt-muted">No rule mentions “{esc(query)}”.</div>'
            self.results.children = (self._none,)
        else:
            game = self.model.session.game_id
            old = self._chips
            self._chips = {(game, c): old.get((game, c)) or clause_chip(self.model, c) for c in ids}
            self._row.children = tuple(self._chips.values())
            self.results.children = (self._row,)
            close_tree(*[c for k, c in old.items() if self._chips.get(k) is not c])
            return
        close_tree(*self._chips.values())
        self._chips, self._row.children = {}, ()
