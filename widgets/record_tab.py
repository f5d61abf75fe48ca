"""The presenter's "Record a walkthrough" tab: :class:`Recorder` records a walkthrough from a live session (a free
game of any of the three games, a walkthrough's start, or a walkthrough to edit) played with the normal actions
panel, with narration and notes typed per step, and saves it as YAML in the walkthroughs folder.
"""
from __future__ import annotations

import functools
from pathlib import Path

import ipywidgets as w

from tutor import ContentError
from tutor.safefile import NAME_MAX, field_max, plain_stem, shown
from tutor.registry import game_class, game_classes
from tutor.scenario import Setup
from tutor.walkthrough import (ID_MAX, Walkthrough, WalkStep, begin, default_path, dump, field_words, load_walkthrough,
                               play_to, record, save_in_folder, walkthrough_folder)

from .app import SEED_MAX, SeedBox, TutorApp
from .comm_guard import TEXT_MAX_CHARS, refused_length
from .faq_save import exists_words, fit_name
from .model import ErrorPanel
from .present_tab import _guard
from .problems import problem_lines
from .style import esc, plain_label, prov_text
from .text_caps import cap

#: the longest title a walkthrough may have (its ``title`` field's limit, ``tutor.walkthrough.Walkthrough``)
TITLE_LIMIT = field_max(Walkthrough, "title")
#: Most characters of each text box of the recorder: the saved file's own limit for the field it fills (the browser
#: stops typing there, :func:`widgets.text_caps.cap`; trial 20: the Intro box took 20,000 for a 5,000 limit).
LIMITS = {"wid": ID_MAX, "title": TITLE_LIMIT, "intro": field_max(Walkthrough, "intro"),
          "intro_notes": field_max(Walkthrough, "intro_notes"), "narration": field_max(WalkStep, "narration"),
          "notes": field_max(WalkStep, "notes"), "path": TEXT_MAX_CHARS}
#: The recorder's text areas: each stops at its saved field's limit (:data:`LIMITS`: issue 14, a box took 20,000
#: characters that Save then refused at 5,000), says so when full, and Save still checks it.
AREAS = ("intro", "intro_notes", "narration", "notes")
#: The recorder's boxes by the name on the page (what a refusal says).
BOX_NAMES = {"wid": "Id", "title": "Title", "intro": "Intro", "intro_notes": "Intro notes", "narration": "Narration",
             "notes": "Notes", "path": "File name"}


def _teaching_options(game_id: str) -> dict:
    """Options a recorded free game starts with: the game's first-game set-up where it has one."""
    return dict(getattr(game_class(game_id), "teaching_options", {}))


_WIDE = {"description_width": "90px"}
_FIT = {"description_width": "initial"}


def not_saved_html(exc: BaseException) -> str:
    """Why a walkthrough was not saved, for the teacher: one line, or a refused file's problems one line each in
    words (:func:`~widgets.problems.problem_lines` with :func:`tutor.walkthrough.field_words`: "Step 1's narration:
    holds an invisible character…", never "the recorded walkthrough: steps[0].narration: …"), at most
    :data:`~widgets.problems.TEACHER_PROBLEMS` and how many more."""
    lines = problem_lines(exc, field_words) if isinstance(exc, ContentError) else [str(exc)]
    if len(lines) == 1:
        return f'<div class="rt-notsaved">Not saved: {esc(lines[0])}</div>'
    items = "".join(f"<li>{esc(x)}</li>" for x in lines)
    return f'<div class="rt-notsaved">Not saved:<ul class="rt-notsaved-list">{items}</ul></div>'


class Recorder:
    """Records a walkthrough from a live session played with the normal actions panel.

    Narration and notes are typed for the current step (the last one played) and kept per step (index and action
    id, so undoing and redoing the same move keeps them). Attributes: ``app`` (the :class:`TutorApp`), ``start_from``,
    ``players``, ``seed``, ``begin_button``, ``wid``, ``title``, ``intro``, ``intro_notes``, ``narration``, ``notes``, ``path``,
    ``overwrite``, ``save``, ``save_as`` (beside Save: how many steps, as which file), ``status``, ``yaml``, ``more``
    (the fold: Id, Title, File name, the intro and the YAML) and ``widget``; ``on_saved(path, walkthrough)`` runs
    after a save. The page is the learn pages' one-screen table (``TutorApp(one_screen=True)``, CSS in
    :mod:`widgets.record_style`): the form's line, the fold, the step's narration and notes, then the board beside
    the actions and what the last step did.
    """

    def __init__(self, errors: ErrorPanel, options: list[tuple[str, str]], game_id: str = "restless-spirits",
                 on_saved=None) -> None:
        self.errors, self.game_id, self.on_saved = errors, game_id, on_saved
        g = functools.partial(_guard, errors)
        self.texts: dict[tuple[int, str], list[str]] = {}
        self.setup = Setup(game=game_id, players=2, seed=1, options=_teaching_options(game_id))
        self.start_from = w.Dropdown(description="Start from", style=_FIT,
                                     layout=w.Layout(width="auto", flex="0 1 360px", min_width="220px"))
        self.set_choices(options)
        self.players = w.Dropdown(options=list(game_class(game_id).player_counts), value=2, description="Players",
                                  style=_FIT, layout=w.Layout(width="120px"))
        self.seed_box = SeedBox(1, g, width="130px")  # 0..SEED_MAX, says why it puts another value back
        self.seed = self.seed_box.box
        self.begin_button = w.Button(description="Start recording", icon="circle", button_style="danger",
                                     layout=w.Layout(width="auto"))
        # real placeholders (an empty box otherwise shows ipywidgets' zero-width space)
        self.wid = w.Text(value="my-walkthrough", description="Id", style=_WIDE, placeholder="e.g. first-turn",
                          layout=w.Layout(width="320px"))
        self.title = w.Text(value="My walkthrough", description="Title", style=_WIDE,
                            placeholder="e.g. A first round, turn by turn", layout=w.Layout(width="560px"))
        # the text boxes have no width of 100%: stretched to their box, inside its border (no sideways scroll bar)
        self.intro = w.Textarea(description="Intro", style=_WIDE, placeholder="What you say before the first step",
                                layout=w.Layout(width="auto", height="64px"))
        self.intro_notes = w.Textarea(description="Intro notes", style=_WIDE,
                                      placeholder="Only for you, before the first step (hidden while projecting)",
                                      layout=w.Layout(width="auto", height="52px"))
        self.step_label = w.HTML()
        self.narration = w.Textarea(description="Narration", style=_WIDE,
                                    layout=w.Layout(width="auto", height="64px"))
        self.notes = w.Textarea(description="Notes", style=_WIDE, placeholder="Only for you (hidden while projecting)",
                                layout=w.Layout(width="auto", height="52px"))
        #: the value each heading box was last given by the recorder (a box still holding it was not typed in)
        self._put = {name: getattr(self, name).value for name in ("wid", "title", "intro", "intro_notes")}
        # the file name without its ".yaml" (added on save): the Id's own name fits the box's NAME_MAX (trial 21)
        self._auto_path = default_path(self.wid.value).stem
        self.path = w.Text(value=self._auto_path, description="File name", style=_WIDE,
                           placeholder="e.g. first-turn",
                           layout=w.Layout(width="340px"))
        # (the folder's own name only: a learner never sees the server's folders; attack 20)
        self.folder = w.HTML(f'<span class="rt-muted">.yaml, in the saved walkthroughs ({esc(shown(walkthrough_folder()))})'
                             '</span>')
        self.overwrite = w.Checkbox(value=False, description="overwrite an existing file", indent=False,
                                    layout=w.Layout(width="auto"))
        self.save = w.Button(description="Save walkthrough", icon="save", button_style="primary",
                             layout=w.Layout(width="auto"))
        self.save.add_class("tutor-presenter-save")
        #: what Save saves, beside it: how many steps, as which file (the name and the folder are in the fold)
        self.save_as = w.HTML(_dom_classes=("rt-save-as",))
        self.show_yaml = w.Button(description="Show YAML", icon="file-text-o", layout=w.Layout(width="auto"))
        self.status = w.HTML()
        self.yaml = w.Textarea(placeholder="The walkthrough's YAML appears here after Save or Show YAML, "
                                           "ready to copy.", layout=w.Layout(width="auto", height="140px"))
        # the Id, the title, the file's name, the intro, its notes and the YAML fold under one line (trials 27, 28:
        # open, they put the board, the actions and what just happened below the fold after Start recording); they
        # open with a click, and Show YAML opens them
        self.more = w.Accordion([w.VBox([
            w.HBox([self.wid, self.title], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.path, self.folder, self.overwrite, self.show_yaml],
                   layout=w.Layout(flex_flow="row wrap", align_items="center")),
            self.intro, self.intro_notes, self.yaml])], selected_index=None)
        self.more.set_title(0, "Details: title, file name, introduction and the saved text (YAML)")
        self.more.add_class("rt-record-more")
        for name, limit in LIMITS.items():  # every box stops at what Save keeps (issue 14: a teacher never types
            # what cannot be saved); a full text area says so, never silently (attack 35: a paste cut without a word)
            cap(getattr(self, name), limit)
            if name in AREAS:
                getattr(self, name).observe(g(lambda ch, name=name: self._full(name, ch["new"])), names="value")
            # a longer text sent past the browser's maxlength (a script) is refused unread: said in words (trial 36:
            # the box went back to its old text without a word)
            getattr(self, name).tutor_refused = functools.partial(self._refused, name)
        #: the steps as last saved or started (action id, narration, notes each): what Start recording or Restart
        #: would discard is the steps that differ; ``_armed``: the press that was asked to confirm (trial 36)
        self._clean: tuple = ()
        self._armed = None
        #: the File name box's value the recorder last put there, and whether it follows the Id (not when editing:
        #: the file name is then the edited walkthrough's own, trial 36)
        self._path_put, self._path_follows = self._auto_path, True
        self.begin_button.on_click(g(lambda _b: self._begin_pressed()))
        self.wid.observe(g(lambda ch: self._id_changed(ch["new"])), names="value")
        self.title.observe(g(lambda ch: self._title_changed(ch["new"])), names="value")
        self.narration.observe(g(lambda ch: self._store(0, ch["new"])), names="value")
        self.notes.observe(g(lambda ch: self._store(1, ch["new"])), names="value")
        self.save.on_click(g(lambda _b: self.save_file()))
        self.show_yaml.on_click(g(lambda _b: self._show_yaml()))
        self.path.observe(lambda _ch: self._say_save(), names="value")
        # one line: where to start, Start recording and Save (with what it saves); the rest is in the fold
        head = self.seed_box.row_of(w.HBox([self.start_from, self.players, self.seed, self.seed_box.note,
                                            self.begin_button, self.save, self.save_as, self.seed_box.css],
                                           layout=w.Layout(flex_flow="row wrap", align_items="center")))
        head.add_class("rt-record-head")
        step = w.VBox([self.step_label, w.HBox([self.narration, self.notes], _dom_classes=("rt-record-texts",))])
        step.add_class("rt-record-step")
        # the learn pages' one-screen table (trial 28: the board, the actions and what just happened in view
        # together): the form's line and Undo/Redo/Restart, the step's boxes, then the board beside the actions and
        # the last step's events under them
        self.app = TutorApp(begin(Walkthrough(id="recording", title="", setup=self.setup)), errors=errors,
                            with_style=False, show_setup=False, header=head,
                            status=w.VBox([self.status, self.more, step], _dom_classes=("rt-record-rows",)),
                            one_screen=True)
        self.app.model.observe(lambda m, change: change != "clause" and self.render())
        self.app.controls.restart_step = self._restart  # asks first when steps are not saved (trial 36)
        self.app.model.may_move = self._may_move  # and before a move drops steps Undo took back (attack 38)
        self.widget = self.app.widget
        self.render()

    def _say_save(self) -> None:
        """Say beside Save what it saves: the steps played and the file they go to."""
        n = len(self.session.history)
        stem = self.path.value.strip()
        stem = stem[:-5] if stem.lower().endswith(".yaml") else stem  # (trial 36: not "X.YAML.yaml")
        name = f"{stem[:40]}…yaml" if len(stem) > 40 else f"{stem or '?'}.yaml"  # as typed (Save checks it)
        self.save_as.value = (f'<span class="rt-muted">{n} step{"" if n == 1 else "s"} as {esc(name)}</span>')
        self.save.tooltip = f"Save the {n} step{'' if n == 1 else 's'} played as {name}, in the saved walkthroughs"

    def _show_yaml(self) -> None:
        """Put the walkthrough's YAML in its box and open the fold that holds it."""
        self.yaml.value = dump(self.walkthrough())
        self.more.selected_index = 0

    def set_choices(self, options: list[tuple[str, str]]) -> None:
        """Offer a free game, then each walkthrough's start and "edit" (all its steps, narration filled in)."""
        keep = self.start_from.value
        games = sorted(game_classes().items(), key=lambda kv: kv[0] != self.game_id)  # this page's game first
        # (short labels: the one chosen reads whole in its box at 1024 px, session 29; Players and Seed are beside it)
        self.start_from.options = ([(f"Free game: {cls.title}",
                                     "free" if gid == self.game_id else f"free:{gid}") for gid, cls in games]
                                   + [(f"Start of: {label}", f"start:{p}") for label, p in options]
                                   + [(f"Edit: {label}", f"edit:{p}") for label, p in options])
        self.start_from.value = keep if keep in (v for _, v in self.start_from.options) else "free"

    @property
    def session(self):
        """The session being recorded."""
        return self.app.model.session

    def _key(self) -> tuple[int, str] | None:
        hist = self.session.history
        return (len(hist) - 1, hist[-1].action.id) if hist else None

    def _store(self, which: int, text: str) -> None:
        key = self._key()
        if key is not None:
            self.texts.setdefault(key, ["", ""])[which] = text

    def _id_changed(self, new: str) -> None:
        if self._path_follows and self.path.value == self._auto_path:
            self._auto_path = default_path(new).stem
            self.path.value = self._auto_path

    def start(self, choice: str) -> None:
        """Start recording from ``"free"`` (a new game of the page's game with the chosen players and seed),
        ``"free:GAME"`` (the same for game id GAME: any of the three games; a player count it does not offer is
        replaced by its first), ``"start:PATH"`` (that walkthrough's start) or ``"edit:PATH"`` (all its steps
        played, its narration and notes filled in)."""
        if choice == "free" or choice.startswith("free:"):
            seed = self.seed_box.taken("Start recording")
            if seed is None:  # a refused seed changes nothing: the recording (moves, notes, Undo) stays as it was
                return
            game = self.game_id if choice == "free" else choice.split(":", 1)[1]
            counts = list(game_class(game).player_counts)
            players = self.players.value if self.players.value in counts else (2 if 2 in counts else counts[0])
            setup = Setup(game=game, players=players, seed=seed, options=_teaching_options(game))
            wt = Walkthrough(id="my-walkthrough", title="My walkthrough", setup=setup)
            session, texts = begin(wt), {}
        else:
            mode, path = choice.split(":", 1)
            wt = load_walkthrough(path)
            session = play_to(wt, len(wt.steps), path) if mode == "edit" else begin(wt, path)
            texts = ({(i, st.action.id): [ws.narration, ws.notes]
                      for i, (st, ws) in enumerate(zip(session.history, wt.steps))} if mode == "edit" else {})
        self.setup, self.texts = wt.setup, texts
        self._path_follows = False  # (the File name box is set below)
        given = {"wid": wt.id if choice.startswith(("edit:", "free")) else f"my-{wt.id}", "title": wt.title,
                 "intro": wt.intro, "intro_notes": wt.intro_notes}
        for name, value in given.items():  # what the teacher typed is kept (trial 21: Start recording wiped it)
            box = getattr(self, name)
            if box.value == self._put[name]:
                box.value = self._put[name] = value
        if choice.startswith("edit:"):  # its own file name (trial 36: an earlier save's name replaced that file)
            self._auto_path = self._path_put = Path(choice.split(":", 1)[1]).stem
            self.path.value = self._auto_path
        else:
            if self.path.value in (self._auto_path, self._path_put):  # not typed: it follows the Id again
                self._auto_path = self._path_put = default_path(self.wid.value).stem
                self.path.value = self._auto_path
            self._path_follows = True
        seed = wt.setup.seed
        if not choice.startswith("free") and isinstance(seed, int) and 0 <= seed <= SEED_MAX:
            self.seed_box.box.value = str(seed)  # the walkthrough's own seed, shown (trial 36: 1 whatever it was)
        if not choice.startswith("free") and wt.setup.players in self.players.options:
            self.players.value = wt.setup.players  # and its own player count (session 36: the box kept its own)
        self.overwrite.value = False  # a new recording replaces a file only when ticked again (trial 36)
        self.status.value = ""
        self.app.model.replace(session)
        self._clean, self._armed = self._state(), None

    def _state(self, undone: bool = False) -> tuple:
        """Each step played: its action id, narration and notes; with ``undone`` also each step Undo took back
        (Redo's, in the order Redo plays them), which a new start would throw away too."""
        s = self.session
        ids = [st.action.id for st in s.history] + (list(reversed(s.redo_ids)) if undone else [])
        return tuple((aid, *self.texts.get((i, aid), ("", ""))) for i, aid in enumerate(ids))

    def unsaved(self) -> int:
        """How many steps, played or taken back by Undo, differ from the ones last saved or started (a move, its
        narration or notes): what Start recording or Restart would discard (session 36: undone steps were
        discarded without a question)."""
        clean = self._clean
        return sum(1 for i, x in enumerate(self._state(undone=True)) if i >= len(clean) or clean[i] != x)

    def _confirmed(self, button: str, key) -> bool:
        """Whether a press of ``button`` (``key``: what it would do) may discard the recording: at once when
        nothing is unsaved, else only when pressed again with nothing changed in between; the first press says so
        in the status line (trial 36: Start recording threw unsaved steps away without a word)."""
        n = self.unsaved()
        ask = (key, self._state(undone=True))
        if n == 0 or self._armed == ask:
            if self._armed is not None:  # (the question is answered)
                self.status.value, self._armed = "", None
            return True
        self._armed = ask
        steps = f"{n} unsaved step{'' if n == 1 else 's'}"
        self.status.value = (f'<div class="rt-notsaved rt-confirm" role="alert">Press {esc(button)} again to discard '
                             f"{steps} (the moves and what was typed for them), or Save first. Nothing was discarded."
                             "</div>")
        return False

    def _begin_pressed(self) -> None:
        choice = self.start_from.value
        refused_seed = choice.startswith("free") and self.seed_box.refused  # (it starts nothing: said first)
        if refused_seed or self._confirmed("Start recording", ("start", choice)):
            self.start(choice)

    def _may_move(self, action_id: str) -> bool:
        """Whether a click on legal action ``action_id`` may be played now: at once, unless it would throw away
        steps Undo took back that are not saved (a new move drops Redo's steps and what was typed for them); then
        only when clicked again with nothing changed in between, the first click saying so (attack 38: the step
        and its narration went without a word, while Start recording and Restart asked)."""
        played, clean = len(self.session.history), self._clean
        n = sum(1 for i, x in enumerate(self._state(undone=True)) if i >= played and (i >= len(clean) or clean[i] != x))
        ask = (("move", action_id), self._state(undone=True))
        if n == 0 or self._armed == ask:
            if self._armed is not None:
                self.status.value, self._armed = "", None
            return True
        self._armed = ask
        steps = f"{n} step{'' if n == 1 else 's'} taken back by Undo"
        self.status.value = (f'<div class="rt-notsaved rt-confirm" role="alert">This move discards {steps} (the moves '
                             "and what was typed for them): click it again to play it, or press Redo to bring them "
                             "back, or Save first. Nothing was discarded.</div>")
        return False

    def _restart(self) -> None:
        """Restart: back to the recording's start, once confirmed when steps are unsaved."""
        if self._confirmed("Restart", ("restart",)):
            self.app.model.reset()

    def _refused(self, name: str, why: str) -> None:
        """Say that a text sent to box ``name`` was refused for its length (``why``: widgets.comm_guard's words)."""
        n = refused_length(why)
        if n is None:  # (not a length: a forged message, logged by the guard)
            return
        limit = LIMITS[name]
        self.status.value = (f'<div class="rt-notsaved" role="alert">The {BOX_NAMES[name]} box takes at most '
                             f"{limit:,} characters: the {n} sent were refused, and the box keeps its text from "
                             "before.</div>")

    def _full(self, name: str, text: str) -> None:
        """Say when text area ``name`` holds as much as Save keeps (the browser stops typing and pasting there)."""
        if len(text) >= LIMITS[name]:
            self.status.value = (f'<div class="rt-notsaved rt-record-full" role="status">The {BOX_NAMES[name]} box is '
                                 f"full: a walkthrough keeps at most {LIMITS[name]:,} characters there, so typing or "
                                 "pasting more stops at that point.</div>")
        elif "rt-record-full" in self.status.value:
            self.status.value = ""

    def render(self) -> None:
        """Bind the narration and notes boxes to the step just played."""
        self._say_save()
        if self._armed is not None and self._armed[1] != self._state():  # a move after the question: recording on
            self._armed = None
            if "rt-confirm" in self.status.value:
                self.status.value = ""
        key = self._key()
        for box in (self.narration, self.notes):
            box.disabled = key is None
        if key is None:
            self.step_label.value = ('<div class="rt-muted">No move yet: play one with the actions below, and boxes '
                                     "open here to type what to say about it.</div>")
            self.narration.value = self.notes.value = ""
            self.narration.placeholder = ""
            return
        st = self.session.history[-1]
        self.step_label.value = (f"<b>Step {key[0] + 1} · Player {st.action.actor + 1}: {prov_text(st.action.label)}"
                                 "</b>")
        self.narration.placeholder = f"What to say (left empty: “{plain_label(st.action.label)}”)"  # († as shown)
        said, notes = self.texts.get(key, ["", ""])
        self.narration.value, self.notes.value = said, notes

    def _title_changed(self, text: str) -> None:
        """Keep the title within :data:`TITLE_LIMIT` characters, saying so plainly (no validator message later)."""
        if len(text) > TITLE_LIMIT:
            self.title.value = text[:TITLE_LIMIT]
            self.status.value = (f'<div class="rt-notsaved">A title has at most {TITLE_LIMIT} characters: the rest '
                                 "was left out.</div>")

    def _check_lengths(self) -> None:
        """ValueError naming the box (and the step) whose text is longer than the saved file allows, in the page's
        words (trial 20: pydantic's "intro: String should have at most 5000 characters")."""
        for name in ("wid", "title", "intro", "intro_notes", "path"):
            n, limit = len(getattr(self, name).value.strip()), LIMITS[name]
            if n > limit:
                raise ValueError(f"the {BOX_NAMES[name]} box holds {n:,} characters; at most {limit:,} are saved. "
                                 "Shorten it and save again")
        for i, st in enumerate(self.session.history):
            for which, name in enumerate(("narration", "notes")):
                n, limit = len(self.texts.get((i, st.action.id), ["", ""])[which]), LIMITS[name]
                if n > limit:
                    raise ValueError(f"the {BOX_NAMES[name]} of step {i + 1} holds {n:,} characters; at most "
                                     f"{limit:,} are saved. Shorten it and save again")

    def walkthrough(self) -> Walkthrough:
        """The walkthrough recorded so far (the session's steps with their narration and notes)."""
        hist = self.session.history
        texts = [self.texts.get((i, st.action.id), ["", ""]) for i, st in enumerate(hist)]
        # a to z, 0 to 9, - and _ only; an empty Id box takes the file's name (verify 39: every such file was
        # "walkthrough")
        wid = default_path(self.wid.value if self.wid.value.strip() else self.path.value).stem
        return record(self.session, id=wid, title=self.title.value.strip() or wid, setup=self.setup,
                      narration=[t[0] for t in texts], notes=[t[1] for t in texts], intro=self.intro.value.strip(),
                      intro_notes=self.intro_notes.value.strip())

    def save_file(self) -> Path | None:
        """Write the walkthrough as the file named, in the walkthroughs folder only
        (:func:`tutor.walkthrough.save_in_folder`; an existing file is replaced only when overwrite is ticked), show
        its YAML, and tell ``on_saved``. Returns the path, or ``None`` when it was not saved: the reason (a bad name,
        an existing file, a step that does not play, a folder that cannot be written) is shown next to the button.
        Anything else is raised (to the error panel)."""
        try:
            if not self.session.history:
                raise ValueError("play at least one move before saving a walkthrough")
            # a name over 80 characters: its first 80, said; such a name never replaces a file, since its first 80
            # characters may name another walkthrough (attack 35: "...-monday" then "...-tuesday" replaced Monday's)
            name, typed_len = fit_name(self.path.value)
            self._check_lengths()
            wt = self.walkthrough()
            replaced = (walkthrough_folder() / f"{plain_stem(name, 'the walkthroughs folder')}.yaml").is_file()
            path = save_in_folder(wt, name, overwrite=self.overwrite.value and typed_len <= NAME_MAX)
        except FileExistsError as exc:
            said = exists_words(exc, name, typed_len, "a walkthrough saved")
            self.status.value = not_saved_html(FileExistsError(said))
            return None
        except (ValueError, ContentError, OSError) as exc:
            self.status.value = not_saved_html(exc)
            return None
        self.yaml.value = dump(wt)
        cut = (f" Your name had {typed_len:,} characters: it was shortened to {len(path.stem)}."
               if typed_len > NAME_MAX else "")
        if replaced:  # (trial 36: which file an overwrite replaced, said)
            cut = f" It replaced the walkthrough saved before as {shown(path)}.{cut}"
        typed_id = self.wid.value.strip()
        if not typed_id:  # (attack 39: an empty Id box was said to have lost characters)
            cut += f" Its Id is {wt.id}, from the file's name, as the Id box was empty."
        elif wt.id != typed_id:  # (attack 38: "../../x" was saved as "x" without a word)
            cut += f" Its Id is {wt.id} (an Id keeps only a to z, 0 to 9, - and _)."
        self._clean, self._armed = self._state(), None
        self.status.value = (f'<div class="rt-saved">Saved {len(wt.steps)} step{"" if len(wt.steps) == 1 else "s"} '
                             f"as {esc(shown(path))}. It is now in the Present tab's list.{esc(cut)}</div>")
        if self.on_saved is not None:
            self.on_saved(path, wt)
        return path

