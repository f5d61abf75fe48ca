"""Fingerprint of the engine's behaviour, and golden transcripts: regenerate them and say which games differ.

A redesign of the engine's inside must not change what it does. Two stored records pin that down:

- ``tests/golden/fingerprint.json``: for each of a few hundred random games (every game, variant and player count of
  :data:`tutor.conformance.CONFIGS`, several seeds each) one SHA-256 over everything the engine says and does at
  every step: the set-up events, every legal action (id, kind, actor, label, cost, clauses, why, params), every
  blocked action (with its forbidding clause and why), the action taken, every event of its step, the state after
  the step, and the winners at the end. Moves are chosen by :func:`tutor.conformance.random_policy`.
- ``tests/golden/*.txt``: readable transcripts (``rules-tutor play``) of one seeded game per variant (see
  :data:`GOLDEN`), to read what changed when a fingerprint differs.

Usage::

    .venv/bin/python scripts/fingerprint.py            # compare with the stored records, print what differs
    .venv/bin/python scripts/fingerprint.py --write    # regenerate both after a deliberate change of behaviour
    # a projection that leaves the named top-level state fields out of the state hashed after each step (the
    # internal work queues, whose shape an inside redesign changes), written to / compared with its own file:
    .venv/bin/python scripts/fingerprint.py --without-fields queue,tasks,pending --store /tmp/x.json --write
    .venv/bin/python scripts/fingerprint.py --without-fields queue,tasks,pending --store /tmp/x.json

Exit code 0 when everything matches (or was written), 1 when something differs. ``tests/test_fingerprint.py`` and
``tests/test_golden.py`` run the same comparison.
"""
from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import tutor  # noqa: E402
from tutor.conformance import CONFIGS, Config, random_policy  # noqa: E402
from tutor.core.rng import Rng  # noqa: E402

GOLDEN_DIR = ROOT / "tests" / "golden"
FINGERPRINT_FILE = GOLDEN_DIR / "fingerprint.json"
#: Seeds per configuration in the fingerprint (27 configurations x 12 = 324 games).
SEEDS = range(12)
#: Steps after which a fingerprinted game is cut short (random games rarely reach it).
MAX_STEPS = 1500

#: Golden transcripts: file stem -> ``rules-tutor play`` arguments (one seeded game per variant and player count).
GOLDEN: dict[str, list[str]] = {
    "restless-spirits-2p-seed1": ["restless-spirits", "--players", "2", "--seed", "1"],
    "restless-spirits-solo-seed2": ["restless-spirits", "--players", "1", "--seed", "2"],
    "restless-spirits-solo-bside-seed3": ["restless-spirits", "--players", "1", "--seed", "3", "--option", "side=B"],
    "restless-spirits-3p-bside-seed4": ["restless-spirits", "--players", "3", "--seed", "4", "--option", "side=B"],
    "restless-spirits-4p-promos-seed5": ["restless-spirits", "--players", "4", "--seed", "5", "--option",
                                         'promos=["knockgour-light","knockgour-dark"]'],
    "restless-spirits-2p-bside-promos-seed6": ["restless-spirits", "--players", "2", "--seed", "6", "--option",
                                               "side=B", "--option", 'promos=["knockgour-light","knockgour-dark"]'],
    "restless-spirits-2p-first-game-seed7": ["restless-spirits", "--players", "2", "--seed", "7", "--option",
                                             "first_game=true"],
    "spirited-2p-seed1": ["spirited", "--players", "2", "--seed", "1"],
    "spirited-3p-seed2": ["spirited", "--players", "3", "--seed", "2"],
    "spirited-4p-seed3": ["spirited", "--players", "4", "--seed", "3"],
    "spirited-5p-seed4": ["spirited", "--players", "5", "--seed", "4"],
    "spirited-6p-seed5": ["spirited", "--players", "6", "--seed", "5"],
    "spirit-duels-prebuilt-seed1": ["spirit-duels", "--seed", "1", "--option", "setup=prebuilt"],
    "spirit-duels-draft-seed2": ["spirit-duels", "--seed", "2", "--option", "setup=draft"],
    "spirit-duels-draft-competitive-seed3": ["spirit-duels", "--seed", "3", "--option", "setup=draft", "--option",
                                             "lines=competitive"],
}


def game_key(cfg: Config, seed: int) -> str:
    """``"restless-spirits/B-side/3p/seed4"``: the fingerprint entry of one game."""
    return f"{cfg.game_id}/{cfg.variant}/{cfg.players}p/seed{seed}"


def fingerprint_game(cfg: Config, seed: int, max_steps: int = MAX_STEPS,
                     without: frozenset[str] = frozenset()) -> str:
    """The SHA-256 (hex, first 24 digits) over one random game: set-up, and per step the legal and blocked actions,
    the action taken, its events and the state after it; the winners at the end. ``without``: top-level state
    fields left out of the state hashed (a projection; every action, refusal and event is still hashed)."""
    h = hashlib.sha256()
    exclude = set(without) or None

    def state_json(state) -> str:
        return state.model_dump_json(exclude=exclude & set(type(state).model_fields) if exclude else None)

    def put(text: str) -> None:
        h.update(text.encode())
        h.update(b"\n")

    s = tutor.new_game(cfg.game_id, players=cfg.players, seed=seed, **cfg.kwargs)
    rng = Rng.from_seed(seed ^ 0x5EED)
    for e in s.setup_events:
        put(e.model_dump_json())
    put(state_json(s.state))
    n = 0
    while not s.is_over and n < max_steps:
        legal = s.legal_actions()
        for a in legal:
            put(a.model_dump_json())
        for b in s.blocked_actions():
            put(b.model_dump_json())
        put(f"current {s.current_player}")
        step = s.apply(random_policy(legal, rng))
        put(step.model_dump_json())
        put(state_json(s.state))
        n += 1
    put(f"over {s.is_over} after {n} winners {s.winners}")
    return h.hexdigest()[:24]


def all_fingerprints(seeds=SEEDS, without: frozenset[str] = frozenset()) -> dict[str, str]:
    """``{game_key: hash}`` for every configuration that is not skipped, and every seed (``without``: see
    :func:`fingerprint_game`)."""
    return {game_key(c, seed): fingerprint_game(c, seed, without=without)
            for c in CONFIGS if not c.skipped for seed in seeds}


def stored_fingerprints(path: Path = FINGERPRINT_FILE) -> dict[str, str]:
    """The stored ``{game_key: hash}`` (``tests/golden/fingerprint.json`` unless ``path``)."""
    return json.loads(path.read_text())["games"]


def write_fingerprints(prints: dict[str, str], path: Path = FINGERPRINT_FILE,
                       without: frozenset[str] = frozenset()) -> None:
    """Store ``prints`` with a digest over them all (one line per game: a compact, diffable file) in ``path``;
    ``without`` (the state fields left out, if any) is named in the file."""
    total = hashlib.sha256(json.dumps(prints, sort_keys=True).encode()).hexdigest()[:24]
    lines = ",\n".join(f"    {json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(prints.items()))
    about = ("" if not without else
             f' (state hashed without the fields {", ".join(sorted(without))})')
    path.write_text('{\n  "about": "scripts/fingerprint.py: one hash per random game (see its '
                    'docstring)' + about + '",\n  "digest": ' + json.dumps(total) + ',\n  "games": {\n' + lines
                    + "\n  }\n}\n")


def differing(now: dict[str, str], stored: dict[str, str]) -> list[str]:
    """Game keys whose hash differs, or that are in only one of the two."""
    return sorted(k for k in set(now) | set(stored) if now.get(k) != stored.get(k))


def transcript(args: list[str]) -> str:
    """What ``rules-tutor play ARGS`` prints."""
    from tutor.cli import main
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["play", *args]) == 0, args
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--write", action="store_true", help="regenerate the stored fingerprint and golden transcripts")
    p.add_argument("--without-fields", default="", metavar="F1,F2",
                   help="leave these top-level state fields out of the state hashed after each step")
    p.add_argument("--store", type=Path, default=FINGERPRINT_FILE,
                   help="fingerprint file to write or compare with (default tests/golden/fingerprint.json)")
    args = p.parse_args(argv)
    without = frozenset(f.strip() for f in args.without_fields.split(",") if f.strip())
    if without and args.store.resolve() == FINGERPRINT_FILE.resolve():
        p.error("--without-fields needs --store: the stored fingerprint hashes the whole state")
    bad = 0
    main_store = args.store.resolve() == FINGERPRINT_FILE.resolve()
    for stem, play_args in GOLDEN.items():
        path = GOLDEN_DIR / f"{stem}.txt"
        text = transcript(play_args)
        if args.write and not main_store:  # writing a projection: the transcripts are only compared
            if not path.exists() or path.read_text() != text:
                print(f"golden transcript differs (not written): {path.relative_to(ROOT)}")
                bad += 1
        elif args.write:
            path.write_text(text)
        elif not path.exists() or path.read_text() != text:
            print(f"golden transcript differs: {path.relative_to(ROOT)}  (rules-tutor play {' '.join(play_args)})")
            bad += 1
    now = all_fingerprints(without=without)
    if args.write:
        write_fingerprints(now, args.store, without)
        print(f"wrote {len(GOLDEN) if main_store else 0} golden transcripts and the fingerprint of {len(now)} games"
              + ("" if main_store else f" to {args.store}"))
        return 1 if bad else 0
    diff = differing(now, stored_fingerprints(args.store))
    for k in diff:
        print(f"fingerprint differs: {k}")
    bad += len(diff)
    print(f"{len(now) - len(diff)} of {len(now)} games and {len(GOLDEN)} golden transcripts checked: "
          + ("all identical" if not bad else f"{bad} differ"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
