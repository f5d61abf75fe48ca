"""What a computer player of Spirited sees, and how it judges a position (used by :mod:`tutor.bots`).

Observation (Your Zones: the Hand is private, the Road and Spirit tokens are public; Shields: the hidden side of a
Shield is public): the seat's own hand and its own face-down Camp cards; the other seats' hands and face-down Camp
cards as hidden; the draw pile and the Wonder deck as counts; everything else as it is.

Judging a position follows the rulebook's goal (most Spirit wins; Marching is how you score the most; being Overrun
wipes your board): Spirit, what the Camps would score in a March, cards in hand, and clans on the Road one card short
of their Overrun Limit.
"""
from __future__ import annotations

from typing import Any

from .cards import clan_of, medal_kind
from .state import SPState
from .zones import LIMIT_FLOOR, camp_clan, camp_count, held, lowered_limit, medal_value, overrun_limit

#: Feature weights: Spirit is the score; a Camp's cards are worth about what their medal would score in a March.
#: ``medals``: refreshed medals held, which a later Battle can score and which break a tie first (Battles: score a
#: refreshed medal or replace an exhausted one; Tiebreakers), well below what scoring one gains, so a medal that can
#: be scored is (new user 43: the computer let an exhausted Bronze stay rather than swap it for a fresh one).
#: ``final``: the Spirit the Final Battle's Camp scoring has added (sp.final.camps), worth what Spirit is but kept apart,
#: as no move scores it: it comes by itself after the seat's last choice (verify 44: a Manoeuvre was said to score
#: it, "then the next choice scores 4 Spirit").
#: ``time``: the Hourglass's space, weight 0 (no value of its own): a reason tells by it that a Battle the
#: look-ahead met was started by a Passing of Time card drawn from the face-down pile (:func:`reasons`).
#: ``wonder``: the Spirit shown on the Wonders taken (sp.wonder.take), worth what Spirit is but kept apart, so that a
#: reason says it as the Wonder's (reason 46: "then the next choice scores 7 Spirit" of a Build, whose next choice
#: is a card to spend, and a Wonder's sure 6 Spirit said as a Battle's chance when its Summon moved the Hourglass).
#: ``risk0``: ``risk`` as if no card lowered the seat's Overrun Limits, and ``mods``: how much opponents' cards lower
#: them (the Sao power, sp.overrun.lower), weight 0: where ``mods`` changed (the power ended with the turn), a reason
#: says ``risk0``'s change, not crediting a move with the risk that the power's end takes away
#: (truth 47: "it takes a clan on its Road away from its Overrun Limit" of a Wonder's last card spent from the Hand,
#: whose turn's end ended the learner's Sao power). ``pressed``: how much the seat's own cards lower its opponents'
#: Overrun Limits now (sp.overrun.lower), weight 0 (the choice weighs it by the opponents' ``risk``): a reason says
#: a Sao card's purpose by it (truth 47: "a safe move ... does not score" of a Sao card). ``battle``: 1 once the
#: seat's scoring steps (medal, Allegiance bonuses) of the Battle being fought have run, weight 0: Spirit an action
#: scores by itself with the Hourglass moved is a Battle's only if they ran in it (truth 48: a March's sure Bronze,
#: 2 Spirit, said as the chance of a Battle its Regroup's draw brought).
WEIGHTS = {"spirit": 1.0, "camps": 0.7, "hand": 0.25, "road": 0.1, "risk": -0.8, "shields": 0.3, "medals": 0.5,
           "final": 1.0, "time": 0.0, "wonder": 1.0, "deck": 0.0, "risk0": 0.0, "mods": 0.0,
           "pressed": 0.0, "battle": 0.0}
#: Features that change by themselves, never by a move: a reason does not say them (:meth:`tutor.bots.Bot.reasons`).
AUTOMATIC_FEATURES = ("final",)
#: Features whose change by the action itself the reason of the choices after it is told too (``time``: the Battle
#: those choices score in came by chance, new user 45).
CARRIED_FEATURES = ("time",)
#: The feature that changes when the look-ahead draws a card it cannot see (the draw pile's count: its order is the
#: bot's guess, :func:`tutor.bots.determinise`), and those a decision that draws makes sure before its draw (a
#: Recruit's Camp, a Rally's card to Hand, before the Summon): :meth:`tutor.bots.Bot.reasons` says what comes after
#: the draw as a chance (truth 46: "then the next choice shields a clan stack on your Road" of a Rally, a Shield only
#: the Summon's guessed card allowed).
DRAWN_FEATURE = "deck"
CHOSEN_FEATURES = ("camps", "hand", "wonder", "spirit", "medals", "shields")
#: Features of a draw's chance that are said with it when a ``CARRIED_FEATURES`` one changed (a Battle a Passing of
#: Time card brought: its Spirit and the medals it spends), not as the later choices' (truth 48: a March's Camp used,
#: whose Regroup drew the card, said as scoring the Battle's Spirit too).
CARRIED_CHANCE = ("spirit", "medals")
#: Features said in the strategy's own words even after a draw (a Battle's Spirit: as a chance when a Passing of Time card
#: brought it, as sure when it was due already).
UNGUESSED_FEATURES = ("spirit", "medals", "wonder", "final", "time")

#: A Battle the look-ahead met that a Passing of Time card from the face-down pile started (new user 45): a chance.
_TIME_CHANCE = ("a Passing of Time card may come up as the Road fills and start a Battle, where {your} medals can "
                "score: a chance, not a sure thing [sp.time.pass] [sp.time.battle-space]")

#: The Spirit a March would score for a Camp of N cards of one clan (Marching & Allegiances: 2 Bronze, 3 Silver,
#: 4+ Gold).
_MEDAL = {0: 0, 1: 0.5, 2: 2, 3: 3}


#: How a reason names what the decision after an action does (:meth:`tutor.bots.Bot.reasons`), by the action's
#: kind: a Scout's (or its card's) Rally or Recruit is a choice of its own, never the card's power; a Battle's discard
#: looks two choices on (Hand down to 5, then the medal), so the one that scores may not be the next.
FOLLOW = {"scout": "then the card taken next", "play-card": "then the card taken next",
          "skip": "then the card taken next", "march": "then the next Camp used",
          "discard": "then a later choice of this Battle"}


#: Where the Spirit the choices after an action of this kind score comes from, when the strategy's look-ahead met it
#: (:func:`reasons`; ``{n}`` the Spirit, ``{cite}`` the action's clauses). Reason 46, a new user's free play
#: (normal computer, seed 1, steps 26 and 61): a Scout's "then the card taken next scores 1 Spirit", which the card
#: played before it scored by its (provisional) power, as a Rally or Recruit scores none (sp.scout.play,
#: sp.scout.take); a March's "then the next Camp used scores 4 Spirit", two Camps' Bronze of 2 each (sp.march.forge).
_SPIRIT_OF = {
    "scout": ("then the card played from {{your}} Hand scores {n} Spirit by its power (our assumption: the rulebook "
              "prints no clan power) [sp.scout.play] [sp.provisional.power], and the most Spirit wins [sp.goal]"
              "{taken} {cite}"),
    "march": ("then {{your}} Camps score {n} Spirit in all as they forge or steal Allegiances, each the value of "
              "the medal it earns [sp.march.forge] [sp.march.steal], and the most Spirit wins [sp.goal] {cite}"),
}


#: Small numbers in words, for a reason's counts.
_NUMBER = {2: "two", 3: "three", 4: "four", 5: "five"}


def observation(g, s: SPState, seat: int) -> dict[str, Any]:
    """The state as ``seat`` may see it (see the module docstring); JSON-like."""
    d = s.model_dump(mode="json")
    d.pop("rng", None)
    d["deck"] = {"hidden": len(d["deck"])}
    d["wonder_deck"] = {"hidden": len(d["wonder_deck"])}
    for p in d["players"]:
        if p["seat"] != seat:
            p["hand"] = {"hidden": len(p["hand"])}
            for camp in p["camps"]:
                for cc in camp:
                    if not cc["face_up"]:
                        cc["card"] = "hidden"
    return d


def hidden_groups(g, s: SPState, seat: int) -> list[list[tuple[Any, Any]]]:
    """Places whose cards ``seat`` cannot see: the draw pile, the others' hands and face-down Camp cards (one group:
    clan cards are dealt again among them) and the Wonder deck (its own group)."""
    cards = [(s.deck, i) for i in range(len(s.deck))]
    for p in s.players:
        if p.seat != seat:
            cards += [(p.hand, i) for i in range(len(p.hand))]
            cards += [(cc, "card") for camp in p.camps for cc in camp if not cc.face_up]
    return [cards, [(s.wonder_deck, i) for i in range(len(s.wonder_deck))]]


def mixed_groups(g, s: SPState, seat: int) -> list[list[tuple[Any, Any]]]:
    """Hidden places whose kinds are hidden too (:func:`tutor.bots.determinise`): the draw pile, where its Passing of
    Time cards are shuffled in among the clan cards (sp.setup.deck) and lie where no player knows. They are never in
    a hand or Camp (sp.time.pass: discarded when drawn), so they are dealt again within the draw pile only."""
    return [[(s.deck, i) for i in range(len(s.deck))]]


def category(g, card: str) -> str:
    """``wonder`` for Wonder cards, ``time`` for Passing of Time (only ever in the draw pile), ``card`` for clan
    cards."""
    if card in g.cards.wonder:
        return "wonder"
    return "time" if clan_of(card) == "time" else "card"


def mid_move(g, s: SPState, seat: int) -> bool:
    """True while ``seat`` is answering a decision inside its action (which card to play, rally or recruit...)."""
    return bool(s.pending) and s.pending[-1].actor == seat


def features(g, s: SPState, seat: int) -> dict[str, float]:
    """Named counts of ``seat``'s progress (see :data:`WEIGHTS`)."""
    p = s.players[seat]
    camps = 0.0
    for i in range(len(p.camps)):
        if camp_clan(p.camps[i]) is not None:
            n = camp_count(p, i)
            camps += _MEDAL.get(n, 4)
    risk = 0
    road = 0
    # (a Shielded stack is one opponents cannot touch, sp.shield.protect: trial 21's hints said "Shield your Sao
    # clan", then "Break the Sao Shield", both because "this one risks the least", as no count told them apart)
    shields = sum(st.shield is not None for st in p.road)
    risk0 = 0
    for st in p.road:
        road += len(st.cards)
        if len(st.cards) >= overrun_limit(g, s, seat, st.clan) - 1:
            risk += 1
        if len(st.cards) >= _unlowered_limit(g, s, seat, st.clan) - 1:
            risk0 += 1
    mods = sum(m.amount for m in s.limit_mods if m.seat == seat)
    medals = sum(a.medal is not None and not a.exhausted for a in held(s, seat))
    pressed = max((sum(m.amount for m in s.limit_mods if m.by == seat and m.seat == o.seat) for o in s.players
                   if o.seat != seat), default=0)
    final = _final_scored(s, seat)
    wonder = sum(g.cards.wonder[w].spirit for w in p.wonders)
    return {"spirit": float(p.spirit - final - wonder), "final": float(final), "wonder": float(wonder), "camps": camps,
            "hand": float(len(p.hand)), "road": float(road), "risk": float(risk), "shields": float(shields),
            "medals": float(medals), "time": float(s.hourglass), "deck": float(len(s.deck)),
            "risk0": float(risk0), "mods": float(mods), "pressed": float(pressed),
            "battle": float(s.battle is not None and not any(
                t.kind == "battle-allegiances" and t.seat == seat for t in s.work))}


def reasons(g, s: SPState, mine) -> list[str]:
    """Why ``mine`` (a :class:`tutor.bots.Scored`) is sensible: phrases citing clauses, for
    :meth:`tutor.bots.Bot.explain` to join."""
    a, ch = mine.action, mine.changes
    cite = " ".join(f"[{c}]" for c in a.clauses[:2])
    if a.kind == "final-recruit":
        return [_final_recruit_reason(s, a.actor, cite)]
    if a.kind == "replace-medal" and ch.get("medals", 0) > 0:  # (not for what the choices after it do: verify 44
        return [_replace_reason(g, s, a, cite)]                 # heard the swap said twice, "then the next choice swaps")
    if mine.drawn:
        return _drawn_reasons(s, ch, a)
    reasons, spirit_of, battle, more = [], None, None, 0
    if ch.get("time", 0) > 0 and ch.get("spirit", 0) > 0 and (mine.then or ch.get("battle", 0) > 0):
        # (truth 48: not the Spirit the action scores by itself when no Battle began in it, a March's Bronze)
        # (new user 45: "then the card taken next scores 4 Spirit" of a Scout, the Spirit a Battle's medals scored
        # two steps later, the Battle brought by a Passing of Time card from the face-down pile: no move scores it,
        # and the learner cannot know the card comes; said as the chance it is)
        reasons.append(_TIME_CHANCE)
    elif ch.get("spirit", 0) > 0 and mine.then and a.kind in _SPIRIT_OF:
        spirit_of = _SPIRIT_OF[a.kind]
    elif ch.get("spirit", 0) > 0 and ch.get("wonder", 0) > 0:
        more = int(ch["spirit"])  # (a Wonder's effect that gains Spirit: said with the Wonder, reason 46's "then the
        # next choice scores 1 Spirit" of a Build, whose next choice spends a card)
    elif ch.get("spirit", 0) > 0:
        n = int(ch["spirit"])
        medal = next((al for al in held(s, a.actor) if al.clan == a.param("clan")), None) \
            if a.kind == "score-medal" else None
        # (a Battle's choice before the medal step, reason 46: "then the next choice scores 5 Spirit" of a Shield,
        # the medal's 4 and an Allegiance's Battle bonus of 1, which comes after the medal step whatever is chosen)
        printed = medal_value(g, medal) if medal is not None else n - _bonus_due(g, s, a.actor)
        if printed <= 0:
            pass  # (only the Allegiances' Battle bonuses, which no choice scores: they come by themselves)
        elif mine.then and s.battles_due and a.kind in ("play-card", "skip"):
            # (reason 46: "then the card taken next scores 4 Spirit" of a Play no card, a Final Battle's medal and
            # bonuses: a Rally or Recruit scores none; the Battle already due comes at the end of the turn)
            battle = (f"in the {'Final ' if 'final' in s.battles_due else ''}Battle due at the end of this turn "
                      f"[sp.battle], {{your}} medal step then scores {printed} Spirit [sp.battle.medal.score]" +
                      (f", and {{your}} Allegiances' Battle bonuses (our assumption: the rulebook does not print "
                       f"them) add {n - printed} more ({n} in all) [sp.provisional.allegiance]" if printed < n else "")
                      + f"; the most Spirit wins [sp.goal] {cite}")
        elif printed < n:  # (trial 42: "Score the Sao medal (2 Spirit ...)": "it scores 3 Spirit", the rest unsaid)
            reasons.append(f"it scores the medal's {printed} Spirit, and {{your}} Allegiances' Battle bonuses (our "
                           f"assumption: the rulebook does not print them) then add {n - printed} more ({n} in all) "
                           f"[sp.provisional.allegiance]; "
                           f"the most Spirit wins [sp.goal] {cite}")
        else:
            reasons.append(f"it scores {n} Spirit, and the most Spirit wins [sp.goal] {cite}")
    if ch.get("wonder", 0) > 0:
        reasons.append(_wonder_reason(g, s, a, int(ch["wonder"]), cite, more))
    if ch.get("camps", 0) > 0:  # (no March follows the Final Battle, whose Camps score by pairs: new user 44)
        reasons.append(f"it puts more cards in {{your}} Camps, which score at the end of this Final Battle, 1 Spirit "
                       f"for each pair of cards [sp.final.camps] {cite}" if _final(s) else
                       # (reason 46: a Wonder whose Summon drew the last Passing of Time card, "then the next choice
                       # grows a Camp toward a better medal at its next March", a Final Battle's Recruit)
                       f"it grows a Camp: toward a better medal at {{your}} next March [sp.march], or, if a Passing "
                       f"of Time card comes up as the Road fills and brings the Final Battle (a chance), 1 Spirit for "
                       f"each pair of Camp cards there [sp.time.pass] [sp.final.camps] {cite}"
                       if ch.get("time", 0) > 0 and s.hourglass + ch["time"] >= g.track.length else
                       f"it grows a Camp toward a better medal at {{your}} next March [sp.march] {cite}")
    risk, pressed = _own_risk(ch), ""
    if risk < 0 and not (ch.get("camps", 0) < 0 and a.kind != "march"):
        # (truth 47: not the risk an opponent's Sao power took with it as it ended, nor a Road an Overrun cleared)
        reasons.append(f"it takes a clan on {{your}} Road away from its Overrun Limit [sp.overrun.limit] {cite}")
    if ch.get("pressed", 0) > 0:
        pressed = _pressed_reason(g, s, a.actor, int(ch["pressed"]), cite, mine.then and a.kind == "scout")
        if not pressed.startswith("then "):
            reasons.append(pressed)
    if ch.get("shields", 0) > 0:
        reasons.append(f"it shields a clan stack on {{your}} Road, which opponents then cannot touch "
                       f"[sp.shield.protect] {cite}")
    if battle is not None:  # (after what the card taken next does: the Battle comes after it)
        reasons.append(battle)
    if ch.get("hand", 0) > 0 and not reasons and spirit_of is None:
        n = int(ch["hand"])
        reasons.append(f"it adds {n} card{'s' if n != 1 else ''} to {{your}} Hand, to play while Scouting or spend on "
                       f"a Wonder {cite}")
    # why Break rather than let the card join its stack face up
    if a.kind == "break-shield" and not reasons and spirit_of is None:
        near = _join_nears_overrun(g, s)
        if near:  # (truth 48: "to its Overrun Limit or one card short of it" of a card in sight: which one, said)
            reasons.append(f"stacking the card face up instead would bring {{your}} {near[0]} clan "
                           f"{'to its Overrun Limit' if near[1] else 'one card short of its Overrun Limit'} "
                           f"[sp.overrun.limit] {cite}")
    # (said of this move alone: whether another is stronger, the caller says)
    # (never of the choices after an action, truth 48: "then the next Camp used is a safe move" of a March whose
    # later changes were a Battle's, said apart)
    if not reasons and spirit_of is None and not pressed.startswith("then ") and not mine.then:
        # (a reason for the move, not a list of what it does not do: trial 35 read "it neither scores, builds a Camp,
        # shields a stack nor brings a clan nearer its Overrun Limit" as why not)
        reasons.append(f"it is a safe move: it brings no clan on {{your}} Road nearer its Overrun Limit, though it "
                       f"does not score, build a Camp or shield a stack this turn {cite}"
                       if not risk > 0 and not ch.get("shields", 0) < 0 else _inside(s, a, cite))
    if risk > 0:
        reasons.append("but it leaves a clan one card short of an Overrun [sp.overrun.limit]")
    if ch.get("shields", 0) < 0:
        # (a Shield goes when it is Broken, or when the last card under it leaves or a Regroup clears the Road)
        # (truth 46: "one of your Shields" said of a Regroup that discarded two: the number said)
        gone = -int(ch["shields"])
        names = _shield_names(g, s, a.actor, gone)
        reasons.append("but it gives up a Shield [sp.shield.break]" if a.kind == "break-shield" else
                       f"but one of {{your}} Shields{names} goes to the discard pile with it [sp.shield.abandon]"
                       if gone == 1 else
                       f"but {_NUMBER.get(gone, str(gone))} of {{your}} Shields{names} go to the discard pile with "
                       f"it [sp.shield.abandon]")
    if spirit_of is not None:  # what the card taken next does joins the sentence, the action's clauses cited once
        doing = [r[3:].removesuffix(f" {cite}") for r in reasons if r.startswith("it ")]
        taken = f", and the card taken next {', and '.join(doing)}" if doing and "{taken}" in spirit_of else ""
        said = spirit_of.format(n=int(ch["spirit"]), cite=cite, taken=taken)
        reasons = [said] + [r for r in reasons if not (taken and r.startswith("it "))]
    if pressed.startswith("then "):  # (a Scout's Sao card, played before the card taken next: said first, with it)
        doing = [r[3:].removesuffix(f" {cite}") for r in reasons if r.startswith("it ")]
        taken = f", and the card taken next {', and '.join(doing)}" if doing else ""
        reasons = [f"{pressed}{taken} {cite}"] + [r for r in reasons if not r.startswith("it ")]
    return reasons


def _drawn_reasons(s: SPState, ch: dict[str, float], a=None) -> list[str]:
    """What the choices after a draw from the face-down pile may do (the look-ahead's guess at the cards drawn), said
    as the chance it is (truth 46: a Rally's "then the next choice shields a clan stack on your Road", which only a
    revealed card of a clan already there allows; "adds 1 card to your Hand", which a Passing of Time card drawn
    brought). A March's draws (and its Camps') are its Regroup's (truth 48: "then the next Camp used shields a clan
    stack"): the Road is cleared, so only the second card, of the first one's clan, may be shielded."""
    said, may = [], []
    if ch.get("time", 0) > 0 and ch.get("spirit", 0) > 0:
        said.append(_TIME_CHANCE)
    elif ch.get("spirit", 0) > 0:
        may.append(f"score {int(ch['spirit'])} Spirit")
    if ch.get("shields", 0) > 0 and a is not None and a.kind in ("march", "march-use"):
        said.append("if the Regroup reveals a card of a clan already on {your} Road (its second card drawn from the "
                    "face-down pile, of the first one's clan), {you} may shield that stack, which opponents then "
                    "cannot touch: a chance, not a sure thing [sp.regroup] [sp.shield.protect]")
    elif ch.get("shields", 0) > 0:
        said.append("if a card revealed from the face-down draw pile is of a clan already on {your} Road, {you} may "
                    "shield that stack, which opponents then cannot touch: a chance, not a sure thing "
                    "[sp.summon] [sp.shield.protect]")
    if ch.get("camps", 0) > 0:
        may.append("grow a Camp")
    if ch.get("hand", 0) > 0:
        n = int(ch["hand"])
        may.append(f"add {n} card{'s' if n != 1 else ''} to {{your}} Hand")
    if may:
        said.append(f"depending on the cards drawn from the face-down pile, {{you}} may then "
                    f"{' and '.join(may) if len(may) < 3 else ', '.join(may[:-1]) + ' and ' + may[-1]}: a chance, "
                    f"not a sure thing [sp.setup.deck] [sp.zones.road]")
    if _own_risk(ch) > 0:
        said.append("but the cards drawn from the face-down pile may leave a clan on {your} Road one card short of an "
                    "Overrun: a chance [sp.overrun.limit]")
    if ch.get("shields", 0) < 0:
        said.append("and a choice on a card drawn from the face-down pile may give up a Shield: a chance "
                    "[sp.shield.break]")
    return said


def _own_risk(ch: dict[str, float]) -> float:
    """The change of ``risk`` a move makes itself: where an opponent's card effect lowering the seat's Overrun
    Limits (the Sao power) ended meanwhile (``mods`` changed), the change as if it had never lowered them."""
    return ch.get("risk0", 0) if ch.get("mods", 0) else ch.get("risk", 0)


def _unlowered_limit(g, s: SPState, seat: int, clan: str) -> int:
    """``seat``'s Overrun Limit of ``clan`` without the card effects lowering it (``SPState.limit_mods``)."""
    mods = sum(m.amount for m in s.limit_mods if m.seat == seat)
    return max(LIMIT_FLOOR, lowered_limit(g, s, seat, clan) + mods)


def _inside(s: SPState, a, cite: str) -> str:
    """The plain reason of a move no feature tells apart that leaves a clan at risk or a Shield: the turn's one
    action said as spending it; a choice inside an action, a Battle or the Road Check said as such (truth 47:
    "Stack the Scythians card face up: it spends your one action this turn on ...", a choice inside a Scout's
    Summon)."""
    if "sp.turn.one-action" in a.clauses:
        return f"it spends {{your}} one action this turn on “{a.label}” {cite}"
    if s.battle is not None:
        return f"it is one of the choices this Battle asks of {{you}}, not an action of its own [sp.battle] {cite}"
    return f"it is one of the choices inside {{your}} turn, not an action of its own {cite}"


def _shield_names(g, s: SPState, seat: int, gone: int) -> str:
    """`` (Persians, Scythians)``: the clans of the stacks whose Shields go, when they are all those on ``seat``'s
    Road (a Road cleared; the stacks are in sight of every player); else ``""`` (truth 47: "two of your Shields")."""
    shielded = [st.clan for st in s.players[seat].road if st.shield is not None]
    if len(shielded) != gone:
        return ""
    return f" ({', '.join(g.cards.clan[c].name if c in g.cards.clan else c for c in shielded)})"


def _pressed_reason(g, s: SPState, seat: int, n: int, cite: str, then: bool = False) -> str:
    """What lowering every opponent's Overrun Limits by ``n`` does (the Sao power, sp.overrun.lower; ours,
    sp.provisional.power): how many of their clan stacks it brings to one card short of an Overrun (truth 47: a Sao
    card's Hint said only "a safe move ... does not score"). ``then``: a later choice played the card (a Scout's):
    said as the Sao card's, not the card taken next's."""
    near = 0
    for p in s.players:
        if p.seat == seat:
            continue
        for st in p.road:
            lim = overrun_limit(g, s, p.seat, st.clan)
            if len(st.cards) < lim - 1 <= len(st.cards) + n:
                near += 1
    tags = "".join(f" [{c}]" for c in ("sp.overrun.lower", "sp.provisional.power") if f"[{c}]" not in cite)
    who = "then the Sao card played from {your} Hand" if then else "it"
    said = (f"{who} lowers every opponent's Overrun Limits by {n} until {{your}} next turn (our assumption: the "
            f"rulebook prints no clan power){tags}")
    if near:
        said += (f", bringing {_NUMBER.get(near, str(near)) if near > 1 else 'one'} of their clan stacks to one card "
                 f"short of an Overrun or to it [sp.overrun.limit]")
    else:
        said += (f": until then their clans reach an Overrun with {_NUMBER.get(n, str(n)) if n > 1 else 'one'} "
                 f"card{'s' if n > 1 else ''} fewer [sp.overrun.limit]")
    return said + (f" {cite}" if cite and not then else "")


def _final(s: SPState) -> bool:
    """True during the Final Battle or once it is due: no March comes after it (sp.final.camps)."""
    return s.battle == "final" or "final" in s.battles_due


def _final_scored(s: SPState, seat: int) -> int:
    """The Spirit the Final Battle's Camp scoring has given ``seat`` (1 a pair of Camp cards, sp.final.camps), once
    its ``final-score`` step has run (the Final Battle began and the step is no longer waiting); else 0."""
    if s.battle != "final" or any(t.kind == "final-score" and t.seat == seat for t in s.work):
        return 0
    return sum(len(camp) for camp in s.players[seat].camps) // 2


def _bonus_due(g, s: SPState, seat: int) -> int:
    """The Spirit ``seat``'s Allegiances give by their Battle effects (sp.provisional.allegiance) when that step of
    a Battle is still to come (a Battle due, or its ``battle-allegiances`` task waiting); else 0."""
    if not s.battles_due and not any(t.kind == "battle-allegiances" and t.seat == seat for t in s.work):
        return 0
    effects = [g.cards.clan[al.clan].allegiance.battle for al in held(s, seat)]
    return sum(int(e.params.get("amount", 0)) for e in effects if e.effect == "gain-spirit")


def _wonder_reason(g, s: SPState, a, n: int, cite: str, more: int = 0) -> str:
    """The Spirit shown on a Wonder (sp.wonder.take; ours, sp.provisional.wonder): ``n`` for the Wonder ``a``
    takes; for an action whose later choice takes one, the values on the display (the look-ahead's pick, a later
    choice, may change: reason 46 heard "scores 7 Spirit" of a Build whose Wonder taken showed 6), and the ``more``
    Spirit an effect that gains Spirit adds."""
    if a.kind == "take-wonder":
        tags = "".join(f" [{c}]" for c in ("sp.wonder.take", "sp.provisional.wonder") if f"[{c}]" not in cite)
        return (f"it scores the {n} Spirit shown on the Wonder{f', and {more} more by its effect' if more else ''} "
                f"(our assumption: the rulebook prints no Wonder's Spirit{' or effect' if more else ''}){tags}, and "
                f"the most Spirit wins [sp.goal] {cite}")
    shown = sorted({g.cards.wonder[w].spirit for w in s.wonder_display if w})
    said = "" if not shown else f", {shown[-1]} here" if len(shown) == 1 else \
        f", {', '.join(map(str, shown[:-1]))} or {shown[-1]} here"
    said += f", and {more} more if its effect gains Spirit" if more > 0 else ""
    return (f"then the Wonder taken from the display scores the Spirit shown on it{said} (our assumption: the "
            f"rulebook prints no Wonder's Spirit{' or effect' if more > 0 else ''}) [sp.wonder.take] "
            f"[sp.provisional.wonder], and the most Spirit wins [sp.goal] {cite}")


def _final_recruit_reason(s: SPState, seat: int, cite: str) -> str:
    """What one more card Recruited in the Final Battle adds to the Camps' end score (1 Spirit a pair of cards,
    ``sp.final.camps``): the difference it makes, never the score of the whole Camps (trial 41: the third Norse card,
    3 Camp cards to 4, was said to score 2 Spirit; it added 1)."""
    n = sum(len(camp) for camp in s.players[seat].camps)
    now, after = n // 2, (n + 1) // 2
    head = (f"with it {{your}} Camps hold {n + 1} card{'s' if n else ''}, which score{'' if n else 's'} {after} "
            f"Spirit at the end, 1 for each pair of cards [sp.final.camps]")
    if after > now:
        return (f"{head}: {after - now} more than the {n} card{'' if n == 1 else 's'} there now, and the most Spirit "
                f"wins [sp.goal] {cite}")
    return (f"{head}, the same as now; one more card Recruited after it would make another pair "
            f"{cite}")


def _replace_reason(g, s: SPState, a, cite: str) -> str:
    """Why swapping an exhausted medal for a fresh Bronze is worth the Battle's medal step (the bot's ``medals``):
    a later Battle can score the fresh medal (the Final Battle has a medal step too; none comes after it), refreshed
    medals break a tie first, and what stealing the Allegiance then takes (one card more than the medal's value)."""
    al = next((x for x in held(s, a.actor) if x.clan == a.param("clan")), None)
    old = medal_value(g, al) if al is not None else 0
    fresh = g.cards.medals["bronze"].value
    said = f"it swaps an exhausted medal worth {old} for a fresh Bronze worth {fresh} {cite}"
    if s.battle != "final":
        said += (f": {{your}} next Battle can score it for {fresh} Spirit [sp.battle.medal.score], and refreshed "
                 f"medals break a tie at the end [sp.end.tiebreak]")
    else:
        said += ": no Battle comes after this one, but refreshed medals break a tie at the end [sp.end.tiebreak]"
    if old != fresh and s.battle != "final":
        said += (f"; stealing that Allegiance then takes {fresh + 1} cards, not {old + 1} [sp.march.steal]"
                 if old < fresh else
                 f"; though stealing that Allegiance then takes {fresh + 1} cards, not {old + 1} [sp.march.steal]")
    if al is not None and al.medal and medal_kind(al.medal) == "gold":
        said += "; the Gold medal's extra 1 on that clan's Overrun Limit goes with it [sp.overrun.gold]"
    return said


def _join_nears_overrun(g, s: SPState) -> tuple[str, bool] | None:
    """The clan's name and whether it reaches its Overrun Limit (True) or stops one card short of it (False), when
    the card revealed now (the waiting decision's, in sight) would, stacked face up, bring its clan's stack there;
    else None."""
    d = s.pending[-1] if s.pending else None
    card = getattr(d, "card", None)
    if d is None or card is None:
        return None
    clan = clan_of(card)
    st = next((x for x in s.players[d.actor].road if x.clan == clan), None)
    lim = overrun_limit(g, s, d.actor, clan)
    if st is None or len(st.cards) + 1 < lim - 1:
        return None
    return (g.cards.clan[clan].name if clan in g.cards.clan else clan), len(st.cards) + 1 >= lim


def card_text(g, s: SPState, action) -> tuple[str, str] | None:
    """The card ``action`` plays and what its power does, in our words: ``("Sao power", "Until your next turn,
    ...")`` for a card played while Scouting; None for other actions (their rule says what they do)."""
    if action.kind != "play-card":
        return None
    clan = g.cards.clan.get(action.param("clan") or "")
    text = getattr(getattr(clan, "power", None), "text", "") if clan is not None else ""
    return (f"{clan.name} power", text) if text else None
