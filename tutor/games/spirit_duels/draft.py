"""The draft set-up (What's Next? Drafting; Forming Your Team; Building Your Deck): the nine Class cards, the
Advantage Token given at random, six Class picks in the 1-2-2-1 order, one Spirit Line per drafted Class (casual:
each player chooses hidden, then both teams are revealed together; competitive: alternating single choices, each
revealed at once), then each player's 30-card deck, after which the first-match set-up goes on (opening hand,
mulligan, 2 Essence).

Every pick is a pending decision whose options are the legal actions (``draft-class`` with parameter ``class``,
``choose-line`` with parameter ``line``); the engine never picks for a player. Which picks are legal, and which
tempting ones are not (a Class already taken, a second Line of the same Class, a Line of a Class you did not draft),
is the draft's moves' one check (:mod:`.moves.draft_picks`).
"""
from __future__ import annotations

from collections import Counter

from ...core import chance
from ...core.model import Action
from .cards import CLASS_ABILITY
from .ctx import Ctx
from .phases import deal_opening
from .state import DECISIONS as DECISION_MODELS, Decision, DraftState, SpiritSlot, Work

#: Who takes each of the six Class picks: ``False`` the player without the Advantage Token, ``True`` its holder.
PICK_ORDER: tuple[bool, ...] = (False, True, True, False, False, True)
LINE_MODES = ("casual", "competitive")
DECISIONS = ("draft-class", "draft-line")


def class_text(cls: str) -> str:
    """``"Fire (Burn)"``."""
    return f"{cls.capitalize()} ({CLASS_ABILITY[cls].capitalize()})"


def picker(advantage: int, pick: int) -> int:
    """The seat that takes Class pick ``pick`` (0-based) when ``advantage`` holds the Advantage Token."""
    return advantage if PICK_ORDER[pick] else 1 - advantage


def line_order(advantage: int, mode: str) -> list[int]:
    """The seats choosing Spirit Lines, one Line per entry: the player without the Advantage Token first (ruling
    ``sd.ruling.line-order``); casual: all three of theirs, then the holder's; competitive: alternating."""
    first, second = 1 - advantage, advantage
    return [first] * 3 + [second] * 3 if mode == "casual" else [first, second] * 3


def begin(c: Ctx) -> None:
    """Lay out the Class cards, give the Advantage Token at random and queue the picks, Line choices and decks."""
    g, s = c.game, c.state
    mode = g.options["lines"]
    s.phase = "draft"
    s.draft = DraftState(left=[cl.id for cl in g.cards.classes], revealed=mode != "casual")
    c.ev("sd.draft.classes", "The nine Class cards are laid out where both players can see them: "
         + ", ".join(class_text(x) for x in s.draft.left) + ".", auto=True)
    s.advantage = chance.below(s, 2)
    other = 1 - s.advantage
    c.ev("sd.draft.advantage", f"{c.who(s.advantage)} is chosen at random to hold the Advantage Token (chance 1/2); "
         f"{c.who(other)}, who does not hold it, drafts first.", auto=True, actor=s.advantage)
    c.ev("sd.draft.order", f"Draft order 1-2-2-1: {c.who(other)} takes 1 Class, {c.who(s.advantage)} 2, "
         f"{c.who(other)} 2, {c.who(s.advantage)} the last 1.", auto=True)
    if any(ln.provisional for ln in g.cards.lines):
        c.ev("sd.provisional.draft-cards", "Only the pre-built Spirit Lines and cards are named in the rulebook; the "
             "other Lines and cards of each Class are placeholders [provisional].", auto=True)
    c.push(*[Work(kind="draft-class", seat=picker(s.advantage, k), index=k) for k in range(len(PICK_ORDER))],
           *[Work(kind="draft-line", seat=seat) for seat in line_order(s.advantage, mode)],
           *([Work(kind="draft-reveal")] if mode == "casual" else []), Work(kind="build-decks"))


# ---------------------------------------------------------------------------------------------------- decisions
def _prov(g, line_id: str) -> str:
    ln = g.cards.line_by_id[line_id]
    return " [provisional]" if ln.provisional or any("name" in sp.provisional for sp in ln.spirits) else ""


def line_label(g, line_id: str) -> str:
    """``"Tychomp Line (Fire): Tychomp, Tynagma, Magmaros"``, marked ``[provisional]`` for a placeholder Line."""
    ln = g.cards.line_by_id[line_id]
    return (f"{ln.name} ({g.cards.line_class[line_id].capitalize()}): {', '.join(sp.name for sp in ln.spirits)}"
            f"{_prov(g, line_id)}")


def line_name(g, line_id: str) -> str:
    """``"the Tychomp Line"`` / ``"Fire Line B [provisional]"``."""
    name = g.cards.line_by_id[line_id].name
    return ("" if name.split()[0].lower() == g.cards.line_class[line_id] else "the ") + name + _prov(g, line_id)


def article(word: str) -> str:
    return ("an " if word[0].lower() in "aeiou" else "a ") + word


def answer(c: Ctx, d: Decision, a: Action) -> None:
    """Carry out a draft pick or a Line choice."""
    g, s = c.game, c.state
    seat = d.actor
    p = s.players[seat]
    if d.kind == "draft-class":
        cl = a.param("class")
        s.draft.left.remove(cl)
        p.classes.append(cl)
        k = d.work.index
        c.ev("sd.draft.pick", f"{c.who(seat)} drafts {class_text(cl)} and places its Class card in their play area "
             f"(pick {k + 1} of 6; {c.who(seat)} has {len(p.classes)} of 3)."
             + (f" Still on the table: {', '.join(x.capitalize() for x in s.draft.left)}." if k < 5 else ""),
             actor=seat)
        if k == 5:
            left = ", ".join(x.capitalize() for x in s.draft.left)
            c.ev("sd.draft.done", "The draft is over: " + "; ".join(
                f"{c.who(q.seat)} has {', '.join(x.capitalize() for x in q.classes)}" for q in s.players)
                + f". The other Classes ({left}) are not used in this match.", auto=True)
            first = 1 - s.advantage
            if g.options["lines"] == "casual":
                c.ev("sd.ruling.casual-reveal", f"Spirit Lines are chosen in secret: {c.who(first)} chooses all "
                     f"three first, then {c.who(1 - first)}; both teams are revealed together at the end.",
                     auto=True)
            c.ev("sd.ruling.line-order", f"{c.who(first)}, who does not hold the Advantage Token, chooses a Spirit "
                 "Line first" + ("." if g.options["lines"] == "casual" else "; then players alternate, one Line "
                                 "each time."), auto=True, actor=first)
        return
    ln = a.param("line")
    p.spirits.append(SpiritSlot(line=ln))
    cl = g.cards.line_class[ln]
    if g.options["lines"] == "casual":
        c.ev("sd.lines.casual", f"{c.who(seat)} chooses a Spirit Line for one of their Classes and keeps it hidden "
             f"({len(p.spirits)} of 3 chosen).", actor=seat)
    else:
        names = ", ".join(sp.name for sp in g.cards.line_by_id[ln].spirits)
        c.ev("sd.lines.competitive", f"{c.who(seat)} chooses {line_name(g, ln)} for {cl.capitalize()} and reveals "
             f"it: {names} ({len(p.spirits)} of 3 chosen).", actor=seat)


def ask_next(c: Ctx, w: Work) -> None:
    """Ask the pick or Line choice of work ``w`` (``draft-class`` / ``draft-line``)."""
    c.ask(DECISION_MODELS[w.kind](actor=w.seat, work=w))


# ---------------------------------------------------------------------------------------------------- work
def h_reveal(c: Ctx, w: Work) -> None:
    """Casual Line choice: both teams are revealed together."""
    g, s = c.game, c.state
    s.draft.revealed = True
    c.ev("sd.lines.casual", "Both players reveal their teams at the same time: " + "; ".join(
        f"{c.who(p.seat)}: " + ", ".join(g.cards.line_by_id[sl.line].name + _prov(g, sl.line) for sl in p.spirits)
        for p in s.players) + ".", auto=True)


def draft_deck(g, classes: list[str], lines: list[str]) -> Counter:
    """The deck of a drafted team: each Class's Basic cards and each Line's Special cards, with their copies."""
    out: Counter = Counter()
    for cl in classes:
        cd = g.cards.class_by_id[cl]
        for b in cd.basic:
            out[b] += cd.copies
    for ln in lines:
        cd = g.cards.class_by_id[g.cards.line_class[ln]]
        for x in g.cards.specials(ln):
            out[x] += cd.copies
    return out


#: Classes whose Basic cards the tutor reads from the pre-built decks (ruling ``sd.ruling.prebuilt-classes``)
PREBUILT_CLASSES = frozenset({"fire", "earth", "arcane", "electric", "nature", "water"})


def h_build_decks(c: Ctx, w: Work) -> None:
    """Set the unchosen Lines aside, build each 30-card deck, line up the Stage 1 Spirits, then deal as for a first
    match."""
    g, s = c.game, c.state
    for p in s.players:
        lines = [sl.line for sl in p.spirits]
        unused = [g.cards.line_by_id[ln].name for cl in p.classes for ln in g.cards.class_by_id[cl].lines
                  if ln not in lines]
        c.ev("sd.lines.one-per-class", f"{c.who(p.seat)}'s Spirit Lines not chosen go back in the box: "
             f"{', '.join(unused)}.", auto=True, actor=p.seat)
        deck = draft_deck(g, p.classes, lines)
        p.deck = sorted(deck.elements())
        basic = sum(g.cards.class_by_id[cl].copies * len(g.cards.class_by_id[cl].basic) for cl in p.classes)
        c.ev("sd.deck.build", f"{c.who(p.seat)} builds a {len(p.deck)}-card deck: the {basic} Basic cards of "
             f"{', '.join(x.capitalize() for x in p.classes)} and the {len(p.deck) - basic} Special cards of "
             f"{', '.join(g.cards.line_by_id[ln].name for ln in lines)}.", auto=True, actor=p.seat)
        if any(cl in PREBUILT_CLASSES for cl in p.classes):
            c.ev("sd.ruling.prebuilt-classes", "The Basic cards of a Class in the pre-built decks (Fire, Earth, "
                 "Arcane, Electric, Nature, Water) are that Class's three Basic cards, read from those decks.",
                 auto=True, actor=p.seat)
        names = [g.cards.line_by_id[ln].spirits[0].name for ln in lines]
        later = [sp.name for ln in lines for sp in g.cards.line_by_id[ln].spirits[1:]]
        c.ev("sd.setup.spirits", f"{c.who(p.seat)} puts their Stage 1 Spirits in a line: {', '.join(names)}; "
             f"the Stage 2 and 3 Spirits ({', '.join(later)}) are set aside.", auto=True, actor=p.seat)
    s.draft = None
    s.phase = "setup"
    deal_opening(c)


HANDLERS = {"draft-class": ask_next, "draft-line": ask_next, "draft-reveal": h_reveal, "build-decks": h_build_decks}
