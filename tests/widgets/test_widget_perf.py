"""Structural checks that keep the widget pages light (no timings): how many widgets a page and a click create, that
rows are shared and reused, and that replaced widgets are closed so a long session does not pile them up."""
from __future__ import annotations

import ipywidgets as w
from ipywidgets.widgets.widget import _instances

import tutor
from tutor.lessons import all_lessons, start_lesson
from widgets import TutorApp
from widgets.lessons import LearnApp
from widgets.panels import _walk


def live() -> set[str]:
    return set(_instances)


def with_class(root: w.Widget, cls: str) -> list[w.Widget]:
    return [x for x in _walk(root) if cls in getattr(x, "_dom_classes", ())]


def shown(app: TutorApp) -> set[str]:
    """Model ids of every widget under the app's root, with their layouts and styles."""
    ids = set()
    for x in _walk(app.widget):
        ids.add(x.model_id)
        for part in ("layout", "style"):
            if getattr(x, part, None) is not None:
                ids.add(getattr(x, part).model_id)
    return ids


def kept(app: TutorApp) -> set[str]:
    """Model ids of the rows the panels keep without showing them (for a few renders)."""
    ids = set()
    for cache in (app.actions.rows, app.log._steps):
        for row in cache.rows.values():
            for root in getattr(row, "cells", None) or (row,):  # an action row is its cells in a grid
                ids |= {x.model_id for x in _walk(root)}
    return ids


def free_game(seed: int = 5) -> TutorApp:
    return TutorApp(tutor.new_game("restless-spirits", players=2, seed=seed), new_game=True)


def test_learn_page_is_a_few_widgets_per_action():
    before = live()
    app = LearnApp("restless-spirits")
    made = live() - before
    runner = app.lessons.app
    s = runner.session
    n_rows = len(s.legal_actions()) + len(s.blocked_actions())
    # An action row is at most 4 widgets (row, Button, "why" HTML, clause chip; layouts and styles shared), plus the
    # panel's headings (its title, the prompt, one per group).
    panel = list(_walk(runner.actions.widget))
    assert len(panel) <= 4 * n_rows + 10, len(panel)
    # The whole page: those rows and a fixed part (controls with the seed box and its note, lesson header, board,
    # clause card, glossary, tabs; the one-screen table's last-step strip, drawer and its three buttons, the fold of
    # the blocked actions, the title line and the table's style; the browser tab's id box and its script, which tell
    # a second tab of the page from a reload: trial 15, U2; session 17: the notices' line on the title line with its
    # buttons, and the Hint buttons' double-click guard; session 23: the strip's step title and two event lines, which
    # a step fills in (LastStep._one_step) instead of making new ones; session 32: a title and two event lines for
    # the second and third steps of a move too, an Offer's and a Place's, which their clicks made before; 178 measured).
    assert len(made) <= len(panel) + 136, len(made)
    assert len(made) < 200  # it was 540 before rows shared their layouts and styles


def test_rows_share_one_layout_and_one_style():
    app = TutorApp(start_lesson(all_lessons("restless-spirits")[0]), show_setup=False)
    app.actions.button_for("attract:spirit=gonga").click()
    app.actions.button_for("choose-offering:totem=t09").click()
    buttons = app.actions.action_buttons
    chips = with_class(app.widget, "tutor-clause")
    events = with_class(app.log.widget, "tutor-event")
    assert buttons and chips and events
    assert len({b.layout.model_id for b in buttons}) == 1 and len({b.style.model_id for b in buttons}) == 1
    assert len({c.layout.model_id for c in chips}) == 1
    assert len({c.style.model_id for c in buttons + chips}) == 1
    assert len({e.layout.model_id for e in events}) == 1
    assert all(isinstance(e, w.HTML) for e in events)  # an event line is its text (its chip beside it)
    assert len({e.style.model_id for e in events}) == 1


def test_a_click_builds_only_the_new_rows():
    app = TutorApp(start_lesson(all_lessons("restless-spirits")[0]), show_setup=False)
    before = live()
    app.actions.button_for("attract:spirit=gonga").click()
    made = live() - before
    s = app.session
    n_events = len(s.history[-1].events)
    # the decision's rows (4 widgets each) and its group heading, the new step (box + title + 3 per event)
    assert len(made) <= 4 * len(s.legal_actions()) + 3 * len(s.blocked_actions()) + 1 + 2 + 3 * n_events, len(made)
    assert len(made) < 30  # it was 64 when every click rebuilt the panel


def test_unchanged_rows_are_reused_and_undo_shows_the_same_widgets():
    app = TutorApp(start_lesson(all_lessons("restless-spirits")[0]), show_setup=False)
    first = {b._action_id: b for b in app.actions.action_buttons}
    app.actions.button_for("attract:spirit=gonga").click()
    assert not set(first) & {b._action_id for b in app.actions.action_buttons}  # a decision: other rows
    app.controls.undo.click()
    again = {b._action_id: b for b in app.actions.action_buttons}
    clicked = "attract:spirit=gonga"  # a clicked Button is spent: a new one shows its action again
    assert again.keys() == first.keys() and all(again[k] is first[k] for k in first if k != clicked)
    assert again[clicked] is not first[clicked] and again[clicked]._key == first[clicked]._key

    game = free_game()
    reused = 0
    for _ in range(20):
        rows = {r._key: r for r in _walk(game.actions.widget) if hasattr(r, "_key")}
        clicked = game.actions.action_buttons[-1]
        clicked.click()
        for r in _walk(game.actions.widget):
            if getattr(r, "_key", None) in rows:
                if r._key == clicked._key:  # a clicked Button is spent: its action shows on a new one
                    assert r is not clicked
                else:
                    assert r is rows[r._key]  # same action, same caption and clause: same widgets
                    reused += 1
    assert reused > 20


def test_replaced_widgets_are_closed_and_the_count_stays_bounded():
    app = free_game()
    counts = []
    for i in range(30):
        if app.session.is_over:
            break
        before = live()
        app.actions.action_buttons[-1 if i % 3 else 0].click()
        assert not app.errors.output.outputs
        # nothing shown is closed, and every widget still open is shown or kept for a later render
        assert all(x.comm is not None for x in _walk(app.widget))
        made = live() - before
        assert made <= shown(app) | kept(app)
        stale = {k for k in before - live()}
        assert not stale & shown(app)
        counts.append(len(kept(app) - shown(app)))
    assert len(counts) >= 20
    # rows kept unseen are those of the last few renders only (at most ~4 renders of ~20 rows)
    assert max(counts) <= 4 * 4 * 25, counts


def test_undone_steps_and_old_sessions_are_closed():
    app = TutorApp(start_lesson(all_lessons("restless-spirits")[0]), show_setup=False)
    app.actions.button_for("attract:spirit=gonga").click()
    step_rows = with_class(app.log.widget, "tutor-event")
    assert step_rows
    app.controls.undo.click()
    for _ in range(4):  # a few other renders: the undone step's rows are let go
        app.actions.button_for("attract:spirit=seone").click()
        app.controls.undo.click()
    assert all(r.comm is None for r in step_rows)
    log_rows = [x for x in _walk(app.log.widget) if x is not app.log.widget]
    app.model.replace(start_lesson(all_lessons("restless-spirits")[1]))
    still_shown = {x.model_id for x in _walk(app.log.widget) if x.comm is not None}
    assert all(x.comm is None for x in log_rows if x.model_id not in still_shown)


def test_glossary_shows_the_shared_chips_and_builds_nothing_per_search():
    app = TutorApp(start_lesson(all_lessons("restless-spirits")[0]), show_setup=False)
    app.glossary.box.value = "shr"
    first = {c.tooltip: c for c in with_class(app.glossary.results, "tutor-clause")}
    before = live()
    app.glossary.box.value = "shrine"
    second = {c.tooltip: c for c in with_class(app.glossary.results, "tutor-clause")}
    assert first and second
    assert all(second[k] is first[k] for k in second.keys() & first.keys())
    # every chip is the model's one chip for its clause: a search opens only the chips of clauses not shown before
    assert all(c is app.model.chip(c._clause_id) for c in second.values())
    assert live() - before <= {c.model_id for c in second.values()}
    app.glossary.box.value = "zzz"
    app.glossary.box.value = "shrine"
    assert {c.tooltip: c for c in with_class(app.glossary.results, "tutor-clause")} == second
    app.glossary.box.value = ""
    assert not app.glossary.results.children


def test_a_lesson_step_fills_in_the_strips_lines():
    """The learn page's strip shows every step in the same title and event-line widgets (LastStep._one_step), made
    with the page: a click sends their new words, not new widgets; an undo shows the step before in them again.
    A move of several clicks (lesson 1's Attract, Offer, Place; issue #16) keeps its earlier steps in their widgets
    and shows the next one under them; the next move fills the first place's widgets again."""
    app = LearnApp("restless-spirits")
    runner = app.lessons.app
    made_with_page = [runner.last._slot_sets[0][0], *runner.last._slot_sets[0][1]]
    runner.actions.action_buttons[0].click()
    first = runner.last.lines()
    words = [getattr(x, "value", None) for x in first]
    events = [x for x in first if "tutor-event" in x._dom_classes]
    assert first[0] is made_with_page[0] and events == made_with_page[1:] and "Step 1 · " in first[0].value
    runner.actions.action_buttons[0].click()  # the Offer: the Attract stays in its widgets, the Offer under it
    second = runner.last.lines()
    assert second[:len(first)] == first and [getattr(x, "value", None) for x in second[:len(first)]] == words
    assert "Step 2 · " in second[len(first)].value
    runner.actions.action_buttons[0].click()  # the Place ends the move
    titles = [x.value for x in runner.last.lines() if "rt-step-now" in getattr(x, "value", "")]
    assert [t.split(":")[0] for t in titles] == [f'<div class="rt-step-now">Step {n} · Player 1' for n in (1, 2, 3)]
    before = live()
    runner.actions.action_buttons[0].click()  # a new move: in the first place's widgets again
    fourth = runner.last.lines()
    assert fourth[0] is first[0] and fourth[1] is first[1] and "Step 4 · " in fourth[0].value
    events = [x for x in fourth if "tutor-event" in x._dom_classes]
    assert len(events) == len(runner.session.history[-1].events) and events[0] is first[1]
    assert [x for x in fourth if "rt-step-now" in getattr(x, "value", "")] == [first[0]]
    # (no new title; new line widgets only for the events past the most any step had in the first place: two)
    new = [_instances[x] for x in live() - before if isinstance(_instances[x], w.HTML)]
    assert len(events) == 5 and sorted(map(id, new)) == sorted(map(id, events[2:]))
    for _ in range(3):
        runner.controls.undo.click()
    assert [getattr(x, "value", None) for x in runner.last.lines()] == words
