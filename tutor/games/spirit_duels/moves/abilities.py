"""Actions of Spirits and Items (Actions: Use an Action; Limited Actions; Items): a Spirit's ability used as an
action, free or paid with a die of its symbol from the Spirit's active pool (``sd.action.symbol-cost``), and an
Item's ability, paid with a charge when it has charges. A Limited Action is used once per round
(``sd.limited-action``). An ability that would do nothing now is still legal and says so (:mod:`..idle`).
"""
from __future__ import annotations

import re

from ....core.model import Action, make_action, mark_before_stop, mark_idle
from ....core.moves import Check, built
from ..ctx import ability_of, card_of, spirit_name
from ..dice import face_label, kind_label, symbol
from ..idle import idle_card
from ..state import SDState, SpiritSlot
from .spirit import slot


def _clauses(ab) -> tuple[str, ...]:
    """The clause an ability used as an action cites: a Limited Action's, or an Action's."""
    return ("sd.limited-action",) if ab.timing == "limited-action" else ("sd.ability-action",)


def _limited_used(ab, used: bool) -> bool:
    """Whether ``ab`` (of a Spirit or an Item) is a Limited Action already ``used`` this round (refused then:
    :func:`_refuse_limited`)."""
    return used and ab.timing == "limited-action"


def _refuse_limited(out: Check, kind: str, seat: int, label: str, **where: int) -> None:
    """Refuse the action ``kind`` (``label``, narrowed by ``where``) of a Limited Action already used this round,
    citing ``sd.limited-action`` (the label is worded only for a used Limited Action, not for every ability of every
    step)."""
    out.no(kind, seat, label, "sd.limited-action", "a Limited Action can be used only once per round", **where)


@built
def use_ability_action(g, seat: int, i: int, line: str, stage: int, defeated: bool, die: tuple[int, str, str] | None,
                       idle: tuple[str, str] | None) -> Action:
    """Use the ability of the Spirit on space ``i``: free, or paid with ``die`` = (index in the pool, kind, face)."""
    sl = slot(line, stage, defeated)
    ab = ability_of(g, sl)
    cl = _clauses(ab)
    name = spirit_name(g, sl)
    # "Action (Essence): draw 1 card." -> "Use Zuja's Action, paying with its Level 1 Magic die showing Essence:
    # draw 1 card." (trial 20: "Use Zuja: Action (Essence): draw 1 card. (remove its ... die ...)")
    timing, sep, effect = ab.text.partition(": ")
    timing = re.sub(r"(?<!\s)\s*\([^()]*\)$", "", timing) if sep else ""  # (?<!\s): linear (attack 47)
    said = mark_before_stop(effect if sep else ab.text, g.mark(card_of(g, sl), "ability"))
    # a provisional name: "Toxic Line B Stage 3's [provisional]"
    mark = " [provisional]" if name.endswith(" [provisional]") else ""
    head = f"Use {name.removesuffix(mark)}'s{mark} {timing}" if timing else f"Use {name}"
    if die is None:
        a = make_action("use-ability", seat, f"{head}: {said}", "This Action costs no die.", cl, spirit=i + 1)
    else:
        n, kind, face = die
        a = make_action("use-ability", seat, f"{head}, paying with its {kind_label(kind)} showing "
                        f"{face_label(face)}: {said}", f"The cost is a die showing {ab.symbol.capitalize()} on "
                        f"{name}.", cl + ("sd.action.symbol-cost",), None, spirit=i + 1, die=n + 1)
    return mark_idle(a, *idle) if idle else a


def use_ability(g, s: SDState, seat: int, i: int, sl: SpiritSlot, out: Check) -> None:
    """The ability of the Spirit ``sl`` on space ``i`` of ``seat``: offered once per distinct die that can pay it
    (or once when free), unless it is used on activation; refused when its Limited Action was used this round or no
    die in its pool shows its symbol."""
    ab = ability_of(g, sl)
    if ab is None:
        return
    if _limited_used(ab, sl.limited_used):
        _refuse_limited(out, "use-ability", seat, f"Use {spirit_name(g, sl)}'s Limited Action", spirit=i + 1)
        return
    if ab.symbol and not any(symbol(d.face) == ab.symbol for d in sl.pool):
        if out.wants_blocked:
            name = spirit_name(g, sl)
            out.no("use-ability", seat, f"Use {name}'s Action", "sd.action.symbol-cost", f"it needs a die showing "
                   f"{ab.symbol.capitalize()} in {name}'s active pool", spirit=i + 1)
        return
    if ab.timing == "activate":
        return
    idle = idle_card(g, s, seat, ("ability", sl.line, sl.stage), spirit=i, still="the ability would still be used"
                     + ("" if ab.symbol is None else " and its die spent")) if ab.effects else None
    if ab.symbol is None:
        out.ok(use_ability_action(g, seat, i, sl.line, sl.stage, sl.defeated, None, idle))
        return
    seen = set()
    for n, d in enumerate(sl.pool):
        if symbol(d.face) == ab.symbol and (d.kind, d.face) not in seen:
            seen.add((d.kind, d.face))
            out.ok(use_ability_action(g, seat, i, sl.line, sl.stage, sl.defeated, (n, d.kind, d.face), idle))


@built
def use_item_action(g, seat: int, j: int, cid: str, charges: int | None, idle: tuple[str, str] | None) -> Action:
    card = g.cards.by_id[cid]
    ab = card.ability
    said = f" ({charges} charge{'s' if charges != 1 else ''})" if charges is not None else ""
    a = make_action("use-item", seat, f"Use {card.name}{said}: {mark_before_stop(ab.text, g.mark(card, 'text'))}",
                    f"{card.name} is in play" + (" and its charges pay for the use." if charges else "."),
                    _clauses(ab), item=j + 1)
    return mark_idle(a, *idle) if idle else a


def use_item(g, s: SDState, out: Check) -> None:
    """Each Item in play with an ability and a charge left: offered, unless its Limited Action was used this round
    (refused, ``sd.limited-action``)."""
    seat = s.current
    for j, it in enumerate(s.players[seat].items):
        card = g.cards.by_id[it.card]
        ab = card.ability
        if ab is None:
            continue
        if _limited_used(ab, it.limited_used):
            _refuse_limited(out, "use-item", seat, f"Use {card.name}", item=j + 1)
            continue
        if it.charges == 0:
            continue
        idle = idle_card(g, s, seat, ("item", it.card), still="the Item would still be used") if ab.effects else None
        out.ok(use_item_action(g, seat, j, it.card, it.charges, idle))
