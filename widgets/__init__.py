"""ipywidgets views over a :class:`tutor.Session`: board, legal actions, step log, clause card, glossary, lessons.

Views hold no game state: they observe one :class:`SessionModel` and turn clicks into session calls.

- :func:`learn_app` ``(game_id)``: the learn page (lessons, then free play).
- :func:`play_app` ``(game_id, players, seed)``: a free game with new-game controls.
- :func:`presenter_app` ``(game_id)``: presenter mode for a room (walkthroughs step by step; record new ones).
- :func:`faq_explorer`: every scenario, searchable, step by step, with "what if".
- :class:`TutorApp`, :class:`LessonRunner`, :class:`LearnApp`, :class:`SessionModel`, :class:`ErrorPanel`.

The FAQ explorer and the presenter (and what they import: scenarios, walkthroughs) are imported when first used,
so a learn page's kernel does not load them; the learn page and the table (``learn_app``, ``TutorApp``...) too, so
that a page importing one module of this package (``widgets.graph``, ``widgets.practice``) does not load them.
"""
from __future__ import annotations

import importlib

from . import comm_guard, kernel_timing, page_life, tooltips
from .model import ErrorPanel, SessionModel, clause_chip

# Every page imports this package first: its widgets take from the browser only what a learner's input can change
# (forged comm messages are refused, see comm_guard).
comm_guard.install()
# ... and hears from the server when its page left (a learn page gives up its tab mark, see page_life).
page_life.install()
# ... and, shut down, leaves no ipykernel traceback of its closing sockets in the server's log (see kernel_timing).
kernel_timing.quiet_iopub_at_shutdown()
# ... and no widget without a tooltip shows the tooltip "null" (see tooltips).
tooltips.install()

__all__ = ["learn_app", "play_app", "TutorApp", "LessonRunner", "LearnApp", "SessionModel", "ErrorPanel",
           "Controls", "clause_chip", "presenter_app", "PresenterApp",
           "faq_explorer", "FaqExplorer"]

_LAZY = {"faq_explorer": ".faq", "FaqExplorer": ".faq", "presenter_app": ".presenter", "PresenterApp": ".presenter",
         "learn_app": ".lessons", "LearnApp": ".lessons", "LessonRunner": ".lessons",
         "play_app": ".app", "TutorApp": ".app", "Controls": ".app"}


def __getattr__(name: str):
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
