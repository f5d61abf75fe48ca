"""A Spirit Duels player's play area on the board (Spirits with their active pools, Items, hand, deck and discard,
set-aside stages), the banner and the round strip (Card Anatomy; Actions; Damage, Defeated Spirits and Presence;
Dice Types)."""
from __future__ import annotations

from tutor import Session, view

from ...style import esc, prov_badge
from .. import hand_shown, named, turn_badge, who_tag, whose_turn
from .draft import _draft_player
from .looks import ADVANTAGE_MARK, CLASS_COLOURS, DIE_COLOURS, GLYPH, TOKENS, class_chip

def die_chip(v, seat: int, i: int, d, marked: bool = False) -> str:
    """One die in an active pool: the face it shows as its main word ("Attack", Boost as +1) beside the face's
    symbol, and under it, small, the die's type and level ("Essence L1"; "Advantage die"), in its type colour; the
    Advantage Die is gold. The tooltip gives the value it would resolve for now and the die's odds. A die ``marked``
    for a Meditate reroll says so on itself: a dashed outline and "↻ reroll" in words, and in its tooltip (trial 19:
    the marked dice looked like the others)."""
    sym = v.symbol(d.face)
    colour = DIE_COLOURS["advantage" if d.kind == "advantage" else d.kind.split("-")[0]]
    # the rolled face is the word a learner reads (trial 16: "⚔ Essence" was read as an Essence result), the die's
    # type and level its small second line (trial 14, T8: "L1 ATT" was read by no one)
    kind = "Advantage die" if d.kind == "advantage" else f"{d.kind.split('-')[0].capitalize()} L{d.kind[-1]}"
    boost = '<span class="sd-boost">+1</span>' if v.boosted(d.face) else ""
    face = f"<b>{esc(sym.capitalize())}{boost}</b>"
    tip = f"{v.kind_label(d.kind)} showing {v.face_label(d.face)}"
    if sym != "blank":
        value, parts = v.die_value(seat, i, d.face)
        tip += f": worth {value} ({', '.join(parts)})"
    else:
        tip += ": Blank cannot be declared"
    tip += f". Faces: {v.odds(d.kind)}."
    cls = " sd-adv" if d.kind == "advantage" else ""
    cls += " sd-blank" if sym == "blank" else ""
    mark = ""
    if marked:
        cls += " sd-marked"
        tip = "Marked for the Meditate reroll: it is rerolled with the other marked dice. " + tip
        mark = '<span class="sd-mark">↻ reroll</span>'
    return (f'<span class="sd-die{cls}" style="border-color:{colour}" title="{esc(tip)}">'
            f'<span class="sd-g" style="color:{colour if sym != "blank" else "#b0abbd"}">{GLYPH[sym]}</span>'
            f'<span class="sd-k">{face}<span class="sd-kind">{esc(kind)}</span>{mark}</span></span>')


def card_chip(g, cid: str) -> str:
    """A hand card: cost, name, kind; tooltip with its text (provisional badge with the reasons)."""
    c = g.cards.by_id[cid]
    bg, _fg = CLASS_COLOURS.get(c.cls, ("#6a6484", "#fff"))
    tip = f"{c.name}: {c.cls.capitalize()} {c.kind.capitalize()} ({c.rarity}), {c.cost} Essence. {c.text}"
    fast = " · Fast" if c.fast else ""
    return (f'<span class="sd-card-chip" style="border-color:{bg}" title="{esc(tip)}"><span class="sd-cost">{c.cost}'
            f'</span>{esc(c.name)} <small>{esc(c.kind)}{fast}</small>{prov_badge(c.provisional)}</span>')


def _tokens(v, sl) -> str:
    out = []
    for t, (glyph, word) in TOKENS.items():
        n = getattr(sl, t)
        if n:
            rule = v.token_rule(t)  # the token's words are its clause's, from content
            out.append(f'<span class="sd-tok sd-tok-{t}" title="{esc(f"{word}. {rule.title}: {rule.text}")}">'
                       f'{glyph} {t} {n}/3</span>')
    return "".join(out)


def _spirit(session: Session, seat: int, i: int) -> str:
    g, s, v = session.game, session.state, view(session)
    sl = s.players[seat].spirits[i]
    sp = v.spirit_card(sl)
    marked = v.marked_dice(seat)
    pool = "".join(die_chip(v, seat, i, d, (i, k) in marked) for k, d in enumerate(sl.pool))
    if not pool:
        pool = '<span class="rt-muted">no dice</span>'
    pool_html = f'<div class="sd-pool{"" if sl.pool else " sd-nodice"}" title="Active pool: the dice rolled for this Spirit">{pool}</div>'
    if not v.is_spirit(sl):
        return (f'<div class="sd-col sd-col-down">{pool_html}<div class="sd-card sd-down" title="A defeated Stage 1 Spirit is '
                f'flipped to its card back: no longer a Spirit">{esc(sp.name)}<br>defeated · card back</div></div>')
    pres = v.is_presence(sl)
    health = v.stat(sl, "health")
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
    # (the provisional mark inside the last power's box, with its words: alone, it wrapped to a line of its own, drawn
    # over the powers' die icons on the projector, newuser46)
    mark = prov_badge(sp.provisional, ("presence",) if pres else ("attack", "magic", "essence"))
    powers = "".join(f'<span title="{title}: the value of a die showing {key.capitalize()}">{glyph} {word} <b>'
                     f'{v.stat(sl, key)}</b>{mark if k == len(pw) - 1 else ""}</span>'
                     for k, (glyph, key, word, title) in enumerate(pw))
    dice = ", ".join(v.kind_label(k).replace(" die", "") for k in v.printed_dice(sl)) or "none"
    state = ('<span class="sd-state sd-exhausted" title="Exhausted: it cannot be activated or evolve until the End '
             'Phase readies it">exhausted</span>' if sl.exhausted else
             '<span class="sd-state sd-ready" title="Ready: it can be activated or evolve">ready</span>')
    if sl.advantage_die:
        state += ('<span class="sd-state sd-advdie" title="The Advantage Die is assigned: it is rolled with this '
                  'Spirit\'s dice when it is activated">+ Advantage Die</span>')
    ab = v.ability(sl)
    ability = ""
    if ab is not None:
        # (its Limited Action used this round: a state beside "ready", never at the end of the ability's text, which a
        # card folds to two lines; trial 20)
        if ab.timing == "limited-action" and sl.limited_used:
            state += ('<span class="sd-state sd-used" title="Its Limited Action is used this round: it can be used '
                      'again next round">ability used</span>')
        badge = prov_badge(sp.provisional, ("ability",))
        ability = (f'<div class="sd-small sd-ability" tabindex="0" title="{esc(ab.text)}"><b>Ability</b>{badge}'
                   f': {esc(ab.text)}</div>')
    traits = "".join(f'<span class="sd-trait" title="{esc(g.cards.by_id[t].text)}">{esc(g.cards.by_id[t].name)}'
                     f'{prov_badge(g.cards.by_id[t].provisional)}</span>' for t in sl.traits)
    traits = f'<div class="sd-traits">{traits}</div>' if traits else ""
    classes = "".join(class_chip(c, n == 0) for n, c in enumerate(sp.classes))
    nxt = ""
    later = v.next_stage(sl)
    if later is not None:
        nxt = (f'<div class="sd-small sd-next" tabindex="0" title="Evolves into {esc(later.name)} for {v.evolve_cost(sl)} Essence">'
               f'evolves into <b>{esc(later.name)}</b> for {v.evolve_cost(sl)} Essence</div>')
    cls = " sd-presence" if pres else (" sd-exh" if sl.exhausted else "")
    name = esc(sp.name) + (" <small>(Presence)</small>" if pres else "") + prov_badge(sp.provisional, ("name",))
    return (f'<div class="sd-col">{pool_html}<div class="sd-card{cls}">'
            f'<div><span class="sd-sname">{name}</span><span class="sd-stage">Stage {sl.stage}</span></div>'
            f'<div>{classes}{prov_badge(sp.provisional, ("classes",))}</div>{hp}'
            f'<div class="sd-powers">{powers}</div>'
            f'<div class="sd-small sd-dice" tabindex="0" title="Printed dice: {esc(dice)}">dice: {esc(dice)}'
            f'{prov_badge(sp.provisional, ("dice",))}</div>'
            f'<div class="sd-statebox">{state}{_tokens(v, sl)}</div>{traits}{ability}{nxt}</div></div>')


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
        tags += turn_badge(session, p.seat, "CHOOSING" if s.pending else "YOUR TURN")
    if s.advantage == p.seat and s.phase != "setup":
        # (its words in their own span: the presenter's projector layout shows the mark alone, the round strip above
        # names the holder; widgets/presenter_duels.py)
        tags += ' <span class="sd-flag sd-advflag" title="Holds the Advantage Token: acts first each round, orders '
        tags += (f'effects that happen together and places the Advantage Die">{ADVANTAGE_MARK}'
                 '<span class="sd-advword">Advantage Token</span></span>')
    if s.gained_by == p.seat:
        tags += (' <span class="sd-flag sd-hot" title="Gained the advantage: takes no more actions this round">'
                 'gained the advantage: no more actions this round</span>')
    if s.phase == "action" and s.last_was_pass and s.current != p.seat and not s.pending:
        tags += ' <span class="sd-flag sd-hot">passed</span>'
    counts = (f'<span class="sd-counts">Essence <span class="sd-ess">◆ <b>{p.essence}</b></span> · hand <b>'
              f'{len(p.hand)}</b> · deck <b>{len(p.deck)}</b> · discard <b>{len(p.discard)}</b></span>')
    if not p.hand:
        hand = '<span class="rt-muted">empty</span>'
    elif hand_shown(session, p.seat, acting):
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
            f'<div class="rt-phead"><span><span class="rt-pname">Player {p.seat + 1}</span>{who_tag(session, p.seat)} '
            f'{_team_name(g, p)} {tags}</span>{counts}</div>'
            f'<div class="sd-spirits">{spirits}</div>'
            f'<div class="rt-row sd-items-row"><span class="rt-rowlabel">items</span>{_items(g, p)}</div>'
            f'<div class="rt-row rt-hand-row"><span class="rt-rowlabel">hand</span>{hand}</div>{extra}'
            f'<details class="rt-ref sd-aside"><summary><span class="rt-rowlabel">set aside</span> '
            f'<span class="sd-small">the other Stages of this team (they come in by evolving)</span></summary>'
            f'<span class="sd-small">{_aside(g, p)}</span></details></div>')


def banner(session: Session) -> str:
    """The line that says whose turn it is (or who won)."""
    s = session.state
    if s.phase == "over":
        who = " and ".join(named(session, w) for w in session.winners)
        why = s.win_reason[:1].upper() + s.win_reason[1:]  # "every Spirit of Player 2 is defeated" as a sentence
        said = f"{who} wins!" if who else "nobody wins."  # (no winner: ruling sd.ruling.round-limit)
        return f'<div class="rt-banner rt-over">Game over: {said} <small>{esc(why)}.</small></div>'
    seat = session.current_player
    if s.phase == "draft":
        what = ("drafts a Class" if s.pending and s.pending[-1].kind == "draft-class" else
                "chooses a Spirit Line")
        return f'<div class="rt-banner">Draft: {named(session, seat)} {what}</div>'
    if s.phase == "setup":
        return f'<div class="rt-banner">Set-up: {named(session, seat)} chooses which opening cards to keep</div>'
    if s.phase == "end":
        return f'<div class="rt-banner">End Phase of round {s.round}: {named(session, seat)} is choosing</div>'
    what = (" · making a choice" if s.pending else
            f'<span class="sd-turnnote{" sd-turnnote-hot" if _hot(s) else ""}"> · one action, then the other player '
            'acts</span>')
    return f'<div class="rt-banner">{whose_turn(session, seat)} <small>· round {s.round}{what}</small></div>'


def _hot(s) -> str:
    """The round strip's ``sd-hot`` pill in the Action Phase: a gained advantage or a pass, in words (``""`` when
    neither). When there is one, the banner's turn note carries CSS class ``sd-turnnote-hot``, which the one-screen
    table's CSS hides (in place of ":has()"): the pill says what the note would."""
    if s.phase != "action":
        return ""
    if s.gained_by is not None:
        return f"Player {s.gained_by + 1} gained the advantage: Player {2 - s.gained_by} acts until they pass"
    if s.last_was_pass:
        return f"Player {2 - s.current} passed: if Player {s.current + 1} passes too, the End Phase begins"
    return ""


def _strip(s) -> str:
    phase = {"draft": "Draft", "setup": "Set-up", "action": "Action Phase", "end": "End Phase",
             "over": "Game over"}[s.phase]
    known = s.phase != "setup" or any(p.team is None for p in s.players)  # the draft gives the token first
    bits = [f'<span class="sd-round">Round <b>{s.round or "–"}</b></span>',
            f'<span class="sd-phase{" sd-end" if s.phase == "end" else ""}">{phase}</span>',
            f'<span title="The Advantage Token\'s holder acts first each round, orders effects that happen together and '
            f'places the Advantage Die (first placed in the End Phase of round 1)">{ADVANTAGE_MARK}'
            f'Advantage Token: <b>Player {s.advantage + 1}</b></span>'
            if known else
            f'<span>{ADVANTAGE_MARK}Advantage Token: given at random once both hands are kept</span>']
    if s.phase == "action":
        hot = _hot(s)
        bits.append(f'<span class="sd-flag sd-hot">{hot}</span>' if hot else
                    '<span class="sd-flag sd-nopass">no pass yet</span>')
        if s.round == 1 and not any(sl.advantage_die or any(d.kind == "advantage" for d in sl.pool)
                                    for p in s.players for sl in p.spirits):
            bits.append('<span class="rt-muted sd-advnote">Advantage Die: first placed in the End Phase</span>')
    if s.forced_rolls:
        n = len(s.forced_rolls)  # (said on lesson, FAQ and walkthrough pages alike: new user 43)
        bits.append(f'<span class="sd-flag" title="This example fixes the next die faces so it always shows its rule: '
                    f'{esc(", ".join(s.forced_rolls))}">next {n} roll{"" if n == 1 else "s"} chosen in advance</span>')
    return f'<div class="sd-strip">{"".join(f"<span>{b}</span>" for b in bits)}</div>'
