"""Builders of card files for the card-file tests: the shipped files, edited, and the smallest files that pass the
checks of ``tutor/games/*/playable.py`` (minimal legal card files)."""
from __future__ import annotations

import copy
import shutil
from pathlib import Path

import yaml

from tutor.core.content import content_root
from tutor.games.restless_spirits.cards import SPIRIT_TYPES
from tutor.games.restless_spirits.playable import spirits_needed, totems_needed


def shipped(game: str) -> dict:
    """The shipped card file of ``game`` as plain data (a fresh copy)."""
    return yaml.safe_load((content_root() / game / "cards.yaml").read_text(encoding="utf-8"))


def write(data: dict, path: Path) -> str:
    """Write ``data`` as YAML to ``path``; returns the path as text."""
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return str(path)


# ------------------------------------------------------------------------------------------------ Restless Spirits
def rs_minimal(players: int, *, first_game: bool = False, totems: str = "wild") -> dict:
    """The smallest Restless Spirits file for ``players`` (1 = Solo Mode): as many guides as players, the fewest
    Spirits the deck needs (one of each type for Solo Mode), the fewest Totems (all Wild, or all Single with the
    icons the Spirits need), no Blessings or Curses, no promos, only the Totem icons used."""
    d = shipped("restless-spirits")
    d["guides"] = d["guides"][:players]
    main = [s for s in d["spirits"] if not s.get("promo")]
    if players == 1:
        spirits = [next(s for s in main if s["type"] == t) for t in SPIRIT_TYPES]
    else:
        spirits = main[:spirits_needed(players)]
    d["spirits"] = spirits
    n = totems_needed(players, first_game)
    if totems == "wild":
        kinds = [t for t in d["totems"] if t["kind"] == "wild"]
    else:
        icons = {r for s in spirits for r in s["requirements"]}
        kinds = [t for t in d["totems"] if t["kind"] == "single" and t["icons"][0] in icons]
    d["totems"] = [dict(copy.deepcopy(kinds[i % len(kinds)]), id=f"{totems}-{i + 1}") for i in range(n)]
    d["blessings"], d["curses"] = [], []
    used = {r for s in spirits for r in s["requirements"]} | {i for t in d["totems"] for i in t.get("icons", [])}
    d["totem_icons"] = [i for i in d["totem_icons"] if i["id"] in used]
    return d


# ------------------------------------------------------------------------------------------------ Spirit Duels
def sd_minimal() -> dict:
    """The smallest Spirit Duels file: two teams (``teams=["one", "two"]``; the two seats never share a team) of the
    same three Spirit Lines and the same deck (the Fire team's: its Classes' Basic cards and its Lines' Special
    cards, as the rulebook builds a deck), only those Lines and cards, no classes (pre-built set-up only)."""
    d = shipped("spirit-duels")
    team = next(t for t in d["teams"] if t["id"] == "fire")
    d["lines"] = [ln for ln in d["lines"] if ln["id"] in team["lines"]]
    d["cards"] = [c for c in d["cards"] if c["id"] in team["deck"]]
    d["teams"] = [{"id": tid, "name": f"Team {tid}", "lines": list(team["lines"]), "deck": list(team["deck"]),
                   "copies": 2} for tid in ("one", "two")]
    d.pop("classes", None)
    d["reasons"] = {}
    return d


# ------------------------------------------------------------------------------------------------ Spirited
def sp_minimal() -> dict:
    """The smallest Spirited file: one clan of one card in a game, 3 Wonders, one medal of each kind, one Passing of
    Time card and a Time Track of one space (the Final Battle) for every player count."""
    d = shipped("spirited")
    d["clans_per_game"] = 1
    d["clans"] = [dict(d["clans"][0], cards=1)]
    d["wonders"] = d["wonders"][:3]
    for m in d["medals"].values():
        m["count"] = 1
    d["passing_of_time"] = 1
    d["time_track"] = {n: {"length": 1, "battles": []} for n in (2, 3, 4, 5, 6)}
    return d


def sp_content(tmp: Path, cards: dict) -> Path:
    """A copy of ``content/`` under ``tmp`` whose Spirited card file is ``cards`` (Spirited reads its cards from the
    content folder, ``$RULES_TUTOR_CONTENT``); returns the folder."""
    root = tmp / "content"
    if not root.exists():
        shutil.copytree(content_root(), root)
    write(cards, root / "spirited" / "cards.yaml")
    return root


def sp_small() -> dict:
    """A small Spirited file that still has Battles and Marching: two clans of four cards in a game, 3 Wonders, two
    medals of each kind, two Passing of Time cards with a Battle on space 1."""
    d = shipped("spirited")
    d["clans_per_game"] = 2
    d["clans"] = [dict(c, cards=4) for c in d["clans"][:2]]
    d["wonders"] = d["wonders"][:3]
    for m in d["medals"].values():
        m["count"] = 2
    d["passing_of_time"] = 2
    d["time_track"] = {n: {"length": 2, "battles": [1]} for n in (2, 3, 4, 5, 6)}
    return d
