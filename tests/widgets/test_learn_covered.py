"""Attack 36, M3: a learn page covered because another tab plays it ("your game goes on there") could still be played
from the keyboard (Tab to "Attract Gonga", Enter) or by a script's click: the steps were shown but never kept, so a
reload lost them. Now the page under the cover is hidden (no control of it takes focus) and its lesson and free-play
models take no click while the cover shows; once this tab plays again ("Play here"), clicks count as before."""
from __future__ import annotations

from tutor.progress import ProgressStore
from widgets import LearnApp
from widgets.learn_place import COVERED_CSS


def _click_first(app_part) -> None:
    """Click the first legal action's Button of a TutorApp, as a browser's click message would."""
    app_part.actions.button_for(app_part.session.legal_actions()[0].id).click()


def test_a_covered_page_takes_no_step_and_plays_again_once_it_is_this_tabs(tmp_path):
    app = LearnApp("restless-spirits", store=ProgressStore(f"sqlite:///{tmp_path / 'p.sqlite'}", learner="ada"))
    free = app.open_free_play()
    assert not app.covered()
    app._stopped("This page is played in another tab.")
    assert app.covered()
    assert f"<style>{COVERED_CSS}</style>" in app._cover_text.value  # the page under the cover is hidden
    lesson = app.lessons.app
    _click_first(lesson)
    _click_first(free)
    assert len(lesson.session.history) == 0 and len(free.session.history) == 0  # nothing taken under the cover
    assert lesson.model.click(lesson.session.legal_actions()[0].id) is False  # a forged click message too
    app.cover.add_class("rt-hidden")  # this tab plays again (what take_over does to the cover)
    _click_first(lesson)
    _click_first(free)
    assert len(lesson.session.history) == 1 and len(free.session.history) == 1


def test_the_hiding_rule_hides_only_what_the_cover_covers():
    assert COVERED_CSS == (".rt-learn:has(> .rt-other-tab:not(.rt-hidden)) > :not(.rt-other-tab) "
                           "{ visibility: hidden; }")
