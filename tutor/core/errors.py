"""Errors raised by the rules engine.

Every error names what is wrong and where (file, field or action), so that a learner or a content author can fix
it without reading engine code.
"""
from __future__ import annotations


class IllegalAction(ValueError):
    """An action that the rules do not allow in the current state.

    Attributes:
        code: short machine-readable reason, e.g. ``"unknown-action"``, ``"not-legal-now"``.
        clause: id of the clause that forbids the action, or ``None`` when no rule is involved
            (for example an id that names no action at all).
        action: the action id (or description) that was refused.

    Raising it never changes the session: :meth:`tutor.Session.apply` validates before it mutates.
    """

    def __init__(self, message: str, *, code: str = "not-legal-now", clause: str | None = None,
                 action: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.clause = clause
        self.action = action


class ContentError(ValueError):
    """A content file (clauses, cards, scenario, lesson, walkthrough, saved session) is invalid.

    The message always starts with the file path (or ``<text>`` for text given directly) and, where known,
    the field path inside it, e.g. ``"cards.yaml: spirits[3].type: Input should be 'guardian', ..."``.

    Attributes:
        path: the file that was refused (``None`` for text given directly).
        field: dotted/indexed field path inside the file, when known.
    """

    def __init__(self, message: str, *, path: str | None = None, field: str | None = None) -> None:
        super().__init__(message)
        self.path = path
        self.field = field
