"""Restless Spirits Solo Mode: a Spirit card on the table shows the Spirit Type ability that acts instead of its
printed one (new-user trial 34: Seone showed "Activated: Choose a Light Spirit next to Seone…" and Sanabo "Activated:
Target an opponent…" in a solo game, although the rulebook's Solo Mode > Spirit Type Abilities says the printed
abilities are not used; the engine was right, only the card's words were wrong)."""
from __future__ import annotations

import random

import tutor
from widgets.boards import restless_spirits as board


def _solo_with_spirits():
    s = tutor.new_game("restless-spirits", players=1, seed=2, first_game=True)
    rng = random.Random(0)
    while not any(ps for ps in s.state.players[0].board) and s.state.phase != "over":
        acts = s.legal_actions()
        attract = [a for a in acts if a.kind == "attract"]
        s.apply(attract[0] if attract else rng.choice(acts))
    return s


def test_a_solo_spirit_shows_its_type_ability_and_the_printed_one_only_in_its_tooltip():
    s = _solo_with_spirits()
    g = s.game
    ps = next(ps for ps in s.state.players[0].board if ps)
    sp = g.cards.by_id[ps.card]
    html = board.render(s)
    typed = tutor.view(s).solo_ability(sp.type)
    assert typed and f"Solo ({sp.type.capitalize()}): {typed}</div>" in html
    assert f">Activated: {sp.ability.text}" not in html and f">Ongoing: {sp.ability.text}" not in html
    assert "In Solo Mode the printed ability is not used" in html
    lost = [g.cards.by_id[x] for x in s.state.lost_spirits if x]
    assert lost and all(f"Solo ({x.type.capitalize()}): " in html for x in lost)  # a Lost Spirit's tooltip too


def test_with_two_players_the_printed_ability_shows():
    s = tutor.new_game("restless-spirits", players=2, seed=1, first_game=True, guides=["okada-mitsuo", "hana"])
    assert tutor.view(s).solo_ability("fortune") is None
    assert "Solo (" not in board.render(s)
    solo = tutor.new_game("restless-spirits", players=1, seed=1)
    assert tutor.view(solo).solo_ability("fortune") == "draw a Totem from the Totem deck"
