"""The lesson hint ladder knows where the learner is (trial 19).

- After a step that put the goal out of reach, Hint says to press Undo and why (it said "Click Scout…", the lesson's
  first written hint, after a wrong Rally in Spirited lesson 1).
- A written hint that names a group of the actions panel is given only while that group is shown with an enabled
  action in it (Spirit Duels lesson 1's hint named the "Dice actions" group while a Meditate decision hid it), and
  every hint that speaks of a group names it by its title.
"""
from __future__ import annotations

import html

import pytest

import tutor
from tutor.lessons import all_lessons
from tutor.scenario import ActionRef, find
from widgets import LessonRunner
from tutor.lesson_hints import current_hints, hint_ends
from widgets.lesson_hints import named_groups, says_group
from widgets.lesson_runner import HINT_TIP, UNDO_HINT_TIP


def _click(runner: LessonRunner, **ref) -> None:
    runner.app.actions.button_for(find(runner.app.session, ActionRef(**ref)).id).click()


def _open(game_id: str, lesson_id: str) -> LessonRunner:
    runner = LessonRunner(game_id)
    runner.open([x.id for x in runner.lessons].index(lesson_id))
    return runner


def _hint(runner: LessonRunner) -> str:
    """The hint line's text, as the learner reads it."""
    value = runner.hints.value
    assert value.startswith('<div class="rt-hint">Hint: '), value
    return html.unescape(value[len('<div class="rt-hint">Hint: '):-len("</div>")])


def _marked(runner: LessonRunner) -> list[str]:
    return [b._action_id for b in runner.app.actions.action_buttons if "rt-hint" in b._dom_classes]


@pytest.mark.parametrize(("game_id", "lesson_id", "steps", "said"), [
    ("spirited", "sp-01-goal", [{"kind": "scout"}, {"kind": "rally", "clan": "chinese"}],
     "Press Undo to take back your last step: it put the goal out of reach. You rallied a Chinese card into your "
     "Hand, but the goal asks for Player 2's hand to hold the Aztecs card (it holds the Chinese card)."),
    ("restless-spirits", "rs-29-whole-turn",
     [{"kind": "buy-totem", "totem": "t31"}, {"kind": "buy-totem", "totem": "t40"}],
     "Press Undo to take back your last step: it put the goal out of reach. You bought Key & Spirit Cloak (double) "
     "from market row 1, but the goal asks for Player 1's released Spirits to hold Gonga (they hold nothing)."),
    ("spirit-duels", "sd-22-round", [{"kind": "gain-advantage"}],
     "Press Undo to take back your last step: it put the goal out of reach. You gained the advantage (you already "
     "hold the token), but the goal asks for the round to be 2 (it is 1)."),
])
def test_after_a_step_that_loses_the_goal_the_hint_says_undo_and_why(game_id, lesson_id, steps, said):
    runner = _open(game_id, lesson_id)
    for ref in steps:
        _click(runner, **ref)
    assert "rt-hidden" not in runner.stuck._dom_classes  # the lesson line says the goal is out of reach
    runner.hint.click()
    assert _hint(runner) == said
    assert _marked(runner) == []  # no step toward the goal is marked: there is none from here
    assert runner.hint.tooltip == UNDO_HINT_TIP
    runner.hint.click()  # a second press says the same: there is no stronger hint than "undo"
    assert _hint(runner) == said
    # one step more: two to take back, and only what the goal asks (the last step did not lose it)
    more = runner.app.session.legal_actions()[0]
    runner.app.actions.button_for(more.id).click()
    runner.hint.click()
    hint = _hint(runner)
    assert hint.startswith("Press Undo 2 times (or Restart): the goal went out of reach 2 steps ago. "
                           "The goal asks "), hint
    assert "You " not in hint
    runner.app.model.undo()
    runner.app.model.undo()  # back where the goal can be reached: the ladder's written hints again
    assert "rt-hidden" in runner.stuck._dom_classes and runner.hints.value == ""
    runner.hint.click()
    assert not _hint(runner).startswith("Press Undo") and runner.hint.tooltip == HINT_TIP
    assert runner.steps_back() == 1 and not runner.errors.output.outputs


def test_spirited_lesson_1_after_scout_the_hint_is_the_rally_not_scout():
    """After Scout the "Your action this turn" group is hidden by the Rally/Recruit choice: the hint that points at
    it ("Click Scout in the … group") is not given; the next one, about the Rally, is."""
    runner = _open("spirited", "sp-01-goal")
    runner.hint.click()
    assert _hint(runner).startswith('Click "Scout" in the purple "Your action this turn" group.')
    _click(runner, kind="scout")
    assert "turn-action" not in runner.app.actions.shown_groups()
    runner.hint.click()
    assert _hint(runner) == "Then Rally the Aztecs card. The Summon and the turn change happen on their own."


def test_spirit_duels_lesson_1_never_names_a_group_a_decision_hides():
    """Trial 19: after a Meditate, the hint still said to look at the "Dice actions" group, which the dice-marking
    decision had hidden (no control in it). Trial 20: nor "Declare Attack…", which no enabled action does then: the
    hint is the engine's next step toward the goal from there, marked."""
    runner = _open("spirit-duels", "sd-01-goal")
    runner.hint.click()
    assert _hint(runner) == 'Look at the blue "Dice actions" group on the right.'
    assert "resolve-dice:symbol=attack" in [b._action_id for b in runner.app.actions.shown_groups()["dice"]]
    runner.app.actions.button_for("meditate:card=flicker-flame").click()
    assert list(runner.app.actions.shown_groups()) == ["choice"]
    assert "rt-hidden" in runner.stuck._dom_classes  # the goal is still in reach
    runner.hint.click()
    assert _hint(runner) == "The next step toward the goal is marked: Reroll no dice."
    assert _marked(runner) == ["reroll-marked"]
    runner.hint.click()  # the strongest rung: the same
    assert _hint(runner) == "The next step toward the goal is marked: Reroll no dice."


def test_spirit_duels_lesson_22_each_hint_is_about_the_step_to_take_now():
    """Trial 27: after Player 1's Pass, Hint said "Player 1 has no cards: Pass." (Pass was enabled for Player 2 too)
    while the marked step was Player 2's Gain the advantage, and said it again at the steps after. A written hint is
    spent once the steps it was written for are taken; the step Pass again (step 5) is the third hint's."""
    runner = _open("spirit-duels", "sd-22-round")
    said = []
    for ref in runner.lesson.solution[:5]:
        runner.hint.click()
        said.append(_hint(runner))
        runner.app.actions.button_for(find(runner.app.session, ref).id).click()
    third = ("Activate Tychomp, then Pawnite, then Pass: the End Phase runs, and Player 2 (the holder) places the "
             "Advantage Die on Binx.")
    # (at the Pass, the third hint speaks from its own clause: session 33, a hint of several steps given mid-move)
    assert said == ["Player 1 has no cards: Pass.", "Player 2: Gain the Advantage. From now on only Player 1 acts.",
                    third, third, third[third.index("Pass:"):]]


def test_a_written_hint_is_tied_to_the_steps_it_was_written_for():
    """Each hint's last step (:func:`tutor.lesson_hints.hint_ends`), in the order hints are written; a spent hint is
    not given, nor one about a later step (hints35: Restless Spirits lesson 29 named the Mirror before Miki)."""
    lessons = {x.id: x for g in tutor.GAMES for x in all_lessons(g)}
    assert hint_ends(lessons["sd-22-round"]) == [0, 1, 4, None]  # (the last: what to do after a wrong step)
    # (Spirit Duels lesson 8: "Meditate…, mark…, then reroll it" is spent after step 2; the second Pass is the third
    # hint's, "Pass with Player 2 again, then Gain…": "Pass with Player 2. Then Use Zuja…" ends at its Use, step 4)
    assert hint_ends(lessons["sd-08-meditate"]) == [2, 4, 6, None]
    assert hint_ends(lessons["rs-29-whole-turn"]) == [0, 1, 3, 5]  # ("Activate Miki first…": step 0)
    rs29 = lessons["rs-29-whole-turn"]
    assert [current_hints(rs29, k) for k in (0, 1, 2, 3)] == [rs29.hints[:1], rs29.hints[1:2], rs29.hints[2:3],
                                                             rs29.hints[2:3]]
    assert current_hints(rs29, None) == rs29.hints  # (off the lesson's way: as before)


@pytest.mark.parametrize("game_id", tutor.GAMES)
def test_every_hint_that_speaks_of_a_group_names_one_by_its_title(game_id):
    from widgets.boards import board_for
    board = board_for(game_id)
    for lesson in all_lessons(game_id):
        for h in lesson.hints:
            if says_group(h):
                assert named_groups(h, board), (lesson.id, h)


@pytest.mark.parametrize("game_id", tutor.GAMES)
def test_every_hint_names_only_a_group_that_holds_an_enabled_action(game_id):
    """Every lesson of the game, at its first position and after each step of its solution (until the goal holds):
    each rung of the hint ladder is pressed, and every group a hint names is shown with at least one enabled action
    Button in it. At each lesson's first position every written hint naming a group is given (none left out)."""
    from widgets.boards import board_for
    board = board_for(game_id)
    runner = LessonRunner(game_id)
    checked = 0
    for index, lesson in enumerate(runner.lessons):
        runner.open(index)
        for k in range(len(lesson.solution) + 1):
            if runner.hint.disabled:  # the goal holds: no hint
                break
            shown = runner.app.actions.shown_groups()
            if k == 0:
                naming = [h for h in lesson.hints if named_groups(h, board)]
                assert all(h in runner.fitting_hints() for h in naming), (lesson.id, naming)
            for _ in range(len(lesson.hints) + 1):
                runner.hint.click()
                text = _hint(runner)
                for g in named_groups(text, board):
                    assert shown.get(g), (lesson.id, k, text, g)
                    checked += 1
            if k < len(lesson.solution):
                runner.app.actions.button_for(find(runner.app.session, lesson.solution[k]).id).click()
    assert checked >= {"restless-spirits": 1, "spirited": 2, "spirit-duels": 3}[game_id]
    assert not runner.errors.output.outputs


def _hint_fits_now(runner: LessonRunner, text: str, on_path: bool) -> bool:
    """Whether the hint ``text`` fits the position: a written hint names an enabled action (or names none while the
    learner follows the lesson's way); the engine's hint marks an enabled action, or says to Undo."""
    from tutor.lesson_hints import action_verbs, lesson_verbs, named_verbs
    enabled = {b._action_id for b in runner.app.actions.action_buttons if not b.disabled}
    labels = [a.label for a in runner.app.session.legal_actions()]
    # (a written hint given mid-move from the clause of the step now, its own words from there: session 33)
    if text in runner.lesson.hints or any(h.endswith(text[1:]) for h in runner.lesson.hints):
        named = named_verbs(text, lesson_verbs(runner.lesson))
        return (not named and on_path) or any(named & action_verbs(x) for x in labels)
    if text.startswith("The next step toward the goal is marked: "):
        return len(_marked(runner)) == 1 and _marked(runner)[0] in enabled
    return "Undo" in text


@pytest.mark.parametrize("game_id", tutor.GAMES)
def test_every_hint_fits_the_position_on_and_off_the_lessons_way(game_id):
    """Trial 20: a written hint stayed after the learner left the lesson's way ("Declare Attack…" during a dice
    choice). Every lesson of the game, at each step of its solution, and after one step off it at its start (the first
    legal action that is not the solution's): every rung of the hint ladder names an action enabled now (a written
    hint that names none only on the lesson's way), or marks one, or says to Undo."""
    runner = LessonRunner(game_id)
    seen = {"written": 0, "engine": 0, "off": 0}
    for index, lesson in enumerate(runner.lessons):
        runner.open(index)
        for k in range(len(lesson.solution)):
            if runner.hint.disabled:
                break
            nxt = find(runner.app.session, lesson.solution[k]).id
            off = next((a.id for a in runner.app.session.legal_actions() if a.id != nxt), None)
            for step, on_path in ((None, True), (off, False)) if k == 0 else ((None, True),):
                if step is not None:
                    runner.app.actions.button_for(step).click()
                    seen["off"] += 1
                for _ in range(len(lesson.hints) + 1):
                    if runner.hint.disabled:
                        break
                    runner.hint.click()
                    text = _hint(runner)
                    assert _hint_fits_now(runner, text, on_path), (lesson.id, k, step, text)
                    seen["written" if text in lesson.hints else "engine"] += 1
                if step is not None:
                    runner.app.model.undo()
            runner.app.actions.button_for(nxt).click()
    assert seen["off"] >= 5 and seen["written"] >= 10 and seen["engine"] >= 10, seen
    assert not runner.errors.output.outputs


def test_the_widgets_only_show_which_hint_belongs_to_which_step():
    """Which hint belongs to which step is lesson knowledge, kept in the public engine (:mod:`tutor.lesson_hints`):
    the widgets' module reads only the board's groups and imports nothing of the engine (session 29, issue #16)."""
    import ast
    from pathlib import Path

    import widgets.lesson_hints as view
    tree = ast.parse(Path(view.__file__).read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)} | {
        a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not {m for m in imported if m and m.startswith("tutor")}, imported
    defined = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    assert defined == {"group_names", "named_groups", "says_group", "hint_fits"}


def _ladder(runner: LessonRunner) -> list[str]:
    """Every written hint the ladder gives at the position shown, pressing Hint until the marked step."""
    said = []
    for _ in range(10):
        runner.hint.click()
        if runner._step_hint is not None:
            return said
        said.append(_hint(runner))
    raise AssertionError(said)


def test_spirit_duels_lesson_2_each_step_hears_its_own_hint():
    """hints35 (issue #16, trial of session 34): at Player 2's Activate Binx the ladder said "now "Activate Tychomp"
    for Player 1", and at Player 1's step "Player 2 first: "Activate Binx"": the Binx hint's "(Activate)", the
    ability's name in brackets, took Tychomp's step from the hint written for it, and a hint about a later step was
    given early."""
    runner = _open("spirit-duels", "sd-02-rounds")
    banner, binx, tychomp = runner.lesson.hints
    assert _ladder(runner) == [banner, binx]
    assert _marked(runner) == [find(runner.app.session, runner.lesson.solution[0]).id]
    _click(runner, kind="activate", spirit=1)
    assert _ladder(runner) == [banner, tychomp]
    assert _marked(runner) == [find(runner.app.session, runner.lesson.solution[1]).id]
