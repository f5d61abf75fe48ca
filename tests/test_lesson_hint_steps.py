"""Each written hint of a lesson speaks of the steps it was written for (issue #16, session 29).

Spirit Duels lesson 8: the learner's second Pass was claimed by two hints, the earlier ("Pass with Player 2. Then
"Use Zuja" appears…") kept it, so after the Use it was still given first, out of date. Restless Spirits lesson 29:
"Activating Miki is a Free Action" named no step and stayed first through the whole turn. Every lesson of the three
games is walked along its solution; at each step the hints the ladder gives (:func:`tutor.lesson_hints.current_hints`,
those naming an action only while one is enabled) are read the way a learner reads them: a hint uses verbs in the
order of its steps, so once a step is taken a hint's uses before the one that spoke of it are behind it.
"""
from __future__ import annotations

import pytest

import tutor
from tutor.lesson_hints import (current_hints, hint_ends, hint_names_enabled, hint_now, hint_steps, lesson_verbs,
                                mentions, step_verbs, use_steps)
from tutor.lessons import all_lessons, start_lesson
from tutor.scenario import find

LESSONS = {x.id: x for g in tutor.GAMES for x in all_lessons(g)}


def _given(lesson, session, k: int) -> list[str]:
    """The written hints the ladder gives after the first ``k`` steps of ``lesson``'s way (group names aside: the
    page also drops a hint naming a group not shown)."""
    labels = [a.label for a in session.legal_actions()]
    return [h for h in current_hints(lesson, k) if hint_names_enabled(h, lesson_verbs(lesson), labels, True)]


@pytest.mark.parametrize("lesson_id", sorted(LESSONS))
def test_every_hint_given_still_names_a_step_ahead_and_each_step_is_one_hints(lesson_id):
    """At each step of the lesson's solution: every hint given that names steps still has a use (at or after the
    one that spoke of the last step it named) whose verb is a step's ahead, so no hint is given after the steps it
    names are all taken; and a step is spoken of by one hint only (the first given that names it from where it is)."""
    lesson = LESSONS[lesson_id]
    verbs, steps = lesson_verbs(lesson), step_verbs(lesson)
    uses = {h: mentions(h, verbs) for h in lesson.hints}
    at = dict.fromkeys(lesson.hints, 0)  # each hint: its first use not behind the learner
    s = start_lesson(lesson)
    for k, ref in enumerate(lesson.solution):
        given, ahead = _given(lesson, s, k), frozenset().union(*steps[k:])
        for h in given:
            assert not uses[h] or set(uses[h][at[h]:]) & ahead, (k, h, uses[h][at[h]:], sorted(ahead))
        speaker = next((h for h in given if set(uses[h][at[h]:]) & steps[k]), None)
        if speaker is not None:
            at[speaker] += next(i for i, v in enumerate(uses[speaker][at[speaker]:]) if v in steps[k])
        s.apply(find(s, ref).id)


@pytest.mark.parametrize("lesson_id", sorted(LESSONS))
def test_no_two_hints_claim_one_step_and_a_hint_claims_steps_in_the_order_it_names_them(lesson_id):
    """:func:`tutor.lesson_hints.hint_steps`: no step is two hints'; each step a hint claims is one whose verb it
    uses, after the steps of the hints before it, and in the order of its uses (the step after "Use Zuja" is not
    "Pass with Player 2. Then Use Zuja"'s even though it is a Pass)."""
    lesson = LESSONS[lesson_id]
    verbs, steps, claimed = lesson_verbs(lesson), step_verbs(lesson), hint_steps(lesson)
    flat = [k for c in claimed for k in c]
    assert flat == sorted(set(flat))  # (each step once, hint after hint, in order)
    for h, c in zip(lesson.hints, claimed):
        used, i = mentions(h, verbs), 0
        for k in c:
            i += next(j for j, v in enumerate(used[i:]) if v in steps[k])  # (raises: a step out of the text's order)
    assert hint_ends(lesson) == [c[-1] if c else None for c in claimed]


def test_spirit_duels_lesson_8_the_second_pass_is_the_third_hints():
    lesson = LESSONS["sd-08-meditate"]
    assert hint_steps(lesson) == [[0, 1, 2], [3, 4], [5, 6], []]
    assert current_hints(lesson, 5) == lesson.hints[2:]  # (before: "Pass with Player 2. Then Use Zuja…" first)


def test_restless_spirits_lesson_29_the_miki_hint_goes_once_miki_is_activated():
    lesson = LESSONS["rs-29-whole-turn"]
    assert lesson.hints[0].startswith("Activate Miki first")
    assert hint_ends(lesson) == [0, 1, 3, 5]
    assert current_hints(lesson, 0) == lesson.hints[:1] and current_hints(lesson, 1) == lesson.hints[1:2]
    assert current_hints(lesson, None) == lesson.hints  # (off the lesson's way: every hint, as before)


def test_spirit_duels_lessons_6_and_23_each_hint_keeps_its_own_steps():
    """The same mistake in two more lessons: lesson 6's "After Player 2 passes, declare Attack" is step 3's (the
    first hint kept it); lesson 23's "Player 2 may pass." is step 3's (the first hint kept every step to the end; step 1, "Flicker Flame:
    roll…", begins with a card's name, no verb: the hint for it says "Roll"). Restless Spirits lesson 12: the step "Barachu … no longer needs
    Bowl" is not "Attract Barachu…"'s (it was given at that step, its steps all taken)."""
    assert hint_steps(LESSONS["rs-12-ongoing"]) == [[0, 2], [], [4, 5]]  # (words43: the last hint plays the Totems)
    assert hint_steps(LESSONS["sd-06-classes"]) == [[0, 1], [3], [5, 6, 7]]
    assert hint_steps(LESSONS["sd-23-dice-tricks"]) == [[0], [1, 2], [3], [4]]  # (words43: "Then play Mystic Mirror")
    assert hint_steps(LESSONS["sd-14-defeat"]) == [[0, 1], []]  # ("…then deal its damage to Tychomp")


def test_restless_spirits_lesson_1_at_the_offering_no_hint_asks_for_an_attract_button():
    """Trial 33: resumed at lesson 1's offering, Hint said 'Pick an "Attract" button. You will then choose which Totem
    to offer…' with no Attract button on screen (the hint claimed the Attract and the Offer). Its words now speak of
    the Attract only: at the offering the hint given is the offering's own."""
    lesson = LESSONS["rs-01-goal"]
    assert hint_steps(lesson) == [[], [0], [1]]
    s = start_lesson(lesson)
    s.apply(find(s, lesson.solution[0]).id)
    given = _given(lesson, s, 1)  # (the page also drops the first, about a group the offering does not show)
    assert "Any offering works here; in a real game, offer the Totem you need least." in given
    assert [h for h in given if "Attract" in h] == []


#: Hints still given whole mid-move: none since hints35 (session 34 left four: Spirited 3's "brings the stack back to
#: 2" read as the Stack step's verb, Spirit Duels 2's "(Activate)" in brackets, 6's "…; in the End Phase place…" and
#: 7's "…, so it can evolve again" spoke of the step now inside their clause)
MID_MOVE_WHOLE: set = set()


def test_a_hint_of_several_steps_of_one_move_speaks_from_the_step_the_learner_is_at():
    """Session 33: 38 hints written for a whole move ("Attract Gonga, offer a Totem, choose space 1") were still
    given whole once the learner was on a later step of it (at the offering: "Attract Gonga, …"). Given mid-move,
    a hint now starts at the clause of the step the learner is at (:func:`tutor.lesson_hints.hint_now`); off the
    lesson's way, or before its first step is taken, it is whole. Over every lesson's way: of the hints given whose
    first clause is behind the learner while a later clause names the step now, all but the few listed start there."""
    rs20, sp04, sd08 = LESSONS["rs-20-mastery-lock"], LESSONS["sp-04-shields"], LESSONS["sd-08-meditate"]
    attract = "Attract Gonga, offer a Totem, choose space 1."
    assert attract in rs20.hints and hint_now(rs20, attract, 0) == attract and hint_now(rs20, attract, None) == attract
    assert hint_now(rs20, attract, 1) == "Offer a Totem, choose space 1."
    assert hint_now(sp04, "Scout, then Rally the Norse card.", 1) == "Rally the Norse card."
    meditate = "Meditate by discarding Mystic Mirror, mark only Zuja's Level 1 Essence die, then reroll it."
    assert [hint_now(sd08, meditate, k) for k in (1, 2)] == ["Mark only Zuja's Level 1 Essence die, then reroll it.",
                                                              "Reroll it."]
    behind, whole = 0, set()
    for lesson in LESSONS.values():
        uses, verbs = use_steps(lesson), lesson_verbs(lesson)
        s = start_lesson(lesson)
        for k, ref in enumerate(lesson.solution):
            for h in _given(lesson, s, k):
                own = sorted((n, took) for (i, n), took in uses.items() if i == lesson.hints.index(h))
                if not own or own[0][1][-1] >= k or not any(k in took for _n, took in own):
                    continue
                behind += 1
                said = hint_now(lesson, h, k)
                if said == h:
                    whole.add((lesson.id, k))
                else:  # (it starts with the verb of the step now, and is the hint's own words from there)
                    assert h.endswith(said[1:]) and mentions(said, verbs)[0] in step_verbs(lesson)[k], (h, said)
            s.apply(find(s, ref).id)
    assert behind >= 40 and whole == MID_MOVE_WHOLE, (behind, sorted(whole))
