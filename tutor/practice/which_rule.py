"""The ``which-rule`` practice question: one rule that a legal move brings into play, among rules it does not.

Session 35: practice asked about half the rules of each game only (Restless Spirits 80 of 157). The other kinds
(:mod:`tutor.practice.questions`) cite one rule of a legal move (can-do), the rule forbidding a blocked one
(why-not), or a whole chain of two to four rules (what-happens): a rule that is the second reason a move is legal
(the hand limit on a buy with a full hand) or that fires in a longer chain (a release, its reward, the endgame
trigger, Spirit Duels' End Phase) was never asked. Here the engine answers:

- the move: a legal action of the player to act;
- the right answer: one rule the engine cites for it, as a reason it is legal now (``Action.clauses``) or as the
  clause of one of its events when it is applied to a copy of the session, and also when it is applied to copies in
  which the cards the player cannot see are dealt again and the dice fall otherwise (a rule that a hidden card or a
  roll brings in is not asked: the learner could not tell it);
- the wrong answers: rules the engine does not cite for that move at all (neither reason nor event), first the
  reasons another legal move here is allowed, then the rule's neighbours (related rules, the same rulebook section).

A rule whose title says little more than the move's label (:func:`tutor.practice.questions.gives_away`) or shares
a word with it (:func:`names_the_move`) is not asked: the question would answer itself.
"""
from __future__ import annotations

from functools import lru_cache

from ..hidden import determinise
from ..core.rng import Rng
from ..core.session import Session
from .positions import Position, copy_session
from .questions import (BUILDERS as _BUILDERS, OPTIONS, Option, Question, action_text, chain_of, gives_away,
                        is_setup, neighbours, player, rule_text, situation, third_person)

__all__ = ["which_rule", "BUILDERS", "EXTRA_KINDS"]

#: The kinds tried at every position after the two drawn from :data:`tutor.practice.questions.KINDS` (with a
#: generator of their own, so the questions of those kinds stay as they were).
EXTRA_KINDS: tuple[str, ...] = ("which-rule",)
#: Other deals of what the player cannot see (and other dice) a move is tried in (:func:`_whatever_is_hidden`).
DEALS = 8
#: Legal moves looked at per position, at most (each is applied to a copy until one gives a question).
MOVES_TRIED = 16


def which_rule(pos: Position, rng: Rng, asked: set[str] | frozenset[str] = frozenset()) -> Question | None:
    """A ``which-rule`` question at ``pos``: "Player 1 takes X. Which of these rules applies to this move?" (``None``
    when no legal move of the player to act has a rule to ask with two plausible wrong answers). ``asked``: rules
    questions made before already test; one of the move's rules that is not among them is asked first (so the
    question stream reaches every rule it can)."""
    s = pos.session
    actor = s.current_player
    if actor is None:
        return None
    legal = [a for a in s.legal_actions() if a.actor == actor]
    clauses = s.game.clauses
    moves = _shuffled(rng, legal)[:MOVES_TRIED]
    played: dict[str, tuple] = {}  # move id -> (the session after it, its events)
    sure_of: dict[str, set[str]] = {}  # move id -> the rules it brings in whatever is hidden
    dealt: dict[int, str] = {}  # the position's deals of what is hidden (JSON), made once for all its moves
    # first a move with a rule no question before tests (session 37: the stream reaches more rules), then any
    for fresh in (True, False):
        for a in moves:
            if a.id not in played:
                after = copy_session(s)
                played[a.id] = (after, list(after.apply(a.id).events))
            after, events = played[a.id]
            chain = chain_of(events, clauses)
            cited = [c for c in dict.fromkeys(tuple(a.clauses) + chain) if c in clauses and clauses[c].taught]
            cands = [c for c in cited if not gives_away(a.label, clauses[c].title)
                     and not names_the_move(a.label, clauses[c].title)]
            told = [c for c in cands if c not in a.clauses]  # brought in by the move: sure whatever is hidden?
            if told and (not set(told) <= asked or len(told) == len(cands)):
                if a.id not in sure_of:
                    sure_of[a.id] = _whatever_is_hidden(s, a.id, actor, set(told), dealt)
                sure = sure_of[a.id]
                cands = [c for c in cands if c in a.clauses or c in sure]
            else:  # the rules it does bring in are asked already: ask a reason the move is allowed
                cands = [c for c in cands if c in a.clauses]
            if not cands or (fresh and set(cands) <= asked):
                continue
            cands = [c for c in cands if c not in asked] or cands
            focus = cands[rng.below(len(cands))]
            right = clauses[focus]
            setup_ok = is_setup(right)
            # what the other legal moves are allowed by (their reasons: read, not played), then the rule's neighbours;
            # never a rule of another move of the same kind (activating another Spirit) nor one the rules this move
            # brings in name as related (the turn ending by itself is next to "Ending the turn"): such a rule is close
            # enough to this move that a learner could fairly think it plays a part
            elsewhere = [c for b in legal if b.id != a.id and b.kind != a.kind for c in b.clauses]
            close = {c for b in legal if b.kind == a.kind for c in b.clauses}
            close |= {c for b in s.blocked_actions() if b.kind == a.kind for c in (b.clause,)}
            close |= {r for c in cited for r in clauses[c].related}
            # and a rule that names the answer or another rule of the move as related, or says the answer's title in its
            # own words (session 37: "Action Phase" reads "a turn is a single action", next to "One action per turn")
            words = _title_words(right.title)
            close |= {c.id for c in clauses.values() if set(c.related) & set(cited)
                      or (words and words <= _title_words(c.title + " " + c.text))}
            close |= {c for b in after.legal_actions() for c in b.clauses}  # what the move leads to next
            # and the rest of the move: the choices it still asks of the player (an attract's offering, then where
            # the Spirit goes), their rules and what their reasons speak of (issue 16: "Adjacent Spirits" was a wrong
            # answer about attracting a Spirit, whose place on the board decides what is adjacent)
            later, later_said = _rest_of_move(after, actor)
            close, later_said = close | later, later_said | _title_words(a.why)
            near = {r for c in cited for r in clauses[c].related if r in clauses}
            said = set().union(*(_title_words(clauses[c].text) for c in {*cited, *near}))  # what those rules mention
            titles = {clauses[c].title for c in cited}
            wrong = [c for c in dict.fromkeys(elsewhere + neighbours(clauses, (focus,)))
                     if c in clauses and c not in cited and c not in close and clauses[c].taught
                     and clauses[c].title not in titles and not _title_words(clauses[c].title) <= said
                     and not _title_words(clauses[c].title) <= later_said
                     and (setup_ok or not is_setup(clauses[c]))]
            if len(wrong) < 2:
                continue
            first = wrong[:1] if wrong[0] in elsewhere else []
            rest = _shuffled(rng, [c for c in wrong[:8] if c not in first])
            picked = (first + rest)[: OPTIONS - 1]
            if len({clauses[c].title for c in picked}) != len(picked):
                continue
            options = [Option(text=right.title, correct=True, clause=focus, note=rule_text(right))]
            options += [Option(text=clauses[c].title, correct=False, clause=c, note=rule_text(clauses[c]))
                        for c in picked]
            lines = [f"When {player(actor)} takes “{action_text(s, a)}”, this rule applies: “{right.title}”: "
                     f"{rule_text(right)}"]
            if focus in a.clauses:  # (trial 41: "AP does not carry over" is a rule the move goes by, not a reason)
                lines.append(f"It is one of the rules this move goes by now: {third_person(a.why)}")
            if right.kind == "ruling":  # (trial 41: a ruling answered as if the rulebook said it)
                lines.append("This one is our ruling, where the rulebook does not settle it: "
                             f"{third_person(right.reason)}")
            does = next((e.text for e in events if e.clause == focus), None)
            if does:
                lines.append(f"What it does here: {does}")
            lines.append("The other rules play no part in this move itself.")
            asks = " ".join([right.title] + lines[1:-1])  # the answer, and why it applies (never said before asking)
            return Question(kind="which-rule", game_id=s.game_id, key=f"which-rule|{pos.origin}|{a.id}",
                            origin=pos.origin,
                            prompt=f"{situation(s, actor, asks)}{player(actor)} takes “{action_text(s, a)}”. "
                                   "Which of these rules applies to this move: a reason it is allowed now, or part of "
                                   "what it does at once?", session=s, actor=actor, clause=focus, clauses=(focus,),
                            options=tuple(_shuffled(rng, options)), explanation="\n".join(lines), action_id=a.id)
    return None


#: How many of a move's later choices :func:`_rest_of_move` follows, at most.
LATER_CHOICES = 3


def _rest_of_move(after: Session, actor: int) -> tuple[set[str], set[str]]:
    """The rules of the choices a move still asks of ``actor`` (``after``: a copy of the session once the move is
    taken), following its first option while a decision of the actor's is pending (at most :data:`LATER_CHOICES`),
    and the words of those choices' reasons (``Action.why``): an attract asks for the offering, then where the
    Spirit goes ("where matters for abilities that count adjacent Spirits"). A rule they cite or speak of is part
    of the move, never a certainly wrong answer about it. ``after`` is not changed."""
    rules: set[str] = set()
    said: set[str] = set()
    s = after
    for _ in range(LATER_CHOICES):
        if not getattr(s.state, "pending", None):
            break
        nxt = [b for b in s.legal_actions() if b.actor == actor]
        if not nxt:
            break
        for b in nxt:
            rules |= set(b.clauses)
            said |= _title_words(b.why)
        s = copy_session(s)
        s.apply(nxt[0].id)
    return rules, said


def _whatever_is_hidden(s, action_id: str, actor: int, wanted: set[str], dealt: dict[int, str]) -> set[str]:
    """The rules that come into play when ``action_id`` is taken however the cards ``actor`` cannot see lie and
    however the dice fall: those of every one of :data:`DEALS` deals of the hidden cards and the generator
    (:func:`tutor.bots.determinise`). A Passing of Time card drawn from the deck, a die's face, a Blessing drawn: a
    learner cannot tell them from the board, so a rule only they bring in is not asked. Only the rules of
    ``wanted`` are looked for (the answer is a part of it). ``dealt``: the deals made so far at this position, by
    seed (as JSON; the same for every move asked about there, so each is made once)."""
    out = set(wanted)
    for seed in range(DEALS):
        if seed not in dealt:
            dealt[seed] = determinise(s.game, s.state, actor, seed).model_dump_json()
        other = Session(s.game, type(s.state).model_validate_json(dealt[seed]), partial={})
        try:
            got = set(chain_of(other.apply(action_id).events, s.game.clauses))
        except ValueError:  # not a move there (it named a hidden card): nothing is sure
            return set()
        out &= got
        if not out:
            break
    return out


#: Words left out when a rule's title is looked for in the texts of the rules a move brings in: a rule whose title's
#: other words all stand there, or in the texts of their related rules (the Final Battle's text names "Recruit from
#: the Hand" and the Camps' scoring; the End Phase's readying step readies what is exhausted) is part of what
#: happens, so it is not offered as a wrong answer.
_COMMON = frozenset("a an the and or of to your you one from with at on in is for by as not no its it "
                    "spirit spirits card cards totem totems ap essence player players 1 2 3 x".split())


@lru_cache(maxsize=8192)
def _title_words(title: str) -> frozenset[str]:
    # (kept per text: the same rule titles and texts are read for every move asked about; computing them again was a
    # fifth of the practice stream's time, session 43)
    return frozenset({w.strip("()“”,.:!?'").lower() for w in title.split()} - _COMMON - {""})


def _stems(text: str) -> set[str]:
    return {w[:5] for w in _title_words(text.replace("[provisional]", ""))}


def names_the_move(label: str, title: str) -> bool:
    """True when a rule's title shares a word (its first five letters, leaving out :data:`_COMMON` words) with the
    move's label: "Attract a Lost Spirit (1 AP)" for "Attract Rinca", "Only onto an empty space" for "Place Gonga on
    space 2", "Refreshing with a full board" for "Refresh the Lost Spirits". Among wrong answers that play no part in
    the move, such a right answer is found by its wording alone (session 37), so which-rule does not ask it."""
    return bool(_stems(label) & _stems(title))


def _shuffled(rng: Rng, items: list) -> list:
    out = list(items)
    rng.shuffle(out)
    return out


#: Every kind's builder, by kind (:data:`tutor.practice.questions.BUILDERS` and :data:`EXTRA_KINDS`').
BUILDERS = {**_BUILDERS, "which-rule": which_rule}
