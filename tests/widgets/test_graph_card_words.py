"""The ability graph's card panel names what a card is in the rulebooks' words (newuser32): "Fortune Spirit · Light"
for a Restless Spirits Spirit (its Spirit Type and its side, as the board shows them), never the data's lowercase
"spirit" alone."""
from __future__ import annotations

from widgets.graph import GraphView
from widgets.graph_details import kind_words
from widgets.graph_style import KIND_COLOURS


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


def _contrast(colour: str) -> float:
    """The contrast ratio of white words on ``colour`` (``#rrggbb``), as WCAG (and axe-core) reckon it."""
    def lin(x: float) -> float:
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05)


def test_every_kind_chip_reads_white_on_its_colour_at_4_5_to_1():
    """CI 34: graph34's new arrows put a "modifies" chip (#ef6c00, 3.1:1) in the opening details; axe-core failed it."""
    low = {k: round(_contrast(c), 2) for k, c in KIND_COLOURS.items() if _contrast(c) < 4.5}
    assert low == {}, low
