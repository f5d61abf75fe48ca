"""Decision prompts come from content (``content/<game>/prompts.yaml``, issue #17: a view's words live in content,
not in Python), are checked at load like every content file, and the boards show them."""
import pytest

import tutor
from tutor.core.errors import ContentError
from tutor.prompts import load_prompts, prompt, prompts


def test_every_game_has_its_prompts_and_fills_only_its_placeholders():
    assert prompt("restless-spirits", "choose-swap-out") == "Your hand is full (7 cards): choose a Totem to give up."
    assert prompt("restless-spirits", "draft", round=2) == \
        "draft round 2: keep one Totem; the rest pass to your left."
    assert prompt("spirit-duels", "choose-die", source="Tychomp") == "Choose a die for Tychomp."
    assert prompt("spirited", "wonder-source", clan="Fox") == "Building a Wonder: choose where your Fox card comes from."
    assert prompt("spirited", "no-such-decision") == "No such decision."
    assert len(prompts("spirit-duels")) == 14 and len(prompts("spirited")) == 16


def test_the_boards_ask_with_the_contents_words():
    from widgets.boards import spirit_duels, restless_spirits
    s = tutor.new_game("restless-spirits", players=2, seed=1)
    assert restless_spirits.decision_prompt(s) == "Player 1: " + prompts("restless-spirits")["guides"]
    d = tutor.new_game("spirit-duels", players=2, seed=1)
    kind = d.state.pending[-1].kind
    assert spirit_duels.decision_prompt(d) == "Player 1: " + prompts("spirit-duels")[kind]


@pytest.mark.parametrize("text, field, words", [
    ("prompts:\n  choose-x: 'Pick {p.__class__}'\n", "prompts.choose-x", "placeholder"),
    ("prompts:\n  choose-x: 'Pick {source:>999999999}'\n", "prompts.choose-x", "placeholder"),
    ("prompts:\n  choose-x: 'Pick {'\n", "prompts.choose-x", "not a valid template"),
    ("prompts:\n  Choose X!: 'Pick'\n", "prompts", "key 'Choose X!': is not written the way this field needs"),
    ("prompts:\n  choose-x: '" + "x" * 401 + "'\n", "prompts.choose-x", "at most 400"),
    ("prompts: {}\nextra: 1\n", "extra", "not a field this file can have"),
    ("a: &a [x,x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
     "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]\n"
     "prompts: [*e,*e,*e,*e,*e,*e,*e,*e,*e,*e]\n", "", "alias"),
])
def test_a_hostile_prompts_file_is_refused_naming_file_and_field(tmp_path, text, field, words):
    p = tmp_path / "prompts.yaml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as ei:
        load_prompts(p, "spirit-duels")
    msg = str(ei.value)
    assert msg.startswith(str(p)) and field in msg and words.lower() in msg.lower() and len(msg) < 1000, msg


def test_an_invalid_prompts_file_in_a_users_content_folder_falls_back_to_plain_words(tmp_path, monkeypatch):
    """A user's content folder whose prompts file is invalid never stops a page: every decision reads as its own
    words, and the refusal is kept (naming the file and field) for the page to say."""
    import shutil

    import tutor.prompts as tp
    from tutor.core.content import content_root
    mine = tmp_path / "content"
    shutil.copytree(content_root(), mine)
    (mine / "restless-spirits" / "prompts.yaml").write_text("prompts: {choose-spirit: [a], zz: x}\n", encoding="utf-8")
    monkeypatch.setenv("RULES_TUTOR_CONTENT", str(mine))
    tp.prompts.cache_clear()
    try:
        assert tp.prompt("restless-spirits", "choose-offering") == "Choose offering."
        assert "prompts.choose-spirit" in tp.PROBLEMS["restless-spirits"]
    finally:
        tp.prompts.cache_clear()
        tp.PROBLEMS.clear()


@pytest.mark.parametrize("module, game_id", [("restless_spirits", "restless-spirits"), ("spirit_duels", "spirit-duels"),
                                             ("spirited", "spirited")])
def test_every_decision_asks_in_the_contents_words(module, game_id):
    """Trial 15: a Restless Spirits choice read "Player 1: Choose zone card." (the decision's kind, not a sentence):
    every decision kind of every game has its prompt in content/<game>/prompts.yaml."""
    import importlib
    state = importlib.import_module(f"tutor.games.{module}.state")
    import dataclasses
    kinds = {f.default for c in vars(state).values()
             if isinstance(c, type) and issubclass(c, state._Decision) and c is not state._Decision
             for f in dataclasses.fields(c) if f.name == "kind"}
    assert kinds, module
    missing = sorted(k for k in kinds if k not in prompts(game_id))
    assert missing == [], f"{game_id}: decisions with no prompt: {missing}"
