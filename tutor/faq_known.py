"""What a saved question's moves may name: each game's move kinds and the move parameters that name a card, so that a
question file from anywhere (a learner's folder, a colleague's) is checked against the game when it is read, not
listed as if good and then stopped at a step that names a Totem ``t99`` or a move ``fly-away`` the game does not have
(attack 41, F1). A step the game has but that is not legal at that point is not refused here: a what-if may make a
later step of the original script unplayable, and the page says so when the question is opened.

:func:`move_kinds` is what each game declares it makes (its Game class's ``move_kinds``, from the game's moves package);
``tests/test_faq_known.py`` checks each against the engine's sources, random games and every shipped scenario, lesson
and walkthrough.
"""
from __future__ import annotations

from typing import Iterable

from .core.errors import ContentError, short
from .registry import game_classes, game_title
from .scenario_model import ActionRef, Scenario


def move_kinds(game: str) -> frozenset[str] | None:
    """Every kind of action game ``game`` makes (legal, refused or a decision's answer), as the game declares it
    (:attr:`tutor.core.game.Game.move_kinds`); ``None`` for a game id the tutor does not play (importing that game's
    engine on first use)."""
    return game_classes()[game].move_kinds if game in game_classes() else None


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
    kinds = move_kinds(game)
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
