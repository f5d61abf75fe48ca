"""Computer players (tutor.bots): every move legal, deterministic from the seed, blind to what their seat cannot
see, explanations that cite real clauses, and the CLI's --bots."""
from __future__ import annotations

import json
import random
import re
import subprocess
import sys

import pytest

import tutor
from tutor.step_words import bare
from tutor.bots import LEVELS, bot, determinise, observation

CONFIGS = [("restless-spirits", 2), ("restless-spirits", 3), ("spirited", 2), ("spirited", 4), ("spirit-duels", 2)]


def _play(game_id: str, players: int, seed: int, levels: list[str], max_steps: int = 3000):
    s = tutor.new_game(game_id, players=players, seed=seed)
    bots = [bot(game_id, levels[i % len(levels)], seed * 10 + i) for i in range(players)]
    chosen = []
    while not s.is_over and len(chosen) < max_steps:
        legal = {a.id for a in s.legal_actions()}
        a = bots[s.current_player].choose(s)
        assert a.id in legal, f"{game_id}: bot chose {a.id}, not legal"
        assert a.actor == s.current_player
        chosen.append(a.id)
        s.apply(a)
    return s, chosen


@pytest.mark.parametrize("game_id,players", CONFIGS)
def test_every_bot_move_is_legal_and_games_end(game_id, players):
    for seed in (1, 2):
        s, chosen = _play(game_id, players, seed, ["normal", "easy"])
        assert s.is_over, f"{game_id} seed {seed}: not over after {len(chosen)} steps"
        assert s.winners or game_id == "restless-spirits" and players == 1


@pytest.mark.parametrize("game_id", tutor.GAMES)
def test_same_seed_same_moves(game_id):
    _, a = _play(game_id, 2, 7, ["normal", "normal"], max_steps=60)
    _, b = _play(game_id, 2, 7, ["normal", "normal"], max_steps=60)
    _, c = _play(game_id, 2, 7, ["easy", "easy"], max_steps=60)
    assert a == b
    assert len(a) == 60 and a != c


def _positions(game_id: str, seed: int, every: int = 7, count: int = 6):
    """Sessions at several points of a random game (easy bots), for the hidden-information test."""
    s = tutor.new_game(game_id, players=2, seed=seed)
    easy = bot(game_id, "easy", seed)
    out, n = [], 0
    while not s.is_over and len(out) < count:
        if n % every == every - 1:
            out.append(tutor.load_session(s.to_json()))
        s.apply(easy.choose(s))
        n += 1
    return out


def _with_hidden_changed(s, seed: int):
    """A copy of session ``s`` whose state differs only in what the seat to play cannot see (the others' hands,
    deck order, face-down cards, the random generator)."""
    other = tutor.load_session(s.to_json())
    other.state = determinise(s.game, s.state, s.current_player, seed)
    other._legal_cache = other._blocked_cache = None
    return other


@pytest.mark.parametrize("game_id", tutor.GAMES)
def test_choice_ignores_what_the_seat_cannot_see(game_id):
    changed_something = 0
    for seed in (3, 4):
        for s in _positions(game_id, seed):
            seat = s.current_player
            for k in range(3):
                other = _with_hidden_changed(s, 1000 + k)
                assert observation(other, seat) == observation(s, seat)
                changed_something += other.state.model_dump() != s.state.model_dump()
                assert [a.id for a in other.legal_actions()] == [a.id for a in s.legal_actions()]
                b1, b2 = bot(game_id, "normal", 5), bot(game_id, "normal", 5)
                assert b1.choose(s).id == b2.choose(other).id
    assert changed_something > 0


def test_observation_hides_hands_and_decks():
    s = tutor.new_game("restless-spirits", players=2, seed=1, first_game=True)
    obs = observation(s, 0)
    assert "rng" not in obs
    assert obs["players"][0]["hand"] == s.state.players[0].hand
    assert obs["players"][1]["hand"] == {"hidden": len(s.state.players[1].hand)}
    assert obs["totem_deck"] == {"hidden": len(s.state.totem_deck)}
    d = tutor.new_game("spirit-duels", players=2, seed=1)
    o = observation(d, 1)
    assert o["players"][0]["hand"] == {"hidden": 5} and o["players"][1]["hand"] == d.state.players[1].hand
    assert o["players"][1]["deck"] == {"hidden": len(d.state.players[1].deck)}
    json.dumps(o)
    with pytest.raises(ValueError, match="seat must be 0..1"):
        observation(d, 2)


@pytest.mark.parametrize("game_id", tutor.GAMES)
def test_explanations_cite_real_clauses_and_hint_is_the_best_move(game_id):
    clauses = tutor.clauses(game_id)
    for s in _positions(game_id, 9, every=5, count=5):
        b = bot(game_id, "normal", 1)
        hinted, why = b.hint(s)
        assert hinted.id == b.choose(s).id
        assert why.startswith(bare(hinted.label))
        cited = re.findall(r"\[([a-z]+\.[a-z0-9.-]+)\]", why)
        assert cited and all(c in clauses for c in cited), why
        other = s.legal_actions()[-1]
        text = b.explain(s, other)
        assert all(c in clauses for c in re.findall(r"\[([a-z]+\.[a-z0-9.-]+)\]", text))
        worth = {x.action.id: x.value for x in b.rank(s)}
        if other.id != hinted.id and worth[other.id] < worth[hinted.id]:
            assert f"A stronger move now: {bare(hinted.label)}." in text
        elif other.id != hinted.id:  # as good as the hinted move: never called weaker
            assert "stronger move" not in text


def test_normal_bot_releases_when_it_can():
    # Seed 1001, Restless Spirits: find a position where a play completes a Spirit; the bot takes a release.
    s = tutor.new_game("restless-spirits", players=2, seed=1001)
    b = bot("restless-spirits", "normal", 1)
    seen = 0
    while not s.is_over and seen < 3:
        ranked = b.rank(s)
        best = ranked[0]
        releasing = [r for r in ranked if r.changes.get("released", 0) > 0]
        if releasing:
            assert best.changes.get("released", 0) > 0
            assert "releases a Spirit" in b.explain(s, best.action)
            seen += 1
        s.apply(best.action)
    assert seen >= 1


def test_bad_arguments():
    with pytest.raises(ValueError, match="unknown bot level"):
        bot("spirited", "hard")
    with pytest.raises(ValueError, match="unknown game"):
        bot("chess")
    with pytest.raises(ValueError, match="whole number"):
        bot("spirited", "easy", seed="1")
    s = tutor.new_game("spirited", players=2, seed=1)
    with pytest.raises(ValueError, match="plays restless-spirits"):
        bot("restless-spirits").choose(s)
    assert LEVELS == ("easy", "normal")


def test_cli_bots_plays_a_whole_game_with_reasons():
    out = subprocess.run([sys.executable, "-m", "tutor.cli", "play", "spirit-duels", "--bots", "normal,easy",
                          "--seed", "2"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "Player 1 computer (normal), Player 2 computer (easy)" in out.stdout
    assert "(Player 1 thinks: " in out.stdout and "(Player 2 thinks: " not in out.stdout
    assert "Game over after" in out.stdout
    bad = subprocess.run([sys.executable, "-m", "tutor.cli", "play", "spirited", "--bots", "normal,hard"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "unknown level 'hard'" in bad.stderr
    few = subprocess.run([sys.executable, "-m", "tutor.cli", "play", "spirited", "--players", "3", "--bots",
                          "normal"], capture_output=True, text=True, timeout=60)
    assert few.returncode == 2 and "one level per seat (3)" in few.stderr


def test_a_hand_the_bot_is_looking_through_is_not_dealt_again():
    """Zhaku-like abilities let the acting seat look through a target's hand and take a card: that hand is part of
    its observation then, and the determinised copy keeps it (the chosen card must be there to take)."""
    s = tutor.new_game("restless-spirits", players=2, seed=1092)
    bots = {0: tutor.bot("restless-spirits", "normal", 1092), 1: tutor.bot("restless-spirits", "easy", 1092)}
    while not (s.state.pending and s.state.pending[-1].kind == "choose-hand-card"):
        assert not s.is_over and len(s.history) < 200
        s.apply(bots[s.current_player].choose(s))
    d = s.state.pending[-1]
    seen = tutor.observation(s, d.actor)["players"][d.target]["hand"]
    assert seen == s.state.players[d.target].hand
    action = bots[d.actor].choose(s)
    assert action.id in {a.id for a in s.legal_actions()}
    s.apply(action)


def test_cards_a_drain_revealed_are_not_dealt_again():
    """Spirit Duels' Drain reveals cards of the opponent's hand and the drainer discards one of them: the computer
    (or the learner's hint) choosing which dealt the hidden hand again first, the revealed cards left it, and the
    discard raised ``list.remove(x): x not in list`` (free play stuck on the computer's move, session 25). The
    revealed cards stay where they are in the determinised copy."""
    s = tutor.new_game("spirit-duels", players=2, seed=15)
    rnd = random.Random(15)
    while not (s.state.pending and s.state.pending[-1].kind == "choose-card"):
        assert not s.is_over and len(s.history) < 200
        s.apply(rnd.choice(s.legal_actions()).id)
    d = s.state.pending[-1]
    assert d.work.kind == "drain-discard" and d.work.cards
    for seed in range(4):
        copy = determinise(s.game, s.state, d.actor, seed)
        hand = copy.players[1 - d.actor].hand
        assert all(hand.count(x) >= d.work.cards.count(x) for x in d.work.cards)
        action = bot("spirit-duels", "normal", seed).choose(s)
        assert action.kind == "choose-card" and action.id in {a.id for a in s.legal_actions()}
    assert bot("spirit-duels", "normal", 0).hint(s)[0].kind == "choose-card"


def test_restless_spirits_reasons_say_only_what_the_action_does():
    """An Attract brings a Spirit, never a Totem, to the hand: over the attract actions of random positions the
    reasons say it brings a Spirit to the board, never that it brings the hand a Totem; a reason that says a Totem
    comes to the hand appears only where the hand's Totems grew."""
    from tutor.games.restless_spirits import strategy
    attracts = 0
    for seed in (1, 2, 3):
        s = tutor.new_game("restless-spirits", players=2, seed=seed)
        easy, b = bot("restless-spirits", "easy", seed), bot("restless-spirits", "normal", 1)
        for _ in range(80):
            if s.is_over:
                break
            for sc in b.rank(s):
                said = " ".join(strategy.reasons(s.game, s.state, sc))
                if "brings {your} hand a Totem" in said:
                    assert sc.changes.get("hand", 0) > 0 and sc.action.kind != "attract", (sc.action.label, said)
                if sc.action.kind == "attract":
                    attracts += 1
                    assert "Totem that fits" not in said, (sc.action.label, said)
                    assert sc.changes.get("on_board", 0) <= 0 or "brings a Spirit to {your} board" in said
                    if sc.changes.get("fitting", 0) > 0:
                        assert "already in {your} hand fit" in said, said
            s.apply(easy.choose(s))
    assert attracts >= 20
