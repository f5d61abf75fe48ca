"""Restless Spirits: a chain of copies never copies the same Spirit twice (ruling rs.ruling.copy-chain).

Attack 42 (H1): a card file of one's own where Grindavik copies an opponent's board instead of their released
Spirits let Yotei copy Grindavik, whose copy (run as Yotei's) copied Grindavik again, and so on: a RecursionError in
the engine, the learn and practice pages failing to open, or (every Spirit a copier) a random game taking "Copy ..."
choices for 5,000 steps. The rulebook does not say whether a copy may copy a copy; the ruling leaves out the copier
and what the chain already copied, so every chain ends. With the shipped cards nothing changes (each copier looks in
another place): the fingerprint of random games is the same but for the chain recorded in a pending copy choice.
"""
from __future__ import annotations

import random

import pytest

import card_files as cf
import tutor

COPY_BOARD = {"timing": "activated", "text": "Copy the ability of a target opponent's Spirit and use it as this "
              "Spirit's own.", "target": "one-opponent",
              "effects": [{"effect": "copy-ability", "params": {"zone": "opponent-board", "token": "every-copy"}}]}


def _file(tmp_path, every: bool, zone: str = "opponent-board") -> str:
    d = cf.shipped("restless-spirits")
    for s in d["spirits"]:
        if every or s["id"] == "grindavik":
            s["ability"] = dict(COPY_BOARD, text=COPY_BOARD["text"].replace("this Spirit", s["name"]))
    return cf.write(d, tmp_path / "copiers.yaml")


def _play(s, seed: int, most: int = 3000) -> tuple[int, list]:
    rng, said = random.Random(seed), []
    n = 0
    while not s.is_over and n < most:
        legal = s.legal_actions()
        step = s.apply(legal[rng.randrange(len(legal))])
        said += [e for e in step.events if e.clause == "rs.ruling.copy-chain"]
        n += 1
    return n, said


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_spirit_a_copier_games_end(tmp_path, seed):
    s = tutor.new_game("restless-spirits", players=2, seed=seed, cards=_file(tmp_path, every=True))
    n, said = _play(s, seed)
    assert s.is_over, f"seed {seed}: not over after {n} steps"
    assert said, "no chain of copies was cut short"
    assert "in this chain of copies, so it cannot copy" in said[0].text or "Nothing else is there to copy" in \
        said[0].text


def test_yotei_copying_a_board_copier_ends_citing_the_ruling(tmp_path):
    """Yotei and Grindavik (here copying an opponent's board) on two boards: the one copying the other may not be
    copied back by the copy it runs, nor the copied one again ("Grindavik is already using Yotei's ability in this
    chain of copies, so it cannot copy it again")."""
    path = _file(tmp_path, every=False)
    for seed in range(40):
        s = tutor.new_game("restless-spirits", players=2, seed=seed, cards=path)
        n, said = _play(s, seed)
        assert s.is_over
        texts = [e.text for e in said if "Grindavik" in e.text and "Yotei" in e.text]
        if texts:
            assert any(t in ("Yotei is already using Grindavik's ability in this chain of copies, so it cannot copy "
                              "it again.", "Grindavik is already using Yotei's ability in this chain of copies, so "
                              "it cannot copy it again.") for t in texts), texts
            return
    pytest.skip("no seed of 40 put Yotei against Grindavik")


def test_the_ruling_is_a_ruling_with_its_reason():
    from tutor.registry import clauses_for
    c = clauses_for("restless-spirits")["rs.ruling.copy-chain"]
    assert c.kind == "ruling" and "does not say whether a copied ability may itself copy" in c.reason


def test_a_copied_count_says_only_what_is_true_of_the_copier():
    """Trial 42: the computer's Yotei (a Trickster) copying Miki said "Draw one Blessing for each Fortune Spirit on
    your board, Yotei included": Yotei is not a Fortune Spirit and is not counted (the count was right). A copier of
    the type counted is still named (rs.ruling.copy-is-copier)."""
    from tutor.games.restless_spirits.effects_copy import as_copier
    by = tutor.new_game("restless-spirits", players=2).game.cards.by_id
    assert by["yotei"].type == "trickster" and by["miki"].type == "fortune"
    assert as_copier(by["miki"], "Yotei", "trickster") == "Draw one Blessing for each Fortune Spirit on your board."
    assert as_copier(by["miki"], "Arrazola", "fortune") == ("Draw one Blessing for each Fortune Spirit on your "
                                                          "board, Arrazola included.")
    assert as_copier(by["valtos"], "Yotei", "trickster") == ("If your board holds exactly 1 Light and 1 Dark Spirit "
                                                           "(Yotei included), draw a Blessing and a Curse.")
