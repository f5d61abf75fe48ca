"""Generic targets of the ability graph (tutor/interactions.py, ``stands_for`` in content/graph/<game>.yaml): a word
that stands for cards ("A Spirit on an opponent's board") reaches every card it stands for, from each card that acts
on it, in the path search and in the answer's words; where a card's defence blocks it, the answer names the defence.

New-user trial 34: "How can Takayama affect Gonga?" answered "cannot affect ... in 4 steps or fewer" and "Takayama ->
Onota" "cannot act on Onota directly", though Takayama destroys any Spirit of a target opponent (Spirit Ability
Clarifications, Takayama)."""
from __future__ import annotations

import networkx as nx
import pytest

from tutor import interactions as tg

RS, SP = "restless-spirits", "spirited"


@pytest.fixture(scope="module")
def G() -> nx.MultiDiGraph:
    return tg.build(None, scenarios=False)


def generic_pointers(G):
    """``(generic node, card acting on it, kind)`` for every card's edge into a word that stands for cards (a count
    reads the cards, it does not act on them: left out)."""
    out = set()
    for g, d in G.nodes(data=True):
        if d["stands_for"]:
            out |= {(g, c, e["kind"]) for c, _g, e in G.in_edges(g, data=True)
                    if G.nodes[c]["card"] and e["kind"] != "counts"}
    return sorted(out)


def test_the_generic_targets_of_every_game_and_their_cards(G):
    generic = {n: d["stands_for"] for n, d in G.nodes(data=True) if d["stands_for"]}
    assert set(generic) == {f"{RS}:{n}" for n in ("board-spirit", "light-abilities", "dark-abilities", "curses-on-you",
                                                  "spirit-abilities", "light-on-board", "dark-on-board")} | {
        f"{RS}:type-{t}" for t in ("guardian", "sacred", "fortune", "malicious", "trickster", "shrouded")} | {
        f"{SP}:road", f"{SP}:gold-allegiance"}
    assert len(generic[f"{RS}:board-spirit"]) == sum(G.nodes[n]["kind"] == "spirit" and G.nodes[n]["game"] == RS
                                                     for n in G)
    assert len(generic[f"{RS}:type-malicious"]) == 5 and f"{RS}:takayama" in generic[f"{RS}:type-malicious"]
    assert f"{RS}:gonga" in generic[f"{RS}:board-spirit"] and f"{RS}:gonga" in generic[f"{RS}:light-on-board"]
    assert f"{RS}:nordheim" in generic[f"{RS}:light-abilities"] and f"{RS}:nozawa" in generic[f"{RS}:dark-abilities"]
    assert len(generic[f"{SP}:road"]) == 12 and all(G.nodes[n]["kind"] == "clan" for n in generic[f"{SP}:road"])
    assert {(g.split(":")[1], c.split(":")[1], k) for g, c, k in generic_pointers(G)} >= {
        ("board-spirit", "takayama", "removes"), ("type-malicious", "takayama", "removes"),
        ("light-abilities", "nozawa", "disables"), ("light-on-board", "seone", "targets"),
        ("spirit-abilities", "yotei", "copies"), ("road", "aztecs", "removes")}


@pytest.mark.parametrize("game", [RS, SP, "spirit-duels"])
def test_a_generic_target_reaches_every_card_it_stands_for(G, game):
    """For each generic node, every card that matches it is reachable from each card that acts on it: by an arrow of
    its own whose words name that card, or, where that card's defence always blocks the acting card, the answer says
    so, naming the defence."""
    checked, blocked, missing = 0, [], []
    for g, c, _kind in generic_pointers(G):
        if G.nodes[g]["game"] != game:
            continue
        for m in G.nodes[g]["stands_for"]:
            if m == c:
                continue
            checked += 1
            direct = [d for d in G.get_edge_data(c, m, default={}).values() if tg.label(G, m) in d["why"]]
            if direct:
                assert tg.paths(G, c, m)[0][0][:2] == (c, m)
                continue
            stop = tg.stopped(G, c, m)
            if stop.startswith(f"{tg.label(G, c)} cannot act on {tg.label(G, m)} directly: {tg.label(G, m)} blocks "):
                blocked.append((c, m))
            else:
                missing.append((tg.label(G, c), tg.label(G, g), tg.label(G, m)))
    assert missing == []
    if game == RS:  # Nordheim's owner cannot be targeted by Dark Spirit abilities: Nozawa, Takayama and Yotei
        assert checked == 182 and sorted(blocked) == [(f"{RS}:{a}", f"{RS}:nordheim") for a in
                                                     ("nozawa", "takayama", "yotei")]
    elif game == SP:
        assert checked == 3 * 11 and blocked == []
    else:  # Spirit Duels' words are tokens, dice and numbers: none stands for cards
        assert checked == 0


def test_takayama_can_destroy_gonga(G):
    """The trial's question: a direct way, in words that say Takayama destroys any opponent's Spirit, Gonga one."""
    answer = tg.how(G, f"{RS}:takayama", f"{RS}:gonga")
    assert answer.startswith("1. Takayama → removes Gonga\n   - Takayama removes Gonga: Takayama destroys any Spirit "
                             "on a target opponent's board, Gonga included")
    assert "cannot" not in answer
    # the same cards by the same kinds of arrow are one way (Takayama removes Nozawa as its own or an opponent's)
    chains = [line for line in answer.splitlines() if line[:1].isdigit()]
    assert len(chains) == len({c.split(". ", 1)[1] for c in chains})
    assert len(tg.paths(G, f"{RS}:takayama", f"{RS}:nozawa")) >= 2  # ...but one arrow keeps both of its reasons
    whys = [d["why"] for d in G.get_edge_data(f"{RS}:takayama", f"{RS}:nozawa").values()]
    assert sorted(w.split(" ")[0] for w in whys) == ["Takayama", "To"]


def test_takayama_on_onota_can_be_blocked_not_cannot(G):
    """Onota's Protect token stops the next Dark Spirit ability once: Takayama can act on Onota, and the answer names
    the defence that can block it; Nordheim's protection always holds while it is on its owner's board."""
    answer = tg.how(G, f"{RS}:takayama", f"{RS}:onota")
    assert answer.startswith("Takayama can act on Onota, but Onota's defence can block it: Onota blocks Takayama: ")
    assert "Protect token" in answer.splitlines()[0] and "\n1. Takayama → removes Onota\n" in answer
    assert "cannot" not in answer and "Only through other cards" not in answer
    assert tg.how(G, f"{RS}:takayama", f"{RS}:nordheim").startswith(
        "Takayama cannot act on Nordheim directly: Nordheim blocks Takayama: ")


def test_raiders_reach_every_clan(G):
    answer = tg.how(G, f"{SP}:aztecs", f"{SP}:romans")
    assert answer.startswith("1. Aztecs → removes Romans\n   - Aztecs removes Romans: Aztecs discards a face-up card "
                             "from an opponent's Road, a Romans card included (not from a Shielded clan).")


def test_no_way_to_nordheim_needs_a_dark_ability_to_target_nordheims_owner(G):
    """Trial 35 (a wrong rule): "Nozawa -> disables Seone -> modifies Nordheim" was offered, but Seone's gift reaches
    only a Spirit next to it on its owner's board, so Nozawa would have to target Nordheim's owner, which Nordheim
    forbids to every Dark Spirit ability. Such ways are left out; a Dark Spirit that copies Seone from an opponent and
    uses it on its own board (Nordheim beside it) still can."""
    def ways(a, b):
        return [[(G.nodes[u]["label"], G.edges[u, v, k]["kind"], G.nodes[v]["label"]) for u, v, k in p]
                for p in tg.paths(G, a, b)]

    nozawa = ways("Nozawa", "Nordheim")
    assert not any(step[:2] in {("Nozawa", "disables"), ("Takayama", "removes")} and step[2] in {"Seone", "Uji"}
                   for way in nozawa for step in way), nozawa
    assert [("Nozawa", "disables", "Onota"), ("Onota", "blocks", "Grindavik"), ("Grindavik", "copies", "Seone"),
            ("Seone", "modifies", "Nordheim")] in nozawa
    assert ways("Yotei", "Nordheim")[0] == [("Yotei", "copies", "Seone"), ("Seone", "modifies", "Nordheim")]
    assert tg.how(G, "Nozawa", "Nordheim").startswith("Nozawa cannot act on Nordheim directly: Nordheim blocks Nozawa")
    # Onota's protection is once (an Activated Protect token), not Nordheim's: ways through it stay
    assert any(way[-1] == ("Takayama", "removes", "Onota") for way in ways("Takayama", "Onota"))
