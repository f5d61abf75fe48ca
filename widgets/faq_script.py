"""The FAQ explorer's script and its checks: taking the question's scripted steps (one, back, or all of them) and
drawing the script's line (where it stands, the next step, why it cannot be taken) and the live checks of the
answer's expectations on the game shown. A part of :class:`widgets.faq.FaqExplorer` (its ``app``, ``scenario``,
buttons and boxes are the page's)."""
from __future__ import annotations

import time

from tutor import ContentError, IllegalAction, faq
from tutor.scenario import find

from .faq_compare import stop_step
from .style import esc, plural, prov_text, rule_text

_STATE_WORDS = {"pass": "✓ holds", "fail": "✕ fails", "waiting": "… later", "off-script": "– skipped"}

#: Most seconds one press of Play to end works before it draws the board and says how far it went.
PLAY_BUDGET_S = 1.5


class ScriptStepper:
    """The script's steps and the checks of the FAQ explorer (a mixin of :class:`widgets.faq.FaqExplorer`)."""

    # -- the script --------------------------------------------------------------------------------------------
    def step(self) -> bool:
        """Take the script's next step. A step that cannot be taken (off script, the script finished, or refused by
        the engine, as after a "what if" edit) changes nothing: the refusal is said beside the script (CSS class
        ``tutor-faq-error``, naming the rule by its title), not in the error panel. Returns whether it was taken."""
        session = self.app.session
        try:
            self.app.model.apply(faq.next_action(self.scenario, session).id)
        except (IllegalAction, ContentError) as exc:
            st = faq.script_status(self.scenario, session)
            if st.problem is None:  # (else the script line says already why this step cannot be taken, and the rule)
                known = session.clauses()
                clause = getattr(exc, "clause", None)
                why = (f"the rule “{esc(known[clause].title)}” does not allow it now" if clause in known
                       else rule_text(str(exc), known))
                self._refusal = (f'<span class="tutor-faq-error rt-faq-steperr" role="alert">Step {st.done + 1} was '
                                 f"not taken: {why}.</span>")
            self.refresh()
            return False
        return True

    def step_back(self) -> None:
        """Take back the last step."""
        self.app.model.undo()

    def play_to_end(self, budget_s: float = PLAY_BUDGET_S) -> int:
        """Take every remaining scripted step, stopping before one that cannot be taken now (the script line under
        the board says why, e.g. after a "what if" edit), and after ``budget_s`` seconds of work (a saved question
        of one's own may script thousands of steps: the line then says how far it went, and Play to end goes on).
        The board and the log are drawn once, after the last step. Returns the number of steps taken."""
        session = self.app.session
        st = faq.script_status(self.scenario, session)
        if st.off_script or st.next_ref is None or st.problem is not None:
            self.refresh()
            return 0
        deadline = time.monotonic() + budget_s
        taken = 0
        with self.app.model.held():
            for ref in self.scenario.script[st.done:]:
                try:
                    session.apply(find(session, ref).id)
                except (IllegalAction, ContentError):
                    break  # the script line says why this step cannot be taken
                taken += 1
                if time.monotonic() > deadline:
                    break
        left = faq.script_status(self.scenario, session)
        if left.next_ref is not None and left.problem is None:
            self._refusal = (f'<span class="rt-faq-paused" role="status"> Played {plural(taken, "step")}; '
                             "press <b>Play to end</b> to go on.</span>")
        self.refresh()
        return taken


    def refresh(self) -> None:
        """Redraw the script status, the script buttons and the live expectation checks."""
        s, sc = self.app.session, self.scenario
        st = faq.script_status(sc, s)
        names = faq.card_names(s)
        self.back.disabled = not s.can_undo
        self.next.disabled = self.play.disabled = st.next_ref is None or st.problem is not None
        if st.off_script:
            info = (f"You are playing your own moves (you left the script after step {st.done}). "
                    "<b>Back</b> to follow it again.")
        elif st.next_ref is None:
            info = f"Script done ({plural(st.total, 'step')}). " + ("" if self.answer_shown else
                                                           "Now press <b>Show the answer</b>.")
        elif st.problem:
            stop = self.comparison.what_if.stop if self.comparison is not None else None
            step = faq.describe_ref(st.next_ref, names)
            if stop is not None and stop.step == st.done + 1:  # the rule's words, and what is possible instead
                why = "; ".join(stop.why) + (f". You could play instead: {'; '.join(stop.possible)}" if stop.possible
                                             else "")
                step = stop_step(self.comparison)  # as the original run took it (its values' marks too)
            else:
                why = st.problem
            # "cannot be played" first: the note is one line cut with "…" beside the open what-if panel at 1024x768
            # (trial 32: "Step 1 (Buy Key (single) from market row 1) cannot be play…")
            # "after your change" only where the learner changed the set-up (attack 40: a saved file whose own step
            # is not legal said so with nothing changed)
            after = " after your change" if self.edits else ""
            info = (f'<span class="tutor-faq-error" tabindex="0">Step {st.done + 1} cannot be played{after} '
                    f"({prov_text(step)}): {rule_text(why, s.clauses())}</span>")
        else:
            try:  # the step as the engine labels it now (the Spirit's name, not its position)
                step = prov_text(faq.next_action(sc, s).label)
            except ValueError:
                step = esc(faq.describe_ref(st.next_ref, names))
            info = f"Step {st.done} of {st.total} done · next: <b>{step}</b> · or play your own move"
        self.script_info.value = f'<span class="rt-faq-info">{info}{self._refusal}</span>'
        if self.edit_panel is not None:
            self.show_moment()
        self.show.description = "Hide the answer" if self.answer_shown else "Show the answer"
        self.answer.layout.display = "flex" if self.answer_shown else "none"
        rows = []
        # what each checked fact is on the board shown (after a what-if it is not what the original expects)
        now: dict[int, list[str]] = {}
        for p in faq.part_checks(sc, s):
            if p.actual and p.state != "holds":
                at = "now" if p.at == len(s.history) else f"after step {p.at}"
                # "in the game shown", never "on this board": the fact may be a hand, a pile or a choice (in Restless
                # Spirits a player's board is only their spaces)
                fact = faq.fact_said(p.key, s.game_id, {**names, **faq.slot_names(s)}, p.actual, inside=True) if p.key \
                    else p.actual  # a sentence, not "<fact>: <value>" (session 30)
                now.setdefault(p.index, []).append(f"in the game shown {at}: {fact}")
        known = s.clauses()
        for x in faq.expectation_status(sc, s):
            when = "before the script" if x.after == 0 else f"after step {x.after}"
            why = "".join(f'<div class="rt-x-now">{rule_text(t, known)}</div>' for t in now.get(x.index, []))
            rows.append(f'<li class="rt-x-{x.state}"><span class="rt-x-badge">{_STATE_WORDS[x.state]}</span>'
                        f'<span class="rt-muted">{when}:</span><br>{"<br>".join(rule_text(t, known) for t in x.lines)}{why}</li>')
        self.checks.value = ('<div class="rt-faq-from">Does it hold in the game shown?</div>'
                             f'<ul class="rt-faq-checks">{"".join(rows)}</ul>')
