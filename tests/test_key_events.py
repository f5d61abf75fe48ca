"""Key events (``tutor.view(session).key_event(event)``): the events a page keeps in view when it folds a step's
other lines away (the "What just happened" strip after the computer's reply, trial 19). Checked against the state
itself over games the computer plays against itself: every step that changed the score (Restless Spirits: released
Spirits; Spirited: Spirit; Spirit Duels: defeated Spirits) has a key event, and a key event always names a clause
of the game."""
from __future__ import annotations

import pytest

import tutor


def _score(game_id: str, state) -> tuple:
    if game_id == "restless-spirits":
        return tuple(len(p.released) for p in state.players)
    if game_id == "spirited":
        return tuple(p.spirit for p in state.players)
    return tuple(sum(sl.defeated for sl in p.spirits) for p in state.players)


@pytest.mark.parametrize("game_id", ["restless-spirits", "spirited", "spirit-duels"])
def test_every_step_that_changes_the_score_has_a_key_event(game_id):
    changed = keyed = 0
    for seed in (1, 2):
        s = tutor.new_game(game_id, players=2, seed=seed)
        bots = [tutor.bot(game_id, "normal", seed=seed + i) for i in range(2)]
        clauses = tutor.clauses(game_id)
        for _ in range(300):
            if s.is_over:
                break
            before = _score(game_id, s.state)
            st = s.apply(bots[s.current_player or 0].choose(s))
            v = tutor.view(s)
            keys = [e for e in st.events if v.key_event(e)]
            assert all(e.clause in clauses for e in keys)
            if _score(game_id, s.state) != before:
                changed += 1
                assert keys, (game_id, seed, st.action.label, [e.text for e in st.events])
            keyed += bool(keys)
    assert changed >= 3 and keyed >= changed  # the games did score (the check is not vacuous)


def test_key_events_are_the_release_not_its_aftermath():
    """Restless Spirits: of a release's lines, the release itself is key; its Totems going to the discard and the
    reward draw are not (the strip keeps the one line that says what changed)."""
    v_key = tutor.view(tutor.new_game("restless-spirits", players=2, seed=1)).key_event
    assert v_key(tutor.Event(clause="rs.release", text="All of Baikeng's requirements are met: it is released."))
    assert v_key(tutor.Event(clause="rs.achievement.speedrunner", text="Achievement unlocked by Player 1: Speedrunner!"))
    assert not v_key(tutor.Event(clause="rs.release.totems", text="Its Totems go to the Totem discard pile."))
    assert not v_key(tutor.Event(clause="rs.achievement.no-win-needed", text="It counts whether or not they win."))
    assert not v_key(tutor.Event(clause="rs.turn.end", text="Player 1 ends their turn."))
    sp_key = tutor.view(tutor.new_game("spirited", players=2, seed=1)).key_event
    assert sp_key(tutor.Event(clause="sp.provisional.allegiance",
                              text="Aztecs Allegiance: Player 2 gains 1 Spirit [provisional] (7 now)."))
    assert not sp_key(tutor.Event(clause="sp.provisional.power", text="Aztecs power: Player 2 draws 1 card."))


def test_solo_fortune_draw_and_row_shift_are_key():
    """Session 34's new-user trial: in Solo Mode the Fortune draw and the row's shift at a turn's end showed only in
    History; they are key lines of their step (the strip keeps them)."""
    s = tutor.new_game("restless-spirits", players=1, seed=1)
    key = tutor.view(s).key_event
    seen: dict[str, list[str]] = {}
    for _ in range(40):
        acts = s.legal_actions()
        end = [a for a in acts if a.kind == "end-turn"]
        s.apply((end[0] if end and len(s.history) % 4 == 3 else acts[0]).id)
        for e in s.history[-1].events:
            if e.clause in ("rs.solo.shift", "rs.solo.fortune"):
                assert key(e), e
                seen.setdefault(e.clause, []).append(e.text)
    assert "rs.solo.fortune" in seen and len(seen["rs.solo.shift"]) >= 4, seen
    assert any("the rightmost Lost Spirit, is discarded" in t for t in seen["rs.solo.shift"])
    assert not key(tutor.Event(clause="rs.solo.type-abilities", text="Fortune ability: draw a Totem."))
