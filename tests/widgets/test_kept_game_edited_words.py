"""A newer kept free game edited by hand (fields of the wrong kind, a step left out, a step not legal there) is not
loaded by "Load the newer game": the page says why in a person's words (attack 45: no Python error names) and its
own game stays exactly as it was."""
from __future__ import annotations

import html
import json
import re

import pytest

from tutor.progress import ProgressStore
from widgets import LearnApp, learn_tabs

KEY = "learn:restless-spirits"
PYTHONIC = re.compile(r"[A-Z][A-Za-z]*(Error|Exception)\b|Traceback|<class|\bNoneType\b")


@pytest.fixture(autouse=True)
def _every_page_a_later_visit(monkeypatch):
    monkeypatch.setattr(learn_tabs, "STALE_S", -1.0)


def _edited(game: dict, how: str) -> dict:
    edited = dict(game)
    if how == "players":
        edited["players"] = "two"
    elif how == "actions":
        edited["actions"] = {"0": game["actions"][0]}
    elif how == "step":
        edited["actions"] = [7]
    elif how == "missing":
        del edited["actions"]
    elif how == "not-legal":
        edited["actions"] = [game["actions"][0], game["actions"][0]]
    return edited


@pytest.mark.parametrize("how, why", [
    ("players", "it was saved with settings this game does not have"),
    ("actions", "it is not a saved game this tutor can read (changed after it was saved, or from another version)"),
    ("step", "its step 1 is not a legal move with this tutor's rules"),
    ("missing", "it is not a saved game this tutor can read (changed after it was saved, or from another version)"),
    ("not-legal", "its step 2 is not a legal move with this tutor's rules"),
])
def test_an_edited_newer_game_leaves_the_page_game_as_it_was(tmp_path, how, why):
    store = ProgressStore(f"sqlite:///{tmp_path / 'progress.sqlite'}", learner="ada")
    app = LearnApp("restless-spirits", store=store)
    app.tabs.selected_index = 1
    app.free.seats.seats[1].value = "you"
    app.free.actions.button_for(app.free.session.legal_actions()[0].id).click()
    mine, session = app.free.session.to_json(), app.free.session
    place = json.loads(store.place(KEY))
    newer = _edited(json.loads(place["free"]), how)
    store.save_place(KEY, json.dumps({**place, "free": json.dumps(newer), "rev": "another-tab"}))
    app.load_newer_free()
    said = [html.unescape(re.sub(r"<[^>]+>", "", x)) for x in app.notices() if "rt-quiet" not in x]
    assert said == [f"⚠ The newer free game could not be loaded ({why}); the game here stays as it is."], said
    assert not any(PYTHONIC.search(x) for x in said)
    assert app.free.session is session and session.to_json() == mine and not app.errors.output.outputs
