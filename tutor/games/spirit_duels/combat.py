"""Damage, Armor, status tokens, defeat, Presence and the two ways to win (Damage, Defeated Spirits and
Presence; Class Abilities; Objective).
"""
from __future__ import annotations

from ...core import chance
from .ctx import TOKEN_CAP, Ctx, can_receive, is_spirit, plural, stat

TOKEN_CLAUSE = {"armor": "sd.class.armor", "burn": "sd.class.burn", "freeze": "sd.class.freeze",
                "poison": "sd.class.poison"}


def deal_damage(c: Ctx, seat: int, i: int, amount: int, source: str) -> None:
    """Deal ``amount`` damage to Spirit ``i`` of ``seat``: Armor first ignores 1 damage per token (each ignored
    damage removes a token), then damage tokens go on the card and a Spirit whose damage reaches its Health is
    defeated at once."""
    sl = c.slot(seat, i)
    name = c.sname(seat, i)
    if not can_receive(sl):
        c.ev("sd.presence.immune", f"{name} cannot receive damage (it is defeated"
             f"{' and shows its Presence side' if sl.stage > 1 else ''}); the {amount} damage from {source} is "
             "not placed.", auto=True, actor=seat)
        return
    if amount <= 0:
        c.ev("sd.damage", f"{source} deals no damage to {name} (its value is 0).", auto=True, actor=seat)
        return
    if sl.armor:
        ignored = min(sl.armor, amount)
        sl.armor -= ignored
        amount -= ignored
        c.ev("sd.armor.absorb", f"{name} is Armored: {ignored} damage is ignored and {ignored} armor token"
             f"{'s are' if ignored > 1 else ' is'} removed ({sl.armor} left).", auto=True, actor=seat)
        if amount == 0:
            return
    sl.damage += amount
    health = stat(c.game, sl, "health")
    c.ev("sd.damage", f"{source} deals {amount} damage to {c.who(seat)}'s {name} (now {sl.damage} damage, Health "
         f"{health}).", auto=True, actor=seat)
    if sl.damage >= health:
        defeat(c, seat, i)


def defeat(c: Ctx, seat: int, i: int) -> None:
    """The defeat steps in order: return its dice, discard its Traits, flip its card; then check the win."""
    s = c.state
    sl = c.slot(seat, i)
    p = s.players[seat]
    name = c.sname(seat, i)
    c.ev("sd.defeat", f"{c.who(seat)}'s {name} has damage equal to or above its Health: it is defeated.", auto=True,
         actor=seat)
    if sl.pool or sl.advantage_die:
        c.ev("sd.defeat.steps", f"{name}'s dice return to the supply.", auto=True, actor=seat)
    sl.pool = []
    sl.advantage_die = False
    if sl.traits:
        c.ev("sd.defeat.steps", f"Its Traits ({', '.join(c.name(t) for t in sl.traits)}) are discarded.", auto=True,
             cards=tuple(sl.traits), actor=seat)
        p.discard.extend(sl.traits)
        sl.traits = []
    sl.defeated = True
    removed = [f"{getattr(sl, t)} {t}" for t in ("damage", "armor", "burn", "freeze", "poison") if getattr(sl, t)]
    for t in ("damage", "armor", "burn", "freeze", "poison"):
        setattr(sl, t, 0)
    if sl.stage == 1:
        c.ev("sd.defeat.stage1", f"{name} is a Stage 1 Spirit: its card is flipped to the plain card back.",
             auto=True, actor=seat)
        c.ev("sd.ruling.stage1-not-a-spirit", f"From now on {name}'s card back is no longer a Spirit: it cannot be "
             "activated, chosen or targeted.", auto=True, actor=seat)
    else:
        c.ev("sd.presence", f"{name} is flipped to its Presence side: {c.sname(seat, i)} has lower stats, fewer "
             "dice and no ability; it can still be activated and chosen, but takes no damage or status tokens.",
             auto=True, actor=seat)
    if removed:
        c.ev("sd.ruling.defeat-tokens", f"The tokens left on it ({', '.join(removed)}) return to the supply.",
             auto=True, actor=seat)
    check_defeat_win(c)


def check_defeat_win(c: Ctx) -> None:
    """A player whose Spirits are all defeated (Presence counts as defeated) loses at once."""
    s = c.state
    if s.phase == "over":
        return
    for p in s.players:
        if all(sl.defeated for sl in p.spirits):
            win(c, 1 - p.seat, f"every Spirit of {c.who(p.seat)} is defeated", "sd.win.defeat-all")
            return


def win(c: Ctx, seat: int, reason: str, clause: str) -> None:
    s = c.state
    s.phase = "over"
    s.winners = [seat]
    s.win_reason = reason
    s.work = []
    s.pending = []
    c.ev(clause, f"{c.who(seat)} wins: {reason}.", auto=True, actor=seat)


def no_winner(c: Ctx, reason: str, clause: str) -> None:
    """End the game with nobody winning (ruling ``sd.ruling.round-limit``: a game that cannot progress)."""
    s = c.state
    s.phase = "over"
    s.winners = []
    s.win_reason = reason
    s.work = []
    s.pending = []
    c.ev(clause, f"The game ends and nobody wins: {reason}.", auto=True)


def draw(c: Ctx, seat: int, n: int, clause: str, prefix: str = "") -> bool:
    """Draw ``n`` cards from the top of ``seat``'s deck; a player who must draw and cannot loses at once.
    ``prefix`` starts the draw event (an End Phase step number). Returns False when the game ended."""
    p = c.state.players[seat]
    got = []
    for _ in range(n):
        if not p.deck:
            if got:
                c.ev(clause, f"{prefix}{c.who(seat)} draws {plural(len(got), 'card')}.", auto=True, cards=tuple(got),
                     actor=seat)
            c.ev("sd.win.deck-out", f"{c.who(seat)} must draw a card but their deck is empty.", auto=True, actor=seat)
            win(c, 1 - seat, f"{c.who(seat)} could not draw a card", "sd.win.deck-out")
            return False
        card, fixed = chance.draw(c.state, p.deck, lambda v: v in c.game.owned_cards(p), f"{c.who(seat)}'s deck")
        if fixed:
            c.ev("sd.ruling.fixed-chance", f"The lesson fixed this draw in advance: {c.who(seat)} draws "
                 f"{c.name(card)}.", auto=True, cards=(card,), actor=seat,
                 public=f"The lesson fixed this draw in advance: {c.who(seat)} draws a card.")
        p.hand.append(card)
        got.append(card)
    if got:
        c.ev(clause, f"{prefix}{c.who(seat)} draws {', '.join(c.name(x) for x in got)} ({len(p.deck)} left in the "
             "deck).", auto=True, cards=tuple(got), actor=seat,  # a hand is hidden from the opponent: the count only
             public=f"{prefix}{c.who(seat)} draws {plural(len(got), 'card')} ({len(p.deck)} left in the deck).")
    return True


def place_tokens(c: Ctx, seat: int, i: int, token: str, amount: int, source: str) -> None:
    """Place ``amount`` tokens of ``token`` on a Spirit, never above 3; a Presence or defeated Spirit takes none."""
    sl = c.slot(seat, i)
    name = c.sname(seat, i)
    if not can_receive(sl):
        c.ev("sd.presence.immune", f"{name} cannot receive status tokens; no {token} token is placed.", auto=True,
             actor=seat)
        return
    have = getattr(sl, token)
    put = max(0, min(amount, TOKEN_CAP - have))
    setattr(sl, token, have + put)
    capped = f" (a Spirit holds at most 3; {amount - put} not placed)" if put < amount else ""
    word = {"armor": "Armored", "burn": "Burning", "freeze": "Frozen", "poison": "Poisoned"}[token]
    c.ev(TOKEN_CLAUSE[token], f"{source}: {put} {token} token{'s' if put != 1 else ''} on {c.who(seat)}'s {name}"
         f"{capped}; it has {have + put} and is {word if have + put else 'not ' + word}.", auto=True, actor=seat)
    if put < amount:
        c.ev("sd.token-cap", f"{name} already holds {have + put} {token} tokens: the cap is 3.", auto=True,
             actor=seat)


def heal(c: Ctx, seat: int, i: int, amount: int, source: str) -> None:
    sl = c.slot(seat, i)
    took = min(sl.damage, amount)
    sl.damage -= took
    c.ev("sd.class.heal", f"{source}: {took} damage token{'s' if took != 1 else ''} removed from {c.who(seat)}'s "
         f"{c.sname(seat, i)} ({sl.damage} left).", auto=True, actor=seat)


def living(c: Ctx, seat: int) -> list[int]:
    """Indexes of ``seat``'s slots that are still Spirits (Presence included)."""
    return [i for i, sl in enumerate(c.state.players[seat].spirits) if is_spirit(sl)]
