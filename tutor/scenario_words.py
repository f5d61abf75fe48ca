"""A scenario's action selectors, state paths, values and expectations in plain words, for the FAQ explorer and the
what-if comparison (:mod:`tutor.faq`, :mod:`tutor.faq_whatif.compare`): card ids shown by name, clause ids with
their titles, seats as "Player N".
"""
from __future__ import annotations

import re
from typing import Any

from .core.errors import place_words
from .core.session import Session
from .scenario import ActionRef, Expect


def describe_ref(ref: ActionRef, names: dict[str, str] | None = None) -> str:
    """An action selector in words, cards by name: ``"Play totem (Spirit Cloak, space 1)"``. A parameter whose value
    is a card shows the card's name alone, a ``space`` named in ``names`` for the action's kind (:func:`space_names`:
    ``"play-totem space=1"``) the Spirit on it (``"Play totem (Spirit Cloak, Gonga)"``); others show ``"<name> <value>"``."""
    names = names or {}
    if f"action={ref.describe()}" in names:  # the action as its button says it (:func:`action_labels`)
        return names[f"action={ref.describe()}"]
    parts = [names[v] if isinstance(v, str) and v in names else names[f"{ref.kind} space={v}"]
             if k == "space" and f"{ref.kind} space={v}" in names else f"{k.replace('_', ' ')} {v}"
             for k, v in ref.params().items()]
    kind = ref.kind.replace("-", " ").capitalize()
    return f"{kind} ({', '.join(parts)})" if parts else kind


def plain_label(label: str) -> str:
    """An action's label without its ``[provisional]`` marks (the step is named, its value's mark is elsewhere)."""
    return label.replace(" [provisional]", "").replace("[provisional]", "")


def action_labels(session: Session, refs: list[ActionRef], blocked: list = (), seen: list = ()) -> dict[str, str]:
    """``{"action=<ref.describe()>": label}`` for each of ``refs`` that selects exactly one legal action of
    ``session``: the action's label as its button says it, without ``[provisional]`` marks (trial 16: a check read
    "“Play totem (Bell & Feather, Gonga)” is a legal action"). A ref that selects no legal action but that one of
    the session's blocked actions covers (an action the rules forbid now, e.g. a Shield after the fact) takes that
    blocked action's label, as the learn page's "Not possible now" list says it (trial 17: "“Place shield” is not a
    legal action"); a ref of a kind alone (no parameters) that nothing covers
    takes the label of a blocked action of its kind, or of one of ``seen`` (actions, e.g. the scenario's steps), since
    the check holds for each of them. Each of ``blocked`` (:class:`~tutor.scenario_model.BlockedRef`) that a blocked action of the
    session matches (its kind, and its clause when given) adds ``{"blocked=<kind>": label}``. Merged into the
    ``names`` of :func:`describe_ref` and :func:`describe_expect`."""
    out = {}
    legal = session.legal_actions()
    for r in refs:
        hits = [a for a in legal if r.matches(a)]
        if len(hits) == 1:
            out[f"action={r.describe()}"] = plain_label(hits[0].label)
        elif not hits:
            params = r.params()
            covering = [b for b in session.blocked_actions() if b.covers(r.kind, params)]
            # (a ref of a kind alone, "no Shield may be placed", holds for each action of the kind: one of them,
            # blocked now or taken elsewhere in the scenario, names it as a button would)
            like = [] if params else [b for b in session.blocked_actions() if b.kind == r.kind] + [
                a for a in seen if a.kind == r.kind]
            if covering or like:
                pick = max(covering, key=lambda b: len(b.params)) if covering else like[0]
                out[f"action={r.describe()}"] = plain_label(pick.label)
    for ref in blocked:
        same = [b for b in session.blocked_actions()
                if b.kind == ref.kind and (ref.clause is None or b.clause == ref.clause)]
        if same:
            out[f"blocked={ref.kind}"] = plain_label(same[0].label)
    return out


#: Words for the parts of a state path (``p1.s2.pool``) in an expectation, where the bare word would not read well.
_PATH_WORDS = {
    "ap": "AP", "pool": "active pool", "unmet": "unmet Totem requirements", "pending": "pending choice",
    "current": "current player", "advantage": "Advantage Token holder", "gained_by": "Advantage gained by",
    "endgame_by": "end of game triggered by", "winners": "winners", "hand_size": "hand size",
    "released_count": "number of released Spirits", "card_count": "number of cards", "deck_size": "deck size",
    "shrine_top": "top of the Shrine", "forced_rolls_left": "fixed die rolls left",
    "chance_left": "outcomes of chance fixed in advance left",
    "lines_revealed": "Spirit Lines revealed", "last_was_pass": "last action was a pass",
    "released": "released Spirits", "copies": "Spirits their Copy tokens lie on",
}
#: Paths whose value is a seat number (1-based).
_SEAT_PATHS = {"current", "advantage", "gained_by", "endgame_by", "winners"}


def slot_names(session: Session) -> dict[str, str]:
    """``{"p2.s1": "Player 2's Shark 1"}``: each Spirit slot of a game whose players have Spirits in slots (Spirit
    Duels) named by the Spirit in it now, so an expectation on ``p2.s1.damage`` names the Spirit, not its position;
    in Restless Spirits each space's unmet needs by the Spirit on it (``{"p1.unmet.1": "Player 1's Gonga · unmet
    Totem requirements"}``); ``{}`` for Spirited."""
    if session.game_id == "restless-spirits":  # a space's unmet needs, named by the Spirit on it
        return {f"p{p.seat + 1}.unmet.{j + 1}": f"Player {p.seat + 1}'s {session.game.cards.by_id[ps.card].name}"
                f" · unmet Totem requirements" for p in session.state.players for j, ps in enumerate(p.board) if ps}
    if session.game_id != "spirit-duels":
        return {}
    out = {}
    lines = session.game.cards.line_by_id  # (as spirit_duels.ctx.card_of; this module imports no game's engine)
    for p in session.state.players:
        for k, sl in enumerate(p.spirits):
            out[f"p{p.seat + 1}.s{k + 1}"] = f"Player {p.seat + 1}'s {lines[sl.line].spirits[sl.stage - 1].name}"
    return out


#: Restless Spirits action kinds whose ``space`` is a space of the acting player's own board (the others, e.g.
#: choose-destroy or choose-disable, mean another player's board, or an empty space).
_OWN_SPACE_KINDS = ("activate-ability", "play-totem", "choose-own-destroy")


def space_names(session: Session) -> dict[str, str]:
    """``{"play-totem space=1": "Gonga", ...}``: in Restless Spirits, for each action kind whose ``space`` is on the
    current player's own board (:data:`_OWN_SPACE_KINDS`), each occupied space named by the Spirit on it now, for
    :func:`describe_ref` on that very board; ``{}`` in the other games."""
    if session.game_id != "restless-spirits":
        return {}
    player = session.state.players[session.state.current]
    by_id = session.game.cards.by_id
    return {f"{kind} space={j + 1}": by_id[ps.card].name for kind in _OWN_SPACE_KINDS
            for j, ps in enumerate(player.board) if ps}


def describe_path(path: str, names: dict[str, str] | None = None) -> str:
    """A state path of a scenario expectation in words: ``"p1.s2.damage"`` -> ``"Player 1, Spirit 2 · damage"``,
    or with ``names`` holding ``"p1.s2"`` (:func:`slot_names`) ``"Player 1's Pawnite · damage"``; ``"p1.unmet.1"``
    -> ``"Player 1 · unmet Totem requirements (space 1)"``."""
    names = names or {}
    if path in names:  # a whole path named (Restless Spirits' spaces, by their Spirit)
        return names[path]
    parts = path.split(".")
    if len(parts) > 2 and f"{parts[0]}.{parts[1]}" in names:
        parts = [names[f"{parts[0]}.{parts[1]}"]] + parts[2:]
        rest = describe_path(".".join(parts[1:]))
        return f"{parts[0]} · {rest[:1].lower()}{rest[1:]}"
    owners, what = [], []
    for part in path.split("."):
        if re.fullmatch(r"p\d+", part):
            owners.append(f"Player {part[1:]}")
        elif re.fullmatch(r"s\d+", part):
            owners.append(f"Spirit {part[1:]}")
        elif part.isdigit():
            what.append(f"(space {part})" if what and what[-1] == _PATH_WORDS["unmet"] else f"#{part}")
        else:
            what.append(_PATH_WORDS.get(part, part.replace("_", " ")))
    text = " ".join(what)
    return f"{', '.join(owners)} · {text}" if owners else text[:1].upper() + text[1:]


#: How an entry of a ``{key: value}`` fact reads, by the fact's last path part, where "<key> <value>" (a count:
#: "Greeks 2") would mislead: Spirited's ``pN.shields`` maps a Road stack's clan to its Shield card's clan.
_ENTRY_WORDS = {"shields": "{k} stack shielded by a {v} card"}


def describe_value(value: Any, names: dict[str, str] | None = None, seats: bool = False, path: str = "") -> str:
    """A value of a scenario expectation in words: card ids by name, lists comma-separated (``"none"`` when empty),
    ``None`` as ``"none"``, booleans as yes/no, and with ``seats`` a seat number as ``"Player N"``. ``path``: the
    fact's path (``"p1.shields"``), for facts whose entries read their own way (:data:`_ENTRY_WORDS`)."""
    names = names or {}
    entry = _ENTRY_WORDS.get(path.rsplit(".", 1)[-1]) if path else None
    if entry and isinstance(value, dict):
        return ", ".join(entry.format(k=names.get(k, k), v=describe_value(v, names)) for k, v in value.items()) \
            or "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)):
        return ", ".join(describe_value(x, names, seats) for x in value) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{names.get(k, k)} {describe_value(v, names)}" for k, v in value.items()) or "none"
    if seats and isinstance(value, int):
        return f"Player {value}"
    return names.get(value, value) if isinstance(value, str) else str(value)


def describe_expect(e: Expect, names: dict[str, str] | None = None, titles: dict[str, str] | None = None) -> list[str]:
    """Readable lines for expectation ``e``: card ids shown by ``names``, rules by their ``titles`` (clause id ->
    title; a learner reads the title, never the id: an id without a title stays as it is). An expected end of every
    choice (``pending`` none) reads "No choice is waiting". Each line is a sentence a person would say, without
    its full stop (``"The rule “Double Totem” applies"``), so a caller can also set it inside a longer sentence."""
    names, titles = names or {}, titles or {}
    rule = lambda c: titles.get(c, c)

    last = " in the last step" if e.only_last else ""
    out = [f"“{describe_ref(r, names)}” is a legal action" for r in e.legal]
    out += [f"“{describe_ref(r, names)}” is not a legal action" for r in e.not_legal]
    out += [(f"“{names[f'blocked={b.kind}']}”" if f"blocked={b.kind}" in names else
             b.kind.replace("-", " ").capitalize() + (f" ({b.label})" if b.label else "")) + " is shown as not possible"
            + (f", because of the rule “{rule(b.clause)}”" if b.clause else "") for b in e.blocked]
    out += [f"“{describe_ref(r.action, names)}” is refused because of the rule “{rule(r.clause)}”, and the game "
            "stays as it was" for r in e.refused]
    out += [f"The rule “{rule(c)}” applies{last}" for c in e.fired if c not in e.rulings]  # a ruling: said once, below
    out += [f"The rule “{rule(c)}” does not apply{last}" for c in e.not_fired]
    if e.in_order:
        out.append("In the last step the rules apply in this order: "
                   + ", then ".join(f"“{rule(c)}”" for c in e.in_order))
    out += [f"The tutor's ruling “{rule(c)}” applies{last}" for c in e.rulings]
    out += ["No choice is waiting" if k == "pending" and v is None else f"{describe_path(k, names)}: "
            + (v.replace("-", " ") if k == "pending" and isinstance(v, str)  # a decision kind, e.g. order-effects
               else describe_value(v, names, k.split('.')[0] in _SEAT_PATHS, k))
            for k, v in e.state.items()]
    return out


#: A state's lists whose items are named by their number (``players[0]`` is "Player 1", ``hand[1]`` "hand (card
#: 2)"), for :func:`state_field_words`; any other list's item is "(item N)".
_STATE_ITEMS = {"players": "Player {n}", "markets": "market row {n}", "hand": "hand (card {n})",
                "board": "board (space {n})", "spirits": "Spirit {n}", "lost_spirits": "Lost Spirit {n}"}


def state_field_words(loc: tuple) -> str:
    """A field inside a scenario's set-up state (pydantic's place under ``setup.state``: names and list positions,
    counted from 0) as a person says it, counting from 1: ``("players", 0, "ap")`` is ``"Player 1's AP"``,
    ``("players", 0, "hand", 1)`` ``"Player 1's hand (card 2)"``, ``("markets", 0, 0)`` ``"market row 1, card 1"``,
    ``("totem_discard",)`` ``"totem discard"``. Names are cut to 40 characters (a file's own words)."""
    parts: list[str] = []
    i = 0
    while i < len(loc):
        x = loc[i]
        n = loc[i + 1] + 1 if i + 1 < len(loc) and isinstance(loc[i + 1], int) else None
        if isinstance(x, int):
            parts.append(f"card {x + 1}" if parts and parts[-1].startswith("market row") else f"item {x + 1}")
        else:
            word = _PATH_WORDS.get(x, short_name(x))
            parts.append(word if n is None else _STATE_ITEMS.get(x, word + " (item {n})").format(n=n))
            i += n is not None
        i += 1
    if len(parts) > 1 and re.fullmatch(r"Player \d+", parts[0]):
        return f"{parts[0]}'s " + ", ".join(parts[1:])
    return ", ".join(parts)


#: A question file's fields as a person names them (:func:`question_field_words`).
_QUESTION_FIELDS = {"meta": "The question's details", "setup": "The set-up", "script": "The script",
                    "expect": "The checks"}
_QUESTION_LISTS = {"script": lambda n, _rest: f"Step {n:,} of the script",
                   "expect": lambda n, rest: f"Check {n:,}" + (f"'s {short_name(rest[0])}" if rest else "")}


def short_name(name) -> str:
    """A field's name as words: underscores as spaces, cut to 40 characters."""
    return str(name)[:40].replace("_", " ")


def question_field_words(loc: tuple) -> str:
    """A field of a FAQ question file (a shipped scenario or a learner's saved question) at ``loc`` as a person
    says it: ``("setup", "state", "players", 0, "ap")`` is ``"In the set-up, Player 1's AP"``
    (:func:`state_field_words`), ``("meta", "title")`` ``"The title"``, ``("expect", 0, "state")`` ``"Check 1's
    state"``, ``("script", 2)`` ``"Step 3 of the script"``, ``()`` ``"The question"``; a field a question does not
    have is named in quotes, cut (:func:`~tutor.core.errors.place_words`). Session 33: the FAQ explorer's list of
    files not loaded said ``players[0].ap``."""
    if loc[:2] == ("setup", "state") and len(loc) > 2:
        said = state_field_words(loc[2:])
        return f"In the set-up, {said if re.match(r'(Player|market row|Lost Spirit|Spirit) [0-9]', said) else 'the ' + said}"
    if len(loc) >= 2 and loc[0] == "meta" and isinstance(loc[1], str):
        return "The question's words" if loc[1] == "question" else f"The {short_name(loc[1])}"
    return place_words(loc, whole="The question", names=_QUESTION_FIELDS, listed=_QUESTION_LISTS)
