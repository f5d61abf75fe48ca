"""Attack 41, F1: a saved question naming a card or a move kind its game does not have (``{kind: buy-totem, totem:
t99}``, ``{kind: fly-away}``) was listed under My questions as if good, and stopped at that step with the file's raw
words when opened. It is refused when the folder is read, by file name and step, and :func:`tutor.faq_known.move_kinds`
(each game's declared ``move_kinds``) is exactly every move each engine makes (its sources, random games, every shipped scenario, lesson and walkthrough)."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
import yaml

from tutor import faq, new_game
from tutor.core.content import content_root
from tutor.faq_known import move_kinds

SRC = content_root() / "restless-spirits" / "scenarios" / "faq-buy-at-hand-limit.yaml"
PACKAGES = {"restless-spirits": "restless_spirits", "spirited": "spirited", "spirit-duels": "spirit_duels"}


def saved(folder: Path, name: str, edit=None) -> Path:
    """``<folder>/<name>.yaml``: the shipped hand-limit question saved as the learner's ``my-<name>``, ``edit``-ed."""
    data = yaml.safe_load(SRC.read_text(encoding="utf-8"))
    data["meta"].update({"id": f"my-{name}", "title": f"My question: {name}"})
    if edit:
        edit(data)
    path = folder / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def step(i: int, **move):
    """An edit setting script step ``i`` to ``move``."""
    return lambda d: d["script"].__setitem__(i, move)


@pytest.mark.parametrize("name, edit, said", [
    ("badcard", step(0, kind="buy-totem", totem="t99"), "script[0]: no card called 't99' in Restless Spirits"),
    ("badkind", step(0, kind="fly-away", totem="t10"), "script[0]: Restless Spirits has no move called 'fly-away'"),
    ("latecard", step(1, kind="choose-swap-out", totem="zz"), "script[1]: no card called 'zz' in Restless Spirits"),
    ("badlegal", lambda d: d["expect"][0].update(legal=[{"kind": "teleport"}]),
     "expect[0].legal[0]: Restless Spirits has no move called 'teleport'"),
    ("badrefused", lambda d: d["expect"][0].update(refused=[{"action": {"kind": "attract", "spirit": "s999"},
                                                             "clause": "rs.attract"}]),
     "expect[0].refused[0]: no card called 's999' in Restless Spirits"),
])
def test_a_saved_question_naming_a_move_or_card_the_game_lacks_is_refused_at_read(tmp_path, name, edit, said):
    bad = saved(tmp_path, name, edit)
    saved(tmp_path, "fine")
    index = faq.read_my_questions(sorted(tmp_path.glob("*.yaml")))
    assert [e.id for e in index.entries] == ["my-fine"] and index.entries[0].ok
    assert index.problems == (f"{bad}: {said}",)


def test_a_step_the_game_has_but_cannot_play_there_is_still_listed(tmp_path):
    """A what-if may leave a later step of the original unplayable: such a question is listed, failing."""
    saved(tmp_path, "late", lambda d: d["script"].append({"kind": "buy-totem", "totem": "t10"}))
    index = faq.read_my_questions([tmp_path / "late.yaml"])
    assert [e.id for e in index.entries] == ["my-late"] and not index.problems and not index.entries[0].ok


def test_the_shipped_questions_pass_the_same_check():
    """Every shipped scenario read as a saved question would be: no file refused for its moves."""
    from tutor.faq_known import check_moves
    from tutor.faq import _card_table
    import json
    for e in faq.build_index().entries:
        s = e.scenario.setup
        check_moves(e.scenario, _card_table(s.game, s.players, json.dumps(s.options, sort_keys=True, default=str))[0],
                    str(e.path))


def _content_kinds(data, out: set, skip: bool = False) -> None:
    """The move kinds a content file names (not under ``not_legal``: moves no game has, on purpose)."""
    if isinstance(data, dict):
        if isinstance(data.get("kind"), str) and not skip:
            out.add(data["kind"])
        for k, v in data.items():
            _content_kinds(v, out, skip or k == "not_legal")
    elif isinstance(data, list):
        for v in data:
            _content_kinds(v, out, skip)


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_move_kinds_hold_every_move_the_engine_makes(game):
    made = set()
    pattern = re.compile(r'(?:make_action\(\s*|\ba\(|skip_action\(g, seat, )"([a-z-]+)"')
    for f in (Path(faq.__file__).parent / "games" / PACKAGES[game]).rglob("*.py"):
        made |= set(pattern.findall(f.read_text(encoding="utf-8")))
    for folder in ("scenarios", "lessons", "walkthroughs"):
        for f in (content_root() / game / folder).glob("*.yaml"):
            _content_kinds(yaml.safe_load(f.read_text(encoding="utf-8")), made)
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        try:
            s = new_game(game, players=players, seed=seed)
        except ValueError:
            continue
        rng = random.Random(seed)
        for _ in range(400):
            legal = s.legal_actions()
            made |= {a.kind for a in legal} | {b.kind for b in s.blocked_actions()}
            if s.is_over or not legal:
                break
            s.apply(rng.choice(legal))
    declared = move_kinds(game)
    assert len(made) > 15 and made == declared, (sorted(made - declared), sorted(declared - made))


def test_a_game_the_tutor_does_not_play_declares_no_kinds():
    assert move_kinds("chess") is None and move_kinds("restless-spirits") >= {"attract", "end-turn"}
