"""Trial 41 (free play against the computer): reasons that said more than the bot's own evaluation showed, and
choices a rule of the game makes poor. Spirited: the third Norse card Recruited in the Final Battle (3 Camp cards to
4) was said to "score 2 Spirit", the Camps' whole end score, where it added 1 [sp.final.camps]. Spirit Duels: "it
draw back up to five"; Gain the Advantage with the token held hinted as "giving up the turn loses nothing" (it ends
the round's actions [sd.advantage.gain]); Mystic Mirror rerolling a die whose face is as good as a mean roll; the
whole opening hand set aside; no Evolve hinted in 89 steps."""
from __future__ import annotations

import re

import pytest

import tutor
from tutor import bot
from tutor.games.spirit_duels import judge as sd_judge


def _until(game: str, seed: int, want, steps: int = 400):
    """The session of a game the ``normal`` bot plays against itself at the first position where ``want(session)``
    holds (None if none within ``steps``)."""
    s = tutor.new_game(game, 2, seed)
    b = bot(game, "normal", seed)
    for _ in range(steps):
        if s.is_over:
            return None
        if want(s):
            return s
        s.apply(b.choose(s))
    return None


# ---------------------------------------------------------------------------------------------------------- Spirited
def _camp_cards(s) -> int:
    return sum(len(c) for c in s.state.players[s.current_player].camps)


@pytest.mark.parametrize("cards,words", [
    (3, "with it its Camps hold 4 cards, which score 2 Spirit at the end, 1 for each pair of cards [sp.final.camps]: "
        "1 more than the 3 cards there now"),
    (2, "with it its Camps hold 3 cards, which score 1 Spirit at the end, 1 for each pair of cards [sp.final.camps], "
        "the same as now; one more card Recruited after it would make another pair"),
])
def test_final_recruit_says_the_spirit_it_adds(cards, words):
    # (the first seed whose game reaches such a position: a change of the bot's play moves the games, session 44)
    seed, s = next(((k, x) for k in range(1, 9) if (x := _until("spirited", k, lambda s: _camp_cards(s) == cards
                    and any(a.kind == "final-recruit" for a in s.legal_actions()))) is not None), (None, None))
    assert s is not None
    act = next(a for a in s.legal_actions() if a.kind == "final-recruit")
    why = bot("spirited", "normal", seed).reason(s, act, voice="it")
    assert why.startswith(words), why
    assert "scores 2 Spirit" not in why and "next March" not in why, why


# ------------------------------------------------------------------------------------------------------ Spirit Duels
SD = "spirit-duels"


def test_no_reason_says_it_with_a_bare_verb():
    """Every ``{you}`` mark in the reasons is followed by a word that agrees with "it" and "you" alike (a modal), or
    not by a verb: "it draw back up to five" (trial 41)."""
    import inspect

    from tutor.games.restless_spirits import strategy as rs
    from tutor.games.spirit_duels import judge as sd_judge
    from tutor.games.spirit_duels import strategy as sd
    from tutor.games.spirited import strategy as sp
    text = "".join(inspect.getsource(m) for m in (sd, sd_judge, sp, rs))
    after = set(re.findall(r"\{\{you\}\} (\w+)", text))
    assert after <= {"could", "can", "may", "might", "would", "will"}, after

def test_keep_hand_at_the_end_phase_says_draws():
    s = _until(SD, 1, lambda s: any(a.kind == "keep-hand" and "sd.end.discard" in a.clauses
                                    for a in s.legal_actions()))
    assert s is not None
    act = next(a for a in s.legal_actions() if a.kind == "keep-hand")
    why = bot(SD, "normal", 1).reason(s, act, voice="it")
    assert "the End Phase draws its hand back up to five next [sd.end.draw]" in why, why


def test_gain_advantage_with_the_token_held_is_below_pass_and_says_so():
    s = _until(SD, 1, lambda s: any(a.kind == "gain-advantage" and s.state.advantage == s.current_player
                                    for a in s.legal_actions()))
    assert s is not None
    b = bot(SD, "normal", 1)
    ranked = b.rank(s)
    at = {r.action.kind: i for i, r in reversed(list(enumerate(ranked)))}
    assert at["pass"] < at["gain-advantage"], [r.action.label for r in ranked]
    gain = next(a for a in s.legal_actions() if a.kind == "gain-advantage")
    why = b.explain(s, gain)
    assert ("the Advantage Token is already in your play area, so no token is gained; this keeps the opponent from "
            "taking it this round, but it ends your actions for the rest of the round") in why, why
    assert "giving up the turn loses nothing" not in why


def test_a_single_reroll_picks_the_die_a_reroll_helps_most_and_says_what_the_evaluation_shows():
    """Mystic Mirror (reroll one of your dice): the hint picks the die whose mean roll beats its face the most; a die
    already showing a face as good as a mean roll is never said to leave the pool "worth more" (trial 41)."""
    def gains_of(s):
        out = {}
        for a in s.legal_actions():
            sl = s.state.players[a.param("player") - 1].spirits[a.param("spirit") - 1]
            out[a.id] = sd_judge.reroll_gain(s.game, sl, sl.pool[a.param("die") - 1])
        return out

    def both(s):  # a die a reroll helps beside one it does not
        if not sd_judge._reroll_choice(s.state, s.current_player):
            return False
        g = gains_of(s).values()
        return max(g) > 0 >= min(g)
    found = ((seed, _until(SD, seed, both)) for seed in range(1, 9))
    seed, s = next(((k, x) for k, x in found if x is not None), (None, None))
    assert s is not None
    b = bot(SD, "normal", seed)
    gains = gains_of(s)
    hinted, why = b.hint(s)
    assert gains[hinted.id] == max(gains.values()) > 0, (gains, why)
    assert "worth less than a reroll of it is expected to give [sd.choose.die]" in why, why
    good = [a for a in s.legal_actions() if gains[a.id] <= 0]
    assert good, gains
    for a in good:
        text = b.explain(s, a)
        assert "worth about as much as a reroll of it is expected to give or more" in text, text
        assert "worth more when they are resolved" not in text and "worth less than" not in text, text


def test_opening_hand_keeps_cards_the_setup_essence_pays():
    """Every opening card costs at most 2 Essence, which the set-up gives: the hint keeps the hand (trial 41: the
    whole hand was set aside, one card after another)."""
    for seed in (1, 2, 3):
        s = tutor.new_game(SD, 2, seed)
        b = bot(SD, "normal", seed)
        a, why = b.hint(s)
        assert a.kind == "keep-hand", (seed, why)
        assert "every card kept costs no more than the 2 Essence of the set-up [sd.setup.essence]" in why, why
        other = [x for x in s.legal_actions() if x.kind == "set-aside"
                 and s.game.cards.by_id[x.param("card")].cost > 0
                 and s.game.cards.by_id[x.param("card")].kind != "item"]
        assert other, seed
        cost = s.game.cards.by_id[other[0].param("card")].cost
        assert (f"this card costs {cost} Essence, which the 2 Essence of the set-up pay, so keeping it is better "
                "than setting it aside for an unknown card [sd.setup.essence]") in b.explain(s, other[0])


def test_evolve_is_hinted_when_affordable_and_says_what_it_gains():
    """Seed 1, round 1: Tychomp (ready, 2 Essence) evolves into Tynagma before any Spirit is activated."""
    s = _until(SD, 1, lambda s: any(a.kind == "evolve" for a in s.legal_actions()) and s.current_player == 0)
    assert s is not None
    a, why = bot(SD, "normal", 1).hint(s)
    assert a.kind == "evolve", why
    assert why.startswith("Evolve Tychomp into Tynagma"), why
    assert ("it evolves a Spirit into a stronger stage with 2 more health and stronger dice when it is activated, "
            "worth more than the 2 Essence it costs; the Spirit stays ready") in why, why
    sl = s.state.players[0].spirits[a.param("spirit") - 1]
    gain, health, dice = sd_judge.evolve_gain(s.game, sl)
    assert health == 2 and dice > 0 and gain > 0
