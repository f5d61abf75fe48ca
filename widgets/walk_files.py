"""The teacher's list of walkthrough files with a problem: those that do not load, and those whose steps stop before
their end. Trial 23: a yellow list and a red "Not loaded" box in fixed-width type showed on the projected Present tab.
They are the teacher's only: one folded box in the "Record a walkthrough" tab (:class:`FileProblems`, its problems in
words a teacher would say, :func:`file_problem`) and a one-line count in the teacher's notes window
(:meth:`FileProblems.count_line`); the Present tab shows none of them. Also how the lists name a file
(:func:`list_title`, :func:`saved_label`) and which file has each walkthrough Id (:class:`IdClaims`: a later file
repeating an Id is refused, issue 14).
"""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Callable

import ipywidgets as w

from tutor import ContentError, Session
from tutor.safefile import display_path, shown
from tutor.scenario_model import ActionRef
from tutor.walkthrough import Walkthrough, field_words, is_shipped, play_to, walkthrough_folder

from .problems import one_line, problem_lines, refused_html
from .style import plain_label

#: Most characters of a step's words quoted in a stop message.
STEP_WORDS = 70

#: The folded box's summary (then how many files, and "open to see which and why").
HEADING = "Some walkthrough files do not load or stop before their end"
#: Most characters of one file's reasons in the box (its first few problems, one sentence each).
REASON_LIMIT = 700


def file_problem(path: str | Path, exc: BaseException) -> str:
    """``"<file>: <what is wrong>"`` for walkthrough file ``path`` refused with ``exc``, its problems in words
    (:func:`~widgets.problems.problem_lines` with :func:`tutor.walkthrough.field_words`: ``"many.yaml: The steps: too
    many: 6,000, at most 5,000"``), joined by "; "; the file named by its name only where the box shows it."""
    if isinstance(exc, ContentError):
        reason = "; ".join(map(id_sentence, problem_lines(exc, field_words)))
    elif isinstance(exc, OSError):
        reason = f"could not be read ({exc.strerror or exc})"
    else:
        reason = str(exc)
    return f"{display_path(path)}: {reason or 'it could not be read'}"


#: A problem of the Id as the loader words it, ``"The Id: the id 'x y' may hold only …"`` (attack 41).
_ID_LINE = re.compile(r"^The Id: (?:the id )?(?P<rest>.*)$", re.S)


def id_sentence(line: str) -> str:
    """One problem line of a walkthrough file as a sentence when it is about the Id: ``"The Id: the id 'x y' may hold
    only letters…"`` is ``"The Id 'x y' may hold only letters…"``, ``"The Id: too long: 100 characters, at most 80"``
    is ``"The Id is too long: 100 characters, at most 80"``; any other line as it is."""
    m = _ID_LINE.match(line)
    if m is None:
        return line
    rest = m["rest"]
    return f"The Id {rest}" if rest.startswith("'") else f"The Id is {rest}" if rest.startswith("too ") else line


#: The most characters of a walkthrough's title its list shows (a title may have 500: attack 38's filled both lists).
LABEL_TITLE_MAX = 80


def list_title(title: str) -> str:
    """``title`` as a walkthrough list shows it: whole up to :data:`LABEL_TITLE_MAX` characters, else cut with "…"."""
    return title if len(title) <= LABEL_TITLE_MAX else title[:LABEL_TITLE_MAX - 1].rstrip() + "…"


def saved_label(wt: Walkthrough, path: str | Path) -> str:
    """How the walkthrough lists a file saved from the page: ``"<title> (saved: <file name>)"``."""
    return f"{list_title(wt.title)} (saved: {shown(path)})"


def id_key(walkthrough_id: str) -> str:
    """The form two walkthrough Ids are compared in: Unicode-normalised (NFKC) and without capitals, so ``Round-1``
    and ``round-1`` are one Id (attack 41: both were offered)."""
    return unicodedata.normalize("NFKC", str(walkthrough_id)).casefold()


def file_place(path: str | Path) -> str:
    """Where the walkthrough file ``path`` is, as a teacher would say it, without the server's folders: ``"in your
    saved walkthroughs"``, ``"among the walkthroughs that come with the tutor"``, or ``"in the folder “extra”"`` (its
    folder's own name): two folders may each have a ``first-round.yaml`` (attack 41)."""
    folder = Path(path).parent
    try:
        folder = folder.resolve()
        if folder == walkthrough_folder().resolve():
            return "in your saved walkthroughs"
        if is_shipped(folder):
            return "among the walkthroughs that come with the tutor"
    except (OSError, RuntimeError, ValueError):
        pass
    return f"in the folder “{display_path(folder.name or str(folder))}”"


class IdClaims:
    """Which listed file has each walkthrough Id (issue 14: two files with one Id were both offered, the Present
    list keeping them apart by title). Ids are compared without capitals (:func:`id_key`). The first file read with
    an Id keeps it; :meth:`claim` refuses a later one, naming the Id and the other file by its name and where it is
    (:func:`file_place`), so the page's problems box lists it and the Present list leaves it out."""

    def __init__(self) -> None:
        self.first: dict[str, tuple[str, str]] = {}

    def claim(self, wt: Walkthrough, path: str | Path) -> None:
        """Give ``wt``'s Id to the file ``path`` unless a file listed before has it, or has it but for capitals (the
        same file again is fine).

        Raises:
            ContentError: the Id is another file's (field ``id``): ``"<file>: Its Id, first-turn, is already the Id
            of first-turn.yaml among the walkthroughs that come with the tutor, listed before this file, so this one
            is not offered. Give it an Id of its own."``
        """
        first, first_id = self.first.setdefault(id_key(wt.id), (str(path), wt.id))
        if first != str(path):
            case = "" if first_id == wt.id else f" (its Id there is {first_id}: capitals do not make a different Id)"
            # two folders may each have a file of this name: this one's place too, then
            this = f", {file_place(path)}," if Path(first).name == Path(path).name else ""
            raise ContentError(f"{display_path(path)}: Its Id, {wt.id}, is already the Id of "
                               f"{display_path(Path(first).name)} {file_place(first)}{case}, listed before this "
                               f"file, so this one{this} is not offered. Give it an Id of its own.", path=str(path),
                               field="id")


#: Most legal moves named in a step's problem (then "and N more").
MOVES_LISTED = 6


def move_words(ref: ActionRef) -> str:
    """A walkthrough step's move as a person says it from the file's own words: ``{kind: attract, spirit: gonga}``
    is "attract, spirit gonga" (trial 24: "attract(spirit=gonga)")."""
    params = ", ".join(f"{str(k).replace('_', ' ')} {' and '.join(map(str, v)) if isinstance(v, list) else v}"
                       for k, v in list(ref.params().items())[:6])
    return str(ref.kind).replace("-", " ").replace("_", " ") + (f", {params}" if params else "")


#: A move's parameters that name a card: a value the game has no card of is said as such (trial 26: "(attract,
#: spirit __class__)… see steps[0] (counted from 0)").
CARD_PARAMS = ("spirit", "totem", "card", "guide")
#: Most characters of a card name the file gives that is shown back.
NAME_SHOWN = 40


def unknown_card(session: Session, ref: ActionRef) -> str | None:
    """``"the move names a Spirit that does not exist: __class__"`` when the move ``ref`` names, in one of
    :data:`CARD_PARAMS`, a card the game of ``session`` does not have (games whose cards are known by id only),
    else ``None``."""
    by_id = getattr(getattr(session.game, "cards", None), "by_id", None)
    if not by_id:
        return None
    for key, value in ref.params().items():
        if key in CARD_PARAMS and isinstance(value, str) and value not in by_id:
            name = display_path(value[:NAME_SHOWN] + ("…" if len(value) > NAME_SHOWN else ""))
            return f"the move names a {key.capitalize()} that does not exist: {name}"
    return None


def stop_reason(session: Session, ref: ActionRef) -> str:
    """Why the move ``ref`` does not play in ``session``, briefly, for the presenter's own line: a card that does
    not exist (:func:`unknown_card`), the rule that forbids it, or "its move is not a legal move at that point"."""
    missing = unknown_card(session, ref)
    if missing is not None:
        return missing
    refusal = session.refusal(ref.kind, ref.params())
    return plain_label(refusal.why) if refusal is not None else "its move is not a legal move at that point"


def stopped_words(session: Session, ref: ActionRef) -> str:
    """Why the move ``ref`` of a walkthrough's step does not play in ``session`` (where its turn comes), in a
    teacher's words: the rule that forbids it, when one does, then the legal moves of its kind there by their
    labels (their values the rulebook does not print marked "†", as the page marks them), never by action ids
    (trial 24: "legal attract actions: Attract Jiangsu (Trickster [provisional]) (attract:spirit=jiangsu)"). A
    move naming a card the game does not have says so (:func:`unknown_card`), never the file's raw move."""
    missing = unknown_card(session, ref)
    said = [missing or f"the move it names ({move_words(ref)}) is not legal there"]
    refusal = None if missing else session.refusal(ref.kind, ref.params())
    if refusal is not None:
        said.append(f"the rules forbid it: {plain_label(refusal.why)}")
    legal = [plain_label(a.label) for a in session.legal_actions() if a.kind == ref.kind]
    if legal:
        more = f"; and {len(legal) - MOVES_LISTED} more" if len(legal) > MOVES_LISTED else ""
        said.append(f"the moves of that kind there: {'; '.join(legal[:MOVES_LISTED])}{more}")
    else:
        said.append("no move of that kind is legal there")
    return "; ".join(said) + "."


def stop_problem(wt: Walkthrough, path: str, n: int) -> tuple[str, str, str]:
    """Walkthrough ``wt`` (from ``path``) plays its first ``n`` steps only: ``(message, line, where)``, the message
    for the teacher's list of files (``"<file>: can be shown up to step 0 of 12, so Next stops before step 1: …"``,
    its moves by their labels, never by action ids, trial 24; the step counted from 1, trial 26), the presenter's own
    sentence (``"This walkthrough stops at its start: step 1 cannot be played (the move names a Spirit that does not
    exist: nosuchspirit)."``) and where it stops (``"its start"`` or ``"step 3 of 12"``)."""
    bad, at = wt.steps[n], play_to(wt, n, path)
    if unknown_card(at, bad.action):
        said = f"can be shown up to step {n} of {len(wt.steps)}, so Next stops before step {n + 1}: "
    else:
        said = (f"can be shown up to step {n} of {len(wt.steps)}: its step {n + 1} ("
                f"{one_line(plain_label(bad.narration) or move_words(bad.action), STEP_WORDS)}) is not a legal move at that "
                "point, so Next stops before it. Details: ")
    where = f"step {n} of {len(wt.steps)}" if n else "its start"
    line = f"This walkthrough stops at {where}: step {n + 1} cannot be played ({stop_reason(at, bad.action)})."
    return f"{display_path(path)}: {said}{stopped_words(at, bad.action)}", line, where


class FileProblems:
    """The walkthrough files with a problem, one message per file (``"<path>: <reason>"``, a newer one replacing
    the file's older one), shown in ``widget`` (CSS classes ``rt-teacher-files`` and ``rt-refused``: the folded box of
    :func:`~widgets.problems.refused_html`, hidden while there is none). ``on_change()`` runs after each change."""

    def __init__(self, messages: list[str], on_change: Callable[[], None] | None = None) -> None:
        self.messages: dict[str, str] = {}
        for i, m in enumerate(messages):
            self.messages[f"#{i}"] = m
        self.on_change = on_change
        self.widget = w.HTML()
        self.widget.add_class("rt-teacher-files")
        self.render()

    def add(self, path: str | Path, message: str) -> None:
        """Name ``path``'s problem (``message``, as :func:`file_problem` gives it) in the list."""
        if message in self.messages.values():  # (named already, when the page started, say)
            return
        self.messages[str(path)] = message
        self.render()
        if self.on_change is not None:
            self.on_change()

    def render(self) -> None:
        """Show the list (folded), or nothing when no file has a problem."""
        self.widget.value = refused_html(HEADING, list(self.messages.values()), limit=REASON_LIMIT)
        self.widget.layout.display = "" if self.messages else "none"

    def count_line(self) -> str:
        """One quiet line for the teacher's notes window: ``"2 walkthrough files do not load or stop before their
        end: the Record a walkthrough tab names them, with the reasons."``, or ``""`` when none."""
        n = len(self.messages)
        if not n:
            return ""
        return (f"{n} walkthrough file{'s' if n > 1 else ''} {'do' if n > 1 else 'does'} not load or stop"
                f"{'' if n > 1 else 's'} before {'their' if n > 1 else 'its'} end: the Record a walkthrough tab names "
                f"{'them' if n > 1 else 'it'}, with the reasons.")
