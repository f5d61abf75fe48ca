"""Spirited, head to head: the ``normal`` bot that does not know where the Passing of Time cards lie against the one
that did.

The *new* bot is the ``normal`` level of :mod:`tutor.bots` as it is: its determinised copy deals the draw pile's
Passing of Time cards to random places of the draw pile (the strategy's ``mixed_groups``, fairsp46). The *old* bot
is the same bot with that hook taken away while it chooses, so each Passing of Time card stays where it truly lies
and its look-ahead knows when a Battle comes (the leak fairsp46 closed). Games are seeded
(``tutor.new_game(..., seed=n)``, bot seeds ``n * 10 + seat``), and the new bot's seat moves round the table with the
seed (seed ``n``: seat ``n % players``), so every seat is played by it equally often; the other seats are old bots.

Printed per table size: games, the new bot's wins (a shared win counted apart), its win rate and the 95% Wilson
score interval, and the fair share (1 / players).

Usage::

    nice .venv/bin/python scripts/sp_head_to_head.py --players 2 --games 100
    nice .venv/bin/python scripts/sp_head_to_head.py --players 2 --games 50 --first 50

(a run may be split in chunks of seeds with ``--first``, run side by side, and the counts added).

Exit code 0 after printing (a measurement: it never fails on figures).
"""
from __future__ import annotations

import argparse
import contextlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tutor  # noqa: E402
from tutor.bots import bot  # noqa: E402
from tutor.games.spirited import strategy  # noqa: E402

from rs_head_to_head import wilson  # noqa: E402  (scripts/ is on the path when a script of it runs)

#: A game still going after this many steps is counted as unfinished (neither side wins).
MAX_STEPS = 4000


@contextlib.contextmanager
def knowing_the_deck():
    """While inside, Spirited's determinisation keeps each Passing of Time card where it lies (the old bot)."""
    hook = strategy.mixed_groups
    del strategy.mixed_groups
    try:
        yield
    finally:
        strategy.mixed_groups = hook


def play(seed: int, players: int) -> tuple[str, int]:
    """One game; ``("win"|"shared"|"loss"|"unfinished", steps)`` for the new bot."""
    s = tutor.new_game("spirited", players=players, seed=seed)
    mine = seed % players
    bots = [bot("spirited", "normal", seed * 10 + i) for i in range(players)]
    steps = 0
    while not s.is_over and steps < MAX_STEPS:
        seat = s.current_player
        with contextlib.nullcontext() if seat == mine else knowing_the_deck():
            action = bots[seat].choose(s)
        s.apply(action)
        steps += 1
    if not s.is_over:
        return "unfinished", steps
    w = s.winners
    return ("win" if w == [mine] else "shared" if mine in w else "loss"), steps


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--first", type=int, default=0, help="first seed")
    ap.add_argument("--every", type=int, default=10, help="print a running count every N games")
    args = ap.parse_args(argv)
    tally = {"win": 0, "shared": 0, "loss": 0, "unfinished": 0}
    t0 = time.time()
    for i, seed in enumerate(range(args.first, args.first + args.games), 1):
        res, _ = play(seed, args.players)
        tally[res] += 1
        if i % args.every == 0 or i == args.games:
            lo, hi = wilson(tally["win"], i)
            print(f"{args.players}p new (blind to Passing of Time) vs old (knowing it): seeds {args.first}.."
                  f"{seed}, {i} games, new won {tally['win']} ({100 * tally['win'] / i:.0f}%, 95% CI "
                  f"{100 * lo:.0f}-{100 * hi:.0f}%), shared {tally['shared']}, lost {tally['loss']}, unfinished "
                  f"{tally['unfinished']}; fair share {100 / args.players:.0f}%; {time.time() - t0:.0f} s",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
