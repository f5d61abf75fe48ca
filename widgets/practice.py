"""The practice page: questions made by the engine from real positions, the board of the position, answers checked
and explained with the clauses behind them, "show me" on the board, and a mastery map per game; progress is kept in
the progress database (:mod:`tutor.progress`) and the page resumes from it.

Stable CSS classes (tests rely on them): ``tutor-pq-prompt`` (the question), ``rt-pq-again`` (in the header of a
question asked again because the learner missed its rule), ``tutor-pq-option`` (each answer
Button; ``rt-pq-right`` / ``rt-pq-wrong`` once answered), ``tutor-pq-feedback`` (right or wrong, with the
explanation), ``tutor-pq-next``, ``tutor-pq-show``, ``tutor-pq-score``, ``tutor-notice`` (the database cannot
save), ``tutor-mastery-clause`` (a clause Button of the mastery map; ``rt-m-<status>``), ``tutor-mastery-ask``.
"""
from __future__ import annotations

import logging
import os

import ipywidgets as w
from IPython import get_ipython

from tutor.practice import QuestionPool, copy_session
from tutor.practice.askable import askable
from tutor.practice.coach import GAMES, SEED, Coach, place_problem, read_place, set_place_aside
from tutor.practice.mastery import STATUS_WORDS, STATUSES, sections
from tutor.practice.question_words import player
from tutor.practice.variety import AGAIN
from tutor.progress import ProgressStore
from tutor.registry import game_title

from . import kernel_timing
from .board_reveal import board_reveal
from .boards import board_for, presented
from .clauses import ClauseCard
from .learn_place import KEPT_PLACE_LOST
from .problems import refuses_broken_content, split_problem
from .practice_style import PRACTICE_CSS, players_fit, practice_keys
from .model import ErrorPanel, SessionModel, clause_chip
from .mastery import MasteryMap
from .panels import BoardView
from .rows import shown_events
from .style import PROV_SUMMARY, busy_html, close_tree, esc, html_widget, plain_label, prov_text, style_widget
from .table import table_style

_content_log = logging.getLogger("rules_tutor.content")

#: The notebook's introduction (folded away under Voila), in the title line's "How it works".
HOW = ("Questions made by the rules engine from real positions. Answer, read why (click a <b>§</b> chip for the rule), "
       "press <b>Show me</b> to see it on the board; the <b>Mastery map</b> shows every rule. Your progress is kept.")
KIND_WORDS = {"can-do": "What can you do?", "why-not": "Why not?", "what-happens": "What happens?",
              "which-rule": "Which rule?"}
#: Said under an answer to a question another tab or window of the page answered first (counted once: session 20).
ANSWERED_ELSEWHERE = ("You answered this question in another tab or window already, so this answer is not counted "
                      "again.")
#: Questions a game's pool makes before the page's first render (the first question is scheduled among them) ...
FIRST_POOL = 12
#: ... and after it (made on the kernel's loop, :data:`POOL_STEP` at a time, starting :data:`POOL_AFTER_S` seconds
#: after the browser has drawn the page, :func:`widgets.kernel_timing.after_view`); the next questions are scheduled
#: among them all.
POOL = 60
POOL_STEP = 8
POOL_AFTER_S = 0.3


class PracticeView:
    """The practice tab of one game: the board of the question's position (left), the question, its options, the
    feedback and explanation with clause chips, "Show me" and "Next question" (right), the rule card below.

    Attributes: ``coach`` (:class:`tutor.practice.coach.Coach`), ``model`` (the :class:`SessionModel` of the board:
    a copy of the question's session), ``board``, ``options`` (the option Buttons), ``feedback``, ``show``,
    ``next``, ``clause_card``, ``widget``. ``on_answer()`` runs after an answer, ``on_ask()`` after a new question
    is shown.
    """

    def __init__(self, coach: Coach, errors: ErrorPanel, on_answer=None, on_ask=None) -> None:
        self.coach, self.errors, self.on_answer, self.on_ask = coach, errors, on_answer, on_ask
        g = errors.guard
        q = coach.resume() or coach.question or coach.next_question()
        # (no seat is the learner's: the badge names the player, not "YOUR TURN", widgets.boards.presented)
        self.model = SessionModel(presented(copy_session(q.session)), errors)
        self.board = BoardView(self.model, board_for(coach.game_id))
        self.clause_card = ClauseCard(self.model)
        self.kind = html_widget()
        self.prompt = html_widget()
        self.prompt.add_class("tutor-pq-prompt")
        self.options_box = w.VBox(layout=w.Layout(width="100%"))
        self.options: list[w.Button] = []
        self.feedback = html_widget()
        self.feedback.add_class("tutor-pq-feedback")
        self.chips = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.show = w.Button(description="Show me", icon="eye", tooltip="Play it on the board",
                             _dom_classes=("tutor-pq-show",))
        self.next = w.Button(description="Next question", icon="arrow-right", button_style="primary",
                             _dom_classes=("tutor-pq-next",))
        self.show.on_click(g(lambda _b: self.show_me()))
        self.next.on_click(g(lambda _b: self.ask()))
        self.side = side = w.VBox([self.kind, self.prompt, self.options_box, self.feedback, self.chips,
                       w.HBox([self.show, self.next])], _dom_classes=("rt-panel", "rt-pq-side"),
                      layout=w.Layout(flex="0 1 470px", min_width="340px", max_height="calc(100vh - 110px)",
                                      overflow="auto"))
        # (the board view sets its own box's classes: the practice look goes on a box around it)
        self.board.classes = ("tutor-board",)  # the learn table's compact board, the same classes
        self.board.render()
        left = w.VBox([self.board.widget], layout=w.Layout(flex="1 1 0", min_width="420px"),
                      _dom_classes=("rt-pq-board", "rt-compact"))
        # (the card first: the answers come before the board's tooltips in the tab order; CSS draws it on the right)
        self.widget = w.VBox([w.HBox([side, left], _dom_classes=("rt-pq-main",), layout=w.Layout(width="100%")),
                              self.clause_card.widget], layout=w.Layout(width="100%"))
        self.render()

    @property
    def question(self):
        """The question shown now."""
        return self.coach.question

    def ask(self, clause: str | None = None) -> bool:
        """Show the next question (on ``clause`` when given); returns False when no question on it was found."""
        q = self.coach.next_question(clause)
        if q is None:  # (only for a chosen clause: the current question stays)
            return False
        self.model.replace(presented(copy_session(q.session)))
        self.render()
        if self.on_ask is not None:  # (the page reads the learner's progress again: another tab may have answered)
            self.on_ask()
        return True

    def render(self) -> None:
        """Draw the current question: unanswered, or as it was answered (a question answered before a reload of
        the page, or before the learner switched games and back, comes back showing the answer given and the right
        one, with Next: trial 20)."""
        q = self.question
        # session 45: a question asked again because the learner missed its rule says so (the others vary)
        again = f'<span class="rt-pq-again">{esc(AGAIN)}</span>' if self.coach.again else ""
        self.kind.value = (f'<span class="rt-pq-kind">{esc(KIND_WORDS[q.kind])}</span> {again}'
                           f'<span class="rt-pq-origin">{esc(_origin(q.origin))}</span>')
        # session 37: a † in the question or its answers is explained beside them, quietly (the board's key is folded
        # away below the board)
        marked = "[provisional]" in q.prompt or any("[provisional]" in o.text for o in q.options)
        key = f'<div class="rt-muted rt-pq-prov">{PROV_SUMMARY}</div>' if marked else ""
        self.prompt.value = f"<div>{prov_text(q.prompt)}</div>{key}"
        old = self.options
        self.options = []
        for i, o in enumerate(q.options):
            b = w.Button(description=plain_label(o.text), tooltip=plain_label(o.text),
                         _dom_classes=("tutor-pq-option",), layout=w.Layout(width="100%", height="auto"))
            b.on_click(self.errors.guard(lambda _b, i=i: self.choose(i)))
            self.options.append(b)
        self.options_box.children = tuple(self.options)
        close_tree(*old)
        self.feedback.value = ""
        self.side.remove_class("rt-pq-answered")
        self.chips.children = ()
        # a rule card opened on the question before is closed: it was about that question (trial 13, item Q1: it
        # stayed open over the next questions)
        self.clause_card.pop(False)
        self.show.disabled = True
        self.show.description = "Show me the rule" if q.action_id is None else "Show me"
        self.show.tooltip = "Open the rule" if q.action_id is None else "Play it on the board"
        if self.coach.answered is not None and self.coach.answered_index is not None:
            self._show_answer(self.coach.answered_index, self.coach.answered)

    def choose(self, index: int) -> None:
        """Answer with option ``index``: mark it right or wrong, show the right one, the explanation and its
        clause chips, and keep the answer."""
        if self.coach.answered is not None:
            return
        chosen = self.coach.answer(index)
        self._show_answer(index, chosen)
        if self.on_answer is not None:
            self.on_answer()

    def _show_answer(self, index: int, chosen) -> None:
        """Mark option ``index`` (``chosen``) right or wrong and the right one, and show the explanation, its clause
        chips and "Show me"."""
        q = self.question
        for i, (b, o) in enumerate(zip(self.options, q.options)):
            b.disabled = True
            if o.correct:
                b.add_class("rt-pq-right")
            elif i == index:
                b.add_class("rt-pq-wrong")
        said = (f"The answer is: {prov_text(q.answer.text)}" if q.answer.text.endswith(".")  # already a sentence
                else f"The answer is “{prov_text(q.answer.text)}”.")
        head = ('<div class="rt-pq-ok">✓ Right.</div>' if chosen.correct else  # (one colon: trial 18 read
                f'<div class="rt-pq-no">✗ Not quite. {said}</div>')  # "Not quite: the answer is: ...")
        lines = "".join(f"<div>{prov_text(x)}</div>" for x in q.explanation.split("\n"))
        note = ""
        if not chosen.correct and chosen.note and q.kind != "can-do":
            note = f'<div class="rt-muted">Your answer: {prov_text(chosen.note)}</div>'
        if self.coach.answered_elsewhere:
            note += f'<div class="rt-muted rt-pq-elsewhere" role="status">{esc(ANSWERED_ELSEWHERE)}</div>'
        self.feedback.value = f'{head}<div class="rt-pq-expl">{lines}</div>{note}'
        self.side.add_class("rt-pq-answered")  # (the answered card is set compact: widgets.practice_style)
        self.chips.children = tuple(clause_chip(self.model, c) for c in chip_order(q))
        self.show.disabled = False

    def show_me(self) -> None:
        """Play the question's action on the board (or, for a why-not question, open the forbidding rule)."""
        q = self.question
        if q.action_id is None:
            self.model.show_clause(q.clause)
        elif not self.model.session.history:
            s = self.model.session
            before = s.current_player
            self.model.apply(q.action_id)
            if s.history:  # what the step did, in words under the answer (new user 45: "Activate Gonga" gained 0 AP
                # and the turn passed, and the board only moved to Player 2's turn)
                self.feedback.value += shown_result(s, s.history[-1], before)
        self.show.disabled = True


#: The most event lines :func:`shown_result` says (the turn passing, when it does, said besides).
RESULT_LINES = 6


def shown_result(session, step, before: int | None) -> str:
    """What "Show me" did, as HTML under the answer (CSS class ``rt-pq-result``): "On the board:" and the step's
    events as the page shows them (:func:`widgets.rows.shown_events`, at most :data:`RESULT_LINES`, then how many
    more are in the step), and whose turn it is now when the turn passed to another player (``before``: the player
    to act before the step) and no line said so."""
    lines = [e.text for e in shown_events(session, step.events)]
    said = lines[:RESULT_LINES]
    if len(lines) > RESULT_LINES:
        said.append(f"… and {len(lines) - RESULT_LINES} more")
    now = session.current_player
    if now is not None and now != before and not any(f"{player(now)}'s turn" in x for x in said):
        said.append(f"Now it is {player(now)}'s turn.")
    if not said:
        return ""
    items = "".join(f"<li>{prov_text(x)}</li>" for x in said)
    return f'<div class="rt-pq-result" role="status"><b>On the board:</b><ul>{items}</ul></div>'


def chip_order(q) -> list[str]:
    """The clause ids of question ``q``'s rule chips, in the order the answer names them: for a what-happens question
    the rules of the right chain in the order they fire (then any other rule the explanation cites), else
    ``q.clauses`` (the practised rule first). Trial 13, item Q1: the chips put the practised rule first, out of the
    answer's order."""
    chain = q.answer.outcome if q.kind == "what-happens" else ()
    return list(dict.fromkeys((*chain, *q.clauses)))


def _origin(origin: str) -> str:
    """Where the position comes from, in short words (``"From a random game"``, ``"From the lesson ..."``)."""
    if origin.startswith("random"):
        return "From a random game"
    head, _sep, step = origin.rpartition(", step ")
    if not (_sep and step.isdigit()):  # the first position of a lesson or scenario has no step (titles hold commas)
        head = origin
    kind, sep, name = head.partition(":")
    return f"From the {kind.strip()} “{name.strip()}”" if sep else origin


class PracticeApp:
    """The practice page: a game picker, the learner's score, a notice when progress cannot be saved (once), and
    per game a "Practice" tab (:class:`PracticeView`) and a "Mastery map" tab (:class:`widgets.mastery.MasteryMap`).

    Args:
        game_id: the game to start with (default: the one the learner practised last, else Restless Spirits).
        store: the progress store (default: :class:`ProgressStore` from the environment).

    Attributes: ``store``, ``game`` (the ToggleButtons), ``coach``, ``view``, ``mastery``, ``tabs``, ``score``,
    ``notice``, ``errors``, ``widget``.
    """

    def __init__(self, game_id: str | None = None, store: ProgressStore | None = None,
                 pools: dict[str, QuestionPool] | None = None) -> None:
        self.store = store if store is not None else ProgressStore()
        #: question pools made before the page was asked for (game id -> pool), each used by its game's coach
        self._ready_pools = dict(pools or {})
        self.errors = ErrorPanel()
        if game_id is None:
            kept = read_place(self.store).get("game")
            game_id = kept if kept in GAMES else GAMES[0]
        # a kept place the page cannot use is set aside (never deleted) and said once, not dropped with a log line
        # (trial 18; as the learn page does, session 17 L4)
        problem = place_problem(self.store)
        if problem:
            set_place_aside(self.store, problem)
        self.game = w.ToggleButtons(options=[(game_title(g), g) for g in GAMES], value=game_id,
                                    style={"button_width": "150px"})
        self.score = html_widget()
        self.score.add_class("tutor-pq-score")
        self.notice = w.HTML(layout=w.Layout(display="none"), _dom_classes=("tutor-notice",))  # its own layout
        self._coaches: dict[str, Coach] = {}
        self._told: set[str] = set()  # notices already shown (each said once)
        self._unsaved: str | None = None  # the store's notice that progress is not being saved, while it is not
        self.coach = self._coach(game_id)
        self.view = PracticeView(self.coach, self.errors, on_answer=self._answered, on_ask=self._answered)
        if problem:
            self._told.add(KEPT_PLACE_LOST.format(
                why=problem, then=f"{game_title(game_id)} opens with a new question"))
        # the Mastery map tab (a button per rule of the game) is built when first opened (see mastery)
        self._mastery: MasteryMap | None = None
        self._map_box = w.VBox([self._map_busy()])  # a busy sign until the map is made (when its tab is opened)
        self.tabs = w.Tab(children=[self.view.widget, self._map_box])
        self.tabs.titles = ("Practice", "Mastery map")
        self.tabs.observe(self.errors.guard(lambda ch: ch["new"] == 1 and self._show_map()), names="selected_index")
        self.game.observe(self.errors.guard(lambda ch: self.switch(ch["new"])), names="value")
        title = html_widget('<div class="rt-pq-title"><span class="rt-pq-name">Practise the rules</span>'
                            '<a class="rt-pq-home" href="index.ipynb">← All pages</a></div>')
        how = html_widget(f'<details class="rt-pq-how"><summary>How it works</summary>{HOW}</details>')
        top = w.HBox([title, self.game, self.score, how], _dom_classes=("rt-pq-top",))
        styles = [style_widget(), table_style(), w.HTML(f"<style>{PRACTICE_CSS}</style>"), board_reveal(), players_fit(),
                  practice_keys()]
        for x in styles:
            x.add_class("rt-style")
        self.widget = w.VBox([*styles, self.errors.output, self.notice, top, self.tabs], layout=w.Layout(width="100%"))
        self.widget.add_class("rt-root")
        self.widget.add_class("rt-pq-page")
        self._render_top()
        self._loop = None  # the kernel's loop, once the page has been drawn in a kernel (the pool is made there)
        if not kernel_timing.after_view(self.view.prompt, self.errors.guard(self._after_first_view),
                                        delay=POOL_AFTER_S):
            self.fill_pool()

    def _after_first_view(self) -> None:
        """Once the browser has drawn the page: make the rest of the question pool on the kernel's loop, a few
        questions at a time (a click waits for at most one batch)."""
        self._loop = get_ipython().kernel.io_loop
        self._fill_later()

    def fill_pool(self, most: int | None = None) -> bool:
        """Make up to ``most`` more questions (all when ``None``) in the pool of the game shown, until it holds
        :data:`POOL`; returns whether it needs more."""
        pool = self.coach.pool
        need = POOL - len(pool.made)
        if need <= 0:
            return False
        made = pool.fill(need if most is None else min(most, need))
        return made > 0 and len(pool.made) < POOL

    def _fill_later(self) -> None:
        """Make the rest of the pool of the game shown: in a page's kernel on its loop, a few questions at a time,
        else at once."""
        if self._loop is None:
            self.fill_pool()
            return

        def batch() -> None:
            if self.fill_pool(POOL_STEP):
                self._loop.add_callback(self.errors.guard(batch))
        self._loop.add_callback(self.errors.guard(batch))

    @staticmethod
    def _map_busy() -> w.HTML:
        """The Mastery map tab's busy sign, shown while the map (a button per rule) is made."""
        sign = html_widget(busy_html("Making the mastery map: a button for every rule of the game…"))
        sign.add_class("tutor-mastery-busy")
        return sign

    @property
    def mastery(self) -> MasteryMap:
        """The Mastery map of the game practised now (built the first time its tab is opened or it is asked for:
        the page's first render does not wait for a button per rule of a tab it does not show)."""
        if self._mastery is None:
            self._mastery = MasteryMap(self.coach, self.errors, ask=self.ask_on)
            self._map_box.children = (self._mastery.widget,)
        return self._mastery

    def _coach(self, game_id: str) -> Coach:
        if game_id not in self._coaches:
            coach = self._coaches[game_id] = Coach(game_id, self.store, warm=FIRST_POOL,
                                                   pool=self._ready_pools.pop(game_id, None))
            self._left_out(game_id, coach.pool.left_out)
        return self._coaches[game_id]

    def _left_out(self, game_id: str, left: list[str]) -> None:
        """Say once, in the notice line, which lesson files of ``game_id`` give no questions (a file that does not
        load, or whose solution does not play: trial 22 found one such file took Practice down for every game), by
        file name only; the whole messages go to the server's log. The other questions and games work on."""
        if not left:
            return
        for said in left:
            _content_log.warning("practice page: a lesson file of %s is left out: %s", game_id, said[:500])
        named = ", ".join(dict.fromkeys(n for n in (split_problem(x)[0] for x in left) if n)) or "a lesson file"
        one = len(left) == 1
        self._told.add(f"{game_title(game_id)}: {'a lesson file' if one else f'{len(left)} lesson files'} could not "
                       f"be read, so no question comes from {'it' if one else 'them'}: {named}. The other questions "
                       "work.")

    def switch(self, game_id: str) -> None:
        """Practise ``game_id`` (its board, questions and mastery map). The game shown before goes at once: its
        figures, board and question give way to a busy sign while the new game's are made (newuser42: the previous
        game's figures showed for about 1.5 s, while a first visit made the new game's questions)."""
        self.score.value = f"<b>{esc(game_title(game_id))}</b> · opening…"
        busy = html_widget(busy_html(f"Opening {game_title(game_id)}: its first question…"))
        busy.add_class("tutor-pq-switching")
        self._map_box.children = (self._map_busy(),)
        self.tabs.children = (busy, self._map_box)
        self.coach = self._coach(game_id)
        old_view, old_map = self.view, self._mastery
        self.view = PracticeView(self.coach, self.errors, on_answer=self._answered, on_ask=self._answered)
        self._lost_question()
        self._mastery = None  # built when its tab is opened (its busy sign shown above)
        self.tabs.children = (self.view.widget, self._map_box)
        self.tabs.selected_index = 0
        self.coach.remember()
        close_tree(old_view.widget, busy, *([old_map.widget] if old_map is not None else []))
        self._fill_later()
        self._render_top()

    def ask_on(self, clause: str) -> bool:
        """Show a question on ``clause`` in the Practice tab (from the mastery map)."""
        if not self.view.ask(clause):
            return False
        self.tabs.selected_index = 0
        return True

    def _lost_question(self) -> None:
        """Say once (in the notice line) that the question kept for the game shown could not be asked again (the
        coach set it aside: :meth:`tutor.practice.coach.Coach.resume`)."""
        why = self.coach.place_lost
        if why:
            self.coach.place_lost = None
            self._told.add(KEPT_PLACE_LOST.format(why=why, then="a new question is asked"))

    def _show_map(self) -> None:
        """Draw the Mastery map as the progress database holds it now (another tab or window of the page may have
        answered since it was last drawn: trial 21), with the score above."""
        self._answered()
        self.mastery.render()

    def _answered(self) -> None:
        """After an answer or a new question: the score (and the map, when next drawn) read again from the progress
        database, so every tab or window of the page says the same (trial 21: a tab said "1 answered" after another
        had reached 2, even after Next question)."""
        if self._mastery is not None:
            self._mastery.stale = True
        self._render_top()

    def _render_top(self) -> None:
        n, right = self.coach.score()
        statuses = self.coach.mastery().values()
        practised = sum(1 for s in statuses if s in ("right", "missed"))
        # a hub's login name is the learner's own; on one's own machine it is the computer's user name ("root"):
        # then the page says "Your progress"
        who = esc(self.store.learner) if os.environ.get("JUPYTERHUB_USER", "").strip() else "Your progress"
        self.score.value = (f"<b>{who}</b> · {n} answered, {right} right · "
                            f"{practised} of {len(statuses)} rules practised")
        self._lost_question()
        if (unsaved := self.store.take_notice()) is not None:
            self._unsaved = unsaved
        if self.store.saving:  # saving again (a lock gone): its notice goes (attack 40: it stayed, the answers saved)
            self._unsaved = None
        if damage := self.store.take_damage_notice():
            self._told.add(damage)
        said = "<br>".join(f"⚠ {esc(x)}" for x in sorted(self._told | ({self._unsaved} if self._unsaved else set())))
        if said != self.notice.value:
            # each said once, in plain words, with what was said before (nothing printed into the page)
            self.notice.value = said
            self.notice.layout.display = None if said else "none"


@refuses_broken_content("Practice")
def practice_app(game_id: str | None = None) -> w.Widget:
    """The practice page (see :class:`PracticeApp`); returns the widget to display. In a kernel Voila pre-heats, the
    progress database is opened first and the page is made once it is asked for, so what it shows of the learner's
    progress is as of the visit (:func:`widgets.kernel_timing.wait_until_page_asked`); the first questions of the
    game practised last (which do not depend on the learner) are made before, and the rules each game's questions
    reach are looked up (:func:`tutor.practice.askable.askable`), so a click on the mastery map computes nothing."""
    store = ProgressStore()
    pools = {}
    if kernel_timing.preheating():  # the questions of the game the learner practised last, made before the visit
        kept = game_id or read_place(store).get("game")
        game = kept if kept in GAMES else GAMES[0]
        pools[game] = QuestionPool(game, SEED, warm=FIRST_POOL)
        for g in GAMES:  # the rules "Ask me" is offered on (read from the cache, or computed once and kept there)
            askable(g, SEED)
    if kernel_timing.wait_until_page_asked():
        store.recheck()  # opened before the visit: damaged since? the page says so at once, not at the first answer
    return PracticeApp(game_id, store=store, pools=pools).widget


__all__ = ["PracticeApp", "PracticeView", "practice_app", "chip_order", "STATUSES", "STATUS_WORDS", "sections"]
