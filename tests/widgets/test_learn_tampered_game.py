"""Trial 24: the progress database edited by hand (``resume_place``, the row of ``learn:restless-spirits``).

- A kept free game whose options name a card file (``free.options.cards``) made the learn page read ANY card file
  the server can, silently (its Spirits "INJECTED ..." on the board). A game kept in the database never names a file:
  it is refused before anything is read (:func:`tutor.load_session` with ``files=False``), the page says so in a
  person's words and starts a new game; the row is set aside whole (under ``learn:<game>:set-aside``, for whoever
  looks after the tutor) and the page's own place replaces it, so the next visit does not say it again.
- A kept game of another game, or with settings this game does not have, showed the engine's message: a server path
  and option ids. The learner reads a person's words; the engine's message goes to the server's log only.

The rows are written with the project's own progress store (:class:`tutor.progress.ProgressStore`, SQLAlchemy).
"""
from __future__ import annotations

import html
import json
import logging
import re

import pytest

import card_files as cf
import tutor
import tutor.games.restless_spirits.game as rs_game
from tutor.progress import ProgressStore
from widgets import LearnApp, learn_tabs
from widgets.learn_place import SET_ASIDE, computer_moved_on

KEY = "learn:restless-spirits"


@pytest.fixture(autouse=True)
def _every_page_a_later_visit(monkeypatch):
    """A page made after another on the same store is a later visit (the tab that played before is gone)."""
    monkeypatch.setattr(learn_tabs, "STALE_S", -1.0)


@pytest.fixture
def reads(monkeypatch) -> list:
    """Every card file Restless Spirits reads from now on (``None``: the shipped one)."""
    seen: list = []
    real = rs_game.load_cards

    def spy(path=None):
        seen.append(path)
        return real(path)
    monkeypatch.setattr(rs_game, "load_cards", spy)
    return seen


def _store(tmp_path) -> ProgressStore:
    return ProgressStore(f"sqlite:///{tmp_path / 'progress.sqlite'}", learner="ada")


def _said(app) -> list[str]:
    """The page's warning lines as the learner reads them (their whole sentence, tags and quiet lines left out)."""
    return [html.unescape(re.sub(r"<[^>]+>", "", x)) for x in app.notices() if "rt-quiet" not in x]


def _injected_cards(tmp_path) -> str:
    """A card file as an attacker leaves it on the server: the shipped one with every Spirit "INJECTED ..."."""
    data = cf.shipped("restless-spirits")
    for spirit in data["spirits"]:
        spirit["name"] = f"INJECTED {spirit['name']}"
    return cf.write(data, tmp_path / "injected.yaml")


def _kept_place(tmp_path, free: str, tab: str = "free") -> str:
    """The place a page kept after a step of free play, its free game replaced by ``free``; written to the store."""
    app = LearnApp("restless-spirits", store=_store(tmp_path))
    app.tabs.selected_index = 1
    app.free.actions.button_for(app.free.session.legal_actions()[0].id).click()
    place = json.loads(_store(tmp_path).place(KEY))
    text = json.dumps({**place, "free": free, "tab": tab})
    _store(tmp_path).save_place(KEY, text)
    return text


def _injected(session) -> bool:
    """Whether ``session`` plays the injected card file's Spirits."""
    return any(sp.name.startswith("INJECTED") for sp in session.game.cards.spirits)


def _attack(tmp_path) -> tuple[str, str]:
    """``(card file, saved game)``: a sound saved game played with the injected card file, as the attacker wrote it."""
    path = _injected_cards(tmp_path)
    s = tutor.new_game("restless-spirits", seed=3, first_game=True, cards=path)
    s.apply(s.legal_actions()[0].id)
    assert _injected(s)  # the attack is real: its Spirits are the file's
    return path, s.to_json()


def _clean_refusal(app, path: str, reads: list) -> str:
    """The one warning line of ``app`` after a kept game naming card file ``path`` was refused: nothing read, a new
    game of the shipped cards on the table, the page usable. Returns the line."""
    notes = _said(app)
    assert len(notes) == 1, notes
    assert path not in reads and all(p is None for p in reads), reads  # the file was never read
    assert not _injected(app.free.session)
    assert app.free.session.game.options.get("cards") is None and not app.free.session.history
    assert not app.errors.output.outputs
    app.free.actions.button_for(app.free.session.legal_actions()[0].id).click()  # the page plays on
    assert len(app.free.session.history) == 1
    return notes[0]


def test_a_kept_game_naming_a_card_file_is_refused_and_nothing_is_read(tmp_path, reads, caplog):
    path, game = _attack(tmp_path)
    bad = _kept_place(tmp_path, game)
    reads.clear()
    with caplog.at_level(logging.WARNING, logger="rules_tutor.learn"):
        back = LearnApp("restless-spirits", store=_store(tmp_path))
    said = _clean_refusal(back, path, reads)
    assert said == ("⚠ The free game kept from your last visit could not be restored: it asks to read a card file of "
                    "its own, which a game kept here may not do (nothing was read from it). A new game has started, "
                    "and the old one is kept aside, not deleted."), said
    assert "((" not in said and "))" not in said  # no brackets inside brackets (trial 26)
    assert "tmp" not in said and "options" not in said and "injected" not in said.lower()
    # the row: set aside whole (never read again by the page), the page's own place written over it
    assert _store(tmp_path).place(KEY + SET_ASIDE) == bad
    kept = json.loads(_store(tmp_path).place(KEY))
    assert json.loads(kept["free"])["options"].get("cards") is None
    assert "options.cards" in caplog.text  # the engine's reason, on the server only
    again = LearnApp("restless-spirits", store=_store(tmp_path))
    assert not _said(again) and len(again.free.session.history) == 1 and path not in reads


def test_a_kept_game_naming_a_card_file_is_refused_when_free_play_opens_later(tmp_path, reads):
    """The place kept the Lessons tab: the free game is refused when the learner opens Free play, not before."""
    path, game = _attack(tmp_path)
    _kept_place(tmp_path, game, tab="lessons")
    reads.clear()
    back = LearnApp("restless-spirits", store=_store(tmp_path))
    back.lessons.app.actions.button_for(back.lessons.app.session.legal_actions()[0].id).click()  # (kept: no read)
    assert not _said(back) and back.free is None and path not in reads
    back.tabs.selected_index = 1
    assert "it asks to read a card file of its own" in _clean_refusal(back, path, reads)


def test_a_newer_game_naming_a_card_file_is_not_loaded(tmp_path, reads):
    """Another "tab" writes a newer free game naming a card file: "Load the newer game" (and the check whether only
    the computer moved on) refuse it, read nothing, and the game here stays as it is."""
    path, game = _attack(tmp_path)
    app = LearnApp("restless-spirits", store=_store(tmp_path))
    app.tabs.selected_index = 1
    app.free.seats.seats[1].value = "you"
    app.free.actions.button_for(app.free.session.legal_actions()[0].id).click()
    mine = app.free.session.to_json()
    place = json.loads(_store(tmp_path).place(KEY))
    _store(tmp_path).save_place(KEY, json.dumps({**place, "free": game, "rev": "another-tab"}))
    reads.clear()
    assert not computer_moved_on({**place, "free": game, "seats": ["computer", "computer"]}, mine)
    app.load_newer_free()
    said = _said(app)
    assert said == ["⚠ The newer free game could not be loaded (it asks to read a card file of its own, which a game "
                    "kept here may not do (nothing was read from it)); the game here stays as it is."], said
    assert app.free.session.to_json() == mine and path not in reads and not app.errors.output.outputs


def test_the_engine_refuses_a_stored_session_naming_a_file_before_reading_it(tmp_path, reads):
    """:func:`tutor.load_session`: ``files=False`` refuses ``options.cards`` before any file is read (``files``
    left as it is, the person's own saved game with their card file loads as before); ``game`` refuses another
    game before it is built."""
    path, game = _attack(tmp_path)
    reads.clear()
    with pytest.raises(tutor.ContentError) as ei:
        tutor.load_session(game, files=False)
    assert ei.value.field == "options.cards" and reads == []
    assert _injected(tutor.load_session(game)) and path in reads  # (a person's own file: as before)
    with pytest.raises(tutor.ContentError) as ei:
        tutor.load_session(tutor.new_game("spirited").to_json(), game="restless-spirits")
    assert ei.value.field == "game"


def _rs_game() -> dict:
    s = tutor.new_game("restless-spirits", seed=5, first_game=True)
    return json.loads(s.to_json())


@pytest.mark.parametrize("edit,words", [
    (lambda g: g.__setitem__("game", "spirited"), "it is a game of another kind"),
    (lambda g: g["options"].__setitem__("first_gamez", True), "it was saved with settings this game does not have"),
    (lambda g: g["options"].__setitem__("guides", ["<img src=x onerror=alert(1)>", "hana"]),
     "it was saved with settings this game does not have"),
    (lambda g: g.__setitem__("players", 9), "it was saved with settings this game does not have"),
    (lambda g: g["initial_state"].__setitem__("seed_note", "/srv/secret/clauses.yaml"),
     "it is not a saved game this tutor can read (changed after it was saved, or from another version)"),
], ids=["other-game", "unknown-option", "bad-guides", "players", "state-edited"])
def test_a_kept_game_with_other_settings_is_said_in_a_persons_words(tmp_path, caplog, edit, words):
    """Trial 24: "could not be restored (options: /tmp/t24/content/spirited/clauses.yaml ...)" and "unknown
    option(s) first_game, guides...". The learner reads why in a person's words, never a path, a field or an id."""
    game = _rs_game()
    edit(game)
    _kept_place(tmp_path, json.dumps(game))
    with caplog.at_level(logging.WARNING, logger="rules_tutor.learn"):
        back = LearnApp("restless-spirits", store=_store(tmp_path))
    notes = _said(back)
    assert notes == [f"⚠ The free game kept from your last visit could not be restored: {words}. A new game has "
                     "started, and the old one is kept aside, not deleted."], notes
    for inner in ("/", "options", "first_game", "guides", "<img", "spirited", "state", "seed", "players"):
        assert inner not in notes[0], inner
    assert "<saved session>" in caplog.text  # the engine's own message: in the server's log
    assert not back.free.session.history and not back.errors.output.outputs


def test_a_second_place_lost_is_set_aside_beside_the_first_not_over_it(tmp_path, reads):
    """Attack trial 34 (medium): a second kept place that could not be resumed replaced the first one set aside, so
    "what was kept is set aside, not deleted" was not true. Each goes to its own slot (the same text is kept once)."""
    path, game = _attack(tmp_path)
    first = _kept_place(tmp_path, game)
    LearnApp("restless-spirits", store=_store(tmp_path))
    assert _store(tmp_path).place(KEY + SET_ASIDE) == first
    second = _kept_place(tmp_path, game.replace('"seed"', '"seed" ', 1))
    assert second != first
    LearnApp("restless-spirits", store=_store(tmp_path))
    store = _store(tmp_path)
    assert store.place(KEY + SET_ASIDE) == first and store.place(KEY + SET_ASIDE + "-2") == second
    assert store.set_aside(KEY, first) == KEY + SET_ASIDE  # the same place again: its slot, not a new one
    assert store.set_aside(KEY, "another") == KEY + SET_ASIDE + "-3"
    for n in range(4, 11):
        assert store.set_aside(KEY, f"place {n}") == f"{KEY}{SET_ASIDE}-{n}"
    assert store.set_aside(KEY, "eleventh") == KEY + SET_ASIDE + "-10"  # every slot taken: the last takes it...
    assert store.place(KEY + SET_ASIDE + "-10") == "eleventh" and store.place(KEY + SET_ASIDE + "-9") == "place 10"
    assert store.place(KEY + SET_ASIDE) == second  # ...and the oldest goes (attack 35: the newest were lost)
    assert store.set_aside(KEY, "twelfth") == KEY + SET_ASIDE + "-10"
    assert [store.place(KEY + SET_ASIDE + s) for s in ("", "-8", "-9", "-10")] == ["another", "place 10", "eleventh",
                                                                                  "twelfth"]


def test_a_kept_game_over_the_size_bound_is_said_as_such_not_as_an_illegal_step():
    """Attack 35 (medium): a kept game of 200,000 steps was said to have "step 100423 not a legal move"; the real
    reason is the bound on a saved game's steps."""
    from widgets.learn_place import learner_words
    s = tutor.new_game("restless-spirits", players=2, seed=1, first_game=True)
    d = json.loads(s.to_json())
    d["actions"] = ["end-turn"] * 200_000
    with pytest.raises(ValueError) as exc:
        tutor.load_session(json.dumps(d))
    assert learner_words(exc.value) == "it holds more steps than a saved game may have"
    d["actions"] = ["no-such-move"]
    with pytest.raises(ValueError) as exc:
        tutor.load_session(json.dumps(d))
    assert learner_words(exc.value) == "its step 1 is not a legal move with this tutor's rules"
