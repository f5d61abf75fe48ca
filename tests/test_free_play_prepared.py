"""The learn page's free play resumes only games dealt from a seed (attack 43, M1: a kept place whose free game was
a saved session with ``"prepared": true`` and a hand-made partial state, Spirit 99, came back as "Your free-play game
from before is back"). Free play deals every game it keeps (New game), so a prepared one is refused with the page's
plain notice, set aside (not deleted) and a new game dealt."""
from __future__ import annotations

import json

import pytest

import tutor
from tutor.core.errors import ContentError
from tutor.progress import ProgressStore
from tutor.sessions import _make_game
from widgets.learn_place import load_free_game
from widgets.lessons import LearnApp

OPTIONS = {"clans": None}
PARTIAL = {"current": 2, "players": [{"seat": 2, "spirit": 99}]}


def _prepared() -> str:
    """A prepared Spirited session that loads by itself (Spirit 99 for Player 2), as the attacker wrote it."""
    game = _make_game("spirited", 2, 1, OPTIONS)
    state = game.scenario_state(game.initial_state()[0], PARTIAL, "<x>").model_dump(mode="json")
    return json.dumps({"format": "rules-tutor-session", "version": 1, "game": "spirited", "players": 2, "seed": 1,
                       "options": OPTIONS, "prepared": True, "partial_state": PARTIAL, "initial_state": state,
                       "state": state, "actions": []})


def _texts(widget) -> list[str]:
    out = [widget.value] if isinstance(getattr(widget, "value", None), str) else []
    for child in getattr(widget, "children", ()):
        out += _texts(child)
    return out


def test_the_engine_loads_it_but_free_play_refuses_it_naming_prepared():
    assert tutor.load_session(_prepared(), files=False, game="spirited").prepared
    with pytest.raises(ContentError) as refused:
        load_free_game(_prepared(), "spirited")
    assert refused.value.field == "prepared"
    dealt = tutor.new_game("spirited", players=2, seed=1)
    assert load_free_game(dealt.to_json(), "spirited").to_json() == dealt.to_json()


def test_the_learn_page_says_so_sets_it_aside_and_deals_a_new_game(tmp_path):
    store = ProgressStore(f"sqlite:///{tmp_path}/progress.sqlite")
    kept = json.dumps({"tab": "free", "lesson": None, "actions": [], "free": _prepared()})
    store.save_place("learn:spirited", kept)
    page = LearnApp("spirited")
    page.keep_place(store)
    said = " ".join(_texts(page.widget))
    assert ("⚠ The free game kept from your last visit could not be restored: it starts from a table set up by "
            "hand, not from a deal, and free play only goes on with games it dealt. A new game has started, and the "
            "old one is kept aside, not deleted.") in said
    assert "from before is back" not in said
    assert not page.free.session.prepared
    assert [p.spirit for p in page.free.session.state.players] == [0, 0]
    assert store.place("learn:spirited:set-aside") == kept
    assert json.loads(json.loads(store.place("learn:spirited"))["free"])["prepared"] is False
