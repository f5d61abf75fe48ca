"""Spirit Duels: a Meditate's mark choices account for every die on the board (clause ``sd.meditate``).

New user 43 (free play, seed 1, pre-built teams, Player 2 the normal computer): after Flicker Flame replaced
Magmaros's Level 1 Magic die showing Essence with a Level 2 Magic die rolling Blank (steps 57-59) and a Meditate
(step 60), the board showed three dice in Magmaros's active pool but the choices offered only two, which read as a
stale board. The engine and the board were right (Level 2 Attack showing Magic twice, Level 2 Magic showing Blank):
the two identical dice are one choice (choosing it again marks the other), and the choice did not say so. It now
says how many dice it stands for ("..., one of 2 alike") and why.
"""
from __future__ import annotations

import re

import tutor
from tutor.bots import bot
from widgets.boards import spirit_duels as board

# the tester's game, steps 1-60 (their labels replayed; the computer's moves are the normal computer's of seed 1)
_STEPS = """keep-hand keep-hand evolve:spirit=1 evolve:spirit=3 activate:spirit=1 activate:spirit=3
resolve-dice:symbol=attack choose-spirit:player=2,spirit=3 resolve-dice:symbol=attack choose-spirit:player=1,spirit=3
activate:spirit=2 activate:spirit=1 play-card:card=flicker-flame choose-die:die=1,player=1,spirit=1
choose-die-kind:die=magic-1 meditate:card=inferno-brew mark-die:die=1,spirit=1 mark-die:die=1,spirit=2 reroll-marked
meditate:card=leafy-tome mark-die:die=1,spirit=3 mark-die:die=1,spirit=1 reroll-marked resolve-dice:symbol=essence
activate:spirit=2 play-card:card=mystic-mirror choose-die:die=1,player=1,spirit=2 meditate:card=tidal-wave
mark-die:die=1,spirit=3 reroll-marked resolve-dice:symbol=attack choose-spirit:player=2,spirit=1
resolve-dice:symbol=attack choose-spirit:player=1,spirit=2 resolve-dice:symbol=magic choose-spirit:player=2,spirit=1
play-card:card=stunning-strike choose-spirit:player=1,spirit=1 pass resolve-dice:symbol=essence
resolve-die:die=1,spirit=1 resolve-die:die=1,spirit=1 resolve-die:die=1,spirit=2 resolve-die:die=1,spirit=2 pass
gain-advantage pass keep-hand keep-hand place-advantage-die:spirit=3 evolve:spirit=3 evolve:spirit=1
activate:spirit=3 activate:spirit=1 choose-spirit:player=2,spirit=2 activate:spirit=1 play-card:card=flicker-flame
choose-die:die=3,player=1,spirit=1 choose-die-kind:die=magic-2 meditate:card=spell-of-binding""".split()


def _tester_game() -> tutor.Session:
    s = tutor.new_game("spirit-duels", players=2, seed=1)
    for action in _STEPS:
        s.apply(action)
    return s


def _pool_chips(html: str, spirit: str) -> list[tuple[str, str]]:
    """``(face word, kind word)`` of each die chip in the active pool just above ``spirit``'s card."""
    col = html[:html.index(f">{spirit}<")]
    col = col[col.rindex('<div class="sd-pool'):]
    return re.findall(r'<span class="sd-k"><b>(\w+)(?:<span class="sd-boost">\+1</span>)?</b>'
                      r'<span class="sd-kind">([^<]+)</span>', col)


def test_the_tester_game_board_and_engine_agree_and_the_choices_cover_all_three_dice():
    s = _tester_game()
    assert len(s.history) == 60
    assert s.history[58].action.label == "Flicker Flame: roll a Level 2 Magic die instead"
    magmaros = s.state.players[0].spirits[0]
    # the replace put the new die in the old one's place; nothing stale in the engine
    assert [(d.kind, d.face) for d in magmaros.pool] == [("attack-2", "magic"), ("attack-2", "magic"),
                                                        ("magic-2", "blank")]
    assert _pool_chips(board.render(s), "Magmaros") == [("Magic", "Attack L2"), ("Magic", "Attack L2"),
                                                        ("Blank", "Magic L2")]
    acts = s.legal_actions()
    assert [a.label for a in acts] == [
        "Mark your Magmaros's Level 2 Attack die (showing Magic, one of 2 alike) for reroll",
        "Mark your Magmaros's Level 2 Magic die (showing Blank) for reroll",
        "Reroll no dice"]
    assert acts[0].why.startswith("These 2 dice are the same, so one choice stands for them; choose it again")
    assert acts[0].clauses == ("sd.meditate",)
    # choosing it again marks the other Attack die: all three can be marked and rerolled
    s.apply(acts[0].id)
    assert [a.label for a in s.legal_actions()] == [
        "Mark your Magmaros's Level 2 Attack die (showing Magic) for reroll",
        "Mark your Magmaros's Level 2 Magic die (showing Blank) for reroll",
        "Reroll the 1 marked die"]
    assert len(re.findall(r'class="sd-die[^"]*sd-marked', board.render(s))) == 1
    s.apply(s.legal_actions()[0].id)
    s.apply(s.legal_actions()[0].id)  # the last die marked: nothing is left to declare, the three are rerolled
    rerolls = [e.text for e in s.history[-1].events if e.text.startswith("Meditate reroll: ")]
    assert [t.split(" rolls ")[0] for t in rerolls] == ["Meditate reroll: Magmaros's Level 2 Attack die"] * 2 + [
        "Meditate reroll: Magmaros's Level 2 Magic die"]


def _alike(label: str) -> int:
    m = re.search(r", one of (\d+) alike\)", label)
    return int(m.group(1)) if m else 1


def test_every_meditate_choice_list_accounts_for_every_unmarked_die():
    """The property across random games (twins are rare there; the tester's game above has them)."""
    checked = 0
    for seed in range(6):
        s = tutor.new_game("spirit-duels", players=2, seed=seed)
        players = [bot("spirit-duels", "normal", seed), bot("spirit-duels", "easy", seed + 50)]
        for _ in range(500):
            if s.is_over:
                break
            acts = s.legal_actions()
            marks = [a for a in acts if a.kind == "mark-die"]
            if any(a.kind == "reroll-marked" for a in acts):
                seat = acts[0].actor
                marked = len(tutor.view(s).marked_dice(seat))
                dice = sum(len(sl.pool) for sl in s.state.players[seat].spirits)
                assert sum(_alike(a.label) for a in marks) == dice - marked, [a.label for a in acts]
                checked += 1
            s.apply(players[acts[0].actor % 2].choose(s).id)
    assert checked >= 30, checked
