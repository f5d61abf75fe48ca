"""Dealing a new duel (Setup; What's Next? Drafting): pre-built teams or the draft, up to the first decision."""
from __future__ import annotations

from ...core.rng import Rng
from .ctx import Ctx
from .draft import begin
from .phases import deal_opening
from .state import Player, SDState, SpiritSlot


def initial_state(g) -> tuple[SDState, list]:
    """Deal the set-up with the seeded generator, up to the first decision: the first mulligan (pre-built teams)
    or the first draft pick (``setup="draft"``, see :mod:`.draft`)."""
    if g.options["setup"] == "draft":
        s = SDState(players=[Player(seat=i) for i in range(2)], rng=Rng.from_seed(g.seed))
        c = Ctx(g, s)
        begin(c)
        g.flow.run(c)
        return s, c.events
    teams = g.options["teams"]
    s = SDState(players=[Player(seat=i, team=t) for i, t in enumerate(teams)], rng=Rng.from_seed(g.seed))
    c = Ctx(g, s)
    for p in s.players:
        team = g.cards.team_by_id[p.team]
        p.deck = [card for card in team.deck for _ in range(team.copies)]
        p.spirits = [SpiritSlot(line=ln) for ln in team.lines]
        names = [g.cards.line_by_id[ln].spirits[0].name for ln in team.lines]
        later = [sp.name for ln in team.lines for sp in g.cards.line_by_id[ln].spirits[1:]]
        c.ev("sd.setup.teams", f"{c.who(p.seat)} takes the {team.name} and its 30-card deck (two of each of "
             f"{len(team.deck)} cards).", auto=True, actor=p.seat)
        c.ev("sd.setup.spirits", f"{c.who(p.seat)} puts their Stage 1 Spirits in a line: {', '.join(names)}; "
             f"the Stage 2 and 3 Spirits ({', '.join(later)}) are set aside.", auto=True, actor=p.seat)
    c.ev("sd.ruling.prebuilt-classes", "The pre-built decks hold the Basic cards of their Classes (three per Class, "
         "two copies each), and their Spirit Lines are among their Classes' Lines.", auto=True)
    deal_opening(c)
    g.flow.run(c)
    return s, c.events
