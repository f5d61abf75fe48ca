"""Saved sessions are rebuilt from their origin (issue 14, item 7).

A saved session is the game, players, seed and options, plus for a prepared one (scenario, lesson) the partial state
that prepared it, then the actions. :func:`tutor.load_session` deals the start again from that origin, replays the
actions and compares both states with the file's, so an edited file is refused naming the first field that differs,
and nothing in a file's states is taken on trust.

The mutation test changes every field of saved sessions of every game, seeded and prepared, one at a time: each load
either gives exactly the session its (edited) origin and actions make, or a ContentError naming the field; never
another exception, never a state that replay does not give.
"""
from __future__ import annotations

import json

import pytest

import tutor
from tutor import ContentError
from tutor.core.session import first_difference
from tutor.lessons import lesson_files, load_lesson, start_lesson
from tutor.scenario import all_scenarios, load_scenario, start

GAMES = ("restless-spirits", "spirited", "spirit-duels")
#: A scenario per game whose prepared state is played on for a few steps (one of each game's FAQ scenarios).
PREPARED = {"restless-spirits": "faq-buy-at-hand-limit", "spirited": "faq-shield-no-overrun",
            "spirit-duels": "rule-activate-random-roll"}


def _play(s, steps):
    for i in range(steps):
        acts = s.legal_actions()
        s.apply(acts[i % len(acts)])
    return s


def _scenario(game):
    path = next(p for p in all_scenarios(game) if p.stem == PREPARED[game])
    return load_scenario(path), str(path)


def _saved(game, kind):
    if kind == "seeded":
        return _play(tutor.new_game(game, players=2, seed=3), 8).to_json()
    sc, where = _scenario(game)
    return _play(start(sc, where), 6).to_json()


def _canon(d) -> str:
    return json.dumps(d, sort_keys=True, separators=(",", ":"))


def _leaves(x, path=()):
    yield path, x
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _leaves(v, path + (i,))


def _variants(v):
    """Other values for a field: off by one, out of range, another type, a list shortened, lengthened or reversed, a
    mapping missing a key."""
    if isinstance(v, bool):
        return [not v, int(v)]
    if isinstance(v, int):
        return [v + 1, -1, 999, str(v), None]
    if isinstance(v, str):
        return [v + "x", "", 5, None]
    if v is None:
        return [0, "x", []]
    if isinstance(v, list):
        return [v[:-1], v + v[-1:], list(reversed(v))] if v else [[None], ["x"]]
    if isinstance(v, dict):
        return [dict(list(v.items())[:-1]), {**v, "zz-unknown": 1}] if v else [{"x": 1}]
    return [None]


def _fmt(path) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def _put(d, path, value):
    x = d
    for p in path[:-1]:
        x = x[p]
    x[path[-1]] = value


@pytest.mark.parametrize("kind", ["seeded", "prepared"])
@pytest.mark.parametrize("game", GAMES)
def test_every_edited_field_is_refused_by_name_or_reproduced(game, kind):
    text = _saved(game, kind)
    data = json.loads(text)
    assert data["prepared"] == (kind == "prepared") and (data["partial_state"] is None) == (kind == "seeded")
    tried = refused = 0
    for path, value in list(_leaves(data)):
        if not path:
            continue
        where = _fmt(path)
        for other in _variants(value):
            edited = json.loads(text)
            _put(edited, path, other)
            tried += 1
            try:
                s = tutor.load_session(_canon(edited))
            except ContentError as exc:
                refused += 1
                msg, field = str(exc), exc.field
                assert msg.startswith("<saved session>: ") and field and field in msg, (where, msg)
                if path[0] in ("initial_state", "state"):
                    # the first differing field is named: the edited one, or inside it (a list or mapping changed)
                    assert (field.startswith(where) or where.startswith(field + "[")
                            or (field == "players" and where.startswith(path[0] + ".players"))), (where, msg)
                elif path[0] == "partial_state":
                    assert field.startswith(("partial_state", "initial_state")), (where, msg)
                elif path[0] == "actions":
                    assert field.startswith(("actions", "state")), (where, msg)
                continue
            # loaded: then the edit changed nothing the engine reads (e.g. a default option left out, a no-op list
            # reversal, "1" for 1 in a partial state), and the session is exactly what its own origin and actions give
            again = tutor.load_session(s.to_json())
            assert again.to_json() == s.to_json()
            assert first_difference(edited["state"], s.state.model_dump(mode="json"), "state") is None, where
            assert first_difference(edited["initial_state"], s._initial.model_dump(mode="json"), "i") is None, where
            assert s.partial == edited.get("partial_state") and s.prepared == edited["prepared"]
            s.legal_actions()
    assert tried > 1000 and refused > 0.95 * tried, (tried, refused)


@pytest.mark.parametrize("game", GAMES)
def test_prepared_session_round_trips_with_its_origin(game):
    sc, where = _scenario(game)
    s = _play(start(sc, where), 6)
    d = json.loads(s.to_json())
    assert d["prepared"] is True and d["partial_state"] == json.loads(json.dumps(sc.setup.state))
    again = tutor.load_session(s.to_json())
    assert again.to_json() == s.to_json()
    assert again.setup_events == s.setup_events  # the set-up explanation comes back too
    assert [a.id for a in again.legal_actions()] == [a.id for a in s.legal_actions()]
    again.reset()
    assert again.state == start(sc, where).state


def test_lesson_session_round_trips():
    lesson = load_lesson(lesson_files("restless-spirits")[0])
    s = _play(start_lesson(lesson), 3)
    assert s.prepared
    assert tutor.load_session(s.to_json()).to_json() == s.to_json()


@pytest.mark.parametrize("game", GAMES)
def test_edited_prepared_ap_rng_and_winners_are_refused(game):
    """The attacks of the issue: 999 AP, another generator, winners in a game that is not over, in the start state
    or the saved state, and in both at once (the start is dealt again, so editing both changes nothing)."""
    data = json.loads(_saved(game, "prepared"))
    edits = [("players", 0, "ap" if game == "restless-spirits" else "essence" if game == "spirit-duels" else "hand"),
             ("rng",), ("winners",)]
    for edit in edits:
        for part in ("initial_state", "state", "both"):
            d = json.loads(_canon(data))
            for top in (("initial_state", "state") if part == "both" else (part,)):
                x = d[top]
                for p in edit[:-1]:
                    x = x[p]
                if edit[-1] not in x:
                    continue
                x[edit[-1]] = 999 if edit[-1] in ("ap", "essence") else [0] if edit[-1] == "winners" else (
                    ["x"] if edit[-1] == "hand" else {"state": [1, 2, 3, 4]})
            if d == data:
                continue
            with pytest.raises(ContentError) as ei:
                tutor.load_session(_canon(d))
            first = "initial_state" if part != "state" else "state"
            assert ei.value.field.startswith(first + "." + str(edit[0])), str(ei.value)


def test_prepared_session_without_its_partial_state_is_refused():
    d = json.loads(_saved("restless-spirits", "prepared"))
    for value in (None, [], "x"):
        d["partial_state"] = value
        with pytest.raises(ContentError, match="partial_state: a prepared session must carry") as ei:
            tutor.load_session(_canon(d))
        assert ei.value.field == "partial_state"
    d.pop("partial_state")
    with pytest.raises(ContentError, match="partial_state"):
        tutor.load_session(_canon(d))
    seeded = json.loads(_saved("restless-spirits", "seeded"))
    seeded["partial_state"] = {"current": 1}
    with pytest.raises(ContentError, match="partial_state: only a prepared session"):
        tutor.load_session(_canon(seeded))


def test_a_seeded_session_saved_without_partial_state_still_loads():
    """Files saved before sessions carried ``partial_state`` load when they were dealt from their seed."""
    d = json.loads(_saved("spirited", "seeded"))
    d.pop("partial_state")
    assert tutor.load_session(_canon(d)).to_json() == _saved("spirited", "seeded")


@pytest.mark.parametrize("bad,needle", [
    ({"players": [{"seat": 9}]}, "partial_state"),
    ({"players": [{"seat": 1, "hand": ["no-such-card"]}]}, "partial_state"),
    ({"players": [{"seat": 1, "ap": -4}]}, "partial_state"),
    ({"cheat": True}, "partial_state"),
    ({"players": "all"}, "partial_state"),
])
def test_bad_partial_state_is_refused_by_the_scenario_loader(bad, needle):
    d = json.loads(_saved("restless-spirits", "prepared"))
    d["partial_state"] = bad
    with pytest.raises(ContentError) as ei:
        tutor.load_session(_canon(d))
    assert str(ei.value).startswith("<saved session>: partial_state") and ei.value.field.startswith(needle)


def test_first_difference_names_the_field_and_counts_types():
    assert first_difference({"a": [1, 2]}, {"a": [1, 2]}, "s") is None
    assert first_difference({"a": [1, 2]}, {"a": [1, 3]}, "s")[0] == "s.a[1]"
    assert first_difference({"a": 1}, {"a": True}, "s")[0] == "s.a"
    assert first_difference({"a": 1}, {"a": 1.0}, "s")[0] == "s.a"
    assert first_difference({"a": 1}, {"a": 1, "b": 2}, "s")[0] == "s.b"
    assert first_difference([1], [1, 2], "s")[0] == "s[1]"


@pytest.mark.parametrize("game", GAMES)
def test_cards_not_conserved_names_the_cards(game):
    s = tutor.new_game(game, players=2, seed=1)
    state = s.state.model_copy(deep=True)
    if game == "restless-spirits":
        state.totem_deck[0] = "no-such-totem"
    elif game == "spirited":
        state.deck[0] = "no-such-card"
    else:
        state.players[0].deck[0] = "no-such-card"
    problems = [p for p in s.game.check_invariants(state) if "cards not conserved" in p]
    assert problems and "not cards of this game ['no-such-" in problems[0] and "missing [" in problems[0], problems
