"""Trial 35: hints must say why a move is sensible, truthfully. Spirit Duels' draft picks were explained by the
look-ahead's counts ("It evolves a Spirit into a stronger stage" for choosing a Spirit Line, where nothing evolves);
Spirited's no-gain move was explained by what it does not do ("it neither scores, builds a Camp, ...")."""
from __future__ import annotations

import tutor
from tutor.bots import Bot


def test_spirit_duels_draft_hints_say_what_a_pick_does_and_never_evolve():
    s = tutor.new_game("spirit-duels", players=2, seed=1, setup="draft", lines="competitive")
    bot = Bot("spirit-duels", "normal", 1)
    said = {}
    for _ in range(14):
        action, why = bot.hint(s)
        if action.kind in ("draft-class", "choose-line"):
            said.setdefault(action.kind, why)
            assert "evolves a Spirit" not in why, why
        s.apply(action)
    assert said["draft-class"].endswith(": each Class drafted brings one Spirit Line and its cards to your team "
                                        "[sd.draft.pick] [sd.draft.order].")
    assert said["choose-line"].endswith("Your team needs one Spirit Line of each drafted Class; its first Spirit joins "
                                        "the team now and the later Stages come in by evolving "
                                        "[sd.lines.one-per-class] [sd.lines.competitive].")


def test_a_spirited_hint_never_gives_a_list_of_what_the_move_does_not_do():
    for seed in range(1, 4):
        s = tutor.new_game("spirited", players=3, seed=seed)
        bot = Bot("spirited", "normal", seed)
        for _ in range(60):
            if s.is_over:
                break
            action, why = bot.hint(s)
            assert "neither" not in why, why
            s.apply(action)
