"""The ability graph's card panel names what a card is in the rulebooks' words (newuser32): "Fortune Spirit · Light"
for a Restless Spirits Spirit (its Spirit Type and its side, as the board shows them), never the data's lowercase
"spirit" alone."""
from __future__ import annotations

from widgets.graph import GraphView
from widgets.graph_details import kind_words


def test_a_restless_spirits_spirit_shows_its_spirit_type_and_side(G):
    v = GraphView("restless-spirits", G=G, focus=False)
    v.select("restless-spirits:uji")
    assert '<div class="rt-muted">Restless Spirits · Sacred Spirit · Light</div>' in v.details.value, v.details.value
    v.select("restless-spirits:aluak")
    assert "Restless Spirits · Shrouded Spirit · Dark</div>" in v.details.value
    assert "· spirit" not in v.details.value
    assert v.errors.output.outputs == ()


def test_every_node_kind_is_capitalised_and_a_class_is_not_said_twice(G):
    words = {n: kind_words(d) for n, d in G.nodes(data=True)}
    assert all(w[0].isupper() for w in words.values()), [w for w in words.values() if not w[0].isupper()]
    assert words["spirit-duels:class-fire"] == "Class"
    assert words["spirit-duels:coljin"] == "Spirit · Arcane, Fire"
    assert words["restless-spirits:attract"] == "Action"
    types = {d["type"] for d in G.nodes.values() if d["game"] == "restless-spirits" and d["kind"] == "spirit"}
    assert types == {"fortune", "guardian", "sacred", "malicious", "shrouded", "trickster"}
