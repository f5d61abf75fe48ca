"""Verify 44: words of the tutor that claimed what was not so, each checked at a seeded position.

1. Spirited, Final Battle: the Camps' end scoring (sp.final.camps) comes by itself after a seat's last choice; a move's
   reason no longer says "then the next choice scores N Spirit" for it, and a medal swap is said once.
2. Spirit Duels: a Zap's damage is spread by the opponent (a decision the look-ahead stops before); the reason of a
   Zap now says the damage it deals, never "no move now deals damage".
3. A step's head line says two brackets in a row as one ("Activate Ocevolt (Presence; roll ...)").
(4 and 5, practice's words, held back: their question stream moved with practice45's; the next session.)
(6, the ability graph's relations said once: tests/widgets/test_graph_once45.py.)
"""
from __future__ import annotations

import re

from tutor.bots import bot
from tutor.sessions import new_game
from tutor.step_words import one_phrase, step_sentence


def _normal(game_id: str, seed: int, steps: int):
    s, b = new_game(game_id, 2, seed), bot(game_id, "normal", seed)
    for _ in range(steps):
        s.apply(b.choose(s))
    return s, b


def test_a_final_battle_manoeuvre_is_not_said_to_score_the_camps():
    s, b = _normal("spirited", 3, 100)  # (re-found in fairsp46: the computer no longer knows the deck's order)
    assert s.state.battle == "final"
    said = {a.label: b.reason(s, a, voice="it") for a in s.legal_actions() if a.kind == "manoeuvre"}
    # (before: "then the next choice scores 2 Spirit, and the most Spirit wins [sp.goal] ..." for each of them)
    assert all("next choice" not in r and "scores" not in r for r in said.values()), said
    assert said["Manoeuvre: swap an Egyptians card on your Road with an Aztecs card from your Hand"] == (
        "it is a safe move: it brings no clan on its Road nearer its Overrun Limit, though it does not score, build a "
        "Camp or shield a stack this turn [sp.battle.manoeuvre] [sp.shield.manoeuvre].")


def test_a_final_battle_medal_swap_is_said_once():
    s, b = _normal("spirited", 1, 102)
    swap = next(a for a in s.legal_actions() if a.label == "Swap the exhausted Scythians medal for a fresh Bronze")
    r = b.reason(s, swap, voice="it")
    # (before: "...; then the next choice swaps an exhausted medal worth 1 for a fresh Bronze worth 2 ...")
    assert r.count("swaps an exhausted medal") == 1, r
    assert r.startswith("it swaps an exhausted medal worth 1 for a fresh Bronze worth 2 [sp.battle.medal.replace]: no "
                        "Battle comes after this one, but refreshed medals break a tie at the end [sp.end.tiebreak]")
    assert "scores 1 Spirit" not in r


def test_a_zap_is_said_to_deal_its_damage():
    s = new_game("spirit-duels", 2, 3)
    easy, normal = bot("spirit-duels", "easy", 3), bot("spirit-duels", "normal", 3)
    for _ in range(51):
        s.apply(easy.choose(s))
    zap = next(a for a in s.legal_actions() if a.label == "Use Lightning Rune (3 charges): Zap 1 [provisional].")
    r = normal.reason(s, zap, voice="it")
    # (before: "no move now deals damage or builds its dice, so it takes “Use Lightning Rune ...”")
    assert "no move now deals damage" not in r
    assert r.startswith("it deals 1 Zap damage, which its opponent must spread over their own Spirits "
                        "[sd.ruling.zap-opponent-spreads] [sd.ability-action].")


def test_two_brackets_in_a_row_are_said_as_one():
    label = "Activate Ocevolt (Presence) (roll Level 1 Attack die)"
    assert one_phrase(label) == "Activate Ocevolt (Presence; roll Level 1 Attack die)"
    assert step_sentence(label, "Player 2") == "Player 2 activates Ocevolt (Presence; roll Level 1 Attack die)"
    assert one_phrase("Activate Ocevolt (roll Level 1 Attack die)") == "Activate Ocevolt (roll Level 1 Attack die)"


def test_a_step_title_says_its_brackets_as_one():
    from widgets.lessons import LearnApp
    from widgets.panels import _walk
    page = LearnApp("spirit-duels")
    runner = page.lessons
    i = next(k for k, les in enumerate(runner.lessons) if any(
        "(Presence) (roll" in a.label for a in _after(runner, k, 1).legal_actions()))
    s = _after(runner, i, 1)
    act = next(a for a in s.legal_actions() if "(Presence) (roll" in a.label)
    runner.app.model.apply(act.id)
    texts = " ".join(re.sub(r"<[^>]+>", "", x.value) for x in _walk(page.widget)
                     if isinstance(getattr(x, "value", None), str))
    who = f"Player {act.actor + 1}: "
    assert who + one_phrase(act.label) in texts  # the step's title: "Player 2: Activate Ocevolt (Presence; roll ...)"
    assert who + act.label not in texts


def _after(runner, index: int, steps: int):
    """The session of lesson ``index`` after its first legal action ``steps`` times."""
    runner.open(index)
    s = runner.app.model.session
    for _ in range(steps):
        if s.is_over or not s.legal_actions():
            break
        runner.app.model.apply(s.legal_actions()[0].id)
        s = runner.app.model.session
    return s
