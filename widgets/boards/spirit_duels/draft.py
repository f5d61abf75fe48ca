"""The draft on the Spirit Duels board: the nine Class cards, the 1-2-2-1 pick order and the Spirit Line order, each
player's drafted Classes and chosen Lines (a casual choice hidden from the other player until both teams are
revealed), and the Lines the chooser may pick from (What's Next? Drafting)."""
from __future__ import annotations

from tutor import Session, view

from ...style import esc, prov_badge
from .. import hand_shown, turn_badge, who_tag
from .looks import ADVANTAGE_MARK, CLASS_COLOURS, class_chip

def _class_card(v, cls: str, owner: int | None) -> str:
    """A Class card: its name and Class Ability, greyed with its owner once drafted."""
    bg, fg = CLASS_COLOURS.get(cls, ("#6a6484", "#fff"))
    ab = v.class_ability(cls).capitalize()
    where = f"drafted by Player {owner + 1}" if owner is not None else "on the table"
    return (f'<span class="sd-classcard{" sd-taken" if owner is not None else ""}" style="background:{bg};color:{fg}" '
            f'title="{esc(f"{cls.capitalize()}: Magic dice of its Spirits resolve {ab} X. {where.capitalize()}.")}">'
            f'{esc(cls.capitalize())}<small>{esc(ab)} X · {esc(where if owner is not None else "free")}</small>'
            '</span>')


def _line_card(g, v, line_id: str, chosen: bool) -> str:
    """A Spirit Line to choose from: its three stages, the Stage 1 Spirit's values and its Special cards."""
    ln = g.cards.line_by_id[line_id]
    s1 = ln.spirits[0]
    dice = ", ".join(v.kind_label(k).replace(" die", "") for k in s1.dice)
    stages = " → ".join(esc(sp.name) for sp in ln.spirits)
    stages += "" if ln.provisional else prov_badge(s1.provisional, ("name",))  # the Line's badge covers its names
    extra = sorted({c for sp in ln.spirits[1:] for c in sp.classes} - {ln.cls})
    gains = (f' · evolving adds {"".join(class_chip(c, False) for c in extra)}'
             f'{prov_badge(ln.spirits[-1].provisional, ("classes",))}' if extra else "")
    specials = ", ".join(esc(g.cards.by_id[c].name) for c in g.cards.specials(line_id))
    return (f'<div class="sd-line{" sd-chosen" if chosen else ""}"><b>{esc(ln.name)}</b>'
            f'{prov_badge(ln.provisional, ("name",))}{" ✓ chosen" if chosen else ""}<br>{stages}{gains}'
            f'<div class="sd-small">Stage 1: ♥ {s1.health} · ⚔ {s1.attack} · ✦ {s1.magic} · ◆ {s1.essence} · dice '
            f'{esc(dice)}{prov_badge(s1.provisional, ("health", "dice", "attack", "magic", "essence"))}</div>'
            f'<div class="sd-small">Special cards: {specials}</div></div>')


NONE_YET = '<span class="rt-muted">none yet</span>'


def _draft_player(session: Session, p, acting: bool) -> str:
    """A player's area during the draft: drafted Classes and Spirit Lines (hidden from the other player while a
    casual choice is secret); the acting player also sees the Lines they may still choose."""
    g, s = session.game, session.state
    tag = turn_badge(session, p.seat, "CHOOSING") if acting else ""
    if s.advantage == p.seat:
        tag += f' <span class="sd-flag">{ADVANTAGE_MARK}Advantage Token</span>'
    chosen = [sl.line for sl in p.spirits]
    shown = s.draft.revealed or hand_shown(session, p.seat, acting)
    if shown:
        names = ", ".join(esc(g.cards.line_by_id[ln].name) + prov_badge(g.cards.line_by_id[ln].provisional, ("name",))
                          for ln in chosen)
        lines = names or NONE_YET
    else:
        lines = (f'<span class="sd-hidden" title="Casual Line choice: revealed when both teams are complete">'
                 f'{len(chosen)} of 3 chosen, hidden</span>')
    offer = ""
    # (the Lines to choose from, marked where chosen: not a hidden seat's secret casual choice, trial 24)
    if acting and shown and s.pending and s.pending[-1].kind == "draft-line":
        cards = "".join(_line_card(g, view(session), ln, ln in chosen) for cl in p.classes for ln in g.cards.class_by_id[cl].lines)
        offer = f'<div class="sd-lines">{cards}</div>'
    return (f'<div class="rt-player{" rt-current" if acting else ""}"><div class="rt-phead"><span>'
            f'<span class="rt-pname">Player {p.seat + 1}</span>{who_tag(session, p.seat)} {tag}</span></div>'
            f'<div class="rt-row"><span class="rt-rowlabel">Classes</span>'
            f'{"".join(class_chip(c) for c in p.classes) or NONE_YET}</div>'
            f'<div class="rt-row"><span class="rt-rowlabel">Lines</span><span>{lines}</span></div>{offer}</div>')


def _draft_table(session: Session) -> str:
    """The nine Class cards and the 1-2-2-1 pick order, with the picks made so far."""
    g, s, v = session.game, session.state, view(session)
    owner = {cl: p.seat for p in s.players for cl in p.classes}
    cards = "".join(_class_card(v, cl.id, owner.get(cl.id)) for cl in g.cards.classes)
    done = len(owner)
    seats = v.pick_seats()
    picks = []
    for k, seat in enumerate(seats):
        cls = "sd-done" if k < done else ("sd-now" if k == done else "")
        picks.append(f'<span class="{cls}">{k + 1}: P{seat + 1}</span>')
    order = (f'<div class="sd-order">Class picks (1-2-2-1, Player {seats[0] + 1} without the Advantage Token '
             f'first): {"".join(picks)}</div>')
    if done == len(seats):
        mode = v.line_mode
        seats = v.line_order()
        n = sum(len(p.spirits) for p in s.players)
        steps = "".join(f'<span class="{"sd-done" if k < n else ("sd-now" if k == n else "")}">P{x + 1}</span>'
                        for k, x in enumerate(seats))
        order += (f'<div class="sd-order">Spirit Lines ({mode}: '
                  + ("secret, revealed together" if mode == "casual" else "alternating, each revealed at once")
                  + f'): {steps}</div>')
    return f'<div class="sd-draft"><b>Class cards</b><div class="sd-classes">{cards}</div>{order}</div>'
