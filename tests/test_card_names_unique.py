"""Names in a card file are different, as ids are (attack 42, M2): learners see names, never ids, so a file calling
every Spirit "Gonga", every guide "Okada Mitsuo" or every Totem icon "Lantern" gave choices that read alike ("Choose
Okada Mitsuo ..." six times). Such a file is refused, naming the file and the second name's field. Totems, which
come in copies of one name, are left out. (Spirited takes no card file of one's own; its content folder's file is
checked the same way, clans and Wonders.)"""
from __future__ import annotations

import pytest

import card_files as cf
import tutor
from tutor.core.errors import ContentError

CASES = [
    ("restless-spirits", "spirits", "spirits[1].name: the card name 'Gonga' is the same at spirits[0].name"),
    ("restless-spirits", "guides", "guides[1].name: the card name"),
    ("restless-spirits", "totem_icons", "totem_icons[1].name: the Totem icon name"),
    ("spirit-duels", "cards", "cards[1].name: the Spirit or card name"),
    ("spirit-duels", "teams", "teams[1].name: the team name"),
]


@pytest.mark.parametrize("game,group,words", CASES)
def test_a_repeated_name_is_refused(tmp_path, game, group, words):
    d = cf.shipped(game)
    items = d[group]
    if game == "restless-spirits" and group == "spirits":
        gonga = next(s for s in items if s["name"] == "Gonga")
        items.remove(gonga)
        items.insert(0, gonga)
    items[1]["name"] = items[0]["name"]
    path = cf.write(d, tmp_path / "names.yaml")
    with pytest.raises(ContentError) as e:
        tutor.new_game(game, players=2, seed=1, cards=path)
    assert words in str(e.value) and "names.yaml" in str(e.value), str(e.value)


def test_the_shipped_files_load():
    for game in ("restless-spirits", "spirited", "spirit-duels"):
        assert tutor.new_game(game, players=2, seed=1).legal_actions()
