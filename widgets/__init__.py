"""ipywidgets views over a :class:`tutor.Session`: board, legal actions, step log, clause card, glossary, lessons.

Views hold no game state: they observe one :class:`SessionModel` and turn clicks into session calls.

- :func:`learn_app` ``(game_id)``: the learn page (lessons, then free play).
- :func:`play_app` ``(game_id, players, seed)``: a free game with new-game controls.
- :func:`presenter_app` ``(game_id)``: presenter mode for a room (walkthroughs step by step; record new ones).
- :class:`TutorApp`, :class:`LessonRunner`, :class:`LearnApp`, :class:`SessionModel`, :class:`ErrorPanel`.
"""
from __future__ import annotations

from .app import Controls, TutorApp, play_app
from .faq import FaqExplorer, faq_explorer
from .lessons import LearnApp, LessonRunner, learn_app
from .model import ErrorPanel, SessionModel, clause_chip
from .presenter import PresenterApp, presenter_app

__all__ = ["learn_app", "play_app", "TutorApp", "LessonRunner", "LearnApp", "SessionModel", "ErrorPanel",
           "Controls", "clause_chip", "presenter_app", "PresenterApp",
           "faq_explorer", "FaqExplorer"]
