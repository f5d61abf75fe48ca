"""The ability graph page shows only its latest message (issue #16, session 29): a failed Find ("No card or rule word
is called …") stayed above the details while a later "How can A affect B?" refusal showed in the answer's place, two
messages about two different questions on screen at once."""
from __future__ import annotations

from widgets.graph import GraphView

NONE = '<p class="tutor-graph-none">'


def test_a_path_refusal_replaces_a_failed_finds_message(G):
    v = GraphView("restless-spirits", G=G, focus=False)
    v.find_node("gonga")
    assert v.find_node("zzzz-no-such") is None
    assert v.details.value.startswith(NONE + "No card or rule word is called “zzzz-no-such”")
    v.ask_path("Gonga", "qqqq-nothing")
    assert "No card or rule word is called “qqqq-nothing”" in v.path.value
    assert "zzzz-no-such" not in v.details.value and not v.details.value.startswith(NONE)
    assert "<h3>Gonga</h3>" in v.details.value  # (the selected card's details stay)
    assert v.errors.output.outputs == ()


def test_a_failed_find_replaces_a_path_refusal_but_not_an_answer(G):
    v = GraphView("restless-spirits", G=G, focus=False)
    v.ask_path("Gonga", "")
    assert v.path.value == "<p>Choose B first.</p>"
    v.find_node("zzzz-no-such")
    assert v.path.value == "" and "No card or rule word is called “zzzz-no-such”" in v.details.value
    v.ask_path("Gonga", "Nordheim")
    answer = v.path.value
    assert answer and "No card" not in answer and not v.details.value.startswith(NONE)
    v.find_node("zzzz-no-such")
    assert v.path.value == answer  # (an answer is not a message: Find finding nothing changes nothing else)


def test_a_path_refusal_replaces_the_addresss_notice(G, monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "node=nothing-like-this")
    v = GraphView("restless-spirits", G=G)
    assert v.details.value.startswith('<p class="tutor-graph-none" role="status">')
    v.ask_path("", "Gonga")
    assert v.path.value == "<p>Choose A first.</p>" and "address asks" not in v.details.value
