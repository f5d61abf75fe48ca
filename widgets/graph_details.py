"""The ability graph's details panel: the selected node's rules, what affects it and what it affects (each edge with
its reason and clauses), and links that open its FAQ scenarios in the FAQ explorer, once the scenarios are linked to
the edges in the background. A part of :class:`widgets.graph.GraphView` (``G``, ``selected``, ``details``,
``errors``)."""
from __future__ import annotations

from urllib.parse import quote

import tutor
from tutor import interactions as tg

from .graph_style import KIND_COLOURS, clause_tags, rule_anchor
from .style import PROV, esc


#: The quiet provisional mark (the pages' dagger; its legend is in the panel once).
PROV_MARK = f'<span class="rt-prov" title="A value the rulebook does not print: our assumption.">{PROV}</span>'


def prov_mark(why: list[str]) -> str:
    """The quiet mark after an arrow resting on provisional values, ``why`` them in words on hover (``""`` when it
    rests on none: most arrows carry no mark)."""
    if not why:
        return ""
    tip = "Provisional: rests on " + ", ".join(why) + ", our assumption (the rulebook does not print it)."
    return f'<span class="rt-prov" title="{esc(tip)}">{PROV}</span>'


def kind_words(d: dict) -> str:
    """What a node is, in the words the rulebooks use on the card, from its data ``d``: its kind capitalised, a
    Restless Spirits Spirit with its Spirit Type before it, then its side or Classes ("Fortune Spirit · Light",
    "Spirit · Arcane, Fire", "Keyword"). Newuser32: the panel said "spirit · Light", lowercase and without the
    Spirit Type the board shows."""
    kind = d["kind"].replace("-", " ").capitalize()
    if d.get("type"):
        kind = f'{d["type"].capitalize()} {kind}'
    return kind + (f' · {d["group"]}' if d.get("group") and d["group"] != d["label"] else "")


class DetailsPanel:
    """The details panel of :class:`widgets.graph.GraphView` (see the module's docstring)."""

    def _edge_line(self, u: str, v: str, k, other: str, order: dict[str, int] | None = None) -> str:
        d = self.G.edges[u, v, k]
        chip = f'<span class="rt-g-kind" style="background:{KIND_COLOURS[d["kind"]]}">{esc(d["kind"])}</span>'
        lhs = f"<b>{esc(tg.label(self.G, u))}</b>" if other == u else esc(tg.label(self.G, u))
        rhs = f"<b>{esc(tg.label(self.G, v))}</b>" if other == v else esc(tg.label(self.G, v))
        known = tutor.clauses(self.G.nodes[u]["game"])
        return (f'<li>{lhs} {chip} {rhs}{prov_mark(d.get("provisional_why", []))}: {esc(d["why"])}'
                f'{clause_tags(d["clauses"], known, order)}</li>')

    def _link_scenarios(self) -> None:
        """Link the edges to the FAQ scenarios (:func:`tutor.interactions.link_scenarios`; in the background), then
        show the selected node's scenarios."""
        try:
            self.whole_graph()  # the three games' graph, if the page opened on one game's
            tg.link_scenarios(self.G)
        except Exception as exc:  # noqa: BLE001 - the graph stays usable without its scenario links
            why = str(exc) if isinstance(exc, tutor.ContentError) else tutor.trouble_words(exc)  # (never a Python name)
            self.errors.output.append_stderr(f"The FAQ scenarios could not be linked: {why}\n")
        finally:
            self._linked.set()
        nid = self.selected
        if nid is not None:
            self.details.value = self._start_notice + self._details(nid)

    def _details(self, nid: str, wait: bool = True) -> str:
        """The details panel's HTML for ``nid``. With ``wait``, first waits (a few seconds at most, once) for the
        background linking of the FAQ scenarios; without, a node shown before it ends says its scenarios follow."""
        if wait and not self._linked.is_set():
            self._linked.wait(timeout=120)
        G, d = self.G, self.G.nodes[nid]
        game = d["game"]
        known = tutor.clauses(game)
        head = [f"<h3>{esc(d['label'])}</h3>",
                f'<div class="rt-muted">{esc(tg.GAME_TITLES[game])} · {esc(kind_words(d))}</div>']
        if d.get("provisional"):  # quietly: the mark, and which of its values are ours
            head.append(f'<div class="rt-muted rt-g-prov">{PROV_MARK} values we assumed (the rulebook does not print '
                        f'them): {esc(", ".join(d["provisional_fields"]))}</div>')
        if d.get("text"):
            head.append(f"<p>{esc(d['text'])}</p>")
        if d.get("pending"):
            head.append('<p class="rt-muted">The tutor does not play this ability yet, so it has no edges.</p>')
        parts = head
        ins = sorted(G.in_edges(nid, keys=True), key=lambda e: (G.edges[e]["kind"], tg.label(G, e[0])))
        outs = sorted(G.out_edges(nid, keys=True), key=lambda e: (G.edges[e]["kind"], tg.label(G, e[1])))
        # the Rules list at the end: every § chip above links to its rule there
        clauses = [c for c in dict.fromkeys(d["clauses"] + [c for e in [*ins, *outs] for c in G.edges[e]["clauses"]])
                   if c in known]
        order = {c: i for i, c in enumerate(clauses)}
        # each relation once, however many edges carry it (verify 44: "Fire Line C Stage 3 triggers Burn token" twice)
        if ins:
            parts.append("<h4>What affects it</h4><ul>" + "".join(dict.fromkeys(self._edge_line(u, v, k, u, order)
                                                                                for u, v, k in ins)) + "</ul>")
        if outs:
            parts.append("<h4>What it affects</h4><ul>" + "".join(dict.fromkeys(self._edge_line(u, v, k, v, order)
                                                                                for u, v, k in outs)) + "</ul>")
        if not ins and not outs:
            parts.append('<p class="rt-muted">No interaction in the current data.</p>')
        if any(G.edges[e].get("provisional") for e in [*ins, *outs]):  # the mark's legend, once
            parts.append(f'<p class="rt-muted rt-g-prov">{PROV_MARK} an arrow that rests on a value the rulebook does not '
                         "print (our assumption; hover the mark for which)</p>")
        scen = list(dict.fromkeys(s for e in [*ins, *outs] for s in G.edges[e]["scenarios"]))
        if not self._linked.is_set():
            parts.append('<h4>FAQ scenarios</h4><p class="rt-muted">Finding the FAQ scenarios that play these '
                         "interactions…</p>")
        scen.sort(key=lambda s: not (d["card"] and d["card"] in s))  # its own scenarios first
        if scen:
            links = self.scenario_links()
            parts.append("<h4>FAQ scenarios</h4>" + "".join(
                f'<a class="tutor-graph-scenario" href="faq-explorer.ipynb?scenario={quote(s)}" target="_blank" '
                f'title="{esc(links.get(s, (s, ""))[1])}">{esc(links.get(s, (s, ""))[0])}</a>' for s in scen[:12]))
        if clauses:
            parts.append("<h4>Rules</h4><ul>" + "".join(
                f'<li id="{rule_anchor(i)}"><b>{esc(known[c].title)}</b>'
                f'<span class="rt-g-ctext">{esc(known[c].text)}</span></li>' for i, c in enumerate(clauses)) + "</ul>")
        return "".join(parts)

    def scenario_links(self) -> dict[str, tuple[str, str]]:
        """``{scenario id: (title, question)}`` of every game's FAQ scenarios: a link's text and its hover title
        (trial 16: the title was the internal id). Read once, when the first links are shown: the page's first
        picture has none, so it does not wait for reading every scenario."""
        if self._titles is None:
            self._titles = {e.id: (e.title, e.question) for g in tg.GAMES for e in tg.scenario_entries(g)}
        return self._titles

    def _hidden(self, nid: str) -> str:
        """The details panel's HTML when the card it showed (``nid``) is no longer drawn (a Side/Class filter or an
        edge kind hides it): it says so and how to see it again, then what a click on a node shows."""
        return (f'<p class="tutor-graph-none">{esc(self.G.nodes[nid]["label"])} is not drawn with the filters chosen '
                "now (Side/Class, the edge kinds).</p>" + self._intro())

    def _intro(self) -> str:
        return ("<h3>Click a node</h3><p>Its rules, what affects it and what it affects appear here, each with the "
                "reason in plain words and the rules behind it, and links that open its FAQ scenarios.</p>"
                '<p class="rt-muted">Cards are boxes (Light Spirits pale, Dark Spirits dark); the rules\' words are '
                "dashed ovals. Arrows point from what acts to what it acts on.</p>")
