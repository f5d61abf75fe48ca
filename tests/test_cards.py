"""Card data: provisional marking, counts from the rulebook, user card files, and refusal of bad files."""
from pathlib import Path

import pytest
import yaml

import tutor
from tutor import ContentError
from tutor.core.content import content_root

CARDS = content_root() / "restless-spirits" / "cards.yaml"


def test_component_counts_match_rulebook():
    s = tutor.new_game("restless-spirits", players=2, seed=0)
    c = s.game.cards
    kinds = [t.kind for t in c.totems]
    assert (kinds.count("single"), kinds.count("double"), kinds.count("wild")) == (30, 30, 6)
    assert len(c.blessings) == 12 and len(c.curses) == 12 and len(c.guides) == 6
    assert len(c.main_spirits()) == 30 and len([x for x in c.spirits if x.promo]) == 2
    assert c.by_id["twizel"].number == 23 and "number" not in c.by_id["twizel"].provisional
    assert c.by_id["knockgour-dark"].replaces == "twizel" and c.by_id["knockgour-dark"].type == "trickster"
    assert c.by_id["okada-mitsuo"].mastery == "guardian" and not c.by_id["okada-mitsuo"].provisional


def test_unprinted_values_are_provisional_with_reasons():
    c = tutor.new_game("restless-spirits", players=2, seed=0).game.cards
    assert all("requirements" in s.provisional for s in c.spirits)
    assert all(s.provisional.get("type") for s in c.spirits if s.id not in ("miki", "muko", "twizel", "takayama",
                                                                             "knockgour-dark"))
    assert all(b.provisional.get("text") for b in c.blessings + c.curses)
    s = tutor.new_game("restless-spirits", players=2, seed=0)
    assert "[provisional]" in s.game.spirit_label("gonga")
    assert "[provisional]" in s.game.requirements_label("twizel")


def _user_file(tmp_path: Path, edit) -> Path:
    data = yaml.safe_load(CARDS.read_text())
    edit(data)
    p = tmp_path / "my-cards.yaml"
    p.write_text(yaml.safe_dump(data, sort_keys=False))
    return p


def test_user_card_file_replaces_values(tmp_path):
    def edit(d):
        gonga = next(s for s in d["spirits"] if s["id"] == "gonga")
        gonga["requirements"] = ["cloak", "thread", "key"]
        gonga["provisional"].pop("requirements")
    p = _user_file(tmp_path, edit)
    s = tutor.new_game("restless-spirits", players=2, seed=0, cards=p)
    assert s.game.cards.by_id["gonga"].requirements == ("cloak", "thread", "key")
    assert "[provisional]" not in s.game.requirements_label("gonga")
    assert tutor.load_session(s.to_json()).game.cards.by_id["gonga"].requirements == ("cloak", "thread", "key")


@pytest.mark.parametrize("edit,needle", [
    (lambda d: d["spirits"][2]["ability"]["effects"][0].update(effect="teleport"),
     "spirits[2].ability.effects[0] (arrazola): unknown effect 'teleport'"),
    (lambda d: d["spirits"][0].update(requirements=["cloak", "thread", "sword"]),
     "spirits[0].requirements: unknown totem icon 'sword'"),
    (lambda d: d["spirits"][0].update(type="angry"), "spirits[0].type"),
    (lambda d: d["blessings"][0].update(cost=5), "blessings[0].cost"),
    (lambda d: d["totems"][0].update(icons=["cloak", "thread"]), "a single Totem has 1 icon"),
    (lambda d: d["spirits"][1].update(id="abbari"), "duplicate card id 'abbari'"),
    (lambda d: d["curses"][0].update(target="none"), "curses[0].target"),
])
def test_bad_card_files_are_refused_naming_file_and_field(tmp_path, edit, needle):
    p = _user_file(tmp_path, edit)
    with pytest.raises(ContentError) as e:
        tutor.new_game("restless-spirits", players=2, seed=0, cards=p)
    assert needle in str(e.value) and str(p) in str(e.value)


def test_missing_card_file(tmp_path):
    with pytest.raises(ContentError, match="cannot read card file"):
        tutor.new_game("restless-spirits", players=2, seed=0, cards=tmp_path / "nope.yaml")


ICONS = "cloak, thread, lantern, bell, feather, mirror, drum, charm, bowl, key"


@pytest.mark.parametrize("requirements,words", [
    (["nonexistent"], f"unknown totem icon 'nonexistent'; the icons of this file (totem_icons): {ICONS}; and a "
                      "Spirit has 3 Totem Requirements (icons of totem_icons), this one 1"),
    (["cloak", "thread", "nonexistent"], f"unknown totem icon 'nonexistent'; the icons of this file (totem_icons): "
                                         f"{ICONS}"),
    (["cloak"], "a Spirit has 3 Totem Requirements (icons of totem_icons), this one 1"),
    (["cloak", "thread", "lantern", "bell"], "a Spirit has 3 Totem Requirements (icons of totem_icons), this one 4"),
], ids=["unknown-alone", "unknown-third", "one", "four"])
def test_a_requirement_that_is_not_an_icon_is_named_with_the_icons_allowed(tmp_path, requirements, words):
    """Attack 42 (low): ``requirements: [nonexistent]`` said "spirits[0].requirements[1]: required, but missing"
    (twice), naming neither the unknown icon nor the icons the file has."""
    p = _user_file(tmp_path, lambda d: d["spirits"][0].update(requirements=requirements))
    with pytest.raises(ContentError) as e:
        tutor.new_game("restless-spirits", players=2, seed=0, cards=p)
    assert str(e.value) == f"{p}: spirits[0].requirements: {words}", str(e.value)
    assert e.value.field == "spirits[0].requirements"


def test_an_unknown_totem_icon_lists_at_most_twelve_icons(tmp_path):
    def edit(d):
        d["totem_icons"] += [{"id": f"extra-{i}", "name": f"Extra {i}"} for i in range(500)]
        d["totems"][0]["icons"] = ["x" * 5000]
    p = _user_file(tmp_path, edit)
    with pytest.raises(ContentError) as e:
        tutor.new_game("restless-spirits", players=2, seed=0, cards=p)
    msg = str(e.value)
    assert msg.startswith(f"{p}: totems[0].icons: unknown totem icon 'xxxx"), msg
    assert msg.endswith(f"the icons of this file (totem_icons): {ICONS}, extra-0, extra-1 and 498 more"), msg
    assert len(msg) < 400 + len(str(p)), len(msg)
