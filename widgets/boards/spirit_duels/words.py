"""The words the generic panels need for Spirit Duels: action groups and their titles, and what a pending decision
asks (prompts)."""
from __future__ import annotations

from tutor import Session
from tutor.prompts import prompt

#: action kind -> group of the actions panel (rulebook "Actions"); decisions are "choice".
KIND_GROUP = {
    "play-card": "card", "evolve": "spirit", "activate": "spirit", "use-ability": "spirit",
    "resolve-dice": "dice", "meditate": "dice", "use-item": "item", "pass": "turn", "gain-advantage": "turn",
}


GROUP_TITLES = {
    "choice": "Your choice", "spirit": "Spirit actions (Activate, Evolve, abilities)", "dice": "Dice actions",
    "card": "Play a card", "item": "Items in play", "turn": "Pass or gain the advantage",
}


GROUP_ORDER = ("choice", "spirit", "dice", "card", "item", "turn")




def group_of(kind: str) -> str:
    """The actions-panel group of an action kind (decisions such as ``choose-…`` are choices)."""
    return KIND_GROUP.get(kind, "choice")


def decision_prompt(session: Session) -> str | None:
    """What the pending decision asks, in plain words; ``None`` when no decision is pending."""
    s = session.state
    if not s.pending:
        return None
    d = s.pending[-1]
    return f"Player {d.actor + 1}: " + prompt(session.game_id, d.kind, source=d.work.source or "the effect")
