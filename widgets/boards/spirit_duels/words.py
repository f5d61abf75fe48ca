"""The words the generic panels need for Spirit Duels: action groups and their titles, and what a pending decision
asks (prompts)."""
from __future__ import annotations

from tutor import Session

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


PROMPTS = {
    "draft-class": "Draft: take one of the Class cards still on the table.",
    "draft-line": "Choose one Spirit Line from one of your Classes (one Line per Class).",
    "mulligan": "Set aside any opening cards you do not want (one at a time), then keep the rest; you draw back "
                "up to 5.",
    "end-discard": "End Phase: discard any cards you do not want (one at a time), then keep the rest; you draw up "
                   "to 5.",
    "resolve-die": "Resolve your dice showing the declared symbol, one at a time (you may stop after the first).",
    "meditate-pick": "Meditate: mark every die you will reroll, then reroll them together.",
    "place-advantage-die": "End Phase: you hold the Advantage Token: place the Advantage Die on one of your Spirits.",
    "order-effects": "These effects happen at the same time: as the Advantage Token holder, choose which resolves "
                     "first.",
    "choose-spirit": "Choose a Spirit for {source}.",
    "choose-die": "Choose a die for {source}.",
    "choose-face": "{source}: choose the side to turn the die to.",
    "choose-die-kind": "{source}: choose the die to roll in its place.",
    "choose-class": "This Spirit has two Classes: choose which Class Ability its Magic die resolves.",
    "choose-card": "{source}: choose a card.",
}


def group_of(kind: str) -> str:
    """The actions-panel group of an action kind (decisions such as ``choose-…`` are choices)."""
    return KIND_GROUP.get(kind, "choice")


def decision_prompt(session: Session) -> str | None:
    """What the pending decision asks, in plain words; ``None`` when no decision is pending."""
    s = session.state
    if not s.pending:
        return None
    d = s.pending[-1]
    text = PROMPTS.get(d.kind, d.kind.replace("-", " ").capitalize() + ".")
    return f"Player {d.actor + 1}: " + text.format(source=d.work.source or "the effect")
