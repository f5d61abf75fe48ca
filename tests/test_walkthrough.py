"""Walkthrough files: every shipped one plays through; recording a live session round-trips through YAML."""
import pytest

from tutor import ContentError
from tutor.scenario import Setup
from tutor.walkthrough import all_walkthroughs, begin, dump, load_walkthrough, play_to, record, spoken

FILES = all_walkthroughs()
RS_WALK = next(p for p in FILES if p.parent.parent.name == "restless-spirits")


def test_a_restless_spirits_turn_cycle_ships():
    assert any(p.parent.parent.name == "restless-spirits" for p in FILES)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_walkthrough_plays_through(path):
    w = load_walkthrough(path)
    s = play_to(w, len(w.steps), str(path))
    assert len(s.history) == len(w.steps)
    assert all(st.narration for st in w.steps)


def test_first_turn_cycle_reaches_every_seat():
    w = load_walkthrough(next(p for p in FILES if p.stem == "first-turn-cycle"))
    s = play_to(w, len(w.steps))
    assert {st.action.actor for st in s.history} == {0, 1}
    assert s.state.players[1].board[1].card == "jiangsu"
    assert s.game.facts(s.state)["p2.unmet.2"] == ["bell"]
    # the turn passes only when Player 2 ends it (Jiangsu's Free Action was still there), as the narration says
    assert s.history[-1].action.kind == "end-turn" and s.current_player == 0 and s.state.players[0].ap == 2
    assert "does not pass by itself" in w.steps[-2].narration


def test_record_dump_load_round_trip():
    setup = Setup(game="restless-spirits", players=2, seed=21,
                  options={"first_game": True, "guides": ["okada-mitsuo", "hana"]})
    from tutor.walkthrough import Walkthrough
    s = begin(Walkthrough(id="tmp", title="tmp", setup=setup))
    for _ in range(6):
        s.apply(s.legal_actions()[0])
    w = record(s, id="rec", title="Recorded", setup=setup, narration=["first!"], notes=["", "note 2"])
    text = dump(w)
    w2 = load_walkthrough(text=text)
    assert w2 == w and w2.steps[0].narration == "first!" and w2.steps[1].notes == "note 2"
    assert w2.steps[2].narration == spoken(s.history[2].action.label)  # (its "[provisional]" marks left out)
    replay = play_to(w2, len(w2.steps))
    assert replay.state == s.state


def test_broken_walkthrough_names_step():
    text = dump(load_walkthrough(FILES[0])).replace("spirit: jiangsu", "spirit: gonga", 1)
    with pytest.raises(ContentError) as e:
        play_to(load_walkthrough(text=text), 3)
    assert e.value.field == "steps[0].action"


def test_save_walkthrough_writes_checks_and_refuses(tmp_path):
    from tutor.walkthrough import default_path, save_walkthrough
    setup = Setup(game="restless-spirits", players=2, seed=4, options={"first_game": True})
    from tutor.walkthrough import Walkthrough
    s = begin(Walkthrough(id="tmp", title="tmp", setup=setup))
    s.apply(s.legal_actions()[0])
    w = record(s, id="saved", title="Saved", setup=setup)
    p = save_walkthrough(w, tmp_path / "sub" / "saved.yaml")
    assert p.is_absolute() and load_walkthrough(p) == w
    with pytest.raises(FileExistsError):
        save_walkthrough(w, p)
    assert save_walkthrough(w, p, overwrite=True) == p and not list(p.parent.glob("*.tmp"))
    with pytest.raises(ValueError, match=r"\.yaml"):
        save_walkthrough(w, tmp_path / "saved.txt")
    broken = w.model_copy(update={"steps": w.steps * 2})  # the same first move twice does not play
    with pytest.raises(ContentError, match=r"steps\[1\]"):
        save_walkthrough(broken, tmp_path / "broken.yaml")
    assert not (tmp_path / "broken.yaml").exists()
    assert default_path("Room 12: guides!") == default_path("room-12--guides")
    assert str(default_path("x")).startswith("~")


def test_the_page_saves_only_inside_the_walkthroughs_folder(tmp_path, monkeypatch):
    from tutor.walkthrough import save_in_folder, walkthrough_folder
    monkeypatch.setenv("RULES_TUTOR_WALKTHROUGHS", str(tmp_path / "wt"))
    assert walkthrough_folder() == tmp_path / "wt"
    w = load_walkthrough(RS_WALK)
    assert save_in_folder(w, "room-12") == (tmp_path / "wt" / "room-12.yaml").resolve()
    assert save_in_folder(w, "room_13.yaml") == (tmp_path / "wt" / "room_13.yaml").resolve()
    assert save_in_folder(w, "  my  room 14 ") == (tmp_path / "wt" / "my-room-14.yaml").resolve()  # spaces: '-'
    for bad in ("../x", "/tmp/x", "sub/dir", "a b/c", "..", "", ".hidden", "x" * 81, "a\nb"):
        with pytest.raises(ValueError, match="a to z, A to Z, 0 to 9, - and _"):
            save_in_folder(w, bad)
    assert sorted(p.name for p in (tmp_path / "wt").iterdir()) == ["my-room-14.yaml", "room-12.yaml", "room_13.yaml"]


def test_walkthrough_ids_are_plain_names():
    from tutor.walkthrough import dump
    w = load_walkthrough(RS_WALK)
    with pytest.raises(ContentError, match="id"):
        load_walkthrough(text=dump(w).replace(f"id: {w.id}", "id: bad id/..", 1))


def test_a_walkthrough_id_that_is_no_plain_name_is_said_in_words():
    """Attack 26: ``id: __class__`` was listed as pydantic's "String should match pattern '^[A-Za-z0-9]…'": said
    as a scenario's id is."""
    from tutor.walkthrough import dump, field_words
    w = load_walkthrough(RS_WALK)
    with pytest.raises(ContentError) as ei:
        load_walkthrough(text=dump(w).replace(f"id: {w.id}", "id: __class__", 1))
    assert ("id: the id '__class__' may hold only letters, digits, '-' and '_' (starting with a letter or digit, at "
            "most 80 characters)") in str(ei.value) and "pattern" not in str(ei.value)
    assert field_words(("id",)) == "The Id"
