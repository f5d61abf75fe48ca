"""Verify 44: the ability graph's side panel listed "Fire Line C Stage 3 triggers Burn token" twice (a card naming
its Class Ability twice made two edges alike): the graph holds each relation once, and the panel lists it once."""
from __future__ import annotations

import re

from widgets.graph import GraphView


def test_each_relation_of_the_graph_once(G):
    rel = [(u, v, d["kind"], d["why"]) for u, v, d in G.edges(data=True)]
    assert len(rel) == len(set(rel)), [r for r in set(rel) if rel.count(r) > 1][:3]
    fire = [d for _, v, d in G.out_edges("spirit-duels:fire-c3", data=True) if v == "spirit-duels:burn"]
    assert [d["why"] for d in fire] == [
        "Fire Line C Stage 3 uses the Class Ability Burn X, which places burn tokens on an enemy Spirit."]


def test_the_graph_panel_lists_a_relation_once(G):
    from widgets.graph import GraphView
    v = GraphView("spirit-duels", G=G, focus=False)
    v.select("spirit-duels:fire-c3")
    text = re.sub(r"<[^>]+>", "", v.details.value)
    assert text.count("Fire Line C Stage 3 uses the Class Ability Burn X") == 1, text
    assert v.errors.output.outputs == ()
