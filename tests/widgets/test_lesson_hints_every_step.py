"""Every hint the learn page gives fits the step the learner is at (issue #16; hints35, after session 34's trial:
four hints of several steps were still given whole mid-move, "pick X, then the tutor asks for Y" while the learner
was on Y, and Spirit Duels lesson 2 gave its hints a step early and a step late).

Every lesson of every game is walked along its solution in the learn page (:class:`widgets.LessonRunner`); at every
step Hint is pressed rung by rung until the step is marked, and each written hint shown is checked against the steps
it was written for (:func:`tutor.lesson_hints.hint_steps`): it is given only from its first step to its last (or it
names no step), it speaks from the step now (no clause of a step already taken is in the text shown: "Offer a Totem,
choose space 1", not "Attract Gonga, offer…" at the offering), and the last rung marks the lesson's next step.
"""
from __future__ import annotations

import html

import pytest

import tutor
from tutor.lesson_hints import hint_steps, lesson_verbs, use_steps, verb_uses
from tutor.scenario import find
from widgets import LessonRunner

HEAD, TAIL = '<div class="rt-hint">Hint: ', "</div>"


def _ladder(runner: LessonRunner) -> tuple[list[str], list[str]]:
    """The written hints the ladder gives at the position shown, and the actions marked at its last rung."""
    said = []
    for _ in range(12):
        runner.hint.click()
        if runner._step_hint is not None:
            marked = [b._action_id for b in runner.app.actions.action_buttons if "rt-hint" in b._dom_classes]
            return said, marked
        value = runner.hints.value
        assert value.startswith(HEAD) and value.endswith(TAIL), value
        said.append(html.unescape(value[len(HEAD):-len(TAIL)]))
    raise AssertionError(f"the ladder never reached the marked step: {said}")


def _source(lesson, text: str, k: int, claims: list[list[int]]) -> int:
    """The index of the written hint ``text`` is (whole, or from one of its clauses on); of two hints that end in the
    same words (Spirited lesson 18: "…, then Rally one face-up card." as Player 1 and as Player 2), the one written
    for step ``k``."""
    found = [i for i, h in enumerate(lesson.hints) if text == h or (
        len(text) > 1 and h.endswith(text[1:]) and h[-len(text)].lower() == text[0].lower())]
    assert found, f"not a hint of {lesson.id}: {text!r}"
    return next((i for i in found if claims[i] and claims[i][0] <= k <= claims[i][-1]), found[0])


@pytest.mark.parametrize("game_id", tutor.GAMES)
def test_every_hint_of_every_lesson_fits_the_step_the_learner_is_at(game_id):
    runner = LessonRunner(game_id)
    shown = cut = 0
    for n, lesson in enumerate(runner.lessons):
        runner.open(n)
        claims, took, verbs = hint_steps(lesson), use_steps(lesson), lesson_verbs(lesson)
        for k, ref in enumerate(lesson.solution):
            said, marked = _ladder(runner)
            step = find(runner.app.session, ref).id
            assert marked == [step], (lesson.id, k, marked, step)
            for text in said:
                shown += 1
                i = _source(lesson, text, k, claims)
                c = claims[i]
                if not c:
                    continue
                assert c[0] <= k <= c[-1], (lesson.id, k, text, c)  # (not a step early, not a step late)
                start, uses = len(lesson.hints[i]) - len(text), verb_uses(lesson.hints[i], verbs)
                behind = [uses[u].group(0) for (h, u), s in took.items() if h == i and uses[u].start() >= start
                          and s[-1] < k]  # (a clause in the text shown whose steps are all taken)
                assert not behind, (lesson.id, k, text, c, behind)
                cut += text != lesson.hints[i]
            runner.app.actions.button_for(step).click()
    # (session 43: hints that read as notes were tied to their steps, so fewer are shown at every step: Spirit Duels 98)
    assert shown >= 90 and cut >= 5, (shown, cut)
