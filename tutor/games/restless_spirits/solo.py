"""Solo Mode (Solo Mode: Overview, Setup, Race Against the Deck, Spirit Type Abilities, Endgame & Scoring, Playing
with Variants).

One player races the Spirit deck: set-up deals 5 Totems and one goes to the Shrine; at the end of every turn the
Lost Spirits row shifts right (the rightmost is discarded, a new one is dealt on the left); the game ends once the
last Spirit has been dealt (the turn in progress is finished). Printed Spirit abilities are not used: when a Spirit is
attracted, the ability of its *type* happens at once (after a B-side bonus). The player wins with at least one
released Spirit of every type (6 or more in all) and earns a Spirit Guide Ranking.

The six type abilities are a table (:data:`TYPE_ABILITIES`), each a small function of the acting Spirit's seat and
space; nothing here depends on a card's name.
"""
from __future__ import annotations

from ...core.model import make_action
from .achievements import earn
from .cards import SPIRIT_TYPES
from .ongoing import ask_disregard
from .resolve import finish, start_turn
from ...core.flow import Mark
from .state import ChooseMalicious, ChooseReactivate, ChooseSoloDiscard, Decision, ResumeSolo
from .table import deal_table
from .zones import (Ctx, discard_card, discard_one_of, draw_totem, draw_totems_to_hand, note_last_spirit, plural,
                    refill_lost_spirits)

SOLO_HAND = 5
WIN_RELEASED = 6
GUARD = "guard"
TYPE_TEXT = {
    "guardian": "ignore the effects of the next Spirit Type ability that happens",
    "sacred": "the Spirit on the space to its left needs one Totem Requirement fewer",
    "fortune": "draw a Totem from the Totem deck",
    "malicious": "either discard 2 Totems from your hand or discard a Lost Spirit",
    "trickster": "discard your whole hand, then draw 3 Totems",
    "shrouded": "use again the Spirit Type ability of one of your released Spirits",
}
#: Spirit Guide Ranking: (name, least released on the A side, least released playing a variant)
RANKS = (("Spirit Caller", 6, 6), ("Totem Bearer", 7, 8), ("Lorekeeper", 8, 9), ("Realm Walker", 9, 10),
         ("Spirit Master", 10, 11))


def _ask(c: Ctx, d: Decision) -> None:
    c.ask(d)


# ------------------------------------------------------------------------------------------------ set-up
def begin_solo(c: Ctx) -> None:
    """Deal the 5-card starting hand; the player then puts one of them on the Shrine (with ``first_game``: the last
    one dealt, no choice, ruling ``rs.ruling.solo-first-game``)."""
    g, s = c.game, c.state
    p = s.players[0]
    for _ in range(SOLO_HAND):
        p.hand.append(draw_totem(c))
    c.ev("rs.solo.setup-hand", "Solo Mode: you are dealt a starting hand of 5 Totems and will put one of them on "
         "the Shrine.", auto=True, cards=tuple(p.hand), actor=0)
    if g.options["first_game"]:
        card = p.hand.pop()
        s.shrine.append(card)
        c.ev("rs.ruling.solo-first-game", f"First-game set-up: the last Totem dealt ({g.totem_label(card)}) goes to "
             "the Shrine without a choice.", auto=True, cards=(card,), actor=0)
        return deal_table(c)
    s.phase = "solo-discard"


def discard_actions(g, s) -> list:
    """The choice of the starting Totem to put on the Shrine."""
    return [make_action("solo-discard", 0, f"Put {g.totem_label(x)} on the Shrine", "Solo set-up: keep 4 of your "
                        "5 Totems; the fifth goes face-up to the Shrine.", ("rs.solo.setup-hand",), totem=x)
            for x in sorted(set(s.players[0].hand))]


def apply_discard(c: Ctx, a) -> None:
    s = c.state
    card = a.param("totem")
    s.players[0].hand.remove(card)
    s.shrine.append(card)
    c.ev("rs.solo.setup-hand", f"You put {c.game.totem_label(card)} on the Shrine and keep 4 Totems.", cards=(card,),
         actor=0)
    deal_table(c)


# ------------------------------------------------------------------------------------------------ the race
def end_of_turn(c: Ctx) -> None:
    """Shift the Lost Spirits row (rs.solo.shift), then end the game or start the next turn."""
    s = c.state
    if s.endgame_by is None:
        row = s.lost_spirits
        gone = row[2]
        if gone is not None:
            s.spirit_discard.append(gone)
        s.lost_spirits = [None, row[0], row[1]]
        c.ev("rs.solo.shift", ((f"{c.name(gone)}, the rightmost Lost Spirit, is discarded; " if gone else "")
                               + "the other Lost Spirits move one space right and a new Spirit is dealt on the left."),
             auto=True, cards=(gone,) if gone else (), actor=0)
        refill_lost_spirits(c, "rs.solo.shift")
        if not s.spirit_deck and s.endgame_by is None:
            note_last_spirit(c)
    if s.endgame_by is not None:
        return finish(c)
    start_turn(c, 0)


def solo_rank(released: int, variant: bool) -> str | None:
    """The Spirit Guide Ranking for ``released`` Spirits (``variant``: the 'Playing A Variant' column)."""
    best = None
    for name, a_side, var in RANKS:
        if released >= (var if variant else a_side):
            best = name
    return best


def finish_solo(c: Ctx) -> None:
    """Win with at least one released Spirit of every type; the Ranking then follows the released count."""
    g, s = c.game, c.state
    p = s.players[0]
    types = {g.cards.by_id[x].type for x in p.released}
    missing = [t.capitalize() for t in SPIRIT_TYPES if t not in types]
    n = len(p.released)
    if missing or n < WIN_RELEASED:
        s.winners = []
        s.win_reason = "lost"
        c.ev("rs.solo.win", f"The game is over with {n} released Spirits; no released "
             f"{', '.join(missing)} Spirit, so the game is lost.", auto=True, actor=0)
        return
    variant = g.options.get("side") == "B"
    s.winners = [0]
    s.solo_rank = solo_rank(n, variant)
    s.win_reason = "won"
    c.ev("rs.solo.win", f"You released {n} Spirits, at least one of every type: you win!", auto=True, actor=0)
    if variant or g.options.get("promos"):
        c.ev("rs.ruling.solo-variant-column", "The B side is a variant, so the 'Playing A Variant' column is used."
             if variant else "Promo Spirits alone are not a variant: the 'A' Side column is used.", auto=True, actor=0)
    c.ev("rs.solo.ranking", f"Spirit Guide Ranking ({'Playing A Variant' if variant else chr(39) + 'A' + chr(39) + ' Side'}"
         f" column): {s.solo_rank}.", auto=True, actor=0)
    if variant or g.options.get("promos"):
        c.ev("rs.ruling.solo-variant-column", "The 'Playing A Variant' column is for the B side; Promo Spirits alone "
             "keep the 'A' Side column.", auto=True, actor=0)


# ------------------------------------------------------------------------------------------------ type abilities
def after_placement(c: Ctx, seat: int, space: int, before: Mark) -> None:
    """Run the placed Spirit's type ability, after the B-side bonus's choice if one is pending (``before``: where
    the flow stood before the bonus, :meth:`tutor.core.flow.Flow.mark`; the ability then waits as work under the
    bonus's choice)."""
    s = c.state
    card = s.players[seat].board[space].card
    if len(s.pending) > before.decisions:
        c.game.flow.push_under(s, ResumeSolo(seat=seat, space=space, card=card), before)
        c.ev("rs.solo.b-side-first", "The placement bonus is resolved fully before the Spirit Type ability.",
             auto=True, actor=seat)
        return
    type_ability(c, seat, space, card)


def _guard_space(s, seat: int) -> int | None:
    for i, ps in enumerate(s.players[seat].board):
        if ps is not None and GUARD in ps.tokens:
            return i
    return None


def type_ability(c: Ctx, seat: int, space: int, card: str) -> None:
    """The Spirit Type ability of the attracted ``card``, acting from ``space`` (rs.solo.type-abilities). A
    Guardian's Protect token cancels it (a re-activation inside a Shrouded ability is not cancelled again: ruling
    ``rs.ruling.solo-shrouded``)."""
    s = c.state
    t = c.cards.by_id[card].type
    c.ev("rs.solo.type-abilities", f"{c.game.spirit_label(card)} is attracted: {t.capitalize()} ability: "
         f"{TYPE_TEXT[t]}.", auto=True, cards=(card,), actor=seat)
    g_at = _guard_space(s, seat)
    if g_at is not None:
        ps = s.players[seat].board[g_at]
        ps.tokens.remove(GUARD)
        c.ev("rs.solo.guardian", f"The Protect token on {c.name(ps.card)} cancels this ability: it has no effect. "
             "The token returns to the supply.", auto=True, actor=seat)
        return
    TYPE_ABILITIES[t](c, seat, space, card)


def _guardian(c: Ctx, seat: int, space: int, card: str) -> None:
    ps = c.state.players[seat].board[space]
    if ps is None:
        return
    ps.tokens.append(GUARD)
    c.ev("rs.solo.guardian", f"A Protect token goes on {c.name(ps.card)}: the next Spirit Type ability is cancelled "
         "(the token is lost if this Spirit is released first).", auto=True, actor=seat)


def _sacred(c: Ctx, seat: int, space: int, card: str) -> None:
    board = c.state.players[seat].board
    left = space - 1
    if left < 0 or board[left] is None:
        c.ev("rs.ruling.solo-sacred-left", "No Spirit is on the space to its left, so the ability does nothing.",
             auto=True, actor=seat)
        return
    me = board[space].card if board[space] is not None else card
    c.ev("rs.solo.sacred", f"A -1 token goes on {c.name(board[left].card)} (space {left + 1}): it needs one Totem "
         "Requirement fewer.", auto=True, cards=(board[left].card,), actor=seat)
    ask_disregard(c, seat, left, me)


def _fortune(c: Ctx, seat: int, space: int, card: str) -> None:
    draw_totems_to_hand(c, seat, 1, "rs.solo.fortune")


def _malicious(c: Ctx, seat: int, space: int, card: str) -> None:
    if not malicious_options(c.game, c.state, seat):
        c.ev("rs.ruling.solo-malicious", "You hold fewer than 2 Totems and no Lost Spirit is left: nothing happens.",
             auto=True, actor=seat)
        return
    _ask(c, ChooseMalicious(actor=seat, purpose="malicious"))


def malicious_options(g, s, seat: int) -> list[dict]:
    """The Malicious choice: ``{"option": "hand"}`` (with 2 Totems in hand) or ``{"spirit": id}`` per Lost Spirit."""
    out: list[dict] = []
    if sum(g.card_kind(x) == "totem" for x in s.players[seat].hand) >= 2:
        out.append({"option": "hand"})
    out += [{"spirit": x} for x in s.lost_spirits if x is not None]
    return out


def _trickster(c: Ctx, seat: int, space: int, card: str) -> None:
    p = c.state.players[seat]
    gone, p.hand = list(p.hand), []
    for x in gone:
        discard_card(c, x)
    c.ev("rs.solo.trickster", f"You discard your whole hand ({', '.join(c.name(x) for x in gone) or 'empty'}).",
         auto=True, cards=tuple(gone), actor=seat)
    draw_totems_to_hand(c, seat, 3, "rs.solo.trickster")


def reactivate_options(g, s, seat: int) -> list[str]:
    """Released Spirits whose type ability a Shrouded Spirit may use again (not Shrouded: ruling)."""
    return sorted(set(x for x in s.players[seat].released if g.cards.by_id[x].type != "shrouded"))


def _shrouded(c: Ctx, seat: int, space: int, card: str) -> None:
    if not reactivate_options(c.game, c.state, seat):
        c.ev("rs.solo.shrouded", "You have no released Spirit (other than Shrouded ones) to use again: nothing "
             "happens.", auto=True, actor=seat)
        return
    _ask(c, ChooseReactivate(actor=seat, purpose="shrouded", space=space, source=card))


TYPE_ABILITIES = {"guardian": _guardian, "sacred": _sacred, "fortune": _fortune, "malicious": _malicious,
                  "trickster": _trickster, "shrouded": _shrouded}


# ------------------------------------------------------------------------------------------------ decisions
def _malicious_actions(g, s, d, a) -> None:
    for o in malicious_options(g, s, d.actor):
        if "option" in o:
            a("choose-malicious", "Discard 2 Totems from your hand", "The Malicious ability: you choose to lose 2 "
              "Totems.", ("rs.solo.malicious",), option="hand")
        else:
            a("choose-malicious", f"Discard the Lost Spirit {g.spirit_label(o['spirit'])}", "The Malicious ability: "
              "you choose to discard a Lost Spirit.", ("rs.solo.malicious", "rs.ruling.solo-malicious"),
              spirit=o["spirit"])


def _malicious_resolve(c: Ctx, d: Decision, action) -> None:
    s = c.state
    if action.param("option") == "hand":
        c.ev("rs.solo.malicious", "You choose to discard 2 Totems from your hand.", actor=d.actor)
        _ask(c, ChooseSoloDiscard(actor=d.actor, purpose="malicious", count=2))
        return
    x = action.param("spirit")
    s.lost_spirits[s.lost_spirits.index(x)] = None
    s.spirit_discard.append(x)
    c.ev("rs.solo.malicious", f"You discard the Lost Spirit {c.game.spirit_label(x)}; the row is refilled.",
         cards=(x,), actor=d.actor)
    if c.cards.by_id[x].type == "malicious":
        earn(c, d.actor, "backstabber")
    refill_lost_spirits(c, "rs.ruling.solo-malicious")


def _solo_discard_actions(g, s, d, a) -> None:
    for x in sorted(set(y for y in s.players[d.actor].hand if g.card_kind(y) == "totem")):
        a("choose-solo-discard", f"Discard {g.totem_label(x)}", f"Discard {plural(d.count, 'more Totem', 'more Totems')} of your choice.",
          ("rs.solo.malicious",), totem=x)


def _solo_discard_resolve(c: Ctx, d: Decision, action) -> None:
    x = action.param("totem")
    discard_one_of(c, d, x, "rs.solo.malicious", f"You discard {c.game.totem_label(x)}.")


def _reactivate_actions(g, s, d, a) -> None:
    for x in reactivate_options(g, s, d.actor):
        t = g.cards.by_id[x].type
        a("choose-reactivate", f"Use {g.cards.by_id[x].name}'s {t.capitalize()} ability again",
          f"The Shrouded ability: {TYPE_TEXT[t]} (read from the Shrouded Spirit's space).",
          ("rs.solo.shrouded", "rs.ruling.solo-shrouded"), spirit=x)


def _reactivate_resolve(c: Ctx, d: Decision, action) -> None:
    x = action.param("spirit")
    c.ev("rs.solo.shrouded", f"{c.name(d.source)} uses {c.name(x)}'s {c.cards.by_id[x].type.capitalize()} ability "
         "again, from its own space.", cards=(x,), actor=d.actor)
    type_ability_of(c, d.actor, d.space, x, d.source)


def type_ability_of(c: Ctx, seat: int, space: int, released: str, acting: str) -> None:
    """Run the type ability of ``released`` as if ``acting`` (on ``space``) had it (Shrouded)."""
    c.ev("rs.solo.type-abilities", f"{c.cards.by_id[released].type.capitalize()} ability: "
         f"{TYPE_TEXT[c.cards.by_id[released].type]}.", auto=True, cards=(released,), actor=seat)
    TYPE_ABILITIES[c.cards.by_id[released].type](c, seat, space, acting)


HANDLERS = {
    "choose-malicious": (_malicious_actions, _malicious_resolve),
    "choose-solo-discard": (_solo_discard_actions, _solo_discard_resolve),
    "choose-reactivate": (_reactivate_actions, _reactivate_resolve),
}
