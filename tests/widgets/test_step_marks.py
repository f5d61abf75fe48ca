"""What the page marks so a learner does not miss it (trial 19): the computer's key steps among the reply lines of
"What just happened" (a Spirit released, however many plain steps the strip folds), Restless Spirits' player rows
that a narrow window lays out compactly, and Spirit Duels' dice marked for a Meditate reroll, on the dice."""
from __future__ import annotations

import html
import re

import tutor
from rs_helpers import rs_reply_with_an_early_release
from widgets.boards import board_for
from widgets import TutorApp
from widgets.lessons import LearnApp
from widgets.opponent import Seats




def test_the_computers_release_stays_among_the_reply_lines():
    """The release was the first of the computer's 7 steps: it is shown (the whole reply is, play26), its release
    line marked ``rt-key-ev`` and its title ``rt-key-step``, in a reply box of its own (``rt-reply-key``); the head
    line counts the 7 steps, all below it."""
    s, released_at = rs_reply_with_an_early_release()
    app = LearnApp("restless-spirits").open_free_play()
    app.seats.auto.value = False
    app.model.session = s
    app.last.render()
    kids = app.last.lines()
    titles = [html.unescape(x.value) for x in kids if "rt-step-now" in getattr(x, "value", "")]
    assert f"Step {released_at + 1} · The computer played" in titles[1] and "rt-key-step" in titles[1]
    assert len(titles) == 1 + 7  # the learner's step and the computer's whole reply (play26: none folded away)
    key = [x for x in kids if "rt-key-ev" in x._dom_classes]
    assert len(key) == 1 and "is released" in key[0].value
    box = [b for b in app.last._parts["key"] if key[0] in b.children]
    assert len(box) == 1 and "rt-reply-key" in box[0]._dom_classes and box[0] in app.last._reply_col.children
    then = html.unescape(re.sub("<[^>]+>", "", app.last._then.value))
    assert then.startswith("Then the computer played 7 steps"), then
    assert "earlier key step" not in then and "the other" not in then, then  # every step is below it
    # plain steps of a reply are not key: the newest step (the computer ended its turn) has no key line
    assert not any("rt-key-ev" in x._dom_classes for x in app.last._cache[s.history[-1]].cells)


def test_rs_player_rows_a_narrow_window_lays_out_compactly():
    """A hidden hand's row carries ``rt-hand-hidden`` (a narrow window drops it: the counts line says "hand 2/7") and
    the released Spirits' row ``rt-released-row`` (it shares the hand's line when it fits)."""
    s, _ = rs_reply_with_an_early_release()
    page = board_for(s.game_id).render(s)
    parts = page.split('<div class="rt-row rt-released-row">')
    assert len(parts) == 2 and ">Barachu<" in parts[1].split("</div>")[0]  # Player 2's, the one released
    assert page.count('<div class="rt-row rt-hand-row">') == 2 and "rt-hand-hidden" not in page  # both hands shown
    from widgets.boards import hide_hands
    hide_hands(s, {1})  # the computer's hand, as free play shows it
    page = board_for(s.game_id).render(s)
    hands = re.findall(r'<div class="rt-row rt-hand-row[^"]*">', page)
    assert hands == ['<div class="rt-row rt-hand-row">', '<div class="rt-row rt-hand-row rt-hand-hidden">'], hands
    assert "2 cards, hidden" in page.split("rt-hand-hidden")[1][:200]


def test_spirit_duels_marked_dice_say_so_on_the_die():
    """Meditate: the die marked for the reroll shows a dashed outline and "↻ reroll" on itself, with a tooltip
    that says it; the dice not marked do not (from the engine's state: ``tutor.view(session).marked_dice``)."""
    s = tutor.new_game("spirit-duels", players=2, seed=1)
    bot = tutor.bot("spirit-duels", "normal", seed=1)
    for _ in range(200):
        meditate = [a for a in s.legal_actions() if a.kind == "meditate"]
        if meditate:
            s.apply(meditate[0])
            marks = [a for a in s.legal_actions() if a.kind == "mark-die"]
            if marks:
                break
            s.undo()
        s.apply(bot.choose(s))
    seat = s.current_player
    before = board_for("spirit-duels").render(s)
    dice = re.findall(r'<span class="sd-die[^"]*"[^>]*>', before)
    assert dice and not any("sd-marked" in d for d in dice) and tutor.view(s).marked_dice(seat) == frozenset()
    s.apply(marks[0])
    assert tutor.view(s).marked_dice(seat) == frozenset({(marks[0].param("spirit") - 1, marks[0].param("die") - 1)})
    after = board_for("spirit-duels").render(s)
    dice = re.findall(r'<span class="sd-die[^"]*"[^>]*>', after)
    marked = [d for d in dice if "sd-marked" in d]
    assert len(marked) == 1 and 'title="Marked for the Meditate reroll' in marked[0]
    assert after.count("↻ reroll</span>") == 1


def test_the_head_line_counts_the_steps_it_lists():
    """Newuser29 item 4 (the trial read "the computer played 6 steps" over steps 2, 3, 4, 6, 7): after the learner
    chooses a guide (Restless Spirits' first-game set-up) and at each of their next steps, the head line's count is the
    number of the computer's step titles listed under it, and they are numbered one after the other, right after the
    learner's own step (the count and the list agree in the panel's widgets; seeds 1 and 2)."""
    for seed in (1, 2):
        app = TutorApp(tutor.new_game("restless-spirits", players=2, seed=seed, first_game=True), new_game=True,
                       one_screen=True, opponent=True)
        seats = Seats(app.model, app.actions, last=app.last)
        checked = 0
        for _ in range(30):
            if app.session.is_over or checked >= 4:
                break
            if seats.computer_to_move():
                seats.step()
                continue
            vals = [html.unescape(x.value) for x in app.last.lines() if isinstance(getattr(x, "value", None), str)]
            titles = [int(n) for v in vals for n in re.findall(r'rt-step-now[^>]*>Step (\d+)', v)]
            then = [re.sub("<[^>]+>", "", v) for v in vals if "Then the computer played" in v]
            if then:
                m = re.search(r"played (\d+) steps", then[0])
                count = int(m.group(1)) if m else 1
                assert count == len(titles) - 1, (seed, then, titles)
                assert titles == list(range(titles[0], titles[0] + len(titles))), (seed, titles)
                checked += 1
            app.actions.button_for(app.session.legal_actions()[0].id).click()
        assert checked >= 2, f"seed {seed}: the computer replied {checked} times"
