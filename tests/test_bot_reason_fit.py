"""The computer opponent's reasons fit the decision they explain (issue 16 trial: choosing a guide was explained by
"more Totems in hand mean more requirements it can meet later"): asked on seeded games, every set-up decision of
every game gets a reason of its own kind, and no reason text is shared by a set-up decision and a move of play."""
from __future__ import annotations

import re
from collections import defaultdict

import pytest

from tutor.bots import bot
from tutor.sessions import new_game
from tutor.step_words import bare

#: The set-up decisions of each game (the rest are moves of play).
#: (Spirit Duels: an End Phase "keep" is a move of play, counted as ``end-keep``, trial 34.)
SETUP = {"restless-spirits": {"choose-guide", "draft-pick"}, "spirit-duels": {"set-aside", "keep-hand"},
         "spirited": set()}
#: Words each set-up decision's reason must hold.
WORDS = {"choose-guide": "Mastery", "draft-pick": "draft", "set-aside": "aside", "keep-hand": "opening hand"}


def reasons_by_kind(game_id: str, seeds=(0, 1), steps: int = 50) -> dict[str, set[str]]:
    out: dict[str, set[str]] = defaultdict(set)
    for seed in seeds:
        s = new_game(game_id, 2, seed)
        b = bot(game_id, "normal", seed)
        for _ in range(steps):
            if s.is_over:
                break
            a = b.choose(s)
            if a.kind == "keep-hand" and "sd.setup.mulligan" in a.clauses:  # (trial 41: the computer keeps its whole
                for x in s.legal_actions():                                  # opening hand; its set-asides are asked)
                    if x.kind == "set-aside":
                        why = b.reason(s, x, voice="it").split(". A stronger move")[0]
                        out[x.kind].update(re.sub(r"\s*\[[^\]]*\]", "", r).strip(" .") for r in why.split("; "))
            text = b.explain(s, a, voice="it")
            head = bare(a.label)
            assert text.startswith(head + (". " if ":" in head else ": ")) and "..:" not in text and ".:" not in text
            assert text[len(head) + 2:].lower() == b.reason(s, a, voice="it").lower()
            for r in text[len(head) + 2:].split("; "):
                kind = "end-keep" if a.kind == "keep-hand" and "sd.end.discard" in a.clauses else a.kind
                out[kind].add(re.sub(r"\s*\[[^\]]*\]", "", r).strip(" ."))
            s.apply(a)
    return out


@pytest.mark.parametrize("game_id", sorted(SETUP))
def test_each_reason_fits_its_decision_kind(game_id):
    seen = reasons_by_kind(game_id)
    assert SETUP[game_id] <= set(seen), set(seen)  # the seeded games ask every set-up decision
    for kind in SETUP[game_id]:
        assert seen[kind] and all(WORDS[kind] in r for r in seen[kind]), (kind, seen[kind])
    setup_texts = {r for k in SETUP[game_id] for r in seen[k]}
    play_texts = {r for k, rs in seen.items() if k not in SETUP[game_id] for r in rs}
    assert not setup_texts & play_texts
    assert not any("Totems in hand" in r for k in SETUP[game_id] for r in seen[k])


def test_the_guide_hint_names_the_guide_it_suggests_and_claims_no_edge_over_the_others():
    """Each guide's reason is about that guide's own Mastery type (trial 10: "your guide decides which Spirits come
    cheap" fitted every guide); before any Spirit is dealt every guide is as good, so none is called stronger."""
    s = new_game("restless-spirits", 2, 1)
    b = bot("restless-spirits", "normal", 1)
    guides = {gd.id: gd for gd in s.game.cards.guides}
    hinted, why = b.hint(s)
    gd = guides[hinted.param("guide")]
    assert f"{gd.name}'s Mastery makes attracting {gd.mastery.capitalize()} Spirits a Free Action" in why
    assert "no guide is better than another" in why and "decides which Spirits come cheap" not in why
    for a in s.legal_actions():
        text = b.explain(s, a)
        mine = guides[a.param("guide")]
        assert f"attracting {mine.mastery.capitalize()} Spirits" in text and "stronger move" not in text
        others = {o.mastery.capitalize() for o in guides.values()} - {mine.mastery.capitalize()}
        assert not any(f"attracting {t} Spirits" in text for t in others)
