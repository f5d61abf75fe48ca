"""Ids given as game options (Restless Spirits' guides, Spirited's clans, Spirit Duels' teams) and cards named in a
set-up are refused in words that name what is wrong and where (attack 43): `--option teams=["fire","fire"]` was blamed
on the card file; full-width clan ids were refused by `--option` but accepted from a question file (whose set-up is
normalised as card references are); duplicate ids were worded differently by each game; and a card named twice in a
set-up read "'t01' is already placed at Player 1.hand[0]" on the FAQ page. One normalisation of option values
(tutor.core.options.parse_options) and one message (tutor.core.options.id_list)."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import tutor
from tutor import faq
from tutor.cli import main
from tutor.core.errors import ContentError
from tutor.scenario import load_scenario, run
from tutor.scenario_words import question_field_words
from widgets.problems import refused_html

CONTENT = Path(__file__).resolve().parents[1] / "content"
CLANS = ["aztecs", "babylonians", "chinese", "egyptians", "greeks", "japanese", "norse"]
SP_VALID = "aztecs, babylonians, chinese, egyptians, greeks, japanese, norse, olmecs, persians, romans, sao, scythians"


def _question(tmp_path, game: str, name: str, edit) -> Path:
    data = yaml.safe_load((CONTENT / game / "scenarios" / f"{name}.yaml").read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / f"{name}-edited.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def test_one_team_twice_blames_the_option_not_the_card_file(capsys):
    with pytest.raises(ValueError) as err:
        tutor.new_game("spirit-duels", players=2, seed=1, teams=["fire", "fire"])
    assert not isinstance(err.value, ContentError)
    assert str(err.value) == ("spirit-duels: teams must list 2 different team ids, one per seat, from: fire, electric; "
                              "'fire' is given twice")
    code = main(["play", "spirit-duels", "--option", 'teams=["fire","fire"]'])
    out, got = capsys.readouterr()
    assert code == 2 and out == "" and "cards.yaml" not in got and "'fire' is given twice" in got
    with pytest.raises(ValueError, match="; 'water' is not one of them$"):
        tutor.new_game("spirit-duels", players=2, seed=1, teams=["fire", "water"])


def test_full_width_clan_ids_are_one_id_by_option_and_by_question_file(tmp_path, capsys):
    wide = ["ａｚｔｅｃｓ"] + CLANS[1:]
    by_option = tutor.new_game("spirited", players=2, seed=1, clans=wide)
    assert by_option.state.clans == CLANS
    assert main(["play", "spirited", "--option", f"clans={wide!r}".replace("'", '"'), "--max-steps", "1"]) == 0
    capsys.readouterr()

    def wide_clans(d):
        d["setup"]["options"]["clans"] = wide
    res = run(load_scenario(_question(tmp_path, "spirited", "faq-shield-no-overrun", wide_clans)))
    assert res.session.state.clans == CLANS


def test_a_clan_given_twice_has_one_message_wherever_it_is_given(tmp_path):
    said = f"spirited: clans must list 7 different clan ids from: {SP_VALID}; 'aztecs' is given twice"
    for clans in (["aztecs"] + CLANS[:6], ["aztecs", "ａｚｔｅｃｓ"] + CLANS[1:6]):
        with pytest.raises(ValueError) as err:
            tutor.new_game("spirited", players=2, seed=1, clans=clans)
        assert str(err.value) == said

        def twice(d, clans=clans):
            d["setup"]["options"]["clans"] = clans
        with pytest.raises(ContentError) as err:
            run(load_scenario(_question(tmp_path, "spirited", "faq-shield-no-overrun", twice)))
        assert str(err.value).endswith(said)
    with pytest.raises(ValueError, match="guides must list 2 different guide ids, one per seat, from: .*; 'hana' is "
                                         "given twice$"):
        tutor.new_game("restless-spirits", players=2, seed=1, guides=["hana", "hana"])


def test_a_card_named_twice_in_a_set_up_is_said_by_name_and_place(tmp_path):
    def twice(d):
        hand = d["setup"]["state"]["players"][0]["hand"]
        hand[1] = hand[0]
    path = _question(tmp_path, "restless-spirits", "faq-buy-at-hand-limit", twice)
    with pytest.raises(ContentError) as err:
        run(load_scenario(path))
    assert str(err.value).endswith("players[0].hand[1]: the Totem Spirit Cloak (single) is named twice (a card has one "
                                   "place); it is already in Player 1's hand (card 1)")
    index = faq.read_my_questions([path])
    page = refused_html("Some question files were not loaded", index.problems, words=question_field_words)
    assert ("In the set-up, Player 1&#x27;s hand (card 2): the Totem Spirit Cloak (single) is named twice (a card has "
            "one place); it is already in Player 1&#x27;s hand (card 1)") in page
    assert "t01" not in page and "hand[" not in page
