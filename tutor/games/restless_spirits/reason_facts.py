"""Restless Spirits reasons made true of the position (used by :func:`.strategy.reasons`).

The strategy's reasons are read off the change of its counts over a look-ahead; three things that change does not
tell are settled here from the position itself:

- a Totem that comes to the hand unseen (a refreshed market row, a Blessing's draw, a random steal: dealt from a
  place the seat cannot see) is a chance, never a fact: the computer decides on a guess at the hidden cards
  (:func:`tutor.bots.determinise`), so "it brings your hand a Totem that fits" becomes "it may bring ...", with the
  odds from the unseen Totems (new user 44: "Refresh market row 1 and buy from it: ... it brings your hand a Totem
  that fits" was said as fact);
- a reason said for a page that hides the seat's hand (``public``) no longer says "none fits": the fit of a hidden
  Totem is not told, and the fit of a bought one, which everybody saw, is said as it is (new user 44: the computer
  bought Rice Dumpling, "none fits a Spirit on its board yet", and played it to Sanabo the next step);
- "a fitting Totem already in your hand can still be played with a later AP" is said only when a later AP comes:
  AP left this turn, or a turn after this one (new user 44: said on the last turn of the game, with 1 AP).
"""
from __future__ import annotations

import re
from collections import Counter
from math import comb

from ...core.session import copy_state
from .requirements import fill_options

#: The strategy's words this module reads (kept equal to :func:`.strategy.reasons`'s).
BRINGS = "it brings {your} hand a Totem that fits"
LATER_AP = ", and a fitting Totem already in {your} hand can still be played with a later AP"
NONE_FITS = "; none fits a Spirit on {your} board yet, but each can meet a requirement of a Spirit attracted later"
#: How deep the seat's own decisions inside a move are followed (a refresh's pick, a swap at the hand limit).
FOLLOW = 3


def true_to_position(g, s, mine, reasons: list[str], worth=None) -> list[str]:
    """``reasons`` (the strategy's phrases for ``mine``, a :class:`tutor.bots.Scored`) with the claims the look-ahead
    cannot settle said as the position allows (see the module docstring). ``worth(g, s, seat)``: how the strategy
    weighs a position for a seat (the decisions after the move are answered by it, :func:`_followed`); ``None``:
    each decision's first answer."""
    if not any(BRINGS in r or LATER_AP in r or NONE_FITS in r for r in reasons):
        return reasons
    a = mine.action
    after, hidden = _after(g, s, a, worth)
    gained = Counter(after.players[a.actor].hand) - Counter(s.players[a.actor].hand)
    unseen = [c for c in gained if c in hidden and g.card_kind(c) == "totem"]
    out = []
    for r in reasons:
        if LATER_AP in r and not _later_ap(g, after, a.actor):
            r = _cut_later_ap(r)
        if BRINGS in r and unseen:
            odds = _odds(g, s, a, hidden, len(unseen))
            r = r.replace(BRINGS, "it may bring {your} hand a Totem that fits", 1)
            r = _add_after_board(r, f" (the Totems come unseen{odds}: a chance, not a sure thing)")
        if NONE_FITS in r:
            r = _instead_of_none(g, s, a, r, gained, unseen, getattr(mine, "public", False))
        out.append(r)
    return out


def _after(g, s, a, worth=None) -> tuple[object, set[str]]:
    """The position after ``a`` and the decisions it leads the same seat to (each answered as the computer answers
    it, :func:`_followed`: which Totem it takes is the one the reason names; new user 45: the Shrine's first Totem
    fitted nothing, the one taken fitted Sanabo, and "none fits" was said), and the cards the seat could not pick by sight before it:
    all but the market rows, the Shrine and the Totem discard pile, which is open (Sanabo takes from it by sight),
    unless the Totem deck holds fewer than 3 cards (a draw or a refreshed row may shuffle the discard pile in, in a
    random order; verify 44: a Totem taken from the discard pile was said "unseen ... a chance")."""
    seat = a.actor
    seen = {c for row in s.markets for c in row if c is not None} | set(s.shrine)
    after = copy_state(s)
    g.apply(after, a)
    after = _followed(g, after, seat, FOLLOW, worth)
    unseen = {c for p in s.players for c in p.hand} - set(s.players[seat].hand)
    unseen |= set(s.totem_deck) | set(s.blessing_deck) | set(s.curse_deck)
    if len(s.totem_deck) < 3:
        unseen |= set(s.totem_discard)
    return after, unseen - seen


def _followed(g, s, seat: int, depth: int, worth=None):
    """``s`` after the decisions inside the move that ``seat`` answers next, each answer the one of most ``worth`` to
    the seat at the end of the look (the strategy's weighted counts, as the bot's look-ahead weighs them; the first
    of equals, as the bot keeps; without ``worth`` the first answer); ``s`` itself when none is pending for it."""
    if depth <= 0 or g.is_over(s) or not (s.pending and s.pending[-1].actor == seat):  # (strategy.mid_move)
        return s
    best, most = s, None
    for nxt in g.legal_actions(s):
        t = copy_state(s)
        g.apply(t, nxt)
        t = _followed(g, t, seat, depth - 1, worth)
        if worth is None:
            return t
        w = worth(g, t, seat)
        if most is None or w > most:
            best, most = t, w
    return best


def _later_ap(g, after, seat: int) -> bool:
    """True when ``seat`` has an AP after the move: some left this turn, or a turn of its own still to come (the game
    ends when the round started by the endgame's trigger is over, rs.end)."""
    if g.is_over(after):
        return False
    if after.current == seat and after.players[seat].ap > 0:
        return True
    if after.endgame_by is None:
        return True
    # the endgame has begun: the game ends after the turn of the seat right of the first player
    return (seat + 1) % len(after.players) != after.first_player and len(after.players) > 1


def _cut_later_ap(r: str) -> str:
    """``r`` without the later-AP clause (it runs to the clause ids, "[...]", or the end)."""
    i = r.index(LATER_AP)
    j = r.find(" [", i)
    return r[:i] + (r[j:] if j >= 0 else "")


def _add_after_board(r: str, words: str) -> str:
    """``words`` put after the first "{your} board" of ``r`` (the fit it qualifies), else before its clause ids."""
    j = r.find("{your} board")
    if j >= 0:
        j += len("{your} board")
    else:
        j = r.find(" [")
    return r + words if j < 0 else r[:j] + words + r[j:]


def _odds(g, s, a, hidden: set[str], k: int) -> str:
    """``", and about 45 times in 100 one of them fits"``: the chance that, of the ``k`` unseen Totems the move shows
    the seat (a refreshed row's three, the cards drawn), at least one fits a Spirit on its board, the unseen Totems
    dealt at random (the same guess the computer makes); ``""`` when it cannot be said."""
    seat = a.actor
    spirits = [ps for ps in s.players[seat].board if ps is not None]
    pool = [c for c in hidden if g.card_kind(c) == "totem" and (c not in s.totem_discard or len(s.totem_deck) < k)]
    if a.kind == "refresh-market-and-buy":
        row = a.param("row")
        k = len(s.markets[row - 1]) if isinstance(row, int) and 0 < row <= len(s.markets) else k
    n, f = len(pool), sum(1 for c in pool if any(fill_options(g, ps, c) for ps in spirits))
    if not n or not 0 < k <= n:
        return ""
    p = 1 - comb(n - f, k) / comb(n, k)
    one = "one of them fits" if k > 1 else "it fits"
    if p >= 0.995:
        return f", and more than 99 times in 100 {one}"
    return f", and about {max(1, round(p * 100))} times in 100 {one}"


def _instead_of_none(g, s, a, r: str, gained: Counter, unseen: list[str], public: bool) -> str:
    """``r`` with its "it adds N Totems to your hand; none fits ... yet" said as the table may know it: for Totems
    that came unseen, or for a page that hides the hand, without a claim of fit (a hidden Totem's is not told); a
    bought Totem, which everybody saw, by its name and whether it fits; else ``r`` as it is."""
    m = _ADDS.search(r)
    if m is None:
        return r
    spirits = [ps for ps in s.players[a.actor].board if ps is not None]
    shown = [c for c in gained if c not in unseen and g.card_kind(c) == "totem"]
    if unseen:
        said = m.group(1) + ", drawn unseen: each may meet a requirement of a Spirit on {your} board, or of a Spirit " \
                            "attracted later"
    elif public and not shown:
        said = m.group(1) + ", to meet a requirement of a Spirit on {your} board or of a Spirit attracted later"
    elif public:
        fits = [c for c in shown if any(fill_options(g, ps, c) for ps in spirits)]
        if not fits:  # the Totem taken, seen by all, by its name (new user 45)
            names = " and ".join(g.totem_label(c) for c in shown)
            one = len(shown) == 1
            said = (f"it adds {names} to {{your}} hand; {'it fits' if one else 'they fit'} no Spirit on {{your}} "
                    f"board yet, but {'it' if one else 'each'} can meet a requirement of a Spirit attracted later")
            return r[:m.start()] + said + r[m.end():]
        said = (f"it adds {' and '.join(g.totem_label(c) for c in fits)} to {{your}} hand, a Totem that fits an "
                f"unmet requirement of a Spirit on {{your}} board")
    else:
        return r
    return r[:m.start()] + said + r[m.end():]


#: The strategy's "it adds N Totems to your hand; none fits ..." (group 1: up to "hand").
_ADDS = re.compile(r"(it adds \d+ Totems? to \{your\} hand)" + re.escape(NONE_FITS))
