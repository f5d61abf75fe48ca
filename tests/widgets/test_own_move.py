"""Issue #16 (newuser30): "What just happened" shows the learner's whole move when it took several clicks: Restless
Spirits lesson 2's Attract -> Offer -> Place showed "Step 3 · Place Wanwada" only (the free Attract and the Offer only
in the History). Every step since the player's last completed move (a step that answers a decision the step before
left pending, same player) is shown under its own title, in order, the newest last, each line with its rule chip; a
move of one click keeps its one step; in free play the learner's column holds the whole move beside the computer's
reply. Read from the strip's widgets (the geometry is tests/browser/test_own_move_whole.py)."""
from __future__ import annotations

import re

import pytest

import tutor
from tutor.lessons import playable_lessons, play_solution, start_lesson
from widgets.model import SessionModel
from widgets.last_step import LastStep


def lesson_session(game: str, lesson_id: str, steps: int) -> tutor.Session:
    lesson = next(x for x in playable_lessons(game)[0] if x.id == lesson_id)
    s = start_lesson(lesson)
    for st in play_solution(lesson).history[:steps]:
        s.apply(s.find_action(st.action.id))
    return s


def shown(strip: LastStep) -> list[tuple[str, list[str]]]:
    """The strip's steps in reading order: ``(title words, [each event's words])``, an event's words followed by
    " §" when its rule chip sits right after it."""
    out: list[tuple[str, list[str]]] = []
    lines = strip.lines()
    for i, x in enumerate(lines):
        value = getattr(x, "value", "")
        words = re.sub(r"<[^>]+>", "", value).strip()
        if "rt-step-now" in value:
            out.append((words, []))
        elif "tutor-event" in x._dom_classes:
            chip = i + 1 < len(lines) and "tutor-clause" in lines[i + 1]._dom_classes
            out[-1][1].append(words + (" §" if chip else ""))
    return out


def strip_of(s: tutor.Session, mine=None) -> LastStep:
    strip = LastStep(SessionModel(s))
    if mine is not None:
        strip.mine = mine
        strip.render()
    return strip


def test_restless_spirits_lesson_2_shows_the_attract_the_offer_and_the_place():
    steps = shown(strip_of(lesson_session("restless-spirits", "rs-02-mastery", 3)))
    assert [t.split(":")[0] for t, _ in steps] == ["Step 1 · Player 1", "Step 2 · Player 1", "Step 3 · Player 1"]
    assert [t.split(": ")[1].split(" ")[0] for t, _ in steps] == ["Attract", "Offer", "Place"]
    assert steps[0][1][0].startswith("Player 1 uses a Free Action to attract Wanwada")
    assert steps[1][1][0].startswith("Player 1 offers") and steps[2][1][0].startswith("Player 1 attracts Wanwada")
    assert all(line.endswith(" §") for _, lines in steps for line in lines)  # each with its rule chip


def test_a_move_in_progress_shows_its_steps_so_far_and_a_move_of_one_click_one_step():
    assert [t.split(" · ")[0] for t, _ in shown(strip_of(lesson_session("restless-spirits", "rs-02-mastery", 2)))] == [
        "Step 1", "Step 2"]
    s = lesson_session("restless-spirits", "rs-02-mastery", 3)
    s.apply(s.legal_actions()[0])  # (a move of its own after the Place)
    assert len(shown(strip_of(s))) == 1
    s.undo()
    assert len(shown(strip_of(s))) == 3


def test_spirited_scout_and_its_rally_and_spirit_duels_meditate_show_whole():
    sp = shown(strip_of(lesson_session("spirited", "sp-01-goal", 2)))
    assert [t.split(": ")[1].split(" ")[0] for t, _ in sp] == ["Scout", "Rally"]
    sd = shown(strip_of(lesson_session("spirit-duels", "sd-08-meditate", 3)))
    assert [t.split(" · ")[0] for t, _ in sd] == ["Step 1", "Step 2", "Step 3"]


def test_another_players_decision_starts_a_move_of_its_own():
    """Spirit Duels lesson 12: Player 2's Zap asks Player 1 to choose a Spirit: Player 1's choices are theirs, not
    part of Player 2's move."""
    s = lesson_session("spirit-duels", "sd-12-zap", 3)
    assert [h.action.actor for h in s.history] == [1, 0, 0]
    assert [t.split(" · ")[0] for t, _ in shown(strip_of(s))] == ["Step 2", "Step 3"]


def _free_move_then_reply(reply: bool) -> tutor.Session:
    """Restless Spirits free play (seed 1, first-game set-up, the normal computer playing both seats before): Player
    1's Attract, Offer and Place (with ``reply``: one that spends their last AP, so the turn passes, then the
    computer's reply until Player 1's turn)."""
    s = tutor.new_game("restless-spirits", players=2, seed=1, first_game=True)
    bots = [tutor.bot("restless-spirits", "normal", seed=7 + i) for i in range(2)]
    for _ in range(400):
        h = s.history
        if (len(h) >= 3 and [x.action.kind for x in h[-3:-1]] == ["attract", "choose-offering"]
                and {x.action.actor for x in h[-3:]} == {0} and not s.state.pending):
            return s
        s.apply(bots[s.current_player].choose(s))
    raise AssertionError("no Attract of Player 1's: the bots or the deal changed")


def move_then_reply(game: str, seed: int = 1, **options) -> tuple[tutor.Session, int]:
    """A free game of ``game`` (the normal computer playing both seats before): Player 1's first move of several
    steps that hands the turn to Player 2, then the computer's reply until Player 1's turn; and that move's first
    step's index."""
    s = tutor.new_game(game, players=2, seed=seed, **options)
    bots = [tutor.bot(game, "normal", seed=7 + i) for i in range(2)]
    for _ in range(400):
        if s.is_over:  # (the next seed's game: a change of the bots' play moves the games, session 44)
            if seed >= 8:
                break
            return move_then_reply(game, seed + 1, **options)
        s.apply(bots[s.current_player].choose(s))
        h = s.history
        if len(h) > 1 and h[-1].action.actor == 0 == h[-2].action.actor and s.current_player == 1 and s.state_before(
                len(h) - 1).pending:
            first = len(h) - 2
            while s.state_before(first).pending and h[first - 1].action.actor == 0:
                first -= 1
            while s.current_player == 1 and not s.is_over:
                s.apply(bots[1].choose(s))
            return s, first
    raise AssertionError(f"{game}: no move of several steps that ends Player 1's turn: the bots or the deal changed")


def _titles(children) -> list[str]:
    return [re.sub(r"<[^>]+>", "", x.value) for x in children if "rt-step-now" in getattr(x, "value", "")]


def test_free_play_shows_the_learners_whole_move_before_its_turn_ends():
    own = shown(strip_of(_free_move_then_reply(False), mine=lambda _s: {0}))
    assert [t.split(": ")[1].split(" ")[0] for t, _ in own] == ["Attract", "Offer", "Place"]


@pytest.mark.parametrize("game", ["spirited", "restless-spirits"])
def test_free_play_shows_the_learners_whole_move_beside_the_computers_reply(game):
    s, first = move_then_reply(game, **({"first_game": True} if game == "restless-spirits" else {}))
    strip = strip_of(tutor.load_session(s.to_json()), mine=lambda _s: {0})  # (resumed: as a reload shows it)
    last = max(h.index for h in s.history if h.action.actor == 0)
    mine = _titles(strip._mine_col.children)
    assert last > first and [t.split(" · ")[0] for t in mine] == [f"Step {n + 1}" for n in range(first, last + 1)]
    replies = _titles(strip._reply_col.children)
    assert replies and all("Player 1:" not in t for t in replies) and replies[-1].startswith(f"Step {len(s.history)} ")


@pytest.mark.parametrize("resumed", [True, False])
def test_a_game_loaded_from_its_steps_shows_the_whole_move(resumed):
    s = lesson_session("restless-spirits", "rs-02-mastery", 3)
    if resumed:  # (the strip did not see the states after the Attract and the Offer: worked out from the record)
        s = tutor.load_session(s.to_json())
    assert len(shown(strip_of(s))) == 3
