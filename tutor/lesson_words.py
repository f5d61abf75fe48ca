"""What a lesson's goal asks and what the learner's step did instead, in a sentence a person would say (trial 18:
after Rallying the Chinese card in Spirited lesson 1 the page said only "the goal can no longer be reached").

:func:`goal_gap` reads the lesson's own goal check (:attr:`tutor.lessons.Lesson.check`): the parts that do not hold
now, first those the last step changed, each said in the learner's words (cards by name, seats as "Player N", rules
by their titles), after what the last step did: ``"You rallied a Chinese card into your Hand, but the goal asks for
Player 2's hand to hold the Aztecs card (it holds the Chinese card)."``.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from .core.session import Session
from .faq_whatif.setup_edits import card_names
from .lessons import Lesson, start_lesson
from .scenario import Expect, check
from .scenario_words import _PATH_WORDS, plain_label, _SEAT_PATHS, describe_expect, describe_path, describe_value, slot_names
from .step_words import bare, you_past

#: At most this many parts of the goal are named in one sentence (the ones the last step changed come first): one
#: keeps the page's line short (two lines at most at 1024 px).
MOST_PARTS = 1


def _thing(key: str, names: dict[str, str]) -> str:
    """A state fact as a person names it: ``"p2.hand"`` -> ``"Player 2's hand"``, ``"current"`` -> ``"the player
    to act"``, ``"p1.s2.damage"`` -> ``"Player 1's Pawnite's damage"``."""
    if key == "current":
        return "the player to act"
    words = describe_path(key, names)
    if " · " in words:
        owner, what = words.split(" · ", 1)
        return f"{owner}'s {what}"
    own = _PATH_WORDS.get(key.split(".")[-1], "")
    return "the " + (words if own[:1].isupper() else words[:1].lower() + words[1:])


def _value(game_id: str, value: Any, names: dict[str, str], seats: bool) -> str:
    """A fact's value in words: cards and items by name; Spirited clan cards counted ("the Aztecs card",
    "2 Japanese cards"); an empty list "nothing"; an empty place "empty"."""
    if isinstance(value, list):
        if not value:
            return "nothing"
        if game_id == "spirited" and all(isinstance(v, str) and v in names for v in value):
            counts = Counter(value)
            return " and ".join(f"the {names[v]} card" if n == 1 else f"{n} {names[v]} cards"
                                for v, n in counts.items())
        return ", ".join("empty" if v is None else _value(game_id, v, names, seats) for v in value)
    return describe_value(value, names, seats)


def _waiting(session: Session) -> str:
    """The choice waiting in ``session``, as its options' buttons say them: ``"“Offer Key”"``, ``"“Offer Key” or
    one of 2 other choices"``."""
    labels = [plain_label(a.label) for a in session.legal_actions()]
    if not labels:
        return "a choice"
    more = len(labels) - 1
    return f"\u201c{labels[0]}\u201d" + (f" or one of {more} other choice{'s' if more > 1 else ''}" if more else "")


def _state_part(game_id: str, key: str, want: Any, got: Any, names: dict[str, str],
                session: Session | None = None) -> str:
    seats = key.split(".")[0] in _SEAT_PATHS
    thing = _thing(key, names)
    say = lambda v: _value(game_id, v, names, seats)  # noqa: E731
    if key == "pending":  # the engine's name of a waiting decision is no word of the learner's (trial 21), nor is
        # "no choice to be waiting (one is: …)" a sentence a person says (trial 23)
        if want is None:
            waiting = _waiting(session) if session is not None else "a choice"
            return f"the goal asks for the turn to be free, while a choice is still waiting: {waiting}"
        return "the goal asks for a choice to be waiting (none is)" if got is None else \
            "the goal asks for a different choice to be waiting"
    if key == "current":
        return f"the goal asks for {say(want)} to be playing (it is {say(got)})"
    if key == "winners" and isinstance(want, list) and want:  # a seat list: who wins
        who = " and ".join(f"Player {n}" for n in want)
        return f"the goal asks for {who} to win ({'no one has won yet' if not got else say(got) + ' won'})"
    if key == "phase" and want == "over":
        return "the goal asks for the game to be over (it is not)"
    if isinstance(want, bool):
        owner, _, what = describe_path(key, names).rpartition(" · ")
        if owner and " " not in what:  # a state of a thing: "Player 2's Binx to be exhausted (it is not)"
            return (f"the goal asks for {owner} to be {what} (it is not)" if want else
                    f"the goal asks for {owner} not to be {what} (it is)")
        of = f" for {owner}" if owner else ""  # "“last action was a pass” holds" (trial 23: not "to be true")
        return (f"the goal asks that “{what[:1].lower()}{what[1:]}” holds{of} (it does not)" if want else
                f"the goal asks that “{what[:1].lower()}{what[1:]}” does not hold{of} (it does)")
    counts = _COUNTED.get(key.rsplit(".", 1)[-1])
    if counts and type(want) is int and type(got) is int:  # (trial 31: "Player 1's hand size to be 2 (it is 0)")
        owner = thing.rsplit("'s ", 1)[0] if "'s " in thing else ""
        asks, has = counts
        if game_id == "spirited":  # Spirited's rulebook writes Hand
            asks = asks.replace("hand", "Hand")
        return (f"the goal asks for {asks.format(O=owner, n=want, s='' if want == 1 else 's')} "
                f"({has.format(O=owner, n=got, s='' if got == 1 else 's')})")
    # "Player 1's released Spirits … (they hold nothing)"; a count is one number (trial 22: "… number of released
    # Spirits to be 1 (they are 0)")
    counted = isinstance(want, int) and "number of" in thing
    they = "they" if thing.endswith("s") and not counted else "it"
    if (isinstance(want, list) and isinstance(got, list) and len(want) == len(got) and want
            and all(isinstance(v, list) for v in want + got)):
        # places of one kind, each a list (Spirited's two Camps): the first place that differs, by its ordinal
        i = next(i for i, (w, h) in enumerate(zip(want, got)) if w != h)
        one = _PLACE_WORDS.get(key.rsplit(".", 1)[-1])
        place = (f"{thing.rsplit(' ', 1)[0]} {_ORDINALS[i]} {one}" if one and i < len(_ORDINALS)
                 else f"{thing} #{i + 1}")
        return f"the goal asks for {place} to hold {say(want[i])} (it holds {say(got[i])})"
    if isinstance(want, list):
        return f"the goal asks for {thing} to hold {say(want)} ({they} hold{'' if they == 'they' else 's'} " \
               f"{say(got)})"
    return f"the goal asks for {thing} to be {say(want)} ({they} {'are' if they == 'they' else 'is'} {say(got)})"


#: Counts said as a person would, by the fact's last name: (what the goal asks, what there is); ``{O}``: the
#: player ("Player 1"), ``{n}`` the number, ``{s}`` a plural's s.
_COUNTED = {"hand_size": ("{O}'s hand to hold {n} card{s}", "it holds {n}"),
            "released_count": ("{O} to have released {n} Spirit{s}", "so far {n}"),
            "totem_discard_size": ("the Totem discard pile to hold {n} card{s}", "it holds {n}")}

#: The one place of a state fact that lists several (``pN.camps``: two Camps), named with an ordinal.
_PLACE_WORDS = {"camps": "Camp"}
_ORDINALS = ("first", "second", "third", "fourth", "fifth")


def _facts_before(lesson: Lesson, session: Session) -> dict[str, Any]:
    """The facts of the position before the session's last step (a replay of its steps on the lesson's start)."""
    s = start_lesson(lesson)
    for st in session.history[:-1]:
        s.apply(st.action.id)
    return s.game.facts(s.state)


def goal_parts(lesson: Lesson, session: Session) -> list[str]:
    """The parts of the lesson's goal that do not hold in ``session``, each as a clause of a sentence ("the goal
    asks for Player 2's hand to hold the Aztecs card (it holds the Chinese card)"): the state facts first (those
    the last step changed before the rest), then the rules that should or should not have applied, then the other
    expectations (legal or blocked actions). Empty once the goal is reached."""
    e = lesson.check
    names = {**session.game.value_names(), **card_names(session), **slot_names(session)}
    titles = {cid: c.title for cid, c in session.game.clauses.items()}
    facts = session.game.facts(session.state)
    wrong = [k for k, want in e.state.items() if facts.get(k) != want]
    if wrong and session.history:
        before = _facts_before(lesson, session)
        wrong.sort(key=lambda k: before.get(k) == facts.get(k))  # changed by the last step first (a stable sort)
    out = [_state_part(session.game_id, k, e.state[k], facts.get(k), names, session) for k in wrong]
    fired = {ev.clause for st in session.history for ev in st.events}
    out += [f"the goal asks for the rule “{titles.get(c, c)}” to apply (it has not)" for c in e.fired
            if c not in fired]
    out += [f"the goal asks that the rule “{titles.get(c, c)}” does not apply (it did)" for c in e.not_fired
            if c in fired]
    rest = e.model_copy(update={"state": {}, "fired": [], "not_fired": []})
    for one in _single_parts(rest):
        if check(session, session.history, one):
            for line in describe_expect(one, names, titles):
                out.append(f"the goal asks that {line[:1].lower()}{line[1:]} (it does not)")
    return out


def _single_parts(e: Expect) -> list[Expect]:
    """``e`` (without state, fired and not_fired) cut into expectations of one part each."""
    out = []
    for field in ("legal", "not_legal", "blocked", "refused", "in_order", "rulings"):
        for item in getattr(e, field) if field != "in_order" else ([e.in_order] if e.in_order else []):
            out.append(Expect(only_last=e.only_last, **{field: item if field == "in_order" else [item]}))
    return out


def goal_gap(lesson: Lesson, session: Session) -> str | None:
    """What the last step did and what of the lesson's goal now differs, as one sentence a person would say
    (``"You rallied a Chinese card into your Hand, but the goal asks for Player 2's hand to hold the Aztecs card
    (it holds the Chinese card)."``), or ``None`` before the first step and once the goal is reached. At most
    :data:`MOST_PARTS` parts are named; the caller says what to do (Undo, Restart)."""
    if not session.history:
        return None
    parts = goal_parts(lesson, session)
    if not parts:
        return None
    did = you_past(bare(session.history[-1].action.label.replace(" [provisional]", "")))
    return f"{did}, but {'; and '.join(parts[:MOST_PARTS])}."


def undo_hint(lesson: Lesson, session: Session, back: int = 1) -> str:
    """The hint once the lesson's goal is out of reach (trial 19: after Rallying the Chinese card in Spirited lesson 1
    the Hint still said "Click Scout…"): what to press and why, in sentences a person would say. ``back``: how many
    steps the learner should take back (those since they left the lesson's way, at least 1). E.g. ``"Press Undo to
    take back your last step: it put the goal out of reach. You rallied a Chinese card into your Hand, but the goal
    asks for Player 2's hand to hold the Aztecs card (it holds the Chinese card)."``. Plain text (the caller escapes
    it).

    The "why" is :func:`goal_gap` (what the last step did, what the goal asks), or after more steps only what the
    goal asks (:func:`goal_parts`); when the game is over it says so."""
    if back <= 1:
        gap = goal_gap(lesson, session)
    else:  # (the last step did not lose the goal: only what the goal asks)
        parts = goal_parts(lesson, session)
        gap = f"{parts[0][:1].upper()}{parts[0][1:]}." if parts else None
    if session.is_over:
        why = "the game is over and the goal was not reached"
    else:
        why = "it put the goal out of reach" if back <= 1 else f"the goal went out of reach {back} steps ago"
    head = (f"Press Undo to take back your last step: {why}." if back <= 1 else
            f"Press Undo {back} times (or Restart): {why}.")
    return f"{head} {gap}" if gap else head
