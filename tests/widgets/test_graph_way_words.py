"""A way through a block says what the block step does (issue 16, the ability graph): "Takayama → removes Onota →
blocks Grindavik" read as if Takayama caused a block, when removing Onota lifts Onota's block and lets Grindavik
through. Further along a way, a block step reads "unblocks" after a step that takes its card away (removes,
disables) and "protects against" after one that brings the protection about (copies, modifies); the first step of a
way stays "blocks". Such ways are real and stay: the ways found are the same, only their words change."""
from __future__ import annotations

import html
import re

from tutor import interactions as tg
from tutor.graph_ways import step_verbs, way_words
from widgets.graph import GraphView

RS = "restless-spirits"


def _chains(G, a, b):
    return {way_words(G, p)[0]: way_words(G, p)[1] for p in tg.paths(G, f"{RS}:{a}", f"{RS}:{b}")}


def test_removing_a_blocker_unblocks_and_the_way_is_kept(G):
    ways = _chains(G, "takayama", "nordheim")
    hops = ways["Takayama → removes Onota → unblocks Grindavik → copies Seone → modifies Nordheim"]
    assert hops[1] == ("Onota no longer blocks Grindavik (it is removed), so Grindavik gets through: Grindavik is a "
                       "Dark Spirit whose Activated ability targets opponents; Onota's Protect token makes the next "
                       "such ability have no effect on its owner.")
    assert hops[0].startswith("Takayama removes Onota: ") and hops[3].startswith("Seone modifies Nordheim: ")
    assert not any("→ blocks" in chain for chain in ways), list(ways)
    # the arrow itself is unchanged: Onota blocks Grindavik
    assert any(d["kind"] == "blocks" for d in G.get_edge_data(f"{RS}:onota", f"{RS}:grindavik").values())


def test_switching_a_blocker_off_unblocks(G):
    ways = _chains(G, "nozawa", "grindavik")
    assert ways["Nozawa → disables Onota → unblocks Grindavik"][1].startswith(
        "Onota no longer blocks Grindavik (it is switched off), so Grindavik gets through: ")
    assert ways["Nozawa → disables Uji → copies Nordheim → unblocks Grindavik"][2].startswith(
        "Uji no longer uses Nordheim's ability to block Grindavik, so Grindavik gets through: ")


def test_a_copied_protection_protects_against(G):
    ways = _chains(G, "takayama", "aluak")
    hops = ways["Takayama → removes Onota → unblocks Grindavik → copies Nordheim → protects against Aluak"]
    assert hops[3].startswith("Grindavik, using Nordheim's ability, protects against Aluak: Aluak is a Dark Spirit ")


def test_a_block_as_the_first_step_stays_blocks(G):
    p = tg.paths(G, f"{RS}:nordheim", f"{RS}:baikeng")[0]
    assert step_verbs(G, p) == ["blocks"]
    assert tg.how(G, "Nordheim", "Baikeng").startswith("1. Nordheim → blocks Baikeng\n   - Nordheim blocks Baikeng: ")


def test_how_and_the_graph_page_say_the_same_words(G):
    text = tg.how(G, "Nozawa", "Grindavik")
    assert "1. Nozawa → disables Onota → unblocks Grindavik\n" in text and "→ blocks" not in text
    v = GraphView(RS, G=G, focus=False)
    assert v.ask_path("Nozawa", "Grindavik") == text
    page = html.unescape(re.sub(r"<[^>]+>", " ", v.path.value))
    assert "Nozawa → disables Onota → unblocks Grindavik" in page
    assert "Onota no longer blocks Grindavik (it is switched off), so Grindavik gets through" in page
    assert "→ blocks" not in page
