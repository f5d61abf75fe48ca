"""Restless Spirits set-up (Setup): guides, shuffled decks, Activation Tokens, the Totem draft (or the first-game
shortcut), the Lost Spirits row, the two Totem Market rows, the first player and their 1-AP first turn.
"""
from __future__ import annotations

from ...core import chance
from ...core.model import Action
from ...core.rng import Rng
from .solo import apply_discard, begin_solo
from .state import DraftState, Player, RSState
from .table import deal_table
from .variants import bonus_label
from .zones import Ctx, draw_totem

DRAFT_HAND = 6
KEEP = 5


def initial_state(g) -> tuple[RSState, list]:
    """Shuffle the decks with the session's seeded generator and run set-up up to the first player decision."""
    n = g.players
    s = RSState(players=[Player(seat=i) for i in range(n)], rng=Rng.from_seed(g.seed), side=g.options["side"])
    c = Ctx(g, s)
    s.spirit_deck = [sp.id for sp in g.deck_spirits()]
    s.totem_deck = [t.id for t in g.cards.totems]
    s.blessing_deck = [b.id for b in g.cards.blessings if b.solo or not g.solo]
    s.curse_deck = [x.id for x in g.cards.curses if x.solo or not g.solo]
    s.out_of_game = [sp.id for sp in g.cards.spirits if sp.id not in set(s.spirit_deck)]
    non_solo = [x.id for x in g.cards.blessings + g.cards.curses if g.solo and not x.solo]
    for deck in (s.spirit_deck, s.totem_deck, s.blessing_deck, s.curse_deck):
        chance.shuffle(s, deck)
    c.ev("rs.setup.shuffle", f"The Spirit ({len(s.spirit_deck)}), Totem ({len(s.totem_deck)}), Blessing "
         f"({len(s.blessing_deck)}) and Curse ({len(s.curse_deck)}) decks are shuffled separately.", auto=True)
    if s.out_of_game:
        c.ev("rs.promo.swap", f"Out of this game: {', '.join(c.name(x) for x in s.out_of_game)}.", auto=True,
             cards=tuple(s.out_of_game))
    if non_solo:
        s.out_of_game += non_solo
        c.ev("rs.solo.setup-cards", f"Solo Mode: the {len(non_solo)} Blessings and Curses without the Solo Mode icon "
             "are set aside.", auto=True, cards=tuple(non_solo))
    if g.options["side"] == "B":
        c.ev("rs.variant.b-side", "Boards are played on their B side: a Spirit placed on a space gives its bonus ("
             + "; ".join(f"space {i + 1}: {bonus_label(g, i)}" for i in range(3)) + ").", auto=True)
    c.ev("rs.setup.activation-tokens", "Each player takes 3 Activation Tokens onto their board.", auto=True)
    c.ev("rs.not-in-document", "Left out: the Leechling Invasion sticker rules and the Tales of the Spirit Realm "
         "modifiers are not in the rulebook document, so the tutor plays without them.", auto=True)
    chosen = g.options.get("guides")
    if chosen:
        for seat, gid in enumerate(chosen):
            s.players[seat].guide = gid
            gd = g.cards.by_id[gid]
            c.ev("rs.setup.guides", f"{c.who(seat)} plays {g.guide_label(gd.id)}.",
                 auto=True, actor=seat)
        begin_totems(c)
    else:
        c.ev("rs.setup.guides", "Each player now chooses a Spirit Guide board, in seat order.", auto=True)
    return s, c.events


def apply_setup(c: Ctx, a: Action) -> None:
    """Apply a set-up decision: ``choose-guide`` or ``draft-pick``."""
    g, s = c.game, c.state
    seat = a.actor
    if a.kind == "choose-guide":
        gd = g.cards.by_id[a.param("guide")]
        s.players[seat].guide = gd.id
        mastery = g.type_name(gd.mastery, gd, "mastery")
        c.ev("rs.setup.guides", f"{c.who(seat)} chooses {g.guide_name(gd.id)} ({mastery} Mastery: "
             f"attracting {mastery} Spirits is a Free Action).", actor=seat)
        if all(p.guide for p in s.players):
            begin_totems(c)
        return
    if a.kind == "solo-discard":
        return apply_discard(c, a)
    # draft-pick
    d = s.draft
    card = a.param("totem")
    d.packets[seat].remove(card)
    s.players[seat].hand.append(card)
    d.picked[seat] = True
    # (the kept Totem goes into a hidden hand: the others learn only that one was kept, trial 24)
    c.ev("rs.setup.draft", f"{c.who(seat)} keeps {g.totem_label(card)} (draft round {d.round}).", cards=(card,),
         actor=seat, public=f"{c.who(seat)} keeps a Totem (draft round {d.round}).")
    if not all(d.picked):
        return
    n = len(s.players)
    if d.round >= KEEP:
        for seat2, packet in enumerate(d.packets):
            s.shrine.extend(packet)
        c.ev("rs.setup.draft-shrine", f"Each player's last undrafted Totem goes face-up to the Shrine "
             f"({', '.join(g.totem_label(x) for x in s.shrine)}).", auto=True, cards=tuple(s.shrine))
        s.draft = None
        deal_table(c)
        return
    d.packets = [d.packets[(i - 1) % n] for i in range(n)]
    d.picked = [False] * n
    d.round += 1
    c.ev("rs.setup.draft", f"Everyone passes their remaining Totems to the player on their left; draft round "
         f"{d.round} begins with {len(d.packets[0])} Totems each.", auto=True)


def begin_totems(c: Ctx) -> None:
    """Deal the Totem draft (6 each), or with the first-game option 5 Totems each and 3 to the Shrine."""
    g, s = c.game, c.state
    if g.solo:
        return begin_solo(c)
    if g.options["first_game"]:
        for p in s.players:
            for _ in range(KEEP):
                p.hand.append(draw_totem(c))
        for _ in range(3):
            s.shrine.append(draw_totem(c))
        c.ev("rs.setup.first-game", "First-game set-up: each player is dealt 5 random Totems and 3 Totems go "
             "face-up to the Shrine (no draft).", auto=True, cards=tuple(s.shrine))
        deal_table(c)
        return
    packets = [[draw_totem(c) for _ in range(DRAFT_HAND)] for _ in s.players]
    s.draft = DraftState(packets=packets, picked=[False] * len(s.players))
    s.phase = "draft"
    c.ev("rs.setup.draft", "Each player is dealt 6 Totems for the draft: keep one, pass the rest to your left, "
         "until everyone holds 5.", auto=True)
