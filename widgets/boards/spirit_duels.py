"""Spirit Duels board view: the round strip (round, phase, Advantage Token, passes) and both players' play areas
(Spirits with their active pools above them, Items, hand, deck and discard, set-aside stages) as one HTML string,
plus the words the generic panels need for this game (action groups, prompts for pending decisions). With
``setup="draft"`` the draft is shown first: the nine Class cards (taken or still on the table), the 1-2-2-1 pick
order, each player's drafted Classes and chosen Spirit Lines (casual choices stay hidden from the other player until
both teams are revealed), and the Lines the chooser may pick from.

Views only: everything shown is read from the session's state, the game's card data and the engine's own stat and
die-value functions. Rulebook sections: "Card Anatomy", "Actions", "Class Abilities", "Damage, Defeated Spirits and
Presence", "Dice Types".
"""
from __future__ import annotations

from tutor import Session
from tutor.games.spirit_duels.ctx import Ctx, ability_of, card_of, is_presence, is_spirit, printed_dice, stat
from tutor.games.spirit_duels.cards import CLASS_ABILITY
from tutor.games.spirit_duels.dice import boosted, face_label, kind_label, odds, symbol
from tutor.games.spirit_duels.draft import PICK_ORDER, line_order
from tutor.games.spirit_duels.effects import die_value

from ..style import PROV_LEGEND, esc, prov_badge
from . import hidden_hands

#: Class -> (fill, text) colours for Class chips.
CLASS_COLOURS = {
    "fire": ("#bf360c", "#fff"), "earth": ("#795548", "#fff"), "arcane": ("#6a1b9a", "#fff"),
    "electric": ("#f2c200", "#2b2000"), "nature": ("#2e7d32", "#fff"), "water": ("#0277bd", "#fff"),
    "toxic": ("#7cb342", "#1b2a00"), "ice": ("#80deea", "#00363d"), "wind": ("#b0bec5", "#1f2a30"),
}
#: face symbol -> (glyph, name); die type -> border colour.
GLYPH = {"attack": "⚔", "magic": "✦", "essence": "◆", "blank": "·"}
DIE_COLOURS = {"attack": "#c62828", "magic": "#6a1b9a", "essence": "#00897b", "advantage": "#b8900c"}
#: status token -> (glyph, word when present).
TOKENS = {"armor": ("◈", "Armored"), "burn": ("♨", "Burning"), "freeze": ("❄", "Frozen"),
          "poison": ("☠", "Poisoned")}
TOKEN_TIPS = {
    "armor": "Armor: before this Spirit is dealt damage, ignore 1 damage per token, removing a token for each.",
    "burn": "Burn: at the end of the round it is dealt damage equal to its burn tokens, then loses 1 token.",
    "freeze": "Freeze: when one of its dice is resolved, the value drops by the freeze tokens, which are removed.",
    "poison": "Poison: after one of its dice is resolved it takes 1 damage and loses 1 poison token.",
}

#: Board-only CSS (the shared look lives in widgets/style.py); scoped by the ``sd-`` prefix.
CSS = """
.sd-board .rt-player { flex: 1 1 100%; }
.sd-strip { display: flex; flex-wrap: wrap; gap: 6px 14px; align-items: center; background: #fff;
  border: 1px solid #e2ddef; border-radius: 8px; padding: 5px 10px; margin-bottom: 8px; font-size: 13px; }
.sd-strip b { font-size: 14px; }
.sd-advtoken { display: inline-block; border-radius: 50%; width: 18px; height: 18px; line-height: 18px;
  text-align: center; font-weight: 800; background: #d4a514; color: #2b2000; font-size: 12px; margin-right: 3px; }
.sd-phase { border-radius: 6px; padding: 0 6px; font-weight: 700; font-size: 12px; background: #ede7f6;
  color: #4a2577; }
.sd-phase.sd-end { background: #fff0d6; color: #8a4b00; }
.sd-flag { font-size: 12px; border-radius: 6px; padding: 0 6px; background: #f1f0f5; color: #3d3850; }
.sd-flag.sd-hot { background: #fff4e0; color: #7c3f00; border: 1px solid #f0b35a; }
.sd-spirits { display: flex; gap: 8px; margin: 4px 0; align-items: stretch; }
.sd-col { flex: 1 1 0; min-width: 150px; display: flex; flex-direction: column; gap: 3px; }
.sd-pool { min-height: 42px; border: 1.5px dashed #d8d2e8; border-radius: 8px; padding: 3px 4px;
  display: flex; flex-wrap: wrap; gap: 3px; align-items: center; background: #fcfbff; }
.sd-pool .sd-pl { font-size: 10px; color: #625d73; width: 100%; line-height: 10px; }
.sd-die { display: inline-flex; flex-direction: column; align-items: center; justify-content: center;
  min-width: 36px; height: 36px; border-radius: 6px; border: 2px solid; background: #fff; line-height: 1;
  padding: 0 2px; cursor: help; }
.sd-die .sd-g { font-size: 19px; font-weight: 700; }
.sd-die .sd-k { font-size: 8.5px; color: #55506a; margin-top: 1px; }
.sd-die.sd-blank .sd-g { color: #b0abbd; }
.sd-die.sd-adv { background: #fff3c4; box-shadow: 0 0 0 2px #d4a514; }
.sd-boost { font-size: 9px; font-weight: 800; color: #b71c1c; vertical-align: super; }
.sd-card { border: 2px solid #cfc8e2; border-radius: 9px; padding: 4px 7px; background: #fff; font-size: 12.5px;
  flex: 1 1 auto; line-height: 1.4; }
.sd-card.sd-exh { background: #f3f1f7; border-style: dashed; }
.sd-card.sd-presence { background: #eceaf2; border-color: #8a8599; }
.sd-card.sd-down { background: #3b3650; border-color: #3b3650; color: #fff; display: flex; align-items: center;
  justify-content: center; min-height: 90px; text-align: center; background-image: repeating-linear-gradient(45deg,
  rgba(255,255,255,.05) 0 8px, transparent 8px 16px); }
.sd-sname { font-weight: 800; font-size: 14px; }
.sd-stage { display: inline-block; font-size: 10.5px; font-weight: 700; border-radius: 5px; padding: 0 4px;
  background: #5b2d90; color: #fff; margin-left: 3px; vertical-align: 1px; }
.sd-cls { display: inline-block; border-radius: 5px; padding: 0 5px; font-size: 10.5px; font-weight: 700;
  margin: 1px 2px 1px 0; }
.sd-hp { height: 8px; border-radius: 4px; background: #e8f5e9; border: 1px solid #a5d6a7; overflow: hidden;
  margin: 3px 0 1px 0; }
.sd-hp > div { height: 100%; background: #43a047; }
.sd-hp.sd-low > div { background: #e53935; }
.sd-hptext { font-size: 12px; }
.sd-hptext b { font-size: 13.5px; }
.sd-powers { font-size: 12px; margin: 2px 0; white-space: nowrap; }
.sd-powers span { margin-right: 6px; }
.sd-tok { display: inline-block; border-radius: 6px; padding: 0 5px; font-size: 11.5px; font-weight: 700;
  margin: 1px 2px 1px 0; border: 1px solid; cursor: help; }
.sd-tok-armor { background: #efebe9; border-color: #795548; color: #4e342e; }
.sd-tok-burn { background: #fbe9e7; border-color: #d84315; color: #bf360c; }
.sd-tok-freeze { background: #e0f7fa; border-color: #00838f; color: #006064; }
.sd-tok-poison { background: #f1f8e9; border-color: #558b2f; color: #33691e; }
.sd-state { display: inline-block; font-size: 10.5px; font-weight: 700; border-radius: 5px; padding: 0 5px;
  margin: 1px 2px 1px 0; }
.sd-ready { background: #e4f6e7; color: #1b5e20; }
.sd-exhausted { background: #e0dde8; color: #3d3850; }
.sd-advdie { background: #fff3c4; color: #5c4600; border: 1px solid #d4a514; }
.sd-small { font-size: 11px; color: #55506a; margin-top: 2px; }
.sd-trait { display: inline-block; border-radius: 6px; padding: 0 5px; font-size: 11.5px; background: #e8eaf6;
  border: 1px solid #5c6bc0; color: #1a237e; margin: 1px 2px 1px 0; }
.sd-counts { font-size: 12.5px; color: #3d3850; }
.sd-counts b { font-size: 14px; }
.sd-ess { color: #00796b; font-weight: 800; }
.sd-card-chip { display: inline-block; border-radius: 12px; padding: 1px 8px; margin: 1px 0; font-size: 12.5px;
  border: 1px solid; white-space: nowrap; background: #fff; }
.sd-card-chip small { color: #55506a; }
.sd-cost { display: inline-block; min-width: 14px; text-align: center; border-radius: 7px; background: #00897b;
  color: #fff; font-size: 10.5px; font-weight: 800; margin-right: 4px; }
.sd-back { display: inline-block; width: 16px; height: 22px; border-radius: 3px; background: #3b3650;
  margin-right: 2px; vertical-align: middle; }
.rt-g-card { border-color: #00897b; color: #004d40; }
.rt-g-dice { border-color: #c62828; color: #7a1010; }
.rt-g-item { border-color: #b8900c; color: #5c4600; }
.tutor-action.rt-b-card { border-left-color: #00897b; color: #004d40; background: #eef8f6; }
.tutor-action.rt-b-dice { border-left-color: #c62828; color: #7a1010; background: #fdf1f1; }
.tutor-action.rt-b-item { border-left-color: #d4a514; color: #5c4600; background: #fdf8e8; }
.sd-draft { background: #fff; border: 1px solid #e2ddef; border-radius: 8px; padding: 6px 10px; margin-bottom: 8px;
  font-size: 12.5px; }
.sd-classes { display: flex; flex-wrap: wrap; gap: 5px; margin: 3px 0 6px 0; }
.sd-classcard { border-radius: 8px; padding: 3px 8px; font-weight: 700; font-size: 12.5px; min-width: 74px;
  text-align: center; line-height: 1.25; }
.sd-classcard small { display: block; font-weight: 400; font-size: 10.5px; }
.sd-classcard.sd-taken { opacity: .38; }
.sd-order span { display: inline-block; border-radius: 6px; padding: 0 6px; margin-right: 3px; background: #f1f0f5;
  font-size: 12px; }
.sd-order span.sd-done { background: #e4f6e7; color: #1b5e20; }
.sd-order span.sd-now { background: #5b2d90; color: #fff; font-weight: 700; }
.sd-lines { display: flex; flex-wrap: wrap; gap: 6px; margin: 4px 0; }
.sd-line { border: 2px solid #cfc8e2; border-radius: 9px; padding: 4px 7px; background: #fff; font-size: 12px;
  flex: 1 1 180px; line-height: 1.4; }
.sd-line.sd-chosen { border-color: #2e7d32; background: #f3fbf3; }
.sd-hidden { display: inline-block; border-radius: 6px; padding: 0 6px; background: #3b3650; color: #fff;
  font-size: 11.5px; }
"""

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


# -- small pieces ------------------------------------------------------------------------------------------------------
def class_chip(cls: str, primary: bool = True) -> str:
    bg, fg = CLASS_COLOURS.get(cls, ("#6a6484", "#fff"))
    tip = f"{'Primary' if primary else 'Secondary'} Class: {cls.capitalize()}"
    return f'<span class="sd-cls" style="background:{bg};color:{fg}" title="{esc(tip)}">{esc(cls.capitalize())}</span>'


def die_chip(g, s, seat: int, i: int, d) -> str:
    """One die in an active pool: the symbol it shows (Boost as +1), its type colour and level; the Advantage Die
    is gold. The tooltip gives the value it would resolve for now and the die's odds."""
    sym = symbol(d.face)
    colour = DIE_COLOURS["advantage" if d.kind == "advantage" else d.kind.split("-")[0]]
    short = "ADV" if d.kind == "advantage" else f"L{d.kind[-1]} {d.kind.split('-')[0][:3].upper()}"
    tip = f"{kind_label(d.kind)} showing {face_label(d.face)}"
    if sym != "blank":
        value, parts = die_value(Ctx(g, s), seat, i, d.face)
        tip += f": worth {value} ({', '.join(parts)})"
    else:
        tip += ": Blank cannot be declared"
    tip += f". Faces: {odds(d.kind)}."
    boost = '<span class="sd-boost">+1</span>' if boosted(d.face) else ""
    cls = " sd-adv" if d.kind == "advantage" else ""
    cls += " sd-blank" if sym == "blank" else ""
    return (f'<span class="sd-die{cls}" style="border-color:{colour}" title="{esc(tip)}">'
            f'<span class="sd-g" style="color:{colour if sym != "blank" else "#b0abbd"}">{GLYPH[sym]}{boost}</span>'
            f'<span class="sd-k">{short}</span></span>')


def card_chip(g, cid: str) -> str:
    """A hand card: cost, name, kind; tooltip with its text (provisional badge with the reasons)."""
    c = g.cards.by_id[cid]
    bg, _fg = CLASS_COLOURS.get(c.cls, ("#6a6484", "#fff"))
    tip = f"{c.name}: {c.cls.capitalize()} {c.kind.capitalize()} ({c.rarity}), {c.cost} Essence. {c.text}"
    fast = " · Fast" if c.fast else ""
    return (f'<span class="sd-card-chip" style="border-color:{bg}" title="{esc(tip)}"><span class="sd-cost">{c.cost}'
            f'</span>{esc(c.name)} <small>{esc(c.kind)}{fast}</small>{prov_badge(c.provisional)}</span>')


def _tokens(sl) -> str:
    out = []
    for t, (glyph, word) in TOKENS.items():
        n = getattr(sl, t)
        if n:
            out.append(f'<span class="sd-tok sd-tok-{t}" title="{esc(word + ". " + TOKEN_TIPS[t])}">{glyph} {t} '
                       f'{n}/3</span>')
    return "".join(out)


def _spirit(session: Session, seat: int, i: int) -> str:
    g, s = session.game, session.state
    sl = s.players[seat].spirits[i]
    sp = card_of(g, sl)
    pool = "".join(die_chip(g, s, seat, i, d) for d in sl.pool)
    if not pool:
        pool = '<span class="rt-muted">no dice</span>'
    pool_html = f'<div class="sd-pool" title="Active pool: the dice rolled for this Spirit">{pool}</div>'
    if not is_spirit(sl):
        return (f'<div class="sd-col">{pool_html}<div class="sd-card sd-down" title="A defeated Stage 1 Spirit is '
                f'flipped to its card back: no longer a Spirit">{esc(sp.name)}<br>defeated · card back</div></div>')
    pres = is_presence(sl)
    health = stat(g, sl, "health")
    left = max(0, health - sl.damage)
    pct = 0 if pres else round(100 * left / health)
    low = " sd-low" if left <= health / 3 else ""
    if pres:
        hp = ('<div class="sd-hptext" title="A Presence takes no damage and no status tokens; it counts as defeated">'
              '<b>Presence</b> · defeated, immune</div>')
    else:
        hp = (f'<div class="sd-hp{low}" title="{left} of {health} Health left"><div style="width:{pct}%"></div></div>'
              f'<div class="sd-hptext">♥ <b>{left}</b>/{health}{prov_badge(sp.provisional, ("health",))}'
              + (f' <span class="rt-muted">· {sl.damage} damage</span>' if sl.damage else "") + "</div>")
    pw = [("⚔", "attack", "Atk", "Attack Power"), ("✦", "magic", "Class", "Class Power"),
          ("◆", "essence", "Ess", "Essence Power")]
    powers = "".join(f'<span title="{title}: the value of a die showing {key.capitalize()}">{glyph} {word} <b>'
                     f'{stat(g, sl, key)}</b></span>' for glyph, key, word, title in pw)
    powers += prov_badge(sp.provisional, ("presence",) if pres else ("attack", "magic", "essence"))
    dice = ", ".join(kind_label(k).replace(" die", "") for k in printed_dice(g, sl)) or "none"
    state = ('<span class="sd-state sd-exhausted" title="Exhausted: it cannot be activated or evolve until the End '
             'Phase readies it">exhausted</span>' if sl.exhausted else
             '<span class="sd-state sd-ready" title="Ready: it can be activated or evolve">ready</span>')
    if sl.advantage_die:
        state += ('<span class="sd-state sd-advdie" title="The Advantage Die is assigned: it is rolled with this '
                  'Spirit\'s dice when it is activated">+ Advantage Die</span>')
    ab = ability_of(g, sl)
    ability = ""
    if ab is not None:
        used = " (used this round)" if ab.timing == "limited-action" and sl.limited_used else ""
        badge = prov_badge(sp.provisional, ("ability",))
        ability = (f'<div class="sd-small" title="{esc(ab.text)}"><b>Ability</b>{badge}'
                   f': {esc(ab.text)}{used}</div>')
    traits = "".join(f'<span class="sd-trait" title="{esc(g.cards.by_id[t].text)}">{esc(g.cards.by_id[t].name)}'
                     f'{prov_badge(g.cards.by_id[t].provisional)}</span>' for t in sl.traits)
    traits = f'<div>{traits}</div>' if traits else ""
    classes = "".join(class_chip(c, n == 0) for n, c in enumerate(sp.classes))
    nxt = ""
    if not pres and sl.stage < 3:
        later = g.cards.line_by_id[sl.line].spirits[sl.stage]
        nxt = (f'<div class="sd-small">evolves into <b>{esc(later.name)}</b> for {sl.stage + 1} Essence</div>')
    cls = " sd-presence" if pres else (" sd-exh" if sl.exhausted else "")
    name = esc(sp.name) + (" <small>(Presence)</small>" if pres else "") + prov_badge(sp.provisional, ("name",))
    return (f'<div class="sd-col">{pool_html}<div class="sd-card{cls}">'
            f'<div><span class="sd-sname">{name}</span><span class="sd-stage">Stage {sl.stage}</span></div>'
            f'<div>{classes}{prov_badge(sp.provisional, ("classes",))}</div>{hp}'
            f'<div class="sd-powers">{powers}</div>'
            f'<div class="sd-small">dice: {esc(dice)}{prov_badge(sp.provisional, ("dice",))}</div>'
            f'<div>{state}{_tokens(sl)}</div>{traits}{ability}{nxt}</div></div>')


def _items(g, p) -> str:
    if not p.items:
        return '<span class="rt-muted">none</span>'
    out = []
    for it in p.items:
        c = g.cards.by_id[it.card]
        bits = []
        if it.charges is not None:
            bits.append(f'{"●" * it.charges} {it.charges} charge{"s" if it.charges != 1 else ""}')
        if c.ability is not None and c.ability.timing == "limited-action":
            bits.append("used this round" if it.limited_used else "Limited Action ready")
        if it.exhausted:
            bits.append("exhausted")
        tip = f"{c.name} ({c.cls.capitalize()} Item): {c.text}"
        out.append(f'<span class="sd-card-chip" style="border-color:#b8900c;background:#fffaf0" title="{esc(tip)}">'
                   f'<b>{esc(c.name)}</b>{prov_badge(c.provisional)} <small>{esc(" · ".join(bits))}</small></span>')
    return " ".join(out)


def _aside(g, p) -> str:
    names = []
    for sl in p.spirits:
        line = g.cards.line_by_id[sl.line]
        names += [f"{sp.name} (Stage {sp.stage})" for sp in line.spirits if sp.stage != sl.stage]
    return esc(", ".join(names)) if names else '<span class="rt-muted">none</span>'


def _team_name(g, p) -> str:
    """The pre-built team's name, or the drafted Classes as chips."""
    if p.team is not None:
        return f'<span class="rt-muted">{esc(g.cards.team_by_id[p.team].name)}</span>'
    chips = "".join(class_chip(c) for c in p.classes) or '<span class="rt-muted">no Class yet</span>'
    return f'<span class="rt-muted">drafted:</span> {chips}'


def _player(session: Session, p) -> str:
    g, s = session.game, session.state
    acting = session.current_player == p.seat and s.phase != "over"
    if s.phase == "draft":
        return _draft_player(session, p, acting)
    tags = ""
    if acting:
        tags += '<span class="rt-turn">' + ("CHOOSING" if s.pending else "YOUR TURN") + "</span>"
    if s.advantage == p.seat and s.phase != "setup":
        tags += ' <span class="sd-flag" title="Holds the Advantage Token: acts first each round, orders effects that '
        tags += 'happen together and places the Advantage Die"><span class="sd-advtoken">A</span>Advantage Token</span>'
    if s.gained_by == p.seat:
        tags += ' <span class="sd-flag sd-hot">gained the advantage: takes no more actions this round</span>'
    if s.phase == "action" and s.last_was_pass and s.current != p.seat and not s.pending:
        tags += ' <span class="sd-flag sd-hot">passed</span>'
    counts = (f'<span class="sd-counts">Essence <span class="sd-ess">◆ <b>{p.essence}</b></span> · hand <b>'
              f'{len(p.hand)}</b> · deck <b>{len(p.deck)}</b> · discard <b>{len(p.discard)}</b></span>')
    if not p.hand:
        hand = '<span class="rt-muted">empty</span>'
    elif acting and p.seat not in hidden_hands(session):
        hand = " ".join(card_chip(g, c) for c in sorted(p.hand)) or '<span class="rt-muted">empty</span>'
    else:
        backs = '<span class="sd-back"></span>' * min(len(p.hand), 7)
        hand = f'{backs}<span class="rt-muted">{len(p.hand)} card{"s" if len(p.hand) != 1 else ""}, hidden</span>'
    extra = ""
    if p.aside:
        extra = (f'<div class="rt-row"><span class="rt-rowlabel">aside</span><span class="rt-muted">{len(p.aside)} '
                 f'opening card{"" if len(p.aside) == 1 else "s"} set aside (shuffled back after drawing up)</span></div>')
    spirits = "".join(_spirit(session, p.seat, i) for i in range(len(p.spirits)))
    return (f'<div class="rt-player{" rt-current" if acting else ""}">'
            f'<div class="rt-phead"><span><span class="rt-pname">Player {p.seat + 1}</span> '
            f'{_team_name(g, p)} {tags}</span>{counts}</div>'
            f'<div class="sd-spirits">{spirits}</div>'
            f'<div class="rt-row"><span class="rt-rowlabel">items</span>{_items(g, p)}</div>'
            f'<div class="rt-row"><span class="rt-rowlabel">hand</span>{hand}</div>{extra}'
            f'<details class="rt-ref sd-aside"><summary><span class="rt-rowlabel">set aside</span> '
            f'<span class="sd-small">the other Stages of this team (they come in by evolving)</span></summary>'
            f'<span class="sd-small">{_aside(g, p)}</span></details></div>')


def banner(session: Session) -> str:
    """The line that says whose turn it is (or who won)."""
    s = session.state
    if s.phase == "over":
        who = " and ".join(f"Player {w + 1}" for w in session.winners)
        why = s.win_reason[:1].upper() + s.win_reason[1:]  # "every Spirit of Player 2 is defeated" as a sentence
        return f'<div class="rt-banner rt-over">Game over: {who} wins! <small>{esc(why)}.</small></div>'
    seat = session.current_player
    if s.phase == "draft":
        what = ("drafts a Class" if s.pending and s.pending[-1].kind == "draft-class" else
                "chooses a Spirit Line")
        return f'<div class="rt-banner">Draft: Player {seat + 1} {what}</div>'
    if s.phase == "setup":
        return f'<div class="rt-banner">Set-up: Player {seat + 1} chooses which opening cards to keep</div>'
    if s.phase == "end":
        return f'<div class="rt-banner">End Phase of round {s.round}: Player {seat + 1} is choosing</div>'
    what = " · making a choice" if s.pending else " · one action, then the other player acts"
    return f'<div class="rt-banner">Player {seat + 1}\'s turn <small>· round {s.round}{what}</small></div>'


def _strip(s) -> str:
    phase = {"draft": "Draft", "setup": "Set-up", "action": "Action Phase", "end": "End Phase",
             "over": "Game over"}[s.phase]
    known = s.phase != "setup" or any(p.team is None for p in s.players)  # the draft gives the token first
    bits = [f'Round <b>{s.round or "–"}</b>',
            f'<span class="sd-phase{" sd-end" if s.phase == "end" else ""}">{phase}</span>',
            f'<span><span class="sd-advtoken">A</span>Advantage Token: <b>Player {s.advantage + 1}</b></span>'
            if known else
            '<span><span class="sd-advtoken">A</span>Advantage Token: given at random once both hands are kept</span>']
    if s.phase == "action":
        if s.gained_by is not None:
            bits.append(f'<span class="sd-flag sd-hot">Player {s.gained_by + 1} gained the advantage: Player '
                        f'{2 - s.gained_by} acts until they pass</span>')
        elif s.last_was_pass:
            bits.append(f'<span class="sd-flag sd-hot">Player {2 - s.current} passed: if Player {s.current + 1} '
                        "passes too, the End Phase begins</span>")
        else:
            bits.append('<span class="sd-flag">no pass yet</span>')
        if s.round == 1 and not any(sl.advantage_die or any(d.kind == "advantage" for d in sl.pool)
                                    for p in s.players for sl in p.spirits):
            bits.append('<span class="rt-muted">Advantage Die: first placed in the End Phase</span>')
    if s.forced_rolls:
        bits.append(f'<span class="sd-flag" title="The lesson fixes the next die faces so it always works: '
                    f'{esc(", ".join(s.forced_rolls))}">next {len(s.forced_rolls)} roll{"" if len(s.forced_rolls) == 1 else "s"} fixed by the lesson</span>')
    return f'<div class="sd-strip">{"".join(f"<span>{b}</span>" for b in bits)}</div>'


# -- the draft ---------------------------------------------------------------------------------------------------------
def _class_card(cls: str, owner: int | None) -> str:
    """A Class card: its name and Class Ability, greyed with its owner once drafted."""
    bg, fg = CLASS_COLOURS.get(cls, ("#6a6484", "#fff"))
    ab = CLASS_ABILITY[cls].capitalize()
    where = f"drafted by Player {owner + 1}" if owner is not None else "on the table"
    return (f'<span class="sd-classcard{" sd-taken" if owner is not None else ""}" style="background:{bg};color:{fg}" '
            f'title="{esc(f"{cls.capitalize()}: Magic dice of its Spirits resolve {ab} X. {where.capitalize()}.")}">'
            f'{esc(cls.capitalize())}<small>{esc(ab)} X · {esc(where if owner is not None else "free")}</small>'
            '</span>')


def _line_card(g, line_id: str, chosen: bool) -> str:
    """A Spirit Line to choose from: its three stages, the Stage 1 Spirit's values and its Special cards."""
    ln = g.cards.line_by_id[line_id]
    s1 = ln.spirits[0]
    dice = ", ".join(kind_label(k).replace(" die", "") for k in s1.dice)
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
    tag = '<span class="rt-turn">CHOOSING</span>' if acting else ""
    if s.advantage == p.seat:
        tag += ' <span class="sd-flag"><span class="sd-advtoken">A</span>Advantage Token</span>'
    chosen = [sl.line for sl in p.spirits]
    if s.draft.revealed or acting:
        names = ", ".join(esc(g.cards.line_by_id[ln].name) + prov_badge(g.cards.line_by_id[ln].provisional, ("name",))
                          for ln in chosen)
        lines = names or NONE_YET
    else:
        lines = (f'<span class="sd-hidden" title="Casual Line choice: revealed when both teams are complete">'
                 f'{len(chosen)} of 3 chosen, hidden</span>')
    offer = ""
    if acting and s.pending and s.pending[-1].kind == "draft-line":
        cards = "".join(_line_card(g, ln, ln in chosen) for cl in p.classes for ln in g.cards.class_by_id[cl].lines)
        offer = f'<div class="sd-lines">{cards}</div>'
    return (f'<div class="rt-player{" rt-current" if acting else ""}"><div class="rt-phead"><span>'
            f'<span class="rt-pname">Player {p.seat + 1}</span> {tag}</span></div>'
            f'<div class="rt-row"><span class="rt-rowlabel">Classes</span>'
            f'{"".join(class_chip(c) for c in p.classes) or NONE_YET}</div>'
            f'<div class="rt-row"><span class="rt-rowlabel">Lines</span><span>{lines}</span></div>{offer}</div>')


def _draft_table(session: Session) -> str:
    """The nine Class cards and the 1-2-2-1 pick order, with the picks made so far."""
    g, s = session.game, session.state
    owner = {cl: p.seat for p in s.players for cl in p.classes}
    cards = "".join(_class_card(cl.id, owner.get(cl.id)) for cl in g.cards.classes)
    done = len(owner)
    picks = []
    for k, held in enumerate(PICK_ORDER):
        seat = s.advantage if held else 1 - s.advantage
        cls = "sd-done" if k < done else ("sd-now" if k == done else "")
        picks.append(f'<span class="{cls}">{k + 1}: P{seat + 1}</span>')
    order = (f'<div class="sd-order">Class picks (1-2-2-1, Player {2 - s.advantage} without the Advantage Token '
             f'first): {"".join(picks)}</div>')
    if done == len(PICK_ORDER):
        mode = g.options["lines"]
        seats = line_order(s.advantage, mode)
        n = sum(len(p.spirits) for p in s.players)
        steps = "".join(f'<span class="{"sd-done" if k < n else ("sd-now" if k == n else "")}">P{x + 1}</span>'
                        for k, x in enumerate(seats))
        order += (f'<div class="sd-order">Spirit Lines ({mode}: '
                  + ("secret, revealed together" if mode == "casual" else "alternating, each revealed at once")
                  + f'): {steps}</div>')
    return f'<div class="sd-draft"><b>Class cards</b><div class="sd-classes">{cards}</div>{order}</div>'


def render(session: Session) -> str:
    """The whole board as HTML: banner, round strip, the draft (while it lasts), then each player's play area."""
    s = session.state
    players = "".join(_player(session, p) for p in s.players)
    if s.phase == "draft":
        return (f'<div class="rt-root rt-board sd-board"><style>{CSS}</style>{banner(session)}{_strip(s)}'
                f'{_draft_table(session)}<div class="rt-players">{players}</div></div>')
    legend = ('<div class="rt-legend">Dice: <b style="color:#c62828">⚔</b> Attack · '
              '<b style="color:#6a1b9a">✦</b> '
              'Magic (Class Ability) · <b style="color:#00897b">◆</b> Essence · <b>·</b> = Blank · '
              '<span class="sd-boost">+1</span> Boost · gold = Advantage Die · L1/L2 = level. '
              'Hover a die for its value and odds. ' + PROV_LEGEND + '</div>')
    return (f'<div class="rt-root rt-board sd-board"><style>{CSS}</style>{banner(session)}{_strip(s)}'
            f'<div class="rt-players">{players}</div>{legend}</div>')
