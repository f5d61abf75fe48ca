"""Choices inside an action or phase, as pending decisions whose options are the next legal actions (which Spirit,
which die, which face, which card; the mulligan; End Phase discards; the order of simultaneous effects; the draft's
Class picks and Spirit Line choices, answered in :mod:`.draft`).

The engine never picks for a player; a choice with exactly one option resolves itself and the event says so
(ruling ``sd.ruling.single-option``).
"""
from __future__ import annotations

from ...core.flow import OptionsByKind
from ...core.model import Action, make_action
from ...core.moves import built_once
from .ctx import Ctx, classes_of, is_presence, is_spirit, plural, spirit_name, status_text
from .cards import CLASS_ABILITY
from .dice import DIE_FACES, SUPPLY_KINDS, face_label, kind_label, symbol
from .targets import die_options, spirit_options
from .state import Decision, SDState, SpiritSlot, Work


def die_words(g, s: SDState, t: int, i: int, k: int) -> tuple[str, str]:
    """Die ``k`` (0-based) of Spirit ``i`` of seat ``t`` in words: ``("Player 1's Tychomp", "Level 1 Magic die
    showing Attack")``, its owner and the die (options' labels and the events of their answers are made from
    these, never parsed back from a label)."""
    sl = s.players[t].spirits[i]
    d = sl.pool[k]
    return f"Player {t + 1}'s {spirit_name(g, sl)}", f"{kind_label(d.kind)} showing {face_label(d.face)}"


def _die_text(g, s: SDState, t: int, i: int, k: int) -> str:
    owner, die = die_words(g, s, t, i, k)
    return f"{owner}: {die}"


def spirit_words(g, s: SDState, t: int, i: int) -> str:
    """Spirit ``i`` (0-based) of seat ``t`` in words, with its tokens: ``"Player 1's Pawnite (no tokens)"``."""
    sl = s.players[t].spirits[i]
    return f"Player {t + 1}'s {spirit_name(g, sl)} ({status_text(sl)})"


def spirit_purpose(w: Work) -> str:
    """What the chosen Spirit is for, as the verb of a ``choose-spirit`` label: ``"deal 1 damage to"``,
    ``"exhaust"``, ``"put 2 burn tokens on"``... (so the two choices of Stunning Strike, damage then exhaust, never
    share one label)."""
    k = w.kind
    if k == "damage":
        return f"deal {w.amount} damage to"
    if k == "zap":
        return "put 1 Zap damage on"
    if k == "tokens":
        return f"put {plural(w.amount, (w.ability or 'status') + ' token')} on"
    if k == "heal":
        return f"heal {w.amount} damage on"
    if k in ("exhaust", "ready"):
        return k
    if k == "roll-into":
        return f"roll a {kind_label(w.die_kind)} into the pool of" if w.die_kind else "roll a die into the pool of"
    if k == "attach":
        return "attach it to"
    return "choose"


@built_once
def _hand_card_option(g, dkind: str, seat: int, card: str) -> Action:
    """Set aside or discard ``card`` from hand (decision ``dkind``: ``mulligan`` or ``end-discard``)."""
    kind, label, why, _keep, _keep_why, clauses = _HAND_CHOICES[dkind]
    return make_action(kind, seat, label.format(g.card_label(card)), why, clauses, card=card)


@built_once
def _keep_hand_option(g, dkind: str, seat: int, hand: int, none_aside: bool = False) -> Action:
    """Keep the ``hand`` cards left (decision ``dkind``: ``mulligan`` or ``end-discard``); ``none_aside``: no card of
    the opening hand is set aside yet, so the mulligan keeps all of them (trial 27: "Keep the other 5 cards" before
    any was set aside)."""
    _kind, _label, _why, keep, keep_why, clauses = _HAND_CHOICES[dkind]
    if none_aside and dkind == "mulligan":
        keep = "Keep all {}"
    return make_action("keep-hand", seat, keep.format(plural(hand, "card")), keep_why, clauses)


@built_once
def _mark_die_option(g, seat: int, i: int, k: int, line: str, stage: int, defeated: bool, kind: str,
                     face: str, alike: int) -> Action:
    """Mark die ``k`` (a ``kind`` die showing ``face``) of ``seat``'s Spirit on space ``i`` (0-based; Spirit Line
    ``line`` at ``stage``, ``defeated`` or not) for the Meditate reroll (decision ``meditate-pick``); ``alike``: how
    many unmarked dice of that pool are the same (kind and face), which this one option stands for."""
    sl = SpiritSlot.model_construct(line=line, stage=stage, defeated=defeated, traits=[], pool=[])  # (no factories)
    # whose die it is, in the words of its owner, the one meditating (trial 19: "Mark for reroll: Player 2's Binx"
    # read, in free play, as the computer marking someone else's die while Player 1 was to move)
    name, mark = spirit_name(g, sl), ""
    # (the mark closes the label: "Mark your Electric Line B Stage 1's … for reroll †")
    if name.endswith(" [provisional]"):
        name, mark = name[: -len(" [provisional]")], " [provisional]"
    # identical dice are one option (new user 43: three dice on the board, two options, read as a stale board):
    # the option says how many it stands for and that choosing it again marks the next one
    twins = f", one of {alike} alike" if alike > 1 else ""
    text = f"your {name}'s {kind_label(kind)} (showing {face_label(face)}{twins})"
    why = (f"These {alike} dice are the same, so one choice stands for them; choose it again to mark another. "
           if alike > 1 else "")
    return make_action("mark-die", seat, f"Mark {text} for reroll{mark}", why + "You declare every die you will "
                       "reroll before rolling any; Meditate rerolls only your own dice.", ("sd.meditate",),
                       spirit=i + 1, die=k + 1)


@built_once
def _reroll_marked_option(g, seat: int, marked: int) -> Action:
    """Reroll the ``marked`` dice declared (decision ``meditate-pick``)."""
    return make_action("reroll-marked", seat, f"Reroll the {plural(marked, 'marked die', 'marked dice')}" if marked
                       else "Reroll no dice", "Meditate rerolls the dice you declared.", ("sd.meditate",))


def decision_actions(g, s: SDState, d: Decision) -> list[Action]:
    """The legal actions that answer decision ``d`` (its kind's options, :data:`OPTIONS`)."""
    return OPTIONS(g, s, d)


def _adder(out: list[Action], seat: int):
    """``a(kind, label, why, clauses, **params)``: append an option of ``seat`` to ``out``."""
    return lambda kind, label, why, clauses, **kw: out.append(make_action(kind, seat, label, why, clauses, **kw))


def _draft_options(g, s: SDState, d: Decision) -> list[Action]:
    # the draft's moves (asked through the game: they import this)
    return g.draft_options(s, d)


def _spirit_choices(g, s: SDState, d: Decision) -> list[Action]:
    w, out, actor = d.work, [], d.actor
    options = spirit_options_for(g, s, d)
    if not options:
        return out
    # what every option shares: the source and purpose, why it may be chosen, the clauses (worked out once)
    head = f"{w.source}: {spirit_purpose(w)} "
    why_ok = _spirit_why(w.source, d.side, actor != w.seat)
    cited = ("sd.choose.spirit", "sd.ruling.zap-opponent-spreads") if w.kind == "zap" else ("sd.choose.spirit",)
    for t, i in options:
        label, why, clauses = head + spirit_words(g, s, t, i), why_ok, cited
        lost = _lost_on_presence(w, s.players[t].spirits[i])
        if lost:  # (new user 42: the Burn offered on a Presence read as a rules mistake; it is allowed, and wasted)
            label += f"; it can be chosen but takes no {lost}"
            why = (f"{w.source} needs {_side_words(d.side)} Spirit, and a Spirit with Presence can still be chosen; "
                   f"but it cannot receive damage or status tokens, so no {lost} is placed on it.")
            clauses = ("sd.choose.spirit", "sd.presence", "sd.presence.immune")
        out.append(make_action("choose-spirit", actor, label, why, clauses, player=t + 1, spirit=i + 1))
    return out


def _lost_on_presence(w: Work, sl: SpiritSlot) -> str:
    """What a Spirit on its Presence side would not receive from ``w`` (``"damage"``, ``"burn token"``), or ``""``
    when ``w`` places no damage or status token, or the Spirit can take them (Damage, Defeated Spirits and
    Presence: still chosen, never given damage or status tokens)."""
    if not is_presence(sl) or w.kind not in ("damage", "tokens"):
        return ""
    return "damage" if w.kind == "damage" else f"{w.ability or 'status'} token"


def _die_choices(g, s: SDState, d: Decision) -> list[Action]:
    w, out = d.work, []
    a = _adder(out, d.actor)
    c = Ctx(g, s)
    for t, i, k in die_options(c, w.seat, d.side, d.need):
        a("choose-die", f"{w.source}: choose {_die_text(g, s, t, i, k)}", f"{w.source} works on one die"
          + (" of level 1 (never the Advantage Die)" if d.need == "level1" else
             " of level 2 (never the Advantage Die)" if d.need == "level2" else "") + ".",
          ("sd.choose.die",), player=t + 1, spirit=i + 1, die=k + 1)
    return out


def _face_choices(g, s: SDState, d: Decision) -> list[Action]:
    w, out = d.work, []
    a = _adder(out, d.actor)
    kind = s.players[w.target_seat].spirits[w.target].pool[w.die].kind
    for face in sorted(set(DIE_FACES[kind])):
        a("choose-face", f"{w.source}: turn it to {face_label(face)}", "The die may be turned to any of its "
          "sides.", ("sd.class.splash" if w.side == "enemy" else "sd.class.lift",), face=face)
    return out


def _die_kind_choices(g, s: SDState, d: Decision) -> list[Action]:
    w, out = d.work, []
    a = _adder(out, d.actor)
    for kind in SUPPLY_KINDS:
        a("choose-die-kind", f"{w.source}: roll a {kind_label(kind)} instead", "Replace lets you roll a die of "
          "your choice into the same pool.", ("sd.kw.replace",), die=kind)
    return out


def _class_choices(g, s: SDState, d: Decision) -> list[Action]:
    w, out = d.work, []
    a = _adder(out, d.actor)
    sl = s.players[w.seat].spirits[w.spirit]
    for cl in classes_of(g, sl):
        ab = CLASS_ABILITY[cl]
        a("choose-class", f"Use {cl.capitalize()}: {ab.capitalize()} {w.amount}", f"{spirit_name(g, sl)} has "
          "two Classes; you choose which Class Ability this Magic die resolves.",
          ("sd.ruling.dual-class", "sd.resolve.magic"), ability=ab)
    return out


def _card_choices(g, s: SDState, d: Decision) -> list[Action]:
    # only Drain asks for a card (effects._drain)
    w, out = d.work, []
    a = _adder(out, d.actor)
    for card in sorted(set(w.cards)):
        a("choose-card", f"Discard {g.card_label(card)}", "Drain lets you discard one of the revealed cards.",
          ("sd.class.drain",), card=card)
    return out


def _hand_choices(g, s: SDState, d: Decision) -> list[Action]:
    # mulligan, end-discard: one card of the hand at a time, or keep the rest (built once: _hand_card_option)
    seat, out = d.actor, []
    hand = s.players[seat].hand
    acts = _hand_card_option.kept(g)
    for card in sorted(set(hand)):
        out.append(acts[d.kind, seat, card])
    out.append(_keep_hand_option(g, d.kind, seat, len(hand), not s.players[seat].aside))
    return out


def _meditate_choices(g, s: SDState, d: Decision) -> list[Action]:
    w, seat, out = d.work, d.actor, []
    marked = {(m.spirit, m.die) for m in w.marked}
    spirits = s.players[seat].spirits
    for t, i, k in _unmarked(s, seat, marked):
        sl = spirits[i]
        die = sl.pool[k]
        alike = sum(1 for n, o in enumerate(sl.pool)
                    if (i, n) not in marked and (o.kind, o.face) == (die.kind, die.face))
        # the die's text names the Spirit (line, stage, defeated) and the die (kind, face)
        out.append(_mark_die_option(g, seat, i, k, sl.line, sl.stage, sl.defeated, die.kind, die.face, alike))
    out.append(_reroll_marked_option(g, seat, len(marked)))
    return out


def _resolve_die_choices(g, s: SDState, d: Decision) -> list[Action]:
    w, seat, out = d.work, d.actor, []
    sym = w.symbol
    why = f"You declared {sym.capitalize()}; you may resolve any of your dice showing it, one at a time."
    for i, sl in enumerate(s.players[seat].spirits):
        if not sl.pool:
            continue
        seen = set()
        for k, die in enumerate(sl.pool):
            if symbol(die.face) == sym and (die.kind, die.face) not in seen:
                seen.add((die.kind, die.face))
                out.append(make_action("resolve-die", seat, f"Resolve {_die_text(g, s, seat, i, k)}", why,
                                       ("sd.resolve-dice", "sd.ruling.die-leaves-first"), spirit=i + 1, die=k + 1))
    if not w.first:
        out.append(make_action("stop-resolving", seat, "Stop resolving dice", "You may resolve any number of the "
                               "matching dice.", ("sd.resolve-dice",)))
    return out


def _advantage_die_choices(g, s: SDState, d: Decision) -> list[Action]:
    out = []
    a = _adder(out, d.actor)
    for i, sl in enumerate(s.players[d.actor].spirits):
        if is_spirit(sl):
            a("place-advantage-die", f"Place the Advantage Die on {spirit_name(g, sl)}", "The Advantage Token "
              "holder assigns the Advantage Die to one of their Spirits; it is rolled when that Spirit is "
              "activated.", ("sd.end.advantage-die",), spirit=i + 1)
    return out


def _order_choices(g, s: SDState, d: Decision) -> list[Action]:
    out = []
    a = _adder(out, d.actor)
    for k, x in enumerate(d.work.works):
        a("choose-effect", f"Resolve first: {x.source}", "These effects happen at the same time; the Advantage "
          "Token holder orders them, each fully resolved before the next.", ("sd.simultaneous",), effect=k + 1)
    return out


#: Decisions that take cards from the hand one at a time: decision kind -> (action kind, label, why, "keep" label,
#: "keep" why, clauses); ``{}`` in a label is the card, in the "keep" label the number of cards in hand. The mulligan
#: cites the ruling that takes it one player and one card at a time (``sd.ruling.mulligan-order``: the rulebook has
#: both players set aside at once).
_HAND_CHOICES = {
    "mulligan": ("set-aside", "Set aside {}", "Before the first round you may set aside any cards of your opening "
                 "hand; you draw back up to 5. Our ruling: one card at a time, Player 1 first, then Player 2.",
                 "Keep the other {}", "You may stop setting cards aside at any time (our ruling: Player 1 finishes "
                 "before Player 2 starts).", ("sd.setup.mulligan", "sd.ruling.mulligan-order")),
    "end-discard": ("discard", "Discard {}", "In the End Phase each player may discard any number of cards before "
                    "drawing back up to 5.", "Keep the {} in hand", "Discarding is optional.", ("sd.end.discard",)),
}


def _spirit_why(source: str, side: str, for_opponent: bool) -> str:
    """Why a Spirit may be chosen; ``side`` is seen from the effect's owner, so when the chooser is the opponent
    (Zap: they spread the damage over their own Spirits) an enemy Spirit is one of the chooser's own."""
    if for_opponent and side == "enemy":
        return (f"{source} is your opponent's effect, but you choose which of your own Spirits it hits; this one can "
                "be chosen.")
    return f"{source} needs {_side_words(side)} Spirit; this one can be chosen."


def _side_words(side: str) -> str:
    return {"enemy": "an enemy", "ally": "an ally"}.get(side, "a")


def spirit_options_for(g, s: SDState, d: Decision) -> list[tuple[int, int]]:
    return spirit_options(Ctx(g, s), d.work.seat, d.side, d.need)


def _unmarked(s: SDState, seat: int, marked: set[tuple[int, int]]) -> list[tuple[int, int, int]]:
    out = []
    for i, sl in enumerate(s.players[seat].spirits):
        seen = set()
        for k, die in enumerate(sl.pool):
            if (i, k) in marked or (die.kind, die.face) in seen:
                continue
            seen.add((die.kind, die.face))
            out.append((seat, i, k))
    return out


def fill(w: Work, action: Action) -> None:
    """Write the chosen option of a choose-* decision into its work."""
    if action.kind in ("choose-spirit", "choose-die"):
        w.target_seat, w.target = action.param("player") - 1, action.param("spirit") - 1
        if action.kind == "choose-die":
            w.die = action.param("die") - 1
    elif action.kind == "choose-face":
        w.face = action.param("face")
    elif action.kind == "choose-die-kind":
        w.die_kind = action.param("die")
    elif action.kind == "choose-class":
        w.ability = action.param("ability")
    elif action.kind == "choose-card":
        w.card = action.param("card")


#: The options of each decision kind (:class:`tutor.core.flow.OptionsByKind`), registered once.
OPTIONS = OptionsByKind({
    "draft-class": _draft_options, "draft-line": _draft_options, "choose-spirit": _spirit_choices,
    "choose-die": _die_choices, "choose-face": _face_choices, "choose-die-kind": _die_kind_choices,
    "choose-class": _class_choices, "choose-card": _card_choices, "mulligan": _hand_choices,
    "end-discard": _hand_choices, "meditate-pick": _meditate_choices, "resolve-die": _resolve_die_choices,
    "place-advantage-die": _advantage_die_choices, "order-effects": _order_choices})
