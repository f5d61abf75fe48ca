"""Restless Spirits board view: the table and every player's zones as one HTML string, plus the words the generic
panels need for this game (action group titles and colours, prompts for pending decisions).

Views only: everything shown is read from the session's state and the game's card data.
"""
from __future__ import annotations

from tutor import Session, view
from tutor.prompts import prompt

from ..style import PROV_LEGEND, PROV_SUMMARY, esc, prov_badge, prov_text
from . import end_words, hidden_hands, named, turn_badge, who_tag, whose_turn

#: action kind -> (group, order); groups give the title and colour of the actions panel (rulebook Player Aid).
KIND_GROUP = {
    "attract": "spirit", "refresh-and-attract": "spirit", "activate-ability": "spirit",
    "buy-totem": "totem", "refresh-market-and-buy": "totem", "retrieve-from-shrine": "totem",
    "play-totem": "totem", "play-blessing": "blessing", "play-curse": "curse", "discard-three-for-ap": "blessing",
    "end-turn": "turn", "choose-guide": "setup", "draft-pick": "setup",
}
GROUP_TITLES = {
    "spirit": "Spirit actions", "totem": "Totem actions", "blessing": "Blessings & discarding",
    "curse": "Curses", "turn": "End of turn", "setup": "Set-up", "choice": "Your choice",
}
GROUP_ORDER = ("choice", "setup", "spirit", "totem", "blessing", "curse", "turn")


def group_of(kind: str) -> str:
    """The actions-panel group of an action kind (decisions such as ``choose-…`` and ``decline`` are choices)."""
    if kind.startswith("choose-") and kind != "choose-guide" or kind == "decline":
        return "choice"
    return KIND_GROUP.get(kind, "other")


def decision_prompt(session: Session) -> str | None:
    """What the pending decision asks, in plain words; ``None`` when no decision is pending."""
    s = session.state
    if s.phase == "guides":
        return f"Player {session.current_player + 1}: " + prompt(session.game_id, "guides")
    if s.phase == "draft":
        return f"Player {session.current_player + 1}: " + prompt(session.game_id, "draft", round=s.draft.round)
    if not s.pending:
        return None
    d = s.pending[-1]
    return f"Player {d.actor + 1}: " + prompt(session.game_id, d.kind)


def _type_words(spirit) -> str:
    """``"Guardian · Light"``: a Spirit card's type with its side (the card knows whether its type is Light)."""
    return f"{spirit.type.capitalize()} · {'Light' if spirit.light else 'Dark'}"


def card_chip(g, card_id: str) -> str:
    """A coloured chip naming a card (Totem green, Blessing gold, Curse red, Spirit purple) with provisional badge."""
    c = g.cards.by_id[card_id]
    kind = g.card_kind(card_id)
    if kind == "spirit":
        cls = "rt-light" if c.light else "rt-dark"
        tip = f"{c.name}: {_type_words(c)} Spirit; needs {g.requirements_label(card_id)}"
        name = esc(c.name)
    elif kind == "totem":
        cls = "rt-totem"
        what = f"Wild ({c.wild_type.capitalize()})" if c.kind == "wild" else c.kind.capitalize()
        tip = f"{what} Totem" + ("" if c.kind == "wild" else ": " + ", ".join(g.icon_label(i) for i in c.icons))
        name = esc(c.name) + (f' <span class="rt-muted">wild: {esc(c.wild_type.capitalize())}</span>' if c.kind == "wild"
                              else (" <small>×2</small>" if c.kind == "double" else ""))
    else:
        cls = "rt-blessing" if kind == "blessing" else "rt-curse"
        cost = "free" if c.cost == 0 else f"{c.cost} AP"
        tip = f"{kind.capitalize()} ({cost}): {c.text}"
        name = f"{esc(c.name)} <small>{cost}</small>"
    return f'<span class="rt-chip {cls}" title="{esc(tip)}">{name}{prov_badge(c.provisional)}</span>'


def _chips(g, ids, empty: str = "none") -> str:
    ids = [x for x in ids if x]
    return " ".join(card_chip(g, x) for x in ids) if ids else f'<span class="rt-muted">{empty}</span>'


BONUS_WORDS = {"draw-totem": "B side: draw a Totem", "gain-ap": "B side: +1 AP",
               "take-market": "B side: take a market Totem"}


def _bonus(g, side: str, i: int) -> str:
    """The B-side placement bonus printed on space ``i`` (provisional: the rulebook does not say which is where)."""
    if side != "B":
        return ""
    b = g.cards.b_side
    word = BONUS_WORDS.get(b.bonuses[i], b.bonuses[i])
    return f'<div class="rt-muted rt-bonus" title="{esc(word)}">{esc(word)}{prov_badge(b.provisional, ("bonuses",))}</div>'


def _solo_words(v, sp) -> tuple[str, str] | None:
    """``(line, tooltip)`` for a Spirit card in Solo Mode, where its Spirit Type ability acts instead of the printed
    one (the words from the engine's view), else ``None``."""
    typed = v.solo_ability(sp.type) if v is not None else None
    if typed is None:
        return None
    return (f"Solo ({sp.type.capitalize()}): {typed}",
            f"In Solo Mode the printed ability is not used; this Spirit's type ability acts when it is attracted. "
            f"Printed: {sp.ability.text}")


def _copies(session: Session) -> dict[str, tuple[str, int, bool]]:
    """The Spirits a Copy token lies on (newuser38: none was drawn): each copied Spirit's id -> ``(copier's name, its
    owner's seat, whether the copied ability was Activated and used at once)``, for every copy the state keeps (an
    Ongoing or on-release ability copied while the copy holds; any ability Uji or Yotei copied, ruling
    rs.ruling.copy-token)."""
    g = session.game
    return {ps.copied: (g.cards.by_id[ps.card].name, p.seat, g.cards.by_id[ps.copied].ability.timing == "activated")
            for p in session.state.players for ps in p.board if ps is not None and ps.copied}


def _copy_token(copier: str, seat: int, once: bool = False) -> str:
    """The Copy token drawn on the Spirit ``copier`` (on Player ``seat + 1``'s board) copies, with what it means
    (``once``: an Activated ability, used at the copy; the token only marks it)."""
    tip = (f"{copier}'s Copy token: {copier} (Player {seat + 1}'s board) "
           + ("copied this Spirit's ability and used it at once; the token marks the copy" if once
              else "has this Spirit's ability as its own while the copy holds"))
    who = esc(f"{copier}'s")
    return (f'<div class="rt-tok rt-copy-tok" title="{esc(tip)}">◇ {who} Copy token'
            f'<span class="rt-sr-only">: {esc(tip)}</span></div>')


def _copying(g, ps) -> str:
    """The copier's own line while it keeps a copy: which Spirit's ability it has (or copied and used at once)."""
    if not ps.copied:
        return ""
    name = g.cards.by_id[ps.copied].name
    if g.cards.by_id[ps.copied].ability.timing == "activated":
        tip = f"Its Copy token is on {name}: it copied {name}'s ability and used it at once"
        return f'<div class="rt-tok rt-copy-tok" title="{esc(tip)}">◇ copied {esc(name)}</div>'
    tip = f"Its Copy token is on {name}: it has {name}'s ability as its own while the copy holds"
    return f'<div class="rt-tok rt-copy-tok" title="{esc(tip)}">◇ copies {esc(name)}</div>'


def _space(g, ps, i: int, side: str = "A", v=None, copies=None) -> str:
    if ps is None:
        return f'<div class="rt-space rt-empty">space {i + 1}: empty{_bonus(g, side, i)}</div>'
    sp = g.cards.by_id[ps.card]
    cls = "rt-light" if sp.light else "rt-dark"
    reqs = []
    reqs_mark = prov_badge(sp.provisional, ("requirements",))
    for slot, icon in enumerate(sp.requirements):
        name = esc(g.icon_label(icon))
        mark = reqs_mark if slot == len(sp.requirements) - 1 else ""  # once, after the last requirement
        met_by = ps.slots[slot]
        giver = g.cards.by_id[met_by] if met_by else None
        if giver is not None and hasattr(giver, "requirements"):  # a Spirit's "-1 Totem Requirement" (Seone, Barachu)
            by = esc(giver.name)
            reqs.append(f'<li class="rt-met rt-reduced" title="{name}: not needed, one Totem Requirement fewer ({by}\'s '
                        f'ability)"><span class="rt-minus">−1</span> {name}{mark} <span class="rt-muted">({by})</span>'
                        '<span class="rt-sr-only">: not needed, one Totem Requirement fewer</span></li>')
        elif met_by:
            by = esc(g.cards.by_id[met_by].name)
            reqs.append(f'<li class="rt-met" title="{name}: met by {by}">✓ {name}{mark} <span class="rt-muted">({by})'
                        "</span></li>")
        else:
            reqs.append(f'<li class="rt-unmet" title="{name}: not met yet">○ {name}{mark}</li>')
    n_met = sum(1 for x in ps.slots if x)
    timing = {"activated": "Activated", "ongoing": "Ongoing", "on-release": "On release"}[sp.ability.timing]
    solo = _solo_words(v, sp)
    # (a state line a learner needs is short enough to be whole on a card: "◆ ability used"; the rest, which a folded
    # card cut mid-name, "(Activation Tok…", trial 20, in its tooltip and said to a screen reader)
    token = ('<div class="rt-tok" title="Its ability is used: an Activation Token is on it">◆ ability used'
             '<span class="rt-sr-only">: an Activation Token is on it</span></div>' if ps.used
             # (folded to a line or two on the table: the whole text on hover, or on a click or tap, which gives it the
             # focus, until the next click elsewhere)
             else f'<div class="rt-ability" tabindex="0" title="{esc(solo[1])}">{esc(solo[0])}</div>' if solo
             else f'<div class="rt-ability" tabindex="0" title="{esc(sp.ability.text)}">{timing}: {esc(sp.ability.text)}'
             '</div>')
    extra = f'<div class="rt-muted">tokens: {esc(", ".join(ps.tokens))}</div>' if ps.tokens else ""
    on = _copy_token(*copies[ps.card]) if copies and ps.card in copies else ""
    # the mark goes on the values the rulebook does not print (its type, its requirements), not on its name
    return (f'<div class="rt-space {cls}"><div class="rt-sname">{esc(sp.name)}'
            f'{prov_badge(sp.provisional, ("name",))}</div>'
            f'<div class="rt-stype" tabindex="0" title="{esc(_type_words(sp))} · {n_met} of 3 requirements met">'
            f'{esc(_type_words(sp))}{prov_badge(sp.provisional, ("type",))}<span class="rt-nmet"> · {n_met}/3 met</span></div><ul class="rt-reqs">{"".join(reqs)}</ul>{token}{_copying(g, ps)}{on}{extra}{_bonus(g, side, i)}</div>')


def _lost(g, sid: str | None, v=None, copies=None) -> str:
    if sid is None:
        return '<div class="rt-space rt-empty rt-mini">empty</div>'
    sp = g.cards.by_id[sid]
    reqs = ", ".join(g.icon_label(r) for r in sp.requirements)
    solo = _solo_words(v, sp)
    tip = f"{solo[0]}. {solo[1]}" if solo else sp.ability.text
    return (f'<div class="rt-space rt-mini {"rt-light" if sp.light else "rt-dark"}" title="{esc(tip)}">'
            f'<div class="rt-sname">{esc(sp.name)}{prov_badge(sp.provisional, ("name",))}</div>'
            f'<div class="rt-stype" title="{esc(_type_words(sp))}">{esc(_type_words(sp))}'
            f'{prov_badge(sp.provisional, ("type",))}</div>'
            f'<div class="rt-ability" tabindex="0" title="needs {esc(reqs)}">needs {esc(reqs)}'
            f'{prov_badge(sp.provisional, ("requirements",))}</div>'
            f'{_copy_token(*copies[sid]) if copies and sid in copies else ""}</div>')


def _player(session: Session, p) -> str:
    g, s = session.game, session.state
    current = session.current_player == p.seat and s.phase != "over"
    guide = g.cards.by_id[p.guide] if p.guide else None
    # (each piece the presenter's projector layout may fold has a class of its own: the guide's name, the pips after
    # a count, "waiting", the hand's count; widgets.presenter_style)
    gtxt = (f'<span class="rt-gname">{esc(guide.name)}{prov_badge(guide.provisional)} · </span>'
            f"<b>{esc(guide.mastery.capitalize())}</b> Mastery" if guide else '<span class="rt-muted">no guide yet</span>')
    solo = len(s.players) == 1
    # the releases that trigger the endgame ("6+" in Solo Mode; the banner says the solo goal in full)
    v = view(session)
    need = v.release_goal()
    limit = v.hand_limit(p.seat)
    first = ('<span class="rt-first"> · ★ first player</span>' if not solo and s.first_player == p.seat and s.phase in ("play", "over") else "")
    turn = turn_badge(session, p.seat) if current else ""
    dots = "●" * p.ap if p.ap <= 6 else f"{p.ap}×●"
    if current and s.phase == "play":
        ap = f'AP <b>{p.ap}</b> <span class="rt-pips">{dots}</span> · '
    elif current:
        ap = '<span class="rt-muted">setting up</span> · '
    else:
        ap = '<span class="rt-waiting"><span class="rt-muted">waiting</span> · </span>'
    stats = (f'<span class="rt-stats">{ap}Activation Tokens <b>{p.activation_tokens}</b>'
             f'<span class="rt-pips"> {"◆" * p.activation_tokens}</span> · Released <b>{len(p.released)}</b>/{need}'
             f'<span class="rt-handn"> · hand {len(p.hand)}/{limit if limit is not None else "no limit"}</span></span>')
    copies = _copies(session)
    spaces = "".join(_space(g, ps, i, s.side, v, copies) for i, ps in enumerate(p.board))
    earned = g.facts(s).get(f"p{p.seat + 1}.achievements") or []
    achievements = (f'<div class="rt-row"><span class="rt-rowlabel">achievements</span>'
                    f'{" ".join(f"<span class=rt-chip>★ {esc(a)}</span>" for a in earned)}</div>' if earned else "")
    hidden = p.seat in hidden_hands(session)
    hand = (f'<span class="rt-muted">{len(p.hand)} card{"s" if len(p.hand) != 1 else ""}, hidden</span>' if hidden
            else _chips(g, p.hand, "empty"))
    draft = ""
    if s.phase == "draft" and s.draft is not None and not hidden:
        draft = (f'<div class="rt-row"><span class="rt-rowlabel">draft</span>'
                 f'{_chips(g, s.draft.packets[p.seat])}</div>')
    # the released Spirits by name once there are any (the stats line says "Released 0/5" before: no empty row)
    marks = "".join(_copy_token(*copies[x]) for x in p.released if x in copies)  # (Grindavik's copy)
    released = (f'<div class="rt-row rt-released-row"><span class="rt-rowlabel">released</span>{_chips(g, p.released)}'
                f'{marks}</div>' if p.released else "")
    return (f'<div class="rt-player{" rt-current" if current else ""}">'
            f'<div class="rt-phead"><span><span class="rt-pname">Player {p.seat + 1}</span>'
            f'{who_tag(session, p.seat)}{turn} · {gtxt}{first}'
            f'</span>{stats}</div>'
            f'<div class="rt-spaces{" rt-full" if all(ps is not None for ps in p.board) else ""}">{spaces}</div>'
            f'<div class="rt-row rt-hand-row{" rt-hand-hidden" if hidden else ""}"><span class="rt-rowlabel">hand</span>'
            f'{hand}</div>'
            f'{released}{draft}{achievements}</div>')


def banner(session: Session) -> str:
    """The line that says whose turn it is (or who won)."""
    s = session.state
    if s.phase == "over":  # who won and why, in the engine's words (the event that ended the game)
        words = end_words(session)
        won = session.winners
        who = " and ".join(named(session, w) for w in won)
        head = (prov_text(words) if words else
                f"{who} {'wins' if len(won) == 1 else 'share the victory'}!" if won else "No one wins.")
        return f'<div class="rt-banner rt-over">Game over · {head}</div>'
    seat = session.current_player
    p = s.players[seat]
    if s.phase in ("guides", "draft"):
        what = "chooses a guide" if s.phase == "guides" else f"picks a Totem (Totem draft, round {s.draft.round})"
        return f'<div class="rt-banner">Set-up: {named(session, seat)} {what}</div>'
    end = ""
    if s.endgame_by is not None:
        end = f" · endgame triggered by Player {s.endgame_by + 1}: finish the round"
    pending = " · making a choice" if s.pending else ""
    if len(s.players) == 1:
        end = (f" · solo: {len(s.spirit_deck)} Spirits left in the deck; release 6+ Spirits, one of each type, "
               "before it runs out")
    # a banner that only says whose turn it is and their AP (the acting player's area says both too) is marked, so the
    # presenter's projector layout can fold it (widgets.presenter_style)
    plain = "" if pending or end else " rt-plainturn"
    return (f'<div class="rt-banner{plain}">{whose_turn(session, seat)} <small>· {p.ap} AP left{pending}{end}</small>'
            "</div>")


#: The key of the chips' colours and the provisional mark, folded under one line (it comes after the players' areas).
LEGEND = ('<details class="rt-legend"><summary>Key: chip colours · ' + PROV_SUMMARY + '</summary>'
          '<span class="rt-chip rt-light">Light Spirit</span> '
          '<span class="rt-chip rt-dark">Dark Spirit</span> <span class="rt-chip rt-totem">Totem <small>×2</small> = '
          'double</span> <span class="rt-chip rt-blessing">Blessing</span> '
          '<span class="rt-chip rt-curse">Curse</span> · ' + PROV_LEGEND + '</details>')

#: CSS classes of the box that holds the board's zones (see :func:`parts`).
BOARD_CLASSES = ("rt-board",)


def parts(session: Session) -> list[tuple[str, str]]:
    """The board zone by zone, as ``(key, html)``: banner, Lost Spirits, Shrine and decks, Totem Markets, each
    player, legend (the key's kind before ``:`` sets the zone's width; see ``widgets.panels.BoardView``)."""
    g, s = session.game, session.state
    v = view(session)
    copies = _copies(session)
    lost = "".join(_lost(g, x, v, copies) for x in s.lost_spirits)
    markets = "".join(f'<div class="rt-row"><span class="rt-rowlabel">row {r + 1}</span>{_chips(g, row, "empty")}'
                      "</div>" for r, row in enumerate(s.markets))
    shrine_top = card_chip(g, s.shrine[-1]) if s.shrine else '<span class="rt-muted">empty</span>'
    # the piles as one wrapping line of counts (three lines of their own made the Shrine the table's tallest zone)
    decks = (f'<div class="rt-muted rt-decks"><span>Spirit deck {len(s.spirit_deck)} (discard {len(s.spirit_discard)})'
             f'</span> · <span>Totem deck {len(s.totem_deck)} (discard {len(s.totem_discard)})</span> · '
             f'<span>Blessings {len(s.blessing_deck)}</span> · <span>Curses {len(s.curse_deck)}</span></div>')
    return [
        ("banner", banner(session)),
        ("wide:lost", f'<div class="rt-zone rt-wide"><h4>Lost Spirits</h4><div class="rt-spaces">{lost}</div></div>'),
        ("zone:shrine", f'<div class="rt-zone"><h4>Shrine ({len(s.shrine)} Totem{"" if len(s.shrine) == 1 else "s"})</h4>'
                        f'<div class="rt-row rt-shrine-top">top: {shrine_top}</div>{decks}</div>'),
        ("markets", f'<div class="rt-zone rt-full"><h4>Totem Markets</h4>{markets}</div>'),
        *[(f"player:{p.seat}", _player(session, p)) for p in s.players],
        ("legend", LEGEND),
    ]


def render(session: Session) -> str:
    """The whole board as one HTML string: banner, table (Lost Spirits, markets, Shrine, decks), then each player."""
    ps = parts(session)
    html = dict(ps)
    table = html["wide:lost"] + html["zone:shrine"] + html["markets"]
    players = "".join(h for k, h in ps if k.startswith("player:"))
    return (f'<div class="rt-root rt-board">{html["banner"]}<div class="rt-table">{table}</div>'
            f'<div class="rt-players">{players}</div>{html["legend"]}</div>')
