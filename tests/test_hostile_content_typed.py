"""Trial 24's typed input (issue #14): a seed in Arabic-Indic digits taken by the command line but refused by the
scenario loader; bidi controls from the FAQ's search or address said back; a field path 40 levels deep printed
whole; pydantic's "List should have at most 5000 items after validation" reaching the user. Each attack gets a
clean refusal in the tutor's own words."""
from __future__ import annotations

import datetime
import re

import pytest
import yaml
from pydantic import BaseModel, Field, ValidationError

from tutor import ContentError
from tutor.cli import main
from tutor.core.content import MAX_DEPTH, MAX_DIGITS, content_root, problem_words
from tutor.core.errors import short_field
from tutor.core.options import GameOptions, parse_options
from tutor.core.seeds import PAGE_SEED_WORDS, SEED_DIGITS, SEED_WORDS, parse_seed
from tutor.faq_whatif.mine import _said
from tutor.scenario import load_scenario
from tutor.scenario_model import MAX_STEPS, Scenario
from widgets.faq import FaqExplorer

RS_SCENARIO = content_root() / "restless-spirits" / "scenarios" / "faq-double-totem.yaml"


def _scenario_with_seed(seed) -> str:
    data = yaml.safe_load(RS_SCENARIO.read_text(encoding="utf-8"))
    data["setup"]["seed"] = seed
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def _cli_error(argv, capsys) -> str:
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    assert code == 2
    first, hint = capsys.readouterr().err.strip().splitlines()[-2:]  # the refusal, then "see '... --help'"
    assert hint.startswith("see 'rules-tutor ") and hint.endswith(" --help'"), hint
    return first


@pytest.mark.parametrize("seed", ["١٢", "１２", "-3", "1e5", "0x10", "9" * 41, "", "+7"])
def test_a_seed_not_in_ascii_digits_is_refused_alike_by_the_command_line_and_the_scenario_loader(seed, capsys):
    """``--seed ١٢`` played seed 12 while ``setup.seed: '١٢'`` was refused: one reading now, one message."""
    said = _cli_error(["play", "restless-spirits", "--seed", seed, "--max-steps", "1"], capsys)
    assert f"error: --seed: {PAGE_SEED_WORDS}, got " in said, said
    with pytest.raises(ContentError) as ei:
        load_scenario(text=_scenario_with_seed(seed))
    assert f"setup.seed: {PAGE_SEED_WORDS}, got " in str(ei.value), str(ei.value)
    assert _cli_error(["check", "--start", seed], capsys).endswith(said.split("--seed: ", 1)[1])


def test_a_file_seed_past_what_a_page_replays_is_refused_naming_the_field():
    """Attack 38: a walkthrough with seed 10**30 was presented and saved again; the recorder's seed box could not show
    it. Files are held to the pages' bound (0 to 999,999,999), in the command line's words."""
    for seed in (10 ** 30, 1_000_000_000, "1000000000"):
        with pytest.raises(ContentError) as ei:
            load_scenario(text=_scenario_with_seed(seed))
        assert f"setup.seed: {PAGE_SEED_WORDS}, got " in str(ei.value), str(ei.value)
    assert load_scenario(text=_scenario_with_seed(999_999_999)).setup.seed == 999_999_999
    assert PAGE_SEED_WORDS == "a seed is a whole number from 0 to 999,999,999, written with the digits 0 to 9"


def test_a_seed_in_ascii_digits_is_read_the_same_everywhere(capsys):
    assert SEED_DIGITS == MAX_DIGITS  # the YAML reader's bound on a whole number
    assert [parse_seed(x) for x in ("12", " 7 ", "007", 0, 10 ** 39)] == [12, 7, 7, 0, 10 ** 39]
    for bad in (True, -1, 10 ** 40, 1.0, None):
        with pytest.raises(ValueError, match=re.escape(SEED_WORDS)):
            parse_seed(bad)
    assert load_scenario(text=_scenario_with_seed("12")).setup.seed == 12
    assert main(["play", "restless-spirits", "--seed", "12", "--max-steps", "1"]) in (0, None)
    assert "seed 12" in capsys.readouterr().out


@pytest.mark.parametrize("typed", ["\u202eevil", "ab\u2067c\u2069d\u200b", "x\x07y"])
def test_the_faq_says_back_a_search_or_an_asked_question_without_bidi_or_control_characters(typed):
    page = FaqExplorer(f"faq-{typed}")  # the address's ?scenario= names no question
    notice = page.notice.value
    assert "no such question here" in notice and "faq-" in notice
    page.search.value = f"zzz {typed}"
    none = page._none.value
    assert "No scenario matches “zzz " in none, none
    for said in (notice, none):
        assert not any(ch in said for ch in "\u202e\u2067\u2069\u200b\x07"), ascii(said)
    # the asked question's hidden characters are shown escaped (attack 36: dropped, the name read as another one)
    assert "\\u202e" in notice or "\\u2067" in notice or "\\x07" in notice, notice


def test_a_field_path_forty_levels_deep_is_cut_to_a_few_levels():
    data = yaml.safe_load(RS_SCENARIO.read_text(encoding="utf-8"))
    deep: list = [1]
    for _ in range(MAX_DEPTH + 2):
        deep = [deep]
    data["setup"]["state"]["x_deep"] = deep
    with pytest.raises(ContentError) as ei:
        load_scenario(text=yaml.safe_dump(data, sort_keys=False))
    msg = str(ei.value)
    assert "setup.state.x_deep[0][0][0][0][0][0][0]…" in msg and "nested too deeply" in msg, msg
    assert msg.count("[0]") <= 10 and len(msg) < 300, msg
    assert short_field("a.b[1]") == "a.b[1]" and short_field("x" + "[0]" * 40) == "x" + "[0]" * 9 + "…"


def test_a_list_too_long_is_said_in_the_shared_words_never_pydantics():
    """Pydantic says "List should have at most 5000 items after validation, not 5001"; the tutor says "too many:
    5,001, at most 5,000" wherever a list is refused: a saved question's boxes, a game option, a file's field."""
    with pytest.raises(ValidationError) as ei:
        Scenario.model_validate({"meta": {"id": "x", "question": "q", "answer": "a", "source": {"section": "s"}},
                                 "setup": {"game": "restless-spirits"}, "script": [{"kind": "end-turn"}] * 5001})
    said = _said(ei.value)
    assert "too many: 5,001, at most 5,000" in said and "List should" not in said, said
    assert MAX_STEPS == 5_000

    class Listed(GameOptions):
        picks: list[int] = Field(default_factory=list, max_length=5_000)
    with pytest.raises(ValueError) as ei:
        parse_options(Listed, "restless-spirits", {"picks": [1] * 5_001})
    assert "picks: too many: 5,001, at most 5,000" in str(ei.value) and "List should" not in str(ei.value)

    class Typed(BaseModel):
        names: list[str] = Field(max_length=50)
    with pytest.raises(ValidationError) as ei:
        Typed(names=["n"] * 20_003)
    assert problem_words(ei.value.errors()[0]) == "too many: 20,003, at most 50"


def test_a_text_type_too_long_is_said_in_characters_never_as_too_many():
    """Attack 26: a lesson hint of 50,000 characters was "Hint 1: too many: 50,000, at most 2,000" (pydantic calls a
    text of a type with its own validator "too_long", as a list)."""
    from pydantic import TypeAdapter
    from tutor.lessons import Lesson
    with pytest.raises(ValidationError) as ei:
        TypeAdapter(Lesson.model_fields["hints"].annotation).validate_python(["h" * 50_000])
    assert problem_words(ei.value.errors()[0]) == "too long: 50,000 characters, at most 2,000"


@pytest.mark.parametrize("value, words", [(".nan", "nan is not a number"), ("-.inf", "-inf is not a finite number")])
def test_a_state_number_that_is_not_a_number_is_said_so_where_it_is(value, words, tmp_path, capsys):
    """Attack 26: ``ap: .nan`` in a scenario's state said "(Out of range float values are not JSON compliant)"."""
    shipped = content_root() / "restless-spirits" / "scenarios" / "rule-endgame-equal-turns.yaml"
    text = shipped.read_text(encoding="utf-8")
    assert text.count(" ap: 1") == 1
    path = tmp_path / "nan.yaml"
    path.write_text(text.replace(" ap: 1", f" ap: {value}"), encoding="utf-8")
    main(["scenario", "run", str(path)])
    said = capsys.readouterr().out
    assert f"setup.state.players[0].ap: {words}: give a whole or decimal number" in said, said
    assert "JSON" not in said


@pytest.mark.parametrize("argv", [["play", "restless-spirits", "--max-steps", "1", "--players", "٢"],
                                  ["play", "restless-spirits", "--max-steps", "１"],
                                  ["check", "--players", "٢"], ["check", "--games", "1e3"]])
def test_every_whole_number_option_takes_ascii_digits_only(argv, capsys):
    """Attack 26: ``--players ٢`` played 2 players while ``--seed ٢`` was refused: every whole-number option of the
    command line reads digits as ``--seed`` does."""
    said = _cli_error(argv, capsys)
    assert f"error: {argv[-2]}: expected a whole number written with the digits 0 to 9, got " in said, said


def test_the_server_options_take_ascii_digits_only(capsys):
    from tutor import serve
    for option in ("--port", "--pool", "--page-pool", "--max-kernels"):
        with pytest.raises(SystemExit):
            serve.parse_args([option, "٢"])
        assert f"error: {option}: expected a whole number written with the digits 0 to 9" in capsys.readouterr().err
    assert serve.parse_args(["--pool", "3", "--port", "8123"]).pool == 3


@pytest.mark.parametrize("value, words", [(datetime.date(2024, 1, 1), '"2024-01-01" is a date'),
                                          ({1, 2}, '"{1, 2}" is a set'), (b"xx", "\"b'xx'\" is binary data")])
def test_a_state_value_json_cannot_hold_is_said_in_words_where_it_is(value, words):
    """Trial 26: a date in a free-form field ended with Python's "Object of type date is not JSON serializable"."""
    from tutor.core.session import plain_data
    with pytest.raises(ContentError) as ei:
        plain_data({"players": [{"ap": 1}, {"ap": value}]}, "odd.yaml: setup.state")
    assert str(ei.value) == (f"odd.yaml: setup.state.players[1].ap: {words}: only text, numbers, true/false, lists "
                             "and mappings may appear here")
