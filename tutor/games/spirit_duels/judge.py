"""Moves a one-move look-ahead judges badly in Spirit Duels, judged by rule instead (used by :mod:`.strategy`,
read by :meth:`tutor.bots.Bot.rank` through ``strategy.judge``), each with reasons that say what holds.

- **Meditate** (Actions: Meditate) rerolls dice: the look-ahead rolled them with its own guess at chance and so
  saw lucky rolls (trial 34: the computer meditated 4 times in round 1, rerolling dice that showed Magic). A die is
  worth rerolling when the mean of its faces is worth more than the face it shows by :data:`MARGIN`; Meditate is
  worth its card only when the dice worth rerolling gain more than the card is worth (:func:`card_price`).
- **The opening hand** (Setup: the book recommends keeping 0-cost cards and Items): those are never set aside, nor
  is a card the set-up's 2 Essence pays (trial 41: the hint set aside the whole opening hand, one card after
  another); the other set-asides and End Phase discards stay the look-ahead's, with reasons that say what the rules
  do with them.
- **The Advantage Die** (End Phase; Activate a Spirit): it joins the roll of the Spirit it is placed on, so it goes
  where its faces are worth most.
- **Gain the Advantage** while holding the Advantage Token already (Actions: Gain the Advantage): it ends one's
  actions for the rest of the round and gains no token, where Pass keeps the turn coming back (trial 41: the hint
  took it "so giving up the turn loses nothing"); it goes just below Pass.
- **Evolve** (Actions: Evolve): the look-ahead saw only a stage for 2 Essence, never the stronger dice and health of
  the next stage, and activating first exhausts the Spirit (no Evolve then), so it never evolved (trial 41: 89 steps
  without one). Evolving a ready Spirit is worth its stage, the health gained, and the activation it keeps open with
  the next stage's stats, less its Essence.
- **A reroll of one die** (Keywords: Reroll; Mystic Mirror): like Meditate's, judged by the mean of the die's faces
  against the face it shows (trial 41: the hint rerolled a Magic die showing Magic "worth more").
"""
from __future__ import annotations

from .ctx import card_of, evolve_cost, is_spirit, printed_dice, stat
from .dice import DIE_FACES, boosted, face_label, symbol
from .moves.meditate import marked_dice

#: What a card in hand is worth against dice rerolled (a Meditate pays one card): about the damage one card deals
#: when its Essence cost can be paid now; a card that cannot be paid this round is worth little, since the End
#: Phase draws the hand back up to five (End Phase 4), unless the deck is nearly empty (an empty deck loses).
CARD = 1.5
CARD_IDLE = 0.3
LOW_DECK = 6
#: A die is worth rerolling only when its mean roll beats its face by more than this (trial 34: a Magic face was
#: rerolled for a hair's gain in the mean, losing the Class Ability it already offered).
MARGIN = 0.2
#: A Meditate whose reroll is not worth its card is put below every move that changes nothing (Pass).
NOT_WORTH = -5.0
#: A pool die's worth per symbol, and the weight of the dice in the pools, as the strategy's features count them
#: (:func:`face_value`; ``strategy.WEIGHTS["pool"]`` is :data:`POOL_WEIGHT`).
POOL_SHARE = {"attack": 1.0, "magic": 0.7, "essence": 0.6, "blank": 0.0}
POOL_WEIGHT = 0.5
#: The strategy's weights of a Spirit's stage and of one Essence (``strategy.WEIGHTS``), and what one point of health
#: gained by evolving is worth to :func:`evolve_gain` (a point of damage dealt is worth 1).
STAGE_WEIGHT = 1.2
ESSENCE_WEIGHT = 0.35
HEALTH_WEIGHT = 0.3
#: Gaining the advantage while holding the token already: just below Pass, which keeps the turn (module docstring).
HELD_ADVANTAGE = -0.05
#: The Essence each player starts with (Setup: two Essence tokens): an opening card that costs no more is kept.
OPENING_ESSENCE = 2


def face_value(g, sl, face: str) -> float:
    """A die showing ``face`` in ``sl``'s pool as the strategy's ``pool`` feature counts it (unweighted)."""
    sym = symbol(face)
    return 0.0 if sym == "blank" else POOL_SHARE[sym] * (stat(g, sl, sym) + boosted(face))


def face_worth(g, sl, face: str) -> float:
    """What a die showing ``face`` in ``sl``'s pool is worth (:func:`face_value`, weighted)."""
    return POOL_WEIGHT * face_value(g, sl, face)


def roll_worth(g, sl, kind: str) -> float:
    """The mean worth of a die of ``kind`` rolled into ``sl``'s pool."""
    faces = DIE_FACES[kind]
    return sum(face_worth(g, sl, f) for f in faces) / len(faces)


def reroll_gain(g, sl, die) -> float:
    """How much a reroll of ``die`` (in ``sl``'s pool) is expected to add (negative: it shows better than a mean
    roll)."""
    return roll_worth(g, sl, die.kind) - face_worth(g, sl, die.face)


def _dice(s, seat: int, skip=frozenset()):
    for i, sl in enumerate(s.players[seat].spirits):
        for k, die in enumerate(sl.pool):
            if (i, k) not in skip:
                yield i, k, sl, die


def _meditate_gain(g, s, seat: int) -> tuple[float, int]:
    gains = [reroll_gain(g, sl, die) for _, _, sl, die in _dice(s, seat)]
    good = [x for x in gains if x > MARGIN]
    return sum(good), len(good)


def activation_worth(g, sl) -> float:
    """The mean worth of the dice ``sl``'s printed dice roll into its pool when it is activated."""
    return sum(roll_worth(g, sl, kind) for kind in printed_dice(g, sl))


def evolve_gain(g, sl) -> tuple[float, int, float]:
    """What evolving ``sl`` (ready, not at its last stage) is worth: its stage, the health gained and the activation
    it keeps open with the next stage's stats (:func:`activation_worth`), less its Essence cost; with the health
    gained and how much more the activation is worth: ``(gain, health, dice)``."""
    nxt = sl.model_copy(update={"stage": sl.stage + 1})
    health = stat(g, nxt, "health") - stat(g, sl, "health")
    dice = activation_worth(g, nxt) - activation_worth(g, sl)
    gain = STAGE_WEIGHT + HEALTH_WEIGHT * health + activation_worth(g, nxt) - ESSENCE_WEIGHT * evolve_cost(sl)
    return gain, health, dice


def _reroll_choice(s, seat: int) -> bool:
    """True while ``seat`` chooses one of its own dice for a reroll (Keywords: Reroll; Mystic Mirror)."""
    d = s.pending[-1] if s.pending else None
    return (d is not None and d.kind == "choose-die" and d.work.kind == "die-kw" and d.work.ability == "reroll"
            and d.side == "ally")


def _rerolls_one(card) -> bool:
    """A Move whose only effect rerolls one of its player's dice (Mystic Mirror)."""
    return (card is not None and card.kind == "move" and len(card.effects) == 1
            and card.effects[0].effect == "reroll" and card.effects[0].params.get("side") == "ally")


def _best_reroll(g, s, seat: int) -> tuple[float, object | None]:
    """The largest :func:`reroll_gain` among ``seat``'s dice (never the Advantage Die's kind aside) and that die."""
    best = (float("-inf"), None)
    for _, _, sl, die in _dice(s, seat):
        x = reroll_gain(g, sl, die)
        if x > best[0]:
            best = (x, (sl, die))
    return best


def card_price(g, s, seat: int, action) -> float:
    """What the card a Meditate discards is worth (see :data:`CARD`)."""
    p, card = s.players[seat], _card(g, action)
    if card is not None and card.cost > p.essence and len(p.deck) >= LOW_DECK:
        return CARD_IDLE
    return CARD


def _card(g, action):
    return g.cards.by_id.get(action.param("card") or "")


def _early(card) -> bool:
    """The Setup's recommendation: 0-cost cards and Items are kept in the opening hand."""
    return card.cost == 0 or card.kind == "item"


def judge(g, s, seat: int, action) -> float | None:
    """The change in worth ``action`` makes for ``seat``, judged by rule, or None for a move the look-ahead judges
    (see the module docstring)."""
    kind, clauses = action.kind, action.clauses
    if kind == "meditate":
        gain, price = _meditate_gain(g, s, seat)[0], card_price(g, s, seat, action)
        return gain - price if gain > price else NOT_WORTH
    if kind == "mark-die":
        sl = s.players[seat].spirits[action.param("spirit") - 1]
        return reroll_gain(g, sl, sl.pool[action.param("die") - 1]) - MARGIN
    if kind == "reroll-marked":
        return 0.0
    if kind == "gain-advantage" and s.advantage == seat:
        return HELD_ADVANTAGE
    if kind == "evolve":
        return evolve_gain(g, s.players[seat].spirits[action.param("spirit") - 1])[0]
    if kind == "choose-die" and _reroll_choice(s, seat):
        sl = s.players[action.param("player") - 1].spirits[action.param("spirit") - 1]
        return reroll_gain(g, sl, sl.pool[action.param("die") - 1])
    if kind == "play-card" and _rerolls_one(_card(g, action)):
        gain = _best_reroll(g, s, seat)[0]
        return gain - MARGIN if gain > MARGIN else NOT_WORTH
    if kind == "place-advantage-die":
        sl = s.players[seat].spirits[action.param("spirit") - 1]
        return roll_worth(g, sl, "advantage")
    if kind == "set-aside" and "sd.setup.mulligan" in clauses:
        card = _card(g, action)
        if card is not None and _early(card):
            return -1.0  # the Setup's recommendation
        if card is not None and card.cost <= OPENING_ESSENCE:
            return -0.5  # payable with the set-up's Essence (trial 41: the whole opening hand was set aside)
    return None


def reasons(g, s, seat: int, action) -> list[str] | None:
    """Why ``action`` (one of the moves :func:`judge` judges) is taken, true of the position; ``{you}``/``{your}``
    marks for the voice. None for other moves."""
    kind, cite = action.kind, " ".join(f"[{c}]" for c in action.clauses[:2])
    p = s.players[seat]
    if kind == "meditate":
        gain, n = _meditate_gain(g, s, seat)
        if n == 0:
            return [f"no one of {{your}} dice is expected to roll much better than the face it shows, so the card "
                    f"would be discarded for nothing {cite}"]
        dice = "1 of {your} dice shows a face" if n == 1 else f"{n} of {{your}} dice show faces"
        than = "more" if gain > card_price(g, s, seat, action) else "less"
        return [f"{dice} worse than a reroll is expected to give, and rerolling is worth {than} than the card "
                f"discarded {cite}"]
    if kind == "mark-die":
        sl = p.spirits[action.param("spirit") - 1]
        die = sl.pool[action.param("die") - 1]
        shown = face_label(die.face)
        if reroll_gain(g, sl, die) > MARGIN:
            return [f"this die shows {shown}, worth less than a reroll of it is expected to give {cite}"]
        return [f"this die already shows {shown}, worth about as much as a reroll of it is expected to give or more "
                f"{cite}"]
    if kind == "reroll-marked":
        left = [reroll_gain(g, sl, die) for _, _, sl, die in _dice(s, seat, marked_dice(s, seat))]
        rest = ("no other one of {your} dice is expected to roll much better" if all(x <= MARGIN for x in left)
                else "another one of {your} dice could still be declared")
        what = "the dice declared are rerolled" if marked_dice(s, seat) else "no die is rerolled"
        return [f"{what}; {rest} {cite}"]
    if kind == "gain-advantage" and s.advantage == seat:
        return [f"the Advantage Token is already in {{your}} play area, so no token is gained; this keeps the "
                f"opponent from taking it this round, but it ends {{your}} actions for the rest of the round, where a "
                f"Pass leaves {{your}} next turn open {cite}"]
    if kind == "evolve":
        gain, health, dice = evolve_gain(g, p.spirits[action.param("spirit") - 1])
        what = [f"{health} more health" if health > 0 else "",
                "stronger dice when it is activated" if dice > 1e-9 else ""]
        what = " and ".join(x for x in what if x)
        stays = "the Spirit stays ready, so it can still be activated this round with the new stage's stats"
        return [f"it evolves a Spirit into a stronger stage{' with ' + what if what else ''}, worth more than the "
                f"{evolve_cost(p.spirits[action.param('spirit') - 1])} Essence it costs; {stays} {cite}"
                if gain > 0 else
                f"it evolves a Spirit into a stronger stage, though the new stage gains little for its Essence {cite}"]
    if kind == "choose-die" and _reroll_choice(s, seat):
        sl = s.players[action.param("player") - 1].spirits[action.param("spirit") - 1]
        die = sl.pool[action.param("die") - 1]
        shown = face_label(die.face)
        here = reroll_gain(g, sl, die)
        if here > 1e-9:
            return [f"this die shows {shown}, worth less than a reroll of it is expected to give {cite}"]
        least = here >= _best_reroll(g, s, seat)[0] - 1e-9
        return [f"this die shows {shown}, worth about as much as a reroll of it is expected to give or more"
                + (f", and no other one of {{your}} dice loses less by a reroll" if least else "") + f" {cite}"]
    if kind == "play-card" and _rerolls_one(_card(g, action)):
        gain, which = _best_reroll(g, s, seat)
        if which is None or gain <= MARGIN:
            return [f"no one of {{your}} dice is expected to roll much better than the face it shows {cite}"]
        return [f"one of {{your}} dice shows {face_label(which[1].face)}, worth less than a reroll of it is "
                f"expected to give; the die is chosen next {cite}"]
    if kind == "place-advantage-die":
        sl = p.spirits[action.param("spirit") - 1]
        name = card_of(g, sl).name
        here = roll_worth(g, sl, "advantage")
        others = [roll_worth(g, o, "advantage") for j, o in enumerate(p.spirits)
                  if is_spirit(o) and j != action.param("spirit") - 1]
        if not others:
            where = f"{name} is the only Spirit {{you}} could place it on"
        elif all(here > x + 1e-9 for x in others):
            where = f"with {name}'s stats its faces are worth more there than on {{your}} other Spirits"
        elif all(here >= x - 1e-9 for x in others):
            where = f"with {name}'s stats its faces are worth as much there as on any other of {{your}} Spirits"
        else:
            where = f"its faces would be worth more on another of {{your}} Spirits than on {name}"
        return [f"the Advantage Die is rolled with {name}'s dice when that Spirit is activated "
                f"[sd.activate.advantage-die], and {where} {cite}"]
    if kind in ("set-aside", "discard", "keep-hand"):
        return _hand_reasons(g, s, seat, action, cite)
    return None


def _hand_reasons(g, s, seat: int, action, cite: str) -> list[str] | None:
    opening = "sd.setup.mulligan" in action.clauses
    if not opening and "sd.end.discard" not in action.clauses:
        return None
    if action.kind == "keep-hand":
        if opening:
            hand = [g.cards.by_id.get(x) for x in s.players[seat].hand]
            cheap = all(c is not None and c.cost <= OPENING_ESSENCE for c in hand)
            return [f"the cards left stay in the opening hand: the Setup recommends keeping 0-cost cards and Items"
                    + (f", and every card kept costs no more than the {OPENING_ESSENCE} Essence of the set-up "
                       f"[sd.setup.essence]" if cheap else "") + f" {cite}"]
        return [f"the cards left stay in {{your}} hand, and the End Phase draws {{your}} hand back up to five next "
                f"[sd.end.draw] {cite}"]
    card = _card(g, action)
    if card is None:
        return None
    if opening and _early(card):
        why = "costs 0 Essence" if card.cost == 0 else "is an Item"
        # (never the card's name: the computer's reason is shown, and its hand is hidden; the label names it to its
        # own player)
        return [f"this card {why}, and the Setup recommends keeping such cards in the opening hand, not setting them "
                f"aside {cite}"]
    if opening and card.cost <= OPENING_ESSENCE:
        return [f"this card costs {card.cost} Essence, which the {OPENING_ESSENCE} Essence of the set-up pay, so "
                f"keeping it is better than setting it aside for an unknown card [sd.setup.essence] {cite}"]
    if opening:
        return [f"this card costs {card.cost} Essence, more than the {OPENING_ESSENCE} Essence of the set-up, and "
                f"a card set aside is replaced by a new one, which may suit {{your}} Spirits better {cite}"]
    return [f"a card discarded now is replaced when the End Phase draws {{your}} hand back up to five [sd.end.draw], "
            f"and the new one may "
            f"suit {{your}} Spirits better {cite}"]
