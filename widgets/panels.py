"""The board, legal-actions and step-log panels (:mod:`.board_view`, :mod:`.actions_panel`, :mod:`.step_log`, with
the pieces they share in :mod:`.rows`; re-exported here). Each observes a :class:`~widgets.model.SessionModel` and updates
its widget children after a change, keeping the rows that did not change and closing the ones it drops; button
callbacks only call the model. Rows share their layouts and styles (see :func:`widgets.style.layout`), so the page
holds a few widget models per row instead of a dozen.

Stable CSS classes (tests and browser checks rely on them): ``tutor-action`` on each legal-action Button (its
tooltip is the action's "why", which the page shows under its caption), ``tutor-blocked`` on each blocked action,
``tutor-event`` on each event line's text (its clause chip is the next widget: CSS ``.tutor-event + .tutor-clause``),
``tutor-clause`` on each clause chip.
"""
from __future__ import annotations

from types import ModuleType

from tutor import Session

from .actions_panel import ActionsPanel  # noqa: F401 - re-exported
from .board_view import BoardView, _WholeBoard  # noqa: F401 - re-exported
from .model import log
from .rows import RowCache, _Row, _css_name, _graph_cards, _walk, cost_text, event_html, graph_links  # noqa: F401
from .last_step import LastStep  # noqa: F401 - re-exported
from .step_log import StepLog, _upside_down  # noqa: F401 - re-exported


def warm_up(session, board: ModuleType) -> None:
    """Run once, while the page is built, what a first click runs, on a scratch copy of ``session``: the engine's
    first step (its lazily imported modules, first-use caches), the board and an event line (the ability-graph card
    names are read from disk once). A page is one fresh kernel, so otherwise the learner's first click would pay
    for all of it. Never fails the page: any problem is left for the real click to show."""
    try:
        _graph_cards(session.game_id, session.game.options.get("cards"))
        state = type(session.state).model_validate_json(session.state.model_dump_json())
        scratch = Session(session.game, state)
        legal = scratch.legal_actions()
        scratch.blocked_actions()
        if legal:
            step = scratch.apply(legal[0])
            scratch.legal_actions()
            scratch.blocked_actions()
            for e in step.events:
                event_html(scratch, e)
        (board.parts if hasattr(board, "parts") else board.render)(scratch)
        board.decision_prompt(scratch)
    except Exception as exc:  # noqa: BLE001 - a warm-up only; the click itself reports errors
        log.debug("warm-up skipped: %s", exc)

