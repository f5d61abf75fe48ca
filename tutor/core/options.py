"""A game's options, validated by one pydantic model per game (issue #17: one pattern, not three hand-written
checks).

A game declares ``class MyOptions(GameOptions)`` with a field per option (its default the game's default) and field
validators for what can be checked without the card file (a side is 'A' or 'B', a flag is a bool, a list holds
text); :func:`parse_options` refuses an unknown option naming the valid ones, and a bad value naming the option,
the way the games always worded it (``"restless-spirits: side must be 'A' or 'B', got 'C'"``). What needs the card
file (guide, clan, team or promo ids) each game still checks once its cards are loaded.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from pydantic import BaseModel, ConfigDict, ValidationError

from .content import normalise_refs, problem_words
from .errors import said, short


class GameOptions(BaseModel):
    """Base of a game's options model: unknown options are refused, values are checked when assigned too."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True, arbitrary_types_allowed=True)


def one_of(name: str, choices: Sequence[Any]) -> Callable[[Any], Any]:
    """A validator of option ``name`` whose value is one of ``choices``, for a field of a :class:`GameOptions`
    (``setup: Annotated[Any, AfterValidator(one_of("setup", SETUPS))] = "prebuilt"``).

    Raises (the validator):
        ValueError: ``"setup must be one of 'prebuilt', 'draft'; got 'full'"`` (the value cut short).
    """
    shown = ", ".join(repr(x) for x in choices)

    def check(v: Any) -> Any:
        if v not in choices:
            raise ValueError(f"{name} must be one of {shown}; got {said(v)}")
        return v

    return check


def parse_options(model: type[GameOptions], game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` checked by ``model`` and completed with its defaults, as a plain dict in the model's field order.

    Raises:
        ValueError: ``"<game>: unknown option(s) x; valid options: a, b"``, or ``"<game>: <option> ..."`` for a
            bad value (a validator's own words, or pydantic's with the value given, cut short).
    """
    valid = list(model.model_fields)
    unknown = sorted(str(k) for k in options if k not in model.model_fields)
    if unknown:
        raise ValueError(f"{game_id}: unknown option(s) {', '.join(short(u, 60, quote=False) for u in unknown)}; "
                         f"valid options: {', '.join(valid)}")
    # one normalisation for every way an option comes in (attack 43: a full-width clan id was refused by --option but
    # accepted from a question file, whose set-up is normalised as card references are): text compared as ids are
    options = {k: v if k in FILE_OPTIONS else normalise_refs(v) for k, v in options.items()}
    try:
        parsed = model.model_validate(options)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        field = ".".join(str(x) for x in err.get("loc", ())) or "options"
        cause = (err.get("ctx") or {}).get("error")
        if isinstance(cause, ValueError):
            raise ValueError(f"{game_id}: {cause}") from None
        raise ValueError(f"{game_id}: {field}: {problem_words(err)}, got {said(err.get('input'))}") from None
    return {name: getattr(parsed, name) for name in valid}


#: The options whose value names a file the game reads (a card file): given by the person who starts a game
#: (``new_game(..., cards=PATH)``), never by a file or a stored text someone else could have written (a scenario,
#: lesson or walkthrough refuses them; :func:`tutor.load_session` with ``files=False`` does too).
FILE_OPTIONS = ("cards",)


def id_list(game_id: str, option: str, given: Any, valid: Sequence[str], count: int, what: str,
            per_seat: bool = False) -> list[str]:
    """``given``, the value of option ``option``, as a list of ``count`` different ids of ``valid`` (Restless Spirits'
    guides, Spirited's clans, Spirit Duels' teams), with one wording for every game and every fault (attack 43: two
    duplicate clan ids and a duplicate team were worded differently, and the team was blamed on the card file).

    Raises:
        ValueError: ``"spirited: clans must list 7 different clan ids from: aztecs, ...; 'aztecs' is given twice"``
            (or ``... is not one of them``, ``... got 3: [...]``), naming the game, the option and the fault.
    """
    head = (f"{game_id}: {option} must list {count} different {what} ids{', one per seat,' if per_seat else ''} "
            f"from: {', '.join(str(v)[:40] for v in valid[:20])}")
    if not isinstance(given, (list, tuple)) or not all(isinstance(x, str) for x in given):
        raise ValueError(f"{head}; got {said(given)}")
    seen: set[str] = set()
    for x in given:
        if x not in valid:
            raise ValueError(f"{head}; {said(x)} is not one of them")
        if x in seen:
            raise ValueError(f"{head}; {said(x)} is given twice")
        seen.add(x)
    if len(given) != count:
        raise ValueError(f"{head}; got {len(given)}: {said(given)}")
    return list(given)
