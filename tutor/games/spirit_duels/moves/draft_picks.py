"""The draft's picks (What's Next? Drafting; Forming Your Team): a Class pick takes a Class card still on the table
(in the 1-2-2-1 order, ``sd.draft.order``), never one already taken (``sd.draft.taken``); a Spirit Line choice takes
one Line of a drafted Class that has none yet (``sd.lines.one-per-class``), never a Line of a Class the player did
not draft (``sd.lines.own-classes``). The draft's set-up and what a pick does are in :mod:`..draft`.
"""
from __future__ import annotations

from ....core.model import make_action
from ....core.moves import Check
from ..draft import PICK_ORDER, article, class_text, line_label, line_name
from ..state import SDState


def draft_class(g, s: SDState, out: Check) -> None:
    """Decision ``draft-class``: each Class card taken already is refused (by whom), each still on the table
    offered."""
    d = out.decision
    if d is None or d.kind != "draft-class":
        return
    seat = d.actor
    if out.wants_blocked:
        for p in s.players:
            for cl in p.classes:
                who = "you" if p.seat == seat else f"Player {p.seat + 1}"
                out.no("draft-class", seat, f"Draft {class_text(cl)}", "sd.draft.taken", f"{who} already drafted it; "
                       "each Class card can be taken only once", **{"class": cl})
    k = d.work.index
    held = "hold" if PICK_ORDER[k] else "do not hold"
    for cl in s.draft.left:
        out.ok(make_action("draft-class", seat, f"Draft {class_text(cl)}", f"Draft pick {k + 1} of 6 in the 1-2-2-1 "
                           f"order: you {held} the Advantage Token, so this pick is yours, and {cl.capitalize()} is "
                           "still on the table.", ("sd.draft.pick", "sd.draft.order"), **{"class": cl}))


def choose_line(g, s: SDState, out: Check) -> None:
    """Decision ``draft-line``, by Class: a drafted Class with its Line chosen refuses its other Lines; a drafted
    Class without one offers each of its Lines; a Class not drafted is refused."""
    d = out.decision
    if d is None or d.kind != "draft-line":
        return
    seat = d.actor
    p = s.players[seat]
    line_class = g.cards.line_class
    if out.wants_blocked:
        for sl in p.spirits:
            cl = line_class[sl.line]
            for ln in g.cards.class_by_id[cl].lines:
                if ln != sl.line:
                    out.no("choose-line", seat, f"Choose {g.cards.line_by_id[ln].name}", "sd.lines.one-per-class",
                           f"you already chose {line_name(g, sl.line)} for {cl.capitalize()}; each Class gives exactly "
                           "one Spirit Line", line=ln)
    mode = g.options["lines"]
    done = {line_class[sl.line] for sl in p.spirits}
    for cl in p.classes:
        if cl in done:
            continue
        why = (f"Your team takes exactly one Spirit Line from each of your Classes and you have no {cl.capitalize()} "
               "Line yet; " + ("your choice stays hidden until both teams are complete." if mode == "casual" else
                               "players choose one Line at a time, alternating, and each choice is revealed at once."))
        extra = ("sd.ruling.casual-reveal",) if mode == "casual" else ("sd.ruling.line-order",)
        for ln in g.cards.class_by_id[cl].lines:
            out.ok(make_action("choose-line", seat, f"Choose {line_label(g, ln)}", why,
                               ("sd.lines.one-per-class", f"sd.lines.{mode}") + extra, line=ln))
    if out.wants_blocked:
        for cl in g.cards.class_by_id:
            if cl in p.classes:
                continue
            owner = next((f"Player {q.seat + 1} drafted it" for q in s.players if cl in q.classes), "nobody drafted it")
            out.no("choose-line", seat, f"Choose {article(cl.capitalize())} Spirit Line", "sd.lines.own-classes",
                   f"{cl.capitalize()} is not one of your drafted Classes ({owner})")
