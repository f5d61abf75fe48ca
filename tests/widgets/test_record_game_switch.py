"""The teacher page's recorder starts a walkthrough of any of the three games, one after another, back and forth
(session 44: Start recording for Spirit Duels, then Spirited, then Spirit Duels again said "an error on the page":
the actions panel showed the rows it kept from the first Spirit Duels game, whose rule chips had been closed when the
game changed). Each start shows the new game's legal actions, each with its rule chip, and no error."""
from __future__ import annotations

import pytest

from widgets.panels import _walk
from widgets.presenter import PresenterApp

GAMES = {"free": "restless-spirits", "free:spirited": "spirited", "free:spirit-duels": "spirit-duels"}


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """The walkthroughs folder the page saves into (never the real home folder in tests)."""
    monkeypatch.setenv("RULES_TUTOR_WALKTHROUGHS", str(tmp_path / "saved"))
    return tmp_path / "saved"


def test_recording_games_back_and_forth_shows_each_games_actions(folder):
    rec = PresenterApp().open_recorder()
    order = ["free:spirit-duels", "free:spirited", "free:spirit-duels", "free", "free:spirited", "free",
             "free:spirit-duels"]
    seen = []
    for choice in order:
        rec.start_from.value = choice
        rec.begin_button.click()
        if rec.session.game_id != GAMES[choice] or rec.session.history:  # it asked first: steps were not saved
            rec.begin_button.click()
        # a step or two of the new game, so the next switch leaves rows that were shown
        for _ in range(2):
            buttons = rec.app.actions.action_buttons
            assert buttons, f"{choice}: no legal action shown"
            buttons[0].click()
        s = rec.session
        assert not rec.errors.output.outputs, f"{choice}: {rec.errors.output.outputs}"
        shown = rec.app.actions.action_buttons
        closed = [x for x in _walk(rec.app.actions.widget) if x.comm is None]
        assert not closed, f"{choice}: closed widgets in the actions panel: {closed[:3]}"
        assert len(shown) == len(s.legal_actions()), (choice, len(shown), len(s.legal_actions()))
        seen.append(s.game_id)
    assert seen == ["spirit-duels", "spirited", "spirit-duels", "restless-spirits", "spirited", "restless-spirits",
                    "spirit-duels"]
