"""Words a learner reads in the engine's texts are the rulebooks' own (new-user trial 35): the stat that gives a
die showing Magic its value is the Spirit's Class Power (Spirit Duels rulebook, Card Anatomy), never "Magic Power";
and a sentence's own final stop is never doubled when sentences are joined ("... fewer.." in the computer's step).
"""
from __future__ import annotations

import re

import pytest

import tutor
from tutor.conformance import random_policy
from tutor.core.rng import Rng
from tutor.step_words import past_sentence

#: a full stop doubled (two stops in a row, or one after another with a space); the ellipsis "…" is one character
DOUBLE_STOP = re.compile(r"\.\s*\.")


def _play(game: str, players: int, seed: int, limit: int = 1500):
    """Every (where, text) a learner reads along one seeded random game: action labels and whys, blocked whys,
    setup and step events, and the computer's explanation of its step when the session gives one."""
    s = tutor.new_game(game, players=players, seed=seed)
    for e in s.setup_events:
        yield f"setup event {e.clause}", e.text
    rng = Rng.from_seed(seed)
    while not s.is_over and len(s.history) < limit:
        acts = s.legal_actions()
        for a in acts:
            yield f"action {a.id} label", a.label
            yield f"action {a.id} why", a.why
        for b in s.blocked_actions():
            yield f"blocked {b.kind} why", b.why
        step = s.apply(random_policy(acts, rng))
        for e in step.events:
            yield f"event {e.clause}", e.text


def test_die_values_name_class_power_never_magic_power():
    seen_class_power = 0
    for seed in range(4):
        for where, text in _play("spirit-duels", 2, seed):
            assert "Magic Power" not in text, f"{where}: {text!r}"
            seen_class_power += "Class Power" in text
    assert seen_class_power > 3


# -- the provisional-values rule says how the pages mark values and how values are really replaced ------------------
PROV_CLAUSES = [("restless-spirits", "rs.provisional.cards"), ("spirit-duels", "sd.provisional.cards")]


def test_provisional_rules_name_the_pages_mark_and_the_real_way_to_replace_values():
    from widgets.style import PROV
    for game, cid in PROV_CLAUSES:
        text = " ".join(tutor.clauses(game)[cid].text.split())
        assert f"marked with a {PROV}" in text or f"mark them with a {PROV}" in text, text
        assert "Load your own card file" not in text
        assert "The pages cannot load other values" in text or "cannot load other values" in text, text
        assert "cards=PATH" in text and "rules-tutor play --option cards=PATH" in text, text


def test_the_card_file_option_the_rules_name_is_a_real_option(tmp_path, capsys):
    """What the rule says (``rules-tutor play --option cards=PATH``) works: a copy of the tutor's own card file,
    given so, plays the same game as without it."""
    import shutil
    from tutor.cli import main
    from tutor.core.content import content_root
    for game, extra in (("restless-spirits", ["--option", "first_game=true"]), ("spirit-duels", [])):
        path = tmp_path / f"{game}.yaml"
        shutil.copy(content_root() / game / "cards.yaml", path)
        assert main(["play", game, "--seed", "1", *extra]) == 0
        plain = capsys.readouterr().out
        assert main(["play", game, "--seed", "1", *extra, "--option", f"cards={path}"]) == 0
        given = capsys.readouterr().out
        assert given.splitlines()[5:] == plain.splitlines()[5:]
        assert len(plain.splitlines()) > 50


# -- a sentence's own final stop is never doubled -------------------------------------------------------------------
STOP_GAMES = [("restless-spirits", 2, range(8)), ("restless-spirits", 3, range(3)), ("restless-spirits", 1, range(2)),
              ("spirited", 3, range(3)), ("spirited", 5, range(1)), ("spirit-duels", 2, range(6))]


def _doubled(where: str, text: str) -> list[str]:
    """``text``, and the computer's step title made from it when it is a label, when either doubles a stop."""
    out = [f"{where}: {text!r}"] if DOUBLE_STOP.search(text) else []
    if where.endswith("label"):
        said = past_sentence(text, "The computer", 1)
        out += [f"{where} (the computer's step): {said!r}"] if DOUBLE_STOP.search(said) else []
    return out


@pytest.mark.parametrize("game,players,seeds", STOP_GAMES, ids=lambda x: str(x) if not isinstance(x, range) else "")
def test_no_text_of_many_games_doubles_a_full_stop(game, players, seeds):
    problems: set[str] = set()
    read = 0
    for seed in seeds:
        for where, text in _play(game, players, seed):
            read += 1
            problems.update(_doubled(where, text))
    assert sorted(problems)[:10] == []
    assert read > 500


def test_a_single_choice_made_at_once_keeps_the_cards_own_stop():
    """The event of a decision with one option quotes its label: a card's text that ends a sentence keeps its one
    stop (trial 35, Yotei copying Seone: "… one Totem Requirement fewer.."), and a label without one gets it."""
    from tutor.core.flow import SingleOption
    one = SingleOption("rs.ruling.single-option", "Only one choice is possible: {label}.")
    assert one.words("Player 2", "Copy Seone: it needs one Totem Requirement fewer.") == (
        "Only one choice is possible: Copy Seone: it needs one Totem Requirement fewer.")
    assert one.words("Player 2", "Keep Bell") == "Only one choice is possible: Keep Bell."
    assert one.words("Player 2", "Wait\u2026") == "Only one choice is possible: Wait\u2026"
    two = SingleOption("sd.ruling.single-option", "{who}: only one choice is possible, so it is made at once: {label}.")
    assert two.words("Player 1", "Heal 2.") == "Player 1: only one choice is possible, so it is made at once: Heal 2."


@pytest.mark.parametrize("game,players", [("restless-spirits", 2), ("spirited", 3), ("spirit-duels", 2)])
def test_the_computers_reasons_never_double_a_full_stop(game, players):
    """The "Why the computer chose this" lines (in full and in their public words) of a game the computer plays
    against itself: joined reasons keep one stop each."""
    from tutor.bots import bot
    s = tutor.new_game(game, players=players, seed=3)
    b = bot(game, "normal", seed=3)
    problems, said = [], 0
    while not s.is_over and len(s.history) < 120:
        a = b.choose(s)
        for text in b.reason_pair(s, a):
            said += 1
            if DOUBLE_STOP.search(text):
                problems.append(text)
        s.apply(a)
    assert problems[:5] == []
    assert said > 60
