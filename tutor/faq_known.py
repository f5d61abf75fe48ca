"""What a saved question's moves may name: each game's move kinds and the move parameters that name a card, so that a
question file from anywhere (a learner's folder, a colleague's) is checked against the game when it is read, not
listed as if good and then stopped at a step that names a Totem ``t99`` or a move ``fly-away`` the game does not have
(attack 41, F1). A step the game has but that is not legal at that point is not refused here: a what-if may make a
later step of the original script unplayable, and the page says so when the question is opened.

:data:`MOVE_KINDS` lists every kind of action (and of blocked action) each engine makes; ``tests/test_faq_known.py``
checks it against the engines' sources, random games and every shipped scenario, lesson and walkthrough.
"""
from __future__ import annotations

from typing import Iterable

from .core.errors import ContentError, short
from .registry import game_title
from .scenario_model import ActionRef, Scenario

#: Every move kind of each game (legal, blocked or a decision's answer).
MOVE_KINDS: dict[str, frozenset[str]] = {
    "restless-spirits": frozenset({
        "activate-ability", "attract", "buy-totem", "choose-bonus-totem", "choose-copy", "choose-destroy",
        "choose-disable", "choose-discard", "choose-disregard", "choose-drawn-space", "choose-drawn-spirit",
        "choose-guide", "choose-hand-card", "choose-limit-discard", "choose-lost-spirit", "choose-malicious",
        "choose-market-totem", "choose-move-space", "choose-offering", "choose-own-destroy", "choose-reactivate",
        "choose-reduce", "choose-requirement", "choose-shrine-totem", "choose-solo-discard", "choose-space",
        "choose-swap-out", "choose-target", "choose-wild-type", "choose-zone-card", "decline", "discard-three-for-ap",
        "draft-pick", "end-turn", "play-blessing", "play-curse", "play-taken-card", "play-totem",
        "refresh-and-attract", "refresh-market-and-buy", "retrieve-from-shrine", "solo-discard", "take-card"}),
    "spirited": frozenset({
        "break-shield", "build-wonder", "discard", "done", "final-recruit", "finish-march", "manoeuvre", "march",
        "march-use", "place-shield", "play-card", "raid", "rally", "recruit", "recruit-face-down", "replace-medal",
        "score-medal", "scout", "skip", "stack-card", "take-wonder", "wonder-card"}),
    "spirit-duels": frozenset({
        "activate", "choose-card", "choose-class", "choose-die", "choose-die-kind", "choose-effect", "choose-face",
        "choose-line", "choose-spirit", "discard", "draft-class", "evolve", "gain-advantage", "keep-hand", "mark-die",
        "meditate", "pass", "place-advantage-die", "play-card", "reroll-marked", "resolve-dice", "resolve-die",
        "set-aside", "stop-resolving", "use-ability", "use-item"}),
}

#: The move parameters whose value is a card of the game (a Spirited clan counts as its cards' name).
CARD_PARAMS: dict[str, frozenset[str]] = {
    "restless-spirits": frozenset({"guide", "totem", "spirit", "card", "card1", "card2", "card3"}),
    "spirited": frozenset({"clan", "hand", "road", "wonder"}),
    "spirit-duels": frozenset({"card"}),
}


def _selectors(sc: Scenario) -> Iterable[tuple[str, str, ActionRef | None]]:
    """``(field, kind, selector or None)`` of every move the file names that the game must have: its script's steps,
    and its checks' legal, blocked and refused moves (a blocked move has a kind only). Not ``not_legal``: a move no
    game has is never legal, which a shipped question checks on purpose (``faq-no-moving-spirits``: no
    ``move-spirit`` in Restless Spirits)."""
    for i, ref in enumerate(sc.script):
        yield f"script[{i}]", ref.kind, ref
    for i, e in enumerate(sc.expect):
        for j, ref in enumerate(e.legal):
            yield f"expect[{i}].legal[{j}]", ref.kind, ref
        for j, b in enumerate(e.blocked):
            yield f"expect[{i}].blocked[{j}]", b.kind, None
        for j, r in enumerate(e.refused):
            yield f"expect[{i}].refused[{j}]", r.action.kind, r.action


def check_moves(sc: Scenario, cards: Iterable[str], where: str) -> None:
    """Refuse ``sc`` (read from ``where``) when a move it names has a kind its game does not have, or a card
    parameter naming no card of ``cards`` (the game's card ids with the file's options; empty: not checked, the
    set-up then says why when it runs). A game without a list here is not checked.

    Raises:
        ContentError: ``"<where>: script[0]: Restless Spirits has no move called 'fly-away'"`` or ``"<where>:
            script[0]: no card called 't99' in Restless Spirits"``, naming the first such move
            (field ``script[0]``, ``expect[1].refused[0]``...); the file's own value is shown cut and quoted.
    """
    game = sc.setup.game
    kinds = MOVE_KINDS.get(game)
    if kinds is None:
        return
    known = set(cards)
    named = CARD_PARAMS.get(game, frozenset())
    title = game_title(game)
    for field, kind, ref in _selectors(sc):
        if kind not in kinds:
            raise ContentError(f"{where}: {field}: {title} has no move called {short(kind, 40)}", path=where,
                               field=field)
        if ref is None or not known:
            continue
        for param, value in ref.params().items():
            if param in named and isinstance(value, str) and value not in known:
                raise ContentError(f"{where}: {field}: no card called {short(value, 40)} in {title}", path=where,
                                   field=field)
