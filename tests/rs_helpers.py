"""Helpers for rule tests: scenario-built sessions and action lookup."""
from __future__ import annotations

import sys
from pathlib import Path


ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import tutor  # noqa: E402
from tutor.scenario import Scenario, start  # noqa: E402


def rs_session(state: dict, players: int = 2, seed: int = 7, guides=None, **options):
    """A Restless Spirits session in play with the given partial state (first-game set-up, guides fixed)."""
    guides = guides or ["okada-mitsuo", "hana", "riku", "mara"][:players]
    sc = Scenario.model_validate({
        "meta": {"id": "t", "question": "q", "answer": "a", "source": {"file": "f", "section": "s"}},
        "setup": {"game": "restless-spirits", "players": players, "seed": seed,
                  "options": {"first_game": True, "guides": guides, **options}, "state": state}})
    return start(sc)


def act(session, kind, **params):
    """Apply the single legal action of ``kind`` with ``params``; fails the test when none or several match."""
    hits = [a for a in session.legal_actions() if a.kind == kind and all(a.param(k) == v for k, v in params.items())]
    assert len(hits) == 1, f"{kind} {params}: {len(hits)} matches among {[a.id for a in session.legal_actions()]}"
    return session.apply(hits[0])


def clauses_fired(step):
    return [e.clause for e in step.events]



#: The moves of a Restless Spirits game (two seats, seed 2) played by the normal bot (seeds 2 and 3) as it chose before
#: hints35 changed its Totem weights: kept as moves, so the pages' tests see the same game whatever the bot plays now
EARLY_RELEASE_MOVES = [
    "choose-guide:guide=yoru", "choose-guide:guide=mara", "draft-pick:totem=t59", "draft-pick:totem=t39",
    "draft-pick:totem=t07", "draft-pick:totem=t22", "draft-pick:totem=t15", "draft-pick:totem=t48",
    "draft-pick:totem=t60", "draft-pick:totem=t02", "draft-pick:totem=t37", "draft-pick:totem=t27",
    "attract:spirit=jiangsu", "choose-offering:totem=t02", "choose-space:space=3", "attract:spirit=baikeng",
    "choose-offering:totem=t48", "choose-space:space=2", "activate-ability:space=3", "end-turn",
    "attract:spirit=valtos", "choose-offering:totem=t07", "choose-space:space=1", "attract:spirit=onota",
    "choose-offering:totem=t37", "choose-space:space=2", "buy-totem:totem=t57", "activate-ability:space=1",
    "attract:spirit=kielderlings", "choose-offering:totem=t15", "end-turn", "attract:spirit=barachu",
    "choose-offering:totem=t22", "choose-disregard:slot=2", "play-totem:space=1,totem=t59", "end-turn",
    "play-curse:card=c04,target=2", "end-turn", "refresh-market-and-buy:row=1", "choose-market-totem:totem=t06",
    "buy-totem:totem=t31", "end-turn", "buy-totem:totem=t04", "buy-totem:totem=t44", "end-turn",
    "play-totem:space=1,totem=t31", "retrieve-from-shrine", "choose-shrine-totem:totem=t37",
    "play-blessing:card=b05", "attract:spirit=nozawa", "choose-offering:totem=t10", "end-turn"
]


def rs_reply_with_an_early_release() -> tuple["tutor.Session", int]:
    """Restless Spirits, two seats, at Player 1's turn right after the computer's turn of 7 steps whose first released
    a Spirit (:data:`EARLY_RELEASE_MOVES` replayed), and that step's index. AssertionError when the deal or the rules
    no longer give such a game."""
    s = tutor.new_game("restless-spirits", players=2, seed=2)
    turn: list = []
    for move in EARLY_RELEASE_MOVES:
        st = s.apply(move)
        turn = turn + [st] if st.action.actor == 1 else []
    assert s.current_player == 0 and len(turn) >= 7 and any(e.clause == "rs.release" for e in turn[0].events)
    return s, turn[0].index


def rs_late_reply_with_a_release(seed: int = 3, at_step: int = 75) -> "tutor.Session":
    """Restless Spirits, two seats, first-game set-up, both seats played by the normal bot (seeds ``seed + 50`` and
    ``seed + 51``), at Player 1's turn right after a computer turn that released a Spirit, the first such moment at
    or after step ``at_step`` (seed 3, step 75: Player 1 has three Spirits with long abilities and a 5-card hand, the
    computer three released; trial 21). AssertionError when the bots or the deal no longer give such a game."""
    s = tutor.new_game("restless-spirits", players=2, seed=seed, first_game=True)
    bots = [tutor.bot("restless-spirits", "normal", seed=seed + 50 + i) for i in range(2)]
    for _ in range(600):
        if s.is_over:
            break
        s.apply(bots[s.current_player or 0].choose(s))
        h = s.history
        if len(h) >= at_step and s.current_player == 0 and h[-1].action.actor == 1:
            i = len(h) - 1
            while h[i].action.actor == 1:
                i -= 1
            if any(e.clause == "rs.release" for st in h[i + 1:] for e in st.events):
                return s
    raise AssertionError("no such game: the bots or the deal changed")
