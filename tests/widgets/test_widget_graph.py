"""The ability-graph page in-process (widgets/graph.py): filters, clicking a node, the path query."""
from __future__ import annotations

import pytest

from tutor import interactions as tg
from widgets.graph import GraphView, graph_view


@pytest.fixture(scope="module")
def G():
    return tg.build(None)


def drawn(view):
    return {n.data["id"].rsplit("@", 1)[0] for n in view.cy.graph.nodes}


def test_page_builds_and_filters(G):
    v = GraphView("restless-spirits", G=G)
    nodes = drawn(v)
    assert "restless-spirits:nordheim" in nodes and not any(n.startswith("spirit-duels:") for n in nodes)
    assert "box:restless-spirits:spirit" in nodes  # grouped by game and kind
    n_edges = len(v.cy.graph.edges)
    v.kinds["blocks"].value = False
    assert 0 < len(v.cy.graph.edges) < n_edges
    assert all(e.data["kind"] != "blocks" for e in v.cy.graph.edges)
    v.game.value = "spirit-duels"
    assert "spirit-duels:freeze" in drawn(v) and "restless-spirits:nordheim" not in drawn(v)
    assert "Fire" in [o[1] for o in v.group.options]
    v.group.value = "Fire"
    cards = [n for n in drawn(v) if n in G and G.nodes[n]["card"]]
    assert cards and all("Fire" in G.nodes[n]["group"] for n in cards)
    v.game.value = "all"
    assert {G.nodes[n]["game"] for n in drawn(v) if n in G} == set(tg.GAMES)
    assert v.errors.output.outputs == ()


def test_click_a_node_shows_clauses_neighbours_and_faq_links(G):
    v = GraphView("restless-spirits", G=G)
    el = next(n for n in v.cy.graph.nodes if n.data["id"].startswith("restless-spirits:nordheim@"))
    v.on_node_click({"data": dict(el.data)})
    html = v.details.value
    assert "<h3>Nordheim</h3>" in html and "rs.effect.protection" in html
    assert "Baikeng is a Dark Spirit ability that targets opponents" in html
    assert 'href="faq-explorer.ipynb?scenario=spirit-nordheim"' in html
    assert "provisional" in html
    v.on_node_click({"data": {"id": "box:restless-spirits:spirit@1"}})  # a group box: ignored
    assert v.selected == "restless-spirits:nordheim"
    v.focus.value = True
    assert drawn(v) == {"restless-spirits:nordheim"} | set(G.successors("restless-spirits:nordheim")) | set(
        G.predecessors("restless-spirits:nordheim"))


def test_path_query(G):
    v = GraphView("restless-spirits", G=G)
    v.src.value = "Freeze token · Spirit Duels"
    v.dst.value = "Defeat · Spirit Duels"
    v.how.click()
    assert "Freeze token modifies Die value" in v.path.value and "Damage triggers Defeat" in v.path.value
    assert v.game.value == "spirit-duels"
    assert any("path" in e.classes for e in v.cy.graph.edges)
    text = v.ask_path("Nordheim", "Baikeng")
    assert text.startswith("1. Nordheim → blocks Baikeng")
    assert "cannot affect" in v.path.value or "Nordheim blocks Baikeng" in v.path.value
    assert v.errors.output.outputs == ()


def test_graph_view_opens_on_a_node(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "node=spirited:shield")
    box = graph_view("spirited")
    assert "<h3>Shield</h3>" in box.children[6].children[1].children[0].value


def test_find_takes_part_of_a_name_and_says_when_nothing_matches():
    from widgets.graph import GraphView
    v = GraphView("restless-spirits")
    v.find.value = "gonga"  # lower case, without the game
    assert v.find_node("gonga") == "restless-spirits:gonga" or "gonga" in v.find_node("gonga")
    assert "Gonga" in v.details.value
    assert v.find_node("zzzz-no-such") is None and "No card or rule word" in v.details.value
