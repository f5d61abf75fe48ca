"""Spirit Duels: Meditate marks only the meditating player's own dice, and that player marks them on their own turn
(rulebook "Actions > Meditate": "choose any number of your dice and reroll them"; clause ``sd.meditate``). Trial 19
saw "Mark for reroll: Player 2's Binx" in free play after Player 1 was to move: the engine was right (the computer,
Player 2, marked its own die as part of its Meditate, then the turn passed), the label was unclear; it now says whose
die it is in its owner's words ("Mark your Binx's Level 1 Attack die (showing Blank) for reroll")."""
from __future__ import annotations

import tutor
from tutor.bots import bot
from tutor.step_words import past_sentence


def test_only_the_meditating_player_marks_and_only_their_own_dice():
    meditations = marks = 0
    for seed in range(10):
        s = tutor.new_game("spirit-duels", players=2, seed=seed)
        players = [bot("spirit-duels", "normal", seed), bot("spirit-duels", "easy", seed + 50)]
        who = None  # the seat meditating, while its marks are asked
        for _ in range(600):
            if s.is_over:
                break
            acts = s.legal_actions()
            marking = [a for a in acts if a.kind == "mark-die"]
            if marking or any(a.kind == "reroll-marked" for a in acts):
                assert who is not None and all(a.actor == who for a in acts), (seed, who, [a.label for a in acts])
                assert s.state.current == who  # on the meditating player's own turn
                for a in marking:
                    spirit = int(dict(p.split("=") for p in a.id.split(":", 1)[1].split(","))["spirit"])
                    assert s.state.players[who].spirits[spirit - 1].pool, a.label  # a die of their own Spirit
                    assert a.label.startswith("Mark your ") and "for reroll" in a.label, a.label
                    assert "Player" not in a.label, a.label
            a = players[acts[0].actor % 2].choose(s)
            if a.kind == "meditate":
                who, meditations = a.actor, meditations + 1
                assert s.state.current == a.actor
            elif a.kind == "mark-die":
                marks += 1
                assert past_sentence(a.label, "The computer").startswith("The computer marked its "), a.label
            elif a.kind == "reroll-marked":
                who = None
            s.apply(a.id)
    assert meditations >= 5 and marks >= 3, (meditations, marks)
