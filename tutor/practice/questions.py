"""Practice questions made by the engine from a real position: ``can-do``, ``why-not`` and ``what-happens``.

Every answer comes from the engine, never from a hand-written key:

- ``can-do``: one legal action and two or three *blocked* actions (tempting, with the clause that forbids them) of
  the player to act; an option is correct exactly when its action is legal at the position (it carries its
  ``action_id``); a blocked option carries its forbidding ``clause``. The legal option's label is cut to the
  blocked ones' level of detail (:func:`option_label`), so its wording does not give it away.
- ``why-not``: a blocked action; the options are clauses: the one that forbids it (correct) and neighbouring rules
  (the clauses forbidding the other tempting actions now, related clauses, clauses of the same rulebook section).
- ``what-happens``: a legal action; the options are chains of the rules that come into play when it resolves, in
  order (the distinct clauses of its events, found by applying it to a copy of the session); the distractors are
  the true chain with a rule left out, added or swapped for a neighbouring rule (never one that plays a part in
  the action: :func:`part_of`), or two of its rules in the wrong order where a learner can tell the order
  (:func:`wrong_order`).

Texts use action labels and clause titles only (never ids).
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from ..hidden import determinise
from ..core.model import Action, Blocked, Clause
from ..core.rng import Rng
from ..core.session import Session
from .positions import Position, copy_session
from .question_words import player, rule_text, situation, third_person  # noqa: F401 - (re-exported: tests, which_rule)

Kind = Literal["can-do", "why-not", "what-happens", "which-rule"]
#: The question kinds drawn from at each position (two of them, in an order drawn from the seed); the ``which-rule``
#: kind (:mod:`tutor.practice.which_rule`) is tried after them.
KINDS: tuple[str, ...] = ("can-do", "why-not", "what-happens")
#: Options per question (one correct, the rest distractors), at most.
OPTIONS = 4
#: Longest rule chain asked about in a what-happens question (longer chains make options too long to read).
MAX_CHAIN = 4
#: Events of one rule said in a what-happens explanation, at most.
EVENTS_SAID = 3


class Option(BaseModel):
    """One answer a learner can pick.

    Fields: ``text`` (plain words: an action's label, a clause's title, or a chain of clause titles), ``correct``,
    ``action_id`` (can-do: the legal action; ``None`` for a blocked one), ``clause`` (can-do: the clause forbidding a
    blocked option; why-not: the clause the option names), ``outcome`` (what-happens: the clause ids of the chain, in
    order), ``note`` (why this option is right or wrong, in plain words).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str
    correct: bool
    action_id: str | None = None
    clause: str | None = None
    outcome: tuple[str, ...] = ()
    note: str = ""


class Question(BaseModel):
    """A practice question at a real position.

    Fields:
        kind: ``"can-do"``, ``"why-not"``, ``"what-happens"`` or ``"which-rule"`` (:mod:`.which_rule`).
        game_id: the game.
        key: a stable identifier (kind, origin, subject), for records only: never shown.
        prompt: the question in plain words.
        session: a session at the position (prepared, no history): views draw its board; copy it before playing.
        actor: the seat the question is about (0-based; "Player 1" is seat 0).
        clause: the clause the question practises (its scheduling card).
        clauses: every clause the explanation cites, the practised one first.
        options: the answers, exactly one of them correct.
        explanation: why the right answer is right, in plain words (lines separated by ``"\\n"``).
        action_id: the legal action "show me" plays (can-do: the legal option; what-happens: the action asked
            about; why-not: ``None``).
        subject: why-not: the label of the blocked action asked about (else empty).
        origin: where the position comes from, e.g. ``"lesson: Buying Totems, step 2"``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)

    kind: Kind
    game_id: str
    key: str
    prompt: str
    session: Session
    actor: int
    clause: str
    clauses: tuple[str, ...]
    options: tuple[Option, ...]
    explanation: str
    action_id: str | None = None
    subject: str = ""
    origin: str = ""

    @property
    def answer(self) -> Option:
        """The correct option."""
        return next(o for o in self.options if o.correct)


def action_text(session: Session, a: Action) -> str:
    """An action as a learner reads it: its label, with its cost when it has one (``"Attract Kafrat · 1 AP"``)."""
    unit = type(session.game).cost_unit
    return a.label + (f" · {a.cost} {unit}" if a.cost else "")


def chain_of(events, clauses: dict[str, Clause]) -> tuple[str, ...]:
    """The distinct clause ids of ``events``, in the order they first fire, leaving out notes on provisional card
    values (they say a value is assumed, not what happens) and clauses about the tutor itself (``teach: false``)."""
    return tuple(c for c in dict.fromkeys(e.clause for e in events)
                 if c in clauses and clauses[c].taught)


def outcome(session: Session, action_id: str) -> tuple[tuple[str, ...], list]:
    """``(chain, events)`` of applying ``action_id`` to a copy of ``session`` (the session is unchanged): the
    rules that come into play (:func:`chain_of`) and every event."""
    step = copy_session(session).apply(action_id)
    return chain_of(step.events, session.game.clauses), list(step.events)


#: Other deals of the hidden cards (and other dice) an action is also tried in, for the rules it may bring in
#: (:func:`part_of`).
DEALS = 4


def part_of(session: Session, a: Action, events) -> set[str]:
    """The rules a learner could rightly say play a part in taking ``a`` (session 36: "End your turn" was asked with
    "... then “Ending the turn”" as a wrong answer): the reasons it is allowed (``a.clauses``) and their related
    rules, every rule a title of which the action's label names (:func:`gives_away`), every rule its outcome
    fires: in ``events`` (applied here) and in :data:`DEALS` other deals of what the player cannot see (a draw or a
    roll may bring one in), and every reason and fired rule of another legal move of the same kind (placing another
    Spirit: a learner cannot know why the rule would play no part in this one). Never a wrong answer's extra rule in a what-happens question."""
    clauses = session.game.clauses
    # the move's own rules (its reasons, the first rule it fires) and every rule related to them either way: placing
    # Wanwada fires "Mastery makes one type free", related to "Attract a Lost Spirit (1 AP)" that placing Gonga fires
    own = set(a.clauses) | {e.clause for e in events[:1]}
    out = own | {r for c in own if c in clauses for r in clauses[c].related}
    out |= {c.id for c in clauses.values() if own & set(c.related) or gives_away(a.label, c.title)}
    out |= {e.clause for e in events}
    for b in session.legal_actions():  # session 37: "Place Wanwada (Guardian)" was asked with "Attract a Lost Spirit
        if b.kind == a.kind and b.id != a.id:  # (1 AP)", the rule of placing Gonga: a move of the same kind
            out |= set(b.clauses) | {e.clause for e in copy_session(session).apply(b.id).events}
    for seed in range(DEALS):
        other = Session(session.game, determinise(session.game, session.state, a.actor, seed), partial={})
        try:
            out |= {e.clause for e in other.apply(a.id).events}
        except ValueError:  # not a move in that deal (it named a hidden card)
            continue
    return out


def _pick(rng: Rng, items: list):
    return items[rng.below(len(items))]


def _shuffled(rng: Rng, items: list) -> list:
    out = list(items)
    rng.shuffle(out)
    return out


#: Where an action's label goes on from what it is to details of it (its target, what it becomes, its dice, the cards
#: of a line, what a card does): a can-do option is cut at the first of them the blocked options do not have.
DETAIL = (" to ", " into ", " targeting ", ": ", " (")


def option_label(a: Action, blocked: list[Blocked], taken: set[str]) -> str:
    """``a``'s label as a can-do option, as specific as the blocked options beside it (session 36: "Play Key
    (single) to Karrowkell (space 2) · 1 AP" among "Activate Arrazola" and "Play Bowl & Spirit Cloak (double)" was
    right by its wording alone): the engine's label cut at the first :data:`DETAIL` no blocked option's label has,
    without its cost (no blocked option has one); the whole label where a cut one is in ``taken`` (a blocked
    action's label) or no cut applies."""
    cuts = sorted(i for d in DETAIL if all(d not in b.label for b in blocked)
                  for i in [a.label.find(d)] if i > 0)
    for i in cuts:
        short = a.label[:i].rstrip()
        if short and short not in taken:
            return short
    return a.label


def _unambiguous_blocked(session: Session, actor: int) -> list[Blocked]:
    """Blocked actions of ``actor`` whose label is not also a legal action's label and is forbidden by one clause."""
    legal_labels = {a.label for a in session.legal_actions()}
    by_label: dict[str, set[str]] = {}
    for b in session.blocked_actions():
        by_label.setdefault(b.label, set()).add(b.clause)
    seen, out = set(), []
    for b in session.blocked_actions():
        if (b.actor == actor and b.label not in legal_labels and len(by_label[b.label]) == 1
                and b.label not in seen and b.clause in session.game.clauses):
            seen.add(b.label)
            out.append(b)
    return out


def is_setup(c: Clause) -> bool:
    """True for a set-up rule (its id or rulebook section says set-up): never a plausible answer about play."""
    return ".setup" in c.id or "setup" in c.source.section.lower()


def neighbours(clauses: dict[str, Clause], cids: tuple[str, ...] | list[str]) -> list[str]:
    """Clauses next to ``cids`` in the rules: their related clauses, then those of the same rulebook section (in
    rulebook order), without ``cids`` themselves, without provisional-value notes or clauses about the tutor, and without set-up rules unless
    one of ``cids`` is one."""
    out: list[str] = []
    for cid in cids:
        c = clauses.get(cid)
        if c is not None:
            out += [r for r in c.related if r in clauses]
    sections = {clauses[c].source.section for c in cids if c in clauses}
    out += [c.id for c in clauses.values() if c.source.section in sections]
    skip = set(cids)
    setup_ok = any(is_setup(clauses[c]) for c in cids if c in clauses)
    return [c for c in dict.fromkeys(out) if c not in skip and clauses[c].taught
            and (setup_ok or not is_setup(clauses[c]))]


def _words(text: str) -> set[str]:
    return {w.strip("()“”,.:'").lower() for w in text.split()} - {"a", "an", "the", "to", "of", "1", "ap", ""}


def gives_away(label: str, title: str) -> bool:
    """True when a clause title says little more than the action's label (\"Play a Totem to a Spirit (1 AP)\" for
    \"Play a Totem to a Spirit\"): a why-not question about it would answer itself."""
    lw, tw = _words(label), _words(title)
    return bool(tw) and len(tw & lw) >= max(1, len(tw) - 1)


def _key(kind: str, pos: Position, subject: str) -> str:
    return f"{kind}|{pos.origin}|{subject}"


def can_do(pos: Position, rng: Rng) -> Question | None:
    """A ``can-do`` question at ``pos`` (``None`` when the player to act has fewer than two tempting blocked
    actions)."""
    s = pos.session
    actor = s.current_player
    if actor is None:
        return None
    blocked = _unambiguous_blocked(s, actor)
    if len(blocked) < 2:
        return None
    legal = [a for a in s.legal_actions() if a.actor == actor]
    # a legal action of a kind that is also blocked now ("Evolve Shark" legal, "Evolve Binx" not) is the best
    # contrast; else anything but ending the turn / passing (always there), else whatever is legal
    kinds = {b.kind for b in blocked}
    pool = ([a for a in legal if a.kind in kinds] or [a for a in legal if a.kind not in ("end-turn", "pass")]
            or legal)
    if not pool:
        return None
    a = _pick(rng, pool)
    picked = _shuffled(rng, blocked)[: OPTIONS - 1]
    clauses = s.game.clauses
    taken = {b.label for b in s.blocked_actions() if b.actor == actor}
    text = option_label(a, picked, taken)
    options = [Option(text=text, correct=True, action_id=a.id, note=a.why)]
    options += [Option(text=b.label, correct=False, clause=b.clause, note=b.why) for b in picked]
    lines = [f"“{text}” is possible for {player(actor)}"
             + (f" (“{action_text(s, a)}”)" if text != action_text(s, a) else "") + f": {third_person(a.why)}"]
    lines += [f"Not possible: {third_person(b.why)} ({clauses[b.clause].title})." for b in picked]
    focus = next((c for c in a.clauses if clauses[c].taught), a.clauses[0])
    cited = tuple(dict.fromkeys([focus] + [b.clause for b in picked]))
    asks = " ".join([o.note for o in options] + [clauses[c].title for c in cited])  # why each is possible or not
    return Question(kind="can-do", game_id=s.game_id, key=_key("can-do", pos, a.id), origin=pos.origin,
                    prompt=f"{situation(s, actor, asks)}Which of these can {player(actor)} do now?", session=s,
                    actor=actor, clause=focus, clauses=cited, options=tuple(_shuffled(rng, options)),
                    explanation="\n".join(lines), action_id=a.id)


def forbidding(session: Session, b: Blocked) -> set[str]:
    """The clauses that forbid ``b`` now, none of which may be a why-not question's wrong answer: its own, those of
    every refusal of the same label, and the rules the actor's legal actions cite beside it (the rules that say
    what the choice now may do: new user 45, a Battle's face-down Recruit refused a Camp holding another clan, "Which
    Camp takes the card" the answer, and "Face-down Recruits follow the Camp rule", as true, marked wrong)."""
    out = {b.clause} | {x.clause for x in session.blocked_actions() if x.label == b.label}
    for a in session.legal_actions():
        if a.actor == b.actor and b.clause in a.clauses:
            out.update(c for c in a.clauses if _is_ruling(session, c))
    return out


def _is_ruling(session: Session, cid: str) -> bool:
    """True for a ruling (a clause that settles how another applies, e.g. to face-down cards)."""
    c = session.game.clauses.get(cid)
    return c is not None and c.kind == "ruling"


def why_not(pos: Position, rng: Rng) -> Question | None:
    """A ``why-not`` question at ``pos`` (``None`` when no blocked action has enough plausible wrong answers)."""
    s = pos.session
    actor = s.current_player
    if actor is None:
        return None
    blocked = _unambiguous_blocked(s, actor)
    if not blocked:
        return None
    clauses = s.game.clauses
    blocked = [x for x in blocked if not gives_away(x.label, clauses[x.clause].title)]
    if not blocked:
        return None
    b = _pick(rng, blocked)
    right = clauses[b.clause]
    # tempting wrong answers: what forbids the other blocked actions now, then the rules next to the right one
    setup_ok = is_setup(right)
    others = [x.clause for x in s.blocked_actions()
              if x.clause != b.clause and (setup_ok or not is_setup(clauses[x.clause]))]
    near = neighbours(clauses, (b.clause,))
    forbid = forbidding(s, b)
    cands = [c for c in dict.fromkeys(others + near)
             if c not in forbid and clauses[c].taught and clauses[c].title != right.title]
    if len(cands) < 2:
        return None
    first = [c for c in cands if c in others][:1]
    rest = _shuffled(rng, [c for c in cands[:8] if c not in first])
    wrong = (first + rest)[: OPTIONS - 1]
    options = [Option(text=right.title, correct=True, clause=right.id, note=rule_text(right))]
    options += [Option(text=clauses[c].title, correct=False, clause=c, note=rule_text(clauses[c])) for c in wrong]
    texts = [o.text for o in options]
    if len(set(texts)) != len(texts):
        return None
    expl = f"{third_person(b.why)}.\nThe rule: {right.title}: {rule_text(right)}"
    return Question(kind="why-not", game_id=s.game_id, key=_key("why-not", pos, b.label), origin=pos.origin,
                    prompt=f"{situation(s, actor, f'{b.why} {right.title}')}{player(actor)} would like to: "
                           f"“{b.label}”. Why is that not "
                           "allowed now?", session=s, actor=actor, clause=b.clause, clauses=(b.clause,),
                    options=tuple(_shuffled(rng, options)), explanation=expl, subject=b.label)


def chain_text(clauses: dict[str, Clause], chain: tuple[str, ...]) -> str:
    """A rule chain as a sentence a person would say, the rules by their titles in order: ``"First “Ending the
    turn”, then “Two AP each turn”."``, ``"First “A”, then “B”, and last “C”."`` (one rule: ``"Only “A”."``)."""
    t = [f"“{clauses[c].title}”" for c in chain]
    if len(t) <= 1:
        return f"Only {t[0]}." if t else "No rule at all."
    if len(t) == 2:
        return f"First {t[0]}, then {t[1]}."
    return f"First {t[0]}, then {', then '.join(t[1:-1])}, and last {t[-1]}."


def wrong_order(chain: tuple[str, ...], events, rng: Rng) -> tuple[str, ...] | None:
    """``chain`` with two neighbouring rules after its first swapped, where a learner can tell their order; else
    ``None``.

    A pair's order is one a learner sees when the second rule is a consequence of the player's own choice (the first
    rule's first event is the choice's direct effect, the second's is ``automatic``: a refill after a buy), or when
    the turn passed between them (their first events concern different players: the mover's step, then "Two AP each
    turn" for the next). Two parts of one move (session 33: "Buy a Totem (1 AP)" and the swap of a full-hand buy;
    what carries over and the dice kept when evolving) or two consequences of one moment have no order a learner can
    know: they are not asked. The first rule (the action's own) stays first. One draw of ``rng`` for every chain of
    three rules or more (as before), so the questions made after it stay the same."""
    if len(chain) < 3:
        return None
    k = rng.below(len(chain) - 2)
    first = {}
    for e in events:
        first.setdefault(e.clause, e)

    def told(a, b) -> bool:
        return (not a.automatic and b.automatic) or (a.actor is not None and b.actor is not None
                                                      and a.actor != b.actor)
    at = [i for i in range(1, len(chain) - 1)
          if chain[i] in first and chain[i + 1] in first and told(first[chain[i]], first[chain[i + 1]])]
    if not at:
        return None
    i = at[k % len(at)]
    return chain[:i] + (chain[i + 1], chain[i]) + chain[i + 2:]


def what_happens(pos: Position, rng: Rng) -> Question | None:
    """A ``what-happens`` question at ``pos`` (``None`` when no legal action gives a chain with enough plausible
    wrong versions)."""
    s = pos.session
    actor = s.current_player
    if actor is None:
        return None
    legal = [a for a in s.legal_actions() if a.actor == actor]
    if not legal:
        return None
    clauses = s.game.clauses
    tried = _shuffled(rng, legal)[:4]
    chains = {}
    for a in tried:
        chain, events = outcome(s, a.id)
        if chain:
            chains[a.id] = (chain, events)
    for a in tried:
        if a.id not in chains:
            continue
        chain, events = chains[a.id]
        if not 2 <= len(chain) <= MAX_CHAIN:  # one rule alone (often a choice opening) asks too little
            continue
        elsewhere = [c for aid, (ch, _) in chains.items() if aid != a.id for c in ch]
        setup_ok = any(is_setup(clauses[c]) for c in chain)
        near = [c for c in dict.fromkeys(neighbours(clauses, chain) + elsewhere)
                if c not in chain and clauses[c].taught and (setup_ok or not is_setup(clauses[c]))]
        own = part_of(s, a, events)  # a rule that plays a part in the action is no wrong answer (session 36)
        fair = [c for c in near if c not in own][:6]
        # the draws are those of every near rule, as before session 36, so the questions after this one stay the same
        variants: list[tuple[str, ...]] = []
        if len(chain) >= 2:  # stops short: a later rule left out
            i = 1 + rng.below(len(chain) - 1)
            variants.append(chain[:i] + chain[i + 1:])
        if near:  # one rule too many
            k = rng.below(len(near[:6]))
            at = 1 + rng.below(len(chain))
            if fair:
                variants.append(chain[:at] + (fair[k % len(fair)],) + chain[at:])
        if near and len(chain) >= 2:  # a rule swapped for its neighbour
            k = rng.below(len(near[:6]))
            i = 1 + rng.below(len(chain) - 1)
            if fair:
                variants.append(chain[:i] + (fair[k % len(fair)],) + chain[i + 1:])
        swapped = wrong_order(chain, events, rng)  # right rules, wrong order (one a learner can tell)
        if swapped:
            variants.append(swapped)
        seen_text = {chain_text(clauses, chain)}
        wrong = []
        for v in variants:
            t = chain_text(clauses, v) if v else ""
            if v and v != chain and t not in seen_text:
                seen_text.add(t)
                wrong.append(v)
        if len(wrong) < 2:
            continue
        wrong = wrong[: OPTIONS - 1]
        options = [Option(text=chain_text(clauses, chain), correct=True, outcome=chain)]
        options += [Option(text=chain_text(clauses, v), correct=False, outcome=v) for v in wrong]
        focus = next((c for c in chain if c not in a.clauses), chain[0])
        lines = [f"When {player(actor)} takes “{action_text(s, a)}”, this happens, in order:"]
        # what each rule of the chain did, by the rule's title, each of its events (trial 42: "now they declare which
        # dice to reroll" was followed by the turn passing; the rule's next event, "no dice, so nothing is rerolled",
        # was left out)
        did: dict[str, list[str]] = {}
        for e in events:
            if e.clause in chain and len(did.setdefault(e.clause, [])) < EVENTS_SAID:
                did[e.clause].append(e.text)
        lines += [f"• “{clauses[c].title}”: {' '.join(texts)}" for c, texts in did.items()]
        cited = tuple(dict.fromkeys((focus,) + chain))
        return Question(kind="what-happens", game_id=s.game_id, key=_key("what-happens", pos, a.id),
                        origin=pos.origin,
                        prompt=f"What happens if {player(actor)} takes “{action_text(s, a)}”? Which rules come "
                               "into play, in order?", session=s, actor=actor, clause=focus, clauses=cited,
                        options=tuple(_shuffled(rng, options)), explanation="\n".join(lines), action_id=a.id)
    return None


BUILDERS = {"can-do": can_do, "why-not": why_not, "what-happens": what_happens}
