"""The teacher's class page: each learner's lessons done and mastery by rule area, and the rules the class misses
most, per game, from the class's shared progress database (``RULES_TUTOR_DB``, which the hub sets for every server).

Only the names in ``RULES_TUTOR_TEACHERS`` (comma-separated; the hub sets it from ``TUTOR_HUB_TEACHERS``) see it;
anyone else gets a refusal (CSS class ``tutor-refused``) and the page reads nothing. Stable CSS classes:
``tutor-class-table`` (the learners' table), ``tutor-class-missed`` (the most missed rules).
"""
from __future__ import annotations

import os

import ipywidgets as w
from sqlalchemy.exc import SQLAlchemyError

from tutor.lessons import readable_lessons
from tutor.progress.classroom import NotATeacher, class_report
from tutor.progress.store import LearnerNameError, default_url, learner_key, learner_name
from tutor.progress.store import shown_name as visible_name
from tutor.registry import clauses_for, game_title

from .style import esc, style_widget
from .problems import refuses_broken_content

GAMES = ("restless-spirits", "spirited", "spirit-duels")
ENV_TEACHERS = "RULES_TUTOR_TEACHERS"
#: The words of the notebook's Markdown cell (folded away under Voila), under "How it works" on the title line.
HOW = ("For the class's teachers: each learner's lessons done, answers and the rules they know by rulebook section, "
       "and the rules the class misses most.")
#: The page's title line, as on the other pages: its name and the link to all pages.
TITLE = ('<div class="rt-class-title"><span class="rt-class-name">Class progress</span>'
         '<a class="rt-class-home" href="index.ipynb">← All pages</a></div>')
CLASS_CSS = """
/* the page as the others (issue #16, session 34: it was a bare Markdown line over a plain table): a title line (its
   name, "← All pages", the games, "How it works"), the notebook's Markdown cell folded away under Voila (its words
   are in "How it works"), the learners' table and the most missed rules on white cards */
body[data-voila] #rendered_cells > div > div:has(> .jp-MarkdownCell):has(~ div .rt-class-page) { display: none; }
body[data-voila] #rendered_cells:has(.rt-class-page) { padding-top: 4px !important; }
.rt-class-page { max-width: 1600px; margin: 0 auto; padding: 0 8px 0 2px; box-sizing: border-box; gap: 10px; }
.rt-class-page > .rt-style { display: none !important; }
.rt-class-top { align-items: center; flex-wrap: wrap; gap: 6px 18px; min-height: 40px; }
.rt-class-title { display: flex; align-items: baseline; gap: 12px; }
.rt-class-name { font-size: 17px; font-weight: 800; color: #3d1f66; white-space: nowrap; }
.rt-class-home { font-size: 12.5px; color: #5b2d90; text-decoration: none; border: 1px solid #d9cdee; border-radius: 8px;
  padding: 1px 8px; white-space: nowrap; }
.rt-class-home:hover { background: #f1eafb; }
.rt-class-how { font-size: 12.5px; color: #3d3850; max-width: 640px; line-height: 1.45; }
.rt-class-how summary { cursor: pointer; color: #5b2d90; font-weight: 600; white-space: nowrap; }
.rt-class-top .widget-toggle-buttons .widget-toggle-button { height: 28px; width: auto !important; padding: 0 14px; }
.rt-class .rt-class-card { background: #fff; border: 1px solid #ddd6ee; border-radius: 10px; padding: 8px 14px 10px 14px;
  margin: 0 0 10px 0; overflow-x: auto; }
.rt-class h3 { font-size: 17px; margin: 2px 0 6px 0; color: #3d1f66; }
.rt-class table { border-collapse: collapse; font-size: 13.5px; line-height: 1.4; margin: 2px 0; width: 100%; }
.rt-class th, .rt-class td { border-bottom: 1px solid #ece8f5; padding: 6px 12px; text-align: left; vertical-align: top; }
.rt-class th { color: #4a2577; font-size: 12px; text-transform: uppercase; letter-spacing: .04em; background: #f6f3fb; }
.rt-class tr:last-child td { border-bottom: 0; }
.rt-class .rt-areas { font-size: 12.5px; color: #3d3850; max-width: 640px; }
.rt-class .tutor-class-missed { margin: 0; padding-left: 20px; font-size: 13.5px; line-height: 1.6; }
.tutor-refused { background: #fff4e0; border: 1px solid #f0b35a; border-radius: 10px; padding: 10px 16px;
  max-width: 640px; margin: 4px 0 12px 0; font-size: 14px; line-height: 1.45; }
.tutor-refused p { margin: 6px 0; }
.tutor-refused a { color: #5b2d90; text-decoration: underline; font-weight: 600; }
.rt-refused-head { font-size: 17px; font-weight: 700; color: #7c3f00; }
"""


def teachers_from_env() -> frozenset[str]:
    """The teachers' names in ``RULES_TUTOR_TEACHERS`` (comma-separated, spaces around each ignored), each as the
    progress database keys it (:func:`tutor.progress.store.learner_key`); a name it refuses is left out."""
    out = set()
    for name in os.environ.get(ENV_TEACHERS, "").split(","):
        try:
            out.add(learner_key(name.strip()))
        except LearnerNameError:
            continue
    return frozenset(out)


def _viewer_key() -> str | None:
    """The key of the person who opened the page (:func:`tutor.progress.store.learner_key` of
    :func:`~tutor.progress.store.learner_name`), ``None`` for a name it refuses: such a name is never a teacher's,
    however it looks (``tess`` and ``tess`` + a zero-width space are two people)."""
    try:
        return learner_key(learner_name())
    except LearnerNameError:
        return None


class ClassPage:
    """The class page for ``viewer`` (default: the learner's name): a game picker and, for a teacher, the class
    report of that game (:func:`tutor.progress.classroom.class_report`); for anyone else, a refusal.

    Attributes: ``allowed``, ``shown_name`` (the person's name the refusal shows: on a hub their hub name, locally
    none), ``game`` (ToggleButtons, teachers only), ``report`` (HTML), ``widget``.
    """

    def __init__(self, url: str | None = None, viewer: str | None = None,
                 teachers: frozenset[str] | None = None) -> None:
        self.url = url or default_url()
        #: the name to show: the hub's name for the person (or the one given); none for a local single user, whose
        #: name is the computer's account (e.g. "root"), not a person's
        hub_name = os.environ.get("JUPYTERHUB_USER", "")
        self.shown_name = viewer if viewer is not None else (visible_name(hub_name) if hub_name.strip() else None)
        self.viewer = viewer if viewer is not None else _viewer_key()
        self.teachers = teachers if teachers is not None else teachers_from_env()
        self.allowed = self.viewer is not None and self.viewer in self.teachers
        self.report = w.HTML()
        self.report.add_class("rt-class")
        head = w.HTML(f"<style>{CLASS_CSS}</style>")
        styles = [style_widget(), head]
        for x in styles:
            x.add_class("rt-style")  # (the style sheets take no room on the page)
        if not self.allowed:
            if self.shown_name:
                who = (f"You are signed in as <b>{esc(self.shown_name)}</b>, and {esc(self.shown_name)} is not one "
                       "of them.")
            elif self.teachers:
                who = "You are not one of them."
            else:  # the tutor on one's own computer, with no class set up
                who = "Here the tutor runs on this computer for you alone, with no class, so there is no class to show."
            self.report.value = (
                '<div class="tutor-refused"><div class="rt-refused-head">Teachers only</div>'
                "<p>This page shows every learner's progress, so only the class's teachers can open it. "
                f"{who}</p>"
                '<p>Your own progress, your answers and your mastery map, is on the <a href="practice.ipynb">practice '
                'page</a>. The lessons are on <a href="index.ipynb">all pages</a>.</p></div>')
            self.game = None
            self.widget = w.VBox([*styles, self._top(), self.report])
        else:
            self.game = w.ToggleButtons(options=[(game_title(g), g) for g in GAMES], value=GAMES[0],
                                        style={"button_width": "150px"})
            self.game.observe(lambda ch: self.render(ch["new"]), names="value")
            self.widget = w.VBox([*styles, self._top(self.game), self.report])
            self.render(GAMES[0])
        self.widget.add_class("rt-root")
        self.widget.add_class("rt-class-page")

    @staticmethod
    def _top(*middle: w.Widget) -> w.HBox:
        """The title line: the page's name and "← All pages", the games' buttons (``middle``), "How it works"."""
        how = w.HTML(f'<details class="rt-class-how"><summary>How it works</summary>{HOW}</details>')
        return w.HBox([w.HTML(TITLE), *middle, how], _dom_classes=("rt-class-top",))

    def render(self, game: str) -> None:
        """Show the class report of ``game`` (teachers only)."""
        try:
            rep = class_report(self.url, game, viewer=self.viewer, teachers=self.teachers)
        except NotATeacher as exc:
            self.report.value = f'<div class="tutor-refused">{esc(exc)}</div>'
            return
        except SQLAlchemyError:  # (the database's own error, a Python name, is not the teacher's business)
            self.report.value = ('<div class="tutor-refused">The class\'s progress cannot be read now (the progress '
                                 "database does not answer, or refused the reading); try again in a minute.</div>")
            return
        clauses = clauses_for(game)
        lessons = {x.id: x.title for x in readable_lessons(game)[0]}
        if not rep.learners:
            self.report.value = '<div class="rt-muted">No learner has done a lesson or answered a question yet.</div>'
            return
        rows = []
        for lp in rep.learners:
            known = sum(k for k, _ in lp.areas.values())
            areas = " · ".join(f"{esc(sec)} {k}/{n}" for sec, (k, n) in lp.areas.items() if k)
            rows.append(f"<tr><td><b>{esc(lp.name)}</b></td><td>{len(lp.lessons)} of {len(lessons)}</td>"
                        f"<td>{lp.answers} ({lp.right} right)</td><td>{known} of {rep.rules}</td>"
                        f'<td class="rt-areas">{areas or "—"}</td></tr>')
        missed = "".join(f"<li>{esc(clauses[c].title)} <span class='rt-muted'>({esc(clauses[c].source.section)})"
                         f"</span>: {n} learner{'s' if n != 1 else ''}</li>" for c, n in rep.most_missed)
        self.report.value = (
            '<div class="rt-class-card"><h3>Learners</h3><table class="tutor-class-table"><tr><th>Learner</th>'
            "<th>Lessons done</th><th>Answers</th><th>Rules known</th><th>Known by rule area</th></tr>"
            f"{''.join(rows)}</table></div>"
            '<div class="rt-class-card"><h3>Rules the class misses most</h3><ul class="tutor-class-missed">'
            f'{missed or "<li>none yet</li>"}</ul></div>')


@refuses_broken_content("Class progress")
def class_page() -> w.Widget:
    """The class page for the person who opened it (see :class:`ClassPage`)."""
    return ClassPage().widget
