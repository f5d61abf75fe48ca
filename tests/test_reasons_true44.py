"""New user 44: reasons of the computer and the Hint that were false or said nothing, each checked at a seeded
position (Restless Spirits, Spirited, Spirit Duels; bot seed = game seed, both seats played by the computer)."""
from __future__ import annotations

import re

from tutor.bots import bot
from tutor.sessions import new_game


def _at(game_id: str, seed: int, steps: int, **options):
    """The session and bot of a seeded computer-against-computer game after ``steps`` steps."""
    s = new_game(game_id, 2, seed, **options)
    b = bot(game_id, "normal", seed)
    for _ in range(steps):
        s.apply(b.choose(s))
    return s, b


def _first(game_id: str, seed: int, find, steps: int = 400, **options):
    """The first position of a seeded game played by the easy computer (random moves from its seed: the positions do
    not hang on the normal computer's choices) where ``find(session, normal bot)`` gives something: ``(session, normal
    bot, what it gave)``."""
    s = new_game(game_id, 2, seed, **options)
    easy, normal = bot(game_id, "easy", seed), bot(game_id, "normal", seed)
    for _ in range(steps):
        assert not s.is_over, "no such position in the game"
        got = find(s, normal)
        if got:
            return s, normal, got
        s.apply(easy.choose(s))
    raise AssertionError("no such position in the game")


def _fitting_buy(s, b):
    from tutor.games.restless_spirits.requirements import fill_options
    spirits = [ps for ps in s.state.players[s.current_player].board if ps is not None]
    return next((a for a in s.legal_actions() if a.kind == "buy-totem"
                 and any(fill_options(s.game, ps, a.param("totem")) for ps in spirits)), None)


def test_public_reason_of_a_fitting_buy_names_it_and_says_it_fits():
    # (new user 44 #1: "it adds 1 Totem to its hand; none fits a Spirit on its board yet", then it played it)
    s, b, a = _first("restless-spirits", 1, _fitting_buy, first_game=True)
    name = a.label[len("Buy "):a.label.index(" from market row")]
    full, public = b.reason_pair(s, a, voice="it")
    assert "none fits" not in public
    assert f"it adds {name} to its hand, a Totem that fits an unmet requirement of a Spirit on its board" in public


def _later_ap_said(s, b):
    if s.state.players[s.current_player].ap != 1:
        return None
    return next((a for a in s.legal_actions() if a.kind == "buy-totem" and "later AP" in b.explain(s, a)), None)


def test_no_later_ap_claim_on_the_last_turn_of_the_game():
    # (new user 44 #3b: "a fitting Totem ... can still be played with a later AP" on the learner's last turn)
    s, b, a = _first("restless-spirits", 1, _later_ap_said, first_game=True)
    st, seat = s.state, s.current_player
    st.endgame_by = 1 - seat  # the endgame has begun, and this seat's turn (1 AP left) is the round's last
    st.first_player = (seat + 1) % 2
    why = b.explain(s, a)
    assert "later AP" not in why
    assert "it brings your hand a Totem that fits" in why


def _refresh_said_to_fit(s, b):
    a = next((a for a in s.legal_actions() if a.kind == "refresh-market-and-buy"), None)
    return a if a is not None and "a Totem that fits" in b.explain(s, a) else None


def test_a_refresh_is_said_as_a_chance_with_its_odds():
    # (new user 44 #3c: "Refresh market row 1 and buy from it: ... it brings your hand a Totem that fits")
    s, b, a = _first("restless-spirits", 1, _refresh_said_to_fit, first_game=True)
    hint = b.explain(s, a)
    assert "it brings your hand" not in hint
    assert re.search(r"with the Totem taken next, it may bring your hand a Totem that fits "
                     r"(an unmet requirement of )?a Spirit on your board \(the Totems come unseen, and "
                     r"(about \d+|more than 99) times in 100 one of "
                     r"them fits: a chance, not a sure thing\)", hint), hint
    full, public = b.reason_pair(s, a, voice="it")
    assert "none fits" not in full and "none fits" not in public


def _final_camp_reason(s, b):
    if s.state.battle != "final":
        return None
    said = {a: b.explain(s, a) for a in s.legal_actions() if a.kind != "final-recruit"}
    return next((a for a, why in said.items() if "Camps, which score" in why or "next March" in why), None)


def test_spirited_final_battle_speaks_of_no_next_march():
    # (new user 44 #4: "then the next choice grows a Camp toward a better medal at your next March" in the Final
    # Battle, after which the game ends)
    s, b, a = _first("spirited", 1, _final_camp_reason, steps=600)
    hint = b.explain(s, a)
    assert "next March" not in hint
    assert ("puts more cards in your Camps, which score at the end of this Final Battle, 1 Spirit for each pair of "
            "cards [sp.final.camps]") in hint


def test_spirit_duels_pass_says_what_the_pass_is_for():
    # (new user 44 #5: "The computer passed. Why: then the next choice gains Essence ...": the End Phase's Essence,
    # after the Pass, was said as its reason; here the look-ahead's changes are given as they were then)
    from tutor.bots import Scored
    s, b = _at("spirit-duels", 3, 55)  # (seed 0, step 69 before the bot counted a Zap's damage: verify 44)
    a = b.choose(s)
    assert a.kind == "pass"
    said = b.reasons(s, Scored(a, 0.0, {"essence": 1.0}, {}))
    assert said == ["no action now deals damage or builds {your} dice; {your} opponent passed just before, so this "
                    "Pass ends the Action Phase [sd.pass] [sd.pass.consecutive]"]
    assert b.reason(s, a, voice="it") == ("no action now deals damage or builds its dice; its opponent passed just "
                                          "before, so this Pass ends the Action Phase [sd.pass] "
                                          "[sd.pass.consecutive].")


def test_replace_says_why_this_kind_of_die():
    # (new user 44 #5: "No move now deals damage or builds your dice, so it takes 'Flicker Flame: roll a Level 1
    # Magic die instead'", a Level 2 die being open to the same choice)
    s, b = _at("spirit-duels", 3, 69)  # (step 66 before the bot counted a Zap's damage: verify 44)
    a, hint = b.hint(s)
    assert a.label == "Flicker Flame: roll a Level 2 Attack die instead"
    assert hint == ("Flicker Flame: roll a Level 2 Attack die instead. The new die is rolled at random: a Level 2 "
                    "Attack die shows Attack +1 (Boost) 1/6, Attack 2/6, Magic 1/6, Essence 1/6, Blank 1/6, and with "
                    "Magmaros's powers it resolves for the most on average of the dice Replace may roll "
                    "[sd.kw.replace].")


def test_zap_names_the_player_who_spreads_the_damage():
    # (new user 44 #9: the computer's Zap said "your opponent spreads 3 damage", the learner being that opponent)
    s = new_game("spirit-duels", 2, 1)
    b = bot("spirit-duels", "easy", 1)
    for _ in range(29):
        s.apply(b.choose(s))
    said = [e.text for e in s.history[-1].events if e.text.startswith("Zap ")]
    assert "Zap 1: Player 1, the opponent, spreads 1 damage over their own Spirits." in said
    assert not any("your opponent" in t for t in said)
