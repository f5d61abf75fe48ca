"""Spirited board view: the Main Board (Time Track, Allegiances, medal supply, Wonders, piles) and every player's
City Board (Road stacked by clan with Shields, 2 Camps, Hand, Spirit, Allegiances with medals) as one HTML string,
plus the words the generic panels need for this game (action groups, prompts for pending decisions).

Views only: everything shown is read from the session's state and the game's card data. Rulebook sections: "Your
Play Area", "Marching & Allegiances", "Battles & the Time Track", "Shields".
"""
from __future__ import annotations

from collections import Counter

from tutor import Session, view
from tutor.prompts import prompt

from ..style import PROV_LEGEND, PROV_SUMMARY, esc, prov_badge
from . import hand_shown, named, turn_badge, who_tag, whose_turn

#: One colour per clan (fill, text), used for every chip, stack and Camp of that clan.
CLAN_COLOURS = {
    "aztecs": ("#2e7d32", "#fff"), "babylonians": ("#1e3a8a", "#fff"), "chinese": ("#bf360c", "#fff"),
    "egyptians": ("#e0b020", "#2b2000"), "greeks": ("#01579b", "#fff"), "japanese": ("#d81b60", "#fff"),
    "norse": ("#546e7a", "#fff"), "olmecs": ("#6d4c41", "#fff"), "persians": ("#7b1fa2", "#fff"),
    "romans": ("#8b1a1a", "#fff"), "sao": ("#00796b", "#fff"), "scythians": ("#6b6212", "#fff"),
}
# light enough for dark text (readable: WCAG AA contrast)
MEDAL_COLOURS = {"bronze": "#e8b98c", "silver": "#d5dbe1", "gold": "#f2d56b"}

#: Board-only CSS (the shared look lives in widgets/style.py); scoped by the ``sp-`` prefix.
CSS = """
.sp-board .rt-zone h4 { margin-bottom: 6px; }
.sp-al-count { text-transform: none; letter-spacing: 0; font-weight: 400; }
.sp-clan { display: inline-block; border-radius: 6px; padding: 1px 7px; font-size: 12.5px; font-weight: 600;
  white-space: nowrap; margin: 1px 0; }
.sp-track { display: flex; gap: 4px; align-items: stretch; }
.sp-space { flex: 1 1 0; border: 1.5px solid #cfc8e2; border-radius: 8px; padding: 3px 4px; text-align: center;
  font-size: 11.5px; color: #55506a; background: #faf9fd; min-width: 54px; }
.sp-space b { display: block; font-size: 13px; color: #1f1d2b; }
.sp-space.sp-battle { border-color: #c62828; background: #fdeeee; }
.sp-space.sp-final { border-color: #8a6d00; background: #fff6d6; }
.sp-space.sp-here { box-shadow: 0 0 0 3px #5b2d90; font-weight: 700; }
.sp-hourglass { display: inline-block; margin-top: 2px; border-radius: 6px; padding: 0 3px; font-size: 10.5px;
  max-width: 100%; box-sizing: border-box; overflow: hidden; text-overflow: ellipsis; vertical-align: bottom;
  font-weight: 700; background: #5b2d90; color: #fff; white-space: nowrap; }
.rt-zone.sp-trackzone { flex: 1.5 1 270px; }
.sp-powers { display: grid; grid-template-columns: repeat(auto-fill, minmax(250px, 1fr)); gap: 3px 10px; }
.sp-power { font-size: 12px; color: #3d3850; }
.sp-wonders { display: flex; gap: 6px; }
.sp-wonder { flex: 1 1 0; border: 1.5px solid #b8900c; background: #fffaf0; border-radius: 8px; padding: 4px 6px;
  font-size: 12px; min-width: 110px; }
.sp-wonder .sp-wname { font-weight: 700; font-size: 13px; }
.sp-wonder .sp-wsp { font-weight: 700; color: #5b2d90; }
.sp-medal { display: inline-block; border-radius: 10px; padding: 0 7px; font-size: 12px; font-weight: 700;
  color: #1f1d2b; box-shadow: inset 0 0 0 1px rgba(0, 0, 0, .22); white-space: nowrap; margin: 1px 0; }
.sp-medal.sp-exhausted { background: #fff !important; border: 1.5px dashed; color: #6a6484; font-weight: 600; }
.sp-spirit { font-size: 20px; font-weight: 800; color: #5b2d90; }
.sp-road { display: flex; flex-wrap: wrap; gap: 6px; margin: 2px 0 4px 0; min-height: 46px; flex: 1 1 0; }
.sp-camps, .sp-slots { flex: 1 1 0; min-width: 0; }
.sp-stack { border-radius: 8px; padding: 3px 7px; min-width: 74px; font-size: 12px; position: relative; }
.sp-stack .sp-n { font-size: 18px; font-weight: 800; line-height: 20px; }
.sp-stack .sp-lim { font-size: 10.5px; }
.sp-stack.sp-danger { outline: 3px solid #ff9800; }
.sp-shield { display: block; margin-top: 2px; font-size: 10.5px; background: rgba(255,255,255,.92); color: #1f1d2b;
  border-radius: 5px; padding: 0 4px; }
.sp-camps { display: flex; gap: 6px; margin: 2px 0 4px 0; }
.sp-camp { flex: 1 1 0; border: 1.5px dashed #cfc8e2; border-radius: 8px; padding: 3px 6px; font-size: 12px;
  min-height: 26px; }
.sp-camp.sp-full { border-style: solid; }
.sp-slots { display: flex; gap: 6px; margin: 2px 0 4px 0; }
.sp-slot { flex: 1 1 0; border: 1.5px solid #e2ddef; border-radius: 8px; padding: 3px 5px; font-size: 12px;
  min-height: 24px; display: flex; flex-wrap: wrap; gap: 3px; align-items: center; }
.sp-slot.sp-open { border-style: dashed; color: #6a6484; }
.sp-facedown { display: inline-block; border-radius: 6px; padding: 1px 6px; font-size: 12px; background: #3b3650;
  color: #fff; }
.sp-pile { font-size: 12.5px; color: #3d3850; line-height: 1.5; }
.sp-pile b { font-size: 14px; }
.rt-g-turn-action { border-color: #5b2d90; color: #4a2577; }
.tutor-action.rt-b-turn-action { border-left-color: #5b2d90; color: #4a2577; background: #f6f1fc; }
"""

#: action kind -> group of the actions panel (decisions are "choice").
MAIN_KINDS = ("scout", "build-wonder", "march")
GROUP_TITLES = {"turn-action": "Your action this turn (choose exactly one)", "choice": "Your choice"}
GROUP_ORDER = ("choice", "turn-action")



def group_of(kind: str) -> str:
    """The actions-panel group of an action kind: the three turn actions, or a choice inside one."""
    return "turn-action" if kind in MAIN_KINDS else "choice"


def _name(g, clan: str) -> str:
    return g.cards.clan[clan].name


def decision_prompt(session: Session) -> str | None:
    """What the pending decision asks, in plain words; ``None`` when no decision is pending."""
    s, g, v = session.state, session.game, view(session)
    if not s.pending:
        return None
    d = s.pending[-1]
    who = f"Player {d.actor + 1}: "
    if d.kind == "reveal":
        clan = _name(g, v.clan_of(d.card))
        p = s.players[d.actor]
        st = next((x for x in p.road if x.clan == v.clan_of(d.card)), None)
        return who + prompt(session.game_id, "reveal-shielded" if st is not None and st.shield else "reveal", clan=clan)
    return who + prompt(session.game_id, d.kind, clan=_name(g, d.clan) if d.kind == "wonder-source" else "")


# -- small pieces ---------------------------------------------------------------------------------------------------
def clan_chip(g, clan: str, text: str | None = None, tip: str | None = None, power: bool = False,
              badge: str = "") -> str:
    """A chip in the clan's colour; with ``power`` its tooltip gives the clan's card power (marked provisional)."""
    bg, fg = CLAN_COLOURS.get(clan, ("#6a6484", "#fff"))
    cl = g.cards.clan[clan]
    if power:
        tip = f"{cl.name} card power (played from the Hand when Scouting): {cl.power.text}"
    return (f'<span class="sp-clan" style="background:{bg};color:{fg}" title="{esc(tip or cl.name)}">'
            f'{esc(text or cl.name)}{prov_badge(cl.provisional) if power else ""}{badge}</span>')


def medal_chip(g, v, al) -> str:
    """The medal of an Allegiance: kind, current value, exhausted or refreshed."""
    kind = v.medal_kind(al.medal)
    colour = MEDAL_COLOURS[kind]
    value = v.medal_value(al)
    if al.exhausted:
        return (f'<span class="sp-medal sp-exhausted" style="border-color:{colour}" title="Exhausted (face down): '
                f'worth {value}; in a Battle swap it for a fresh Bronze">{kind.capitalize()} · exhausted {value}</span>')
    return (f'<span class="sp-medal" style="background:{colour}" title="Refreshed: scores {value} Spirit in a Battle">'
            f'{kind.capitalize()} {value}</span>')


def _allegiance_tip(g, clan: str) -> str:
    ad = g.cards.clan[clan].allegiance
    penalty = f" Penalty: {ad.penalty.text}" if ad.penalty is not None else ""
    return f"{_name(g, clan)} Allegiance. In Battles: {ad.battle.text} When Overrun: {ad.overrun.text}{penalty}"


def _stack(g, s, seat: int, st) -> str:
    bg, fg = CLAN_COLOURS.get(st.clan, ("#6a6484", "#fff"))
    n = len(st.cards)
    v = g.view(s)
    lim = v.overrun_limit(seat, st.clan)
    danger = " sp-danger" if n >= lim - 1 else ""
    shield = ""
    if st.shield:
        hidden = v.clan_of(st.shield)
        shield = (f'<span class="sp-shield" title="A Shield: a face-down card on this stack. Opponents cannot touch '
                  f'this stack; it never counts for Overrun. Its hidden side is public: a card of the '
                  f'{esc(_name(g, hidden))} clan.">◈ Shield · {esc(_name(g, hidden))}</span>')
    tip = f"{_name(g, st.clan)}: {n} face-up card{'' if n == 1 else 's'}; Overrun Limit {lim} (Shields never count)"
    return (f'<div class="sp-stack{danger}" style="background:{bg};color:{fg}" title="{esc(tip)}">'
            f'<div>{esc(_name(g, st.clan))}</div><div class="sp-n">×{n}</div>'
            f'<div class="sp-lim">{"●" * n}{"○" * max(0, lim - n)} limit {lim}</div>{shield}</div>')


def _camp(g, v, camp, i: int) -> str:
    if not camp:
        return f'<div class="sp-camp">Camp {i + 1}: <span class="rt-muted">empty</span></div>'
    up = Counter(v.clan_of(x.card) for x in camp if x.face_up)
    down = sum(1 for x in camp if not x.face_up)
    parts = [clan_chip(g, cl, f"{_name(g, cl)} ×{n}") for cl, n in sorted(up.items())]
    if down:
        parts.append(f'<span class="sp-facedown" title="Face-down cards: they hold the Camp but do not count for '
                     f'Marching or Building">{down} face down</span>')
    return f'<div class="sp-camp sp-full">Camp {i + 1}: {" ".join(parts)}</div>'


def _hand(g, v, p, show: bool) -> str:
    if not p.hand:
        return '<span class="rt-muted">empty</span>'
    if not show:
        return (f'<span class="sp-facedown" title="The Hand is private">{len(p.hand)} card'
                f'{"s" if len(p.hand) != 1 else ""}</span> <span class="rt-muted">private</span>')
    counts = Counter(v.clan_of(x) for x in p.hand)
    return " ".join(clan_chip(g, cl, f"{_name(g, cl)} ×{n}" if n > 1 else None, power=True)
                    for cl, n in sorted(counts.items()))


def _slots(g, s, seat: int) -> str:
    v = g.view(s)
    als = v.held(seat)
    out = []
    for al in als:
        ad = g.cards.clan[al.clan].allegiance
        chip = clan_chip(g, al.clan, tip=_allegiance_tip(g, al.clan), badge=prov_badge(ad.provisional))
        out.append(f'<div class="sp-slot">{chip} {medal_chip(g, v, al)}</div>')
    bonus = {0: "Battle bonus: Recruit face down, Rally, Manoeuvre", 1: "Battle bonus: Rally, Manoeuvre",
             2: "Battle bonus: Manoeuvre"}.get(len(als), "")
    for _ in range(3 - len(als)):
        out.append(f'<div class="sp-slot sp-open" title="{esc(bonus)}">open space</div>')
    return "".join(out)


# -- zones ------------------------------------------------------------------------------------------------------------
def _time_track(g, s) -> str:
    t = g.track
    cells = []
    for i in range(t.length + 1):
        cls, what = "", "start" if i == 0 else "no Battle"
        if i == t.length:
            cls, what = " sp-final", "★ Final Battle"
        elif i in t.battles:
            cls, what = " sp-battle", "⚔ Battle"
        here = s.hourglass == i
        mark = '<br><span class="sp-hourglass" title="The Hourglass is here">Hourglass</span>' if here else ""
        cells.append(f'<div class="sp-space{cls}{" sp-here" if here else ""}"><b>{i}</b>{what}{mark}</div>')
    left = sum(1 for x in s.deck if g.view(s).clan_of(x) == "time")
    return (f'<div class="rt-zone sp-trackzone"><h4>Time Track{prov_badge(t.provisional)}</h4><div class="sp-track">'
            f'{"".join(cells)}</div><div class="rt-muted sp-tracknote">Hourglass on space {s.hourglass} of {t.length} · '
            f'{left} Passing of Time card{"" if left == 1 else "s"} still in the draw pile</div></div>')


def _main_allegiances(g, s) -> str:
    v = g.view(s)
    rows = []
    free = sum(1 for al in s.allegiances if al.holder is None)
    for al in s.allegiances:
        ad = g.cards.clan[al.clan].allegiance
        if al.holder is None:  # an unclaimed one is its chip alone (the heading counts them; "unclaimed" on hover)
            chip = clan_chip(g, al.clan, tip=f"Unclaimed. {_allegiance_tip(g, al.clan)}", badge=prov_badge(ad.provisional))
            rows.append(f'<div class="rt-row sp-al-free" style="align-items:center">{chip}</div>')
            continue
        chip = clan_chip(g, al.clan, tip=_allegiance_tip(g, al.clan), badge=prov_badge(ad.provisional))
        rows.append(f'<div class="rt-row" style="align-items:center">{chip} Player {al.holder + 1} '
                    f'{medal_chip(g, v, al)}</div>')
    count = (f' <span class="rt-muted sp-al-count">· {"all" if free == len(s.allegiances) else free} unclaimed</span>'
             if free else "")
    return (f'<div class="rt-zone sp-alzone"><h4>Allegiances{count}</h4><div class="sp-als">{"".join(rows)}</div>'
            '</div>')


def _supply_and_piles(g, s) -> str:
    supply = Counter(g.view(s).medal_kind(m) for m in s.medal_supply)
    medals = " ".join(f'<span class="sp-medal" style="background:{MEDAL_COLOURS[k]}" title="{k.capitalize()} medal: '
                      f'worth {g.cards.medals[k].value}, {g.cards.medals[k].value - 1} once exhausted">'
                      f'{k.capitalize()} {g.cards.medals[k].value} ×{supply.get(k, 0)}</span>'
                      for k in ("bronze", "silver", "gold"))
    prov = prov_badge(g.cards.medals["bronze"].provisional)
    return (f'<div class="rt-zone sp-pile-zone"><h4>Medal supply{prov}</h4><div class="rt-row">{medals}</div>'
            f'<h4 class="sp-piles-head" style="margin-top:8px">Piles</h4><div class="sp-pile">Draw pile <b>{len(s.deck)}'
            f'</b> · Discard <b>{len(s.discard)}</b> · <span class="sp-nowrap">Wonders left <b>{len(s.wonder_deck)}</b>'
            f'</span></div></div>')


def _wonders(g, s) -> str:
    boxes = []
    for w in s.wonder_display:
        if w is None:
            boxes.append('<div class="sp-wonder rt-muted">empty</div>')
            continue
        wd = g.cards.wonder[w]
        boxes.append(f'<div class="sp-wonder" title="{esc(wd.effect.text)}"><div class="sp-wname">{esc(wd.name)}'
                     f'{prov_badge(wd.provisional)}</div><div><span class="sp-wsp">{wd.spirit} Spirit</span></div>'
                     f'<div class="rt-muted">{esc(wd.effect.text)}</div></div>')
    names = " · ".join(f"{esc(g.cards.wonder[w].name)} <b>{g.cards.wonder[w].spirit}</b>"
                       for w in s.wonder_display if w is not None) or "none"
    # reference: folded to one line (names and Spirit), opened on a click
    plain = " · ".join(f"{g.cards.wonder[w].name} {g.cards.wonder[w].spirit}" for w in s.wonder_display
                       if w is not None) or "none"
    return (f'<details class="rt-zone rt-full rt-ref"><summary title="Wonders on display: {esc(plain)} (click for '
            f'details)"><h4>Wonders on display</h4> {names} '
            f'<span class="rt-muted">· cost: 1 card of each of the {len(s.clans)} clans · details</span></summary>'
            f'<div class="sp-wonders">{"".join(boxes)}</div></details>')


def _player(session: Session, p) -> str:
    g, s, v = session.game, session.state, view(session)
    acting = session.current_player == p.seat and s.phase != "over"
    their_turn = s.current == p.seat and s.phase != "over"
    tags = ""
    if acting:
        tags += turn_badge(session, p.seat, "DECIDING" if s.battle else "YOUR TURN")
    elif their_turn:
        tags += '<span class="rt-muted"> · turn player</span>'
    if s.first_player == p.seat:
        tags += '<span class="rt-muted"> · ★ first player</span>'
    wonders = ""
    if p.wonders:
        wonders = (f'<div class="rt-row"><span class="rt-rowlabel">wonders</span>'
                   + " ".join(f'<span class="rt-chip rt-blessing">{esc(g.cards.wonder[w].name)}'
                              f'{prov_badge(g.cards.wonder[w].provisional)}</span>' for w in p.wonders) + "</div>")
    road = "".join(_stack(g, s, p.seat, st) for st in p.road) or '<span class="rt-muted">no card on the Road</span>'
    shown = hand_shown(session, p.seat, acting)
    return (f'<div class="rt-player{" rt-current" if acting else ""}">'
            f'<div class="rt-phead"><span><span class="rt-pname">Player {p.seat + 1}</span>{who_tag(session, p.seat)}{tags}</span>'
            f'<span class="rt-stats">Spirit <span class="sp-spirit">{p.spirit}</span> · hand <b>{len(p.hand)}</b>'
            f"</span></div>"
            f'<div class="rt-row"><span class="rt-rowlabel" title="Public: the face-up cards by clan">Road</span>'
            f'<div class="sp-road">{road}</div></div>'
            f'<div class="rt-row"><span class="rt-rowlabel">Camps</span><div class="sp-camps">'
            f'{_camp(g, v, p.camps[0], 0)}{_camp(g, v, p.camps[1], 1)}</div></div>'
            f'<div class="rt-row"><span class="rt-rowlabel">Allegiances</span><div class="sp-slots">'
            f'{_slots(g, s, p.seat)}</div></div>'
            f'<div class="rt-row rt-hand-row{"" if shown else " sp-hand-hidden"}"><span class="rt-rowlabel">hand</span>'
            f'{_hand(g, v, p, shown)}</div>'
            f"{wonders}</div>")


def banner(session: Session) -> str:
    """The line that says whose turn it is, whether a Battle is on, or who won."""
    s = session.state
    if s.phase == "over":
        who = " and ".join(named(session, w) for w in session.winners)
        verb = "wins" if len(session.winners) == 1 else "share the victory"
        # the reason as a phrase of its own, with the Spirit each player ended with (trial 41: "wins! most Spirit")
        why = s.win_reason[:1].upper() + s.win_reason[1:]
        scores = ", ".join(f"{named(session, p.seat)} {p.spirit}" for p in s.players)
        return (f'<div class="rt-banner rt-over">Game over: {who} {verb}! <small>{esc(why)} ({esc(scores)} Spirit)'
                "</small></div>")
    seat = session.current_player
    extra = ""
    if s.battle:
        extra = f" · {'Final ' if s.battle == 'final' else ''}Battle: {named(session, seat)} is deciding"
    elif s.pending:
        extra = " · making a choice"
    # (trial 27: "turn 3" at a player's second turn counted both players' turns; a round is one turn each)
    rnd = (max(s.turn, 1) - 1) // max(len(s.players), 1) + 1
    return (f'<div class="rt-banner">{whose_turn(session, s.current)} <small>· round {rnd} · Hourglass '
            f"{s.hourglass}/{session.game.track.length}{extra}</small></div>")


#: CSS classes of the box that holds the board's zones (see :func:`parts`).
BOARD_CLASSES = ("rt-board", "sp-board")


def parts(session: Session) -> list[tuple[str, str]]:
    """The board zone by zone, as ``(key, html)``: the board's own CSS (sent once), banner, Main Board, each
    player's City Board, legend (the key's kind before ``:`` sets the zone's width; see
    ``widgets.panels.BoardView``)."""
    g, s = session.game, session.state
    powers = "".join(f'<div class="sp-power">{clan_chip(g, c, power=True)} {esc(g.cards.clan[c].power.text)}</div>'
                     for c in s.clans)
    table = (f'<div class="rt-table">{_time_track(g, s)}{_supply_and_piles(g, s)}{_main_allegiances(g, s)}</div>')
    # reference panels, folded to one line each (a <details>: opened and closed in the page, no round trip)
    clans = (f'<details class="rt-zone rt-full rt-ref"><summary title="Clans and their card powers: {len(s.clans)} '
             'clans in this game (click for details)"><h4>Clans and their card powers</h4> '
             f'<span class="rt-muted">{len(s.clans)} clans in this game; a card\'s power happens when it is played '
             f'from the Hand while Scouting · details</span></summary><div class="sp-powers">{powers}</div></details>')
    legend = ('<details class="rt-legend"><summary>Key: Road stacks, Shields, Medals · ' + PROV_SUMMARY + '</summary>'
              'Road stacks show the face-up count and ●○ against the Overrun Limit (orange '
              'outline: one card from it). ◈ = Shield (face down, its hidden side is public). Medals: '
              + " ".join(f'<span class="sp-medal" style="background:{c}">{k.capitalize()}</span>'
                         for k, c in MEDAL_COLOURS.items())
              + ' <span class="sp-medal sp-exhausted" style="border-color:#9aa3ad">exhausted</span> · '
              + PROV_LEGEND + '</details>')
    return [("style:board", f"<style>{CSS}</style>"), ("banner", banner(session)), ("table", table),
            ("wonders", f'<div class="rt-table">{_wonders(g, s)}</div>'), ("clans", f'<div class="rt-table">{clans}</div>'),
            *[(f"player:{p.seat}", _player(session, p)) for p in s.players], ("legend", legend)]


def render(session: Session) -> str:
    """The whole board as one HTML string: banner, Main Board, then each player's City Board."""
    ps = parts(session)
    html = dict(ps)
    players = "".join(h for k, h in ps if k.startswith("player:"))
    return (f'<div class="rt-root rt-board sp-board">{html["style:board"]}{html["banner"]}{html["table"]}'
            f'{html["wonders"]}{html["clans"]}'
            f'<div class="rt-players">{players}</div>{html["legend"]}</div>')
