"""Forged widget messages from the browser (a script in the page calling the widget manager, or a hand-made
websocket): each is refused, nothing changes (no trait, no session, no answer kept), and no traceback reaches the
page. The messages go through ``Widget._handle_msg``, the way the kernel's comm manager hands a browser's message to
a widget (``widgets.comm_guard``)."""
from __future__ import annotations

import json
import logging
import uuid

import ipywidgets as w
import pytest

from widgets import comm_guard
from widgets.panels import _walk


def send(widget: w.Widget, data: dict) -> None:
    comm_id = widget.comm.comm_id if widget.comm is not None else uuid.uuid4().hex
    widget._handle_msg({"content": {"comm_id": comm_id, "data": data}, "buffers": [],
                        "header": {"msg_type": "comm_msg"}, "parent_header": {}, "metadata": {}})


def click(button: w.Button) -> None:
    send(button, {"method": "custom", "content": {"event": "click"}})


def update(widget: w.Widget, **state) -> None:
    send(widget, {"method": "update", "state": state, "buffer_paths": []})


def of_type(root: w.Widget, kind: type) -> list:
    return [x for x in _walk(root) if isinstance(x, kind)]


@pytest.fixture
def refusals(caplog, monkeypatch):
    """The refusal lines logged during the test (every one: the log's budget is lifted)."""
    caplog.set_level(logging.WARNING, logger=comm_guard.log.name)
    monkeypatch.setattr(comm_guard, "LOG_BUDGET", 10**9)

    def lines() -> list[str]:
        return [r.getMessage() for r in caplog.records if r.name == comm_guard.log.name]
    return lines


def shown_text(errors) -> str:
    return json.dumps(errors.output.outputs)


HUGE = "A" * 1_000_000


def test_the_guard_is_installed_by_the_widgets_package():
    assert w.Widget._tutor_comm_guard is True and comm_guard.install() is False


def test_generic_refusals(refusals):
    """One of each kind, on plain ipywidgets: disabled or hidden Button, Dropdown index outside its options, text far
    over its limit, a bounded number out of range, keys only the kernel sets, a closed widget."""
    clicks = []
    b = w.Button(description="Go", disabled=True)
    b.on_click(lambda _b: clicks.append(1))
    click(b)
    b.disabled, b.layout.display = False, "none"
    click(b)
    b.layout.display = None
    update(b, disabled=False)  # and a forged re-enabling (the attack report re-enabled 10 buttons in the DOM)
    update(b, description="<img src=x onerror=alert(1)>")
    assert clicks == [] and b.description == "Go"
    click(b)
    assert clicks == [1]  # an enabled, shown button still clicks
    b.close()
    click(b)
    assert clicks == [1]

    d = w.Dropdown(options=["a", "b"], value="a")
    for index in (2, -1, "1", True, 1.0, None, [0], 10**30):
        update(d, index=index)
    update(d, _options_labels=["x", "y", "z"])
    update(d, value="b")  # value is not what the front end sends for a Dropdown
    assert d.value == "a" and d.index == 0 and d.options == ("a", "b")
    update(d, index=1)
    assert d.value == "b"

    t = w.Text(value="ok")
    update(t, value=HUGE)
    update(t, value=["list"] * 3)
    assert t.value == "ok"
    update(t, value="fine")
    assert t.value == "fine"

    n = w.BoundedIntText(value=3, min=0, max=20)
    s = w.IntSlider(value=3, min=0, max=10)
    for bad in (21, -1, 10**100, "5", True, None, 2.5e9, float("nan")):
        update(n, value=bad)
        update(s, value=bad)
    assert n.value == 3 and s.value == 3
    update(s, value=7)
    assert s.value == 7

    tab = w.Tab(children=[w.HTML("a"), w.HTML("b")])
    for bad in (5, -2, "1"):
        update(tab, selected_index=bad)
    assert tab.selected_index == 0

    send(d, {"method": "echo_update", "state": {"index": 1}})
    send(d, {"method": "update", "state": "index"})
    send(d, {"method": "update", "state": {"index": 0}, "buffer_paths": [["index"]]})
    send(d, None)
    update(d, _view_count=3)  # the front end counts its views
    assert d.index == 1 and d._view_count == 3
    lines = refusals()
    assert any("a click on a disabled button" in x for x in lines) and any("a click on a hidden button" in x for x in lines)
    assert any("'disabled' is set by the page's kernel" in x for x in lines)
    assert any("index 2 is not one of its 2 options" in x for x in lines)
    assert any("'value' is 1,000,000 characters long, more than its 1,000" in x for x in lines)
    assert any("value 21 is outside 0..20" in x for x in lines) and any("the widget is closed" in x for x in lines)
    assert all(len(x) < 400 for x in lines) and not any(HUGE[:200] in x for x in lines)


def test_a_handler_that_fails_on_a_message_shows_no_traceback(refusals):
    t = w.Text(value="a")

    def boom(change):
        raise RuntimeError("internal detail")
    t.observe(boom, names="value")
    update(t, value="b")  # no exception out of the handler: the comm manager would log its traceback
    update(t, value="c")


def test_messages_for_another_pages_widgets_reach_no_widget(caplog):
    """A comm id of another page's kernel (or of a closed widget) is unknown here: the comm manager drops it."""
    from comm import get_comm_manager

    d = w.Dropdown(options=["a", "b"], value="a")
    manager = get_comm_manager()
    caplog.set_level(logging.WARNING)
    for comm_id in (uuid.uuid4().hex, "../" + d.model_id, d.model_id + "x"):
        manager.comm_msg(None, None, {"content": {"comm_id": comm_id, "data": {"method": "update",
                                                                                 "state": {"index": 1}}}})
    assert d.index == 0
    assert "No such comm" in caplog.text


# --- the four pages ------------------------------------------------------------------------------------------------


def test_learn_page(refusals):
    from widgets import LearnApp

    app = LearnApp("restless-spirits")
    runner = app.lessons
    session = runner.app.model.session
    before = json.dumps(session.to_dict(), sort_keys=True)
    assert runner.prev.disabled  # the first lesson: no previous one
    click(runner.prev)
    for index in (999, -1, "2", True):
        update(runner.picker, index=index)
    update(runner.picker, disabled=True)
    update(runner.picker, _options_labels=["x"] * 50)
    update(app.tabs, selected_index=9)
    update(runner.hint, description=HUGE)
    assert runner.index == 0 and app.tabs.selected_index == 0
    assert json.dumps(runner.app.model.session.to_dict(), sort_keys=True) == before

    # A legal-action button, clicked: the step is taken. The same button again (spent: the board has moved on) and
    # a forged click on a disabled or hidden one take no step.
    buttons = runner.app.actions.action_buttons
    first = next(b for b in buttons if not b.disabled)
    click(first)
    after = json.dumps(runner.app.model.session.to_dict(), sort_keys=True)
    assert after != before
    click(first)
    for b in runner.app.actions.action_buttons:
        if b.disabled or b.layout.display == "none":
            click(b)
    assert json.dumps(runner.app.model.session.to_dict(), sort_keys=True) == after

    # Free play: the seed box takes no megabyte of text and keeps its seed.
    update(app.tabs, selected_index=1)
    assert app.free is not None
    seed = app.free.controls.seed
    update(seed, value=HUGE)
    assert seed.value == "1"
    assert "Traceback" not in shown_text(app.errors) and HUGE[:100] not in shown_text(app.errors)
    assert refusals()


def test_faq_explorer(refusals):
    from widgets import FaqExplorer

    ex = FaqExplorer()
    ex.open(ex.index.entries[0].id)
    before = json.dumps(ex.app.session.to_dict(), sort_keys=True)
    update(ex.search, value=HUGE)
    for index in (99, -1, "0"):
        update(ex.game, index=index)
    update(ex.game, disabled=True)
    ex.show_panel("whatif")
    for bad in (21, -1, 10**9, "3" * 50):  # (a text box read when Set is pressed: tests/widgets/test_faq_number_box.py)
        update(ex.counter_num, value=bad)
    assert len(ex.counter_num.value) <= 12
    for name in ("save_name", "save_question_text"):
        update(getattr(ex, name), value=HUGE)
        assert len(getattr(ex, name).value) < 1000
    update(ex.save_note, value="N" * 100_000)
    assert len(ex.save_note.value) < 100_000
    for dd in of_type(ex.widget, w.Dropdown):
        update(dd, index=len(dd.options) + 3)
    for b in of_type(ex.widget, w.Button):
        if b.disabled:
            click(b)
    assert ex.search.value == "" and ex.game.value == ""
    assert json.dumps(ex.app.session.to_dict(), sort_keys=True) == before
    assert "Traceback" not in shown_text(ex.errors)
    assert refusals()


def test_practice_page(tmp_path, refusals):
    from tutor.progress import ProgressStore
    from widgets.practice import PracticeApp

    store = ProgressStore(f"sqlite:///{tmp_path / 'progress.sqlite'}", learner="ann")
    try:
        app = PracticeApp("spirit-duels", store=store)
        view = app.view
        for index in (7, -1, "1"):
            update(app.game, index=index)
        assert app.game.value == "spirit-duels"
        click(view.show)  # disabled before an answer
        options = list(view.options)
        click(options[0])  # the learner's answer, kept
        answered = store.answer_count() if hasattr(store, "answer_count") else None
        feedback = view.feedback.value
        for b in options:  # spent: a second answer to the same question is not taken
            click(b)
        update(options[1], disabled=False)
        click(options[1])
        assert view.feedback.value == feedback
        if answered is not None:
            assert store.answer_count() == answered
        assert "Traceback" not in shown_text(view.errors if hasattr(view, "errors") else app.errors)
        assert refusals()
    finally:
        store.close()


def test_teacher_pages(tmp_path, monkeypatch, refusals):
    """The presenter (teacher-walkthrough) with its Record tab, and the class page."""
    monkeypatch.setenv("HOME", str(tmp_path))
    from widgets import PresenterApp

    app = PresenterApp("restless-spirits")
    before = json.dumps(app.present.session.to_dict(), sort_keys=True) if hasattr(app.present, "session") else None
    for index in (999, -1, "1"):
        update(app.present.picker, index=index)
    update(app.tabs, selected_index=1)
    rec = app.recorder
    assert rec is not None
    for box in (rec.wid, rec.title, rec.path):
        old = box.value
        update(box, value=HUGE)
        assert box.value == old
    for box in (rec.intro, rec.narration, rec.notes):
        update(box, value="x" * 100_000)
        assert len(box.value) <= comm_guard.TEXTAREA_MAX_CHARS
    for dd in (rec.start_from, rec.players):
        value = dd.value
        update(dd, index=len(dd.options) + 1)
        assert dd.value == value
    if before is not None:
        assert json.dumps(app.present.session.to_dict(), sort_keys=True) == before
    assert "Traceback" not in shown_text(app.errors)

    from widgets.classroom import ClassPage
    monkeypatch.setenv("RULES_TUTOR_DB", f"sqlite:///{tmp_path / 'class.sqlite'}")
    monkeypatch.setenv("RULES_TUTOR_TEACHERS", "tess")
    monkeypatch.setenv("JUPYTERHUB_USER", "tess")
    page = ClassPage()
    report = page.report.value
    for index in (3, -1, "0", None):
        update(page.game, index=index)
    update(page.report, value="<script>alert(1)</script>")
    assert page.report.value == report
    assert refusals()


def test_a_widget_the_page_tries_to_make_is_refused(refusals):
    """A ``comm_open`` from the browser to the ``jupyter.widget`` target (a script making widgets, each holding
    megabytes, to grow the kernel without bound: fresh attack, session 11) makes no widget: the comm is closed at once
    and one short line is logged. The page's own control comm (``jupyter.widget.control``) is left as ipywidgets has
    it."""
    from ipywidgets import comm as widget_comm
    from ipywidgets.widgets.widget import _instances

    manager = widget_comm.get_comm_manager()
    assert manager.targets["jupyter.widget"] is comm_guard.refuse_widget_from_page
    before = set(_instances)
    msg = {"content": {"comm_id": uuid.uuid4().hex, "target_name": "jupyter.widget",
                       "data": {"state": {"_model_name": "HTMLModel", "_model_module": "@jupyter-widgets/controls",
                                          "_model_module_version": "2.0.0", "value": HUGE}, "buffer_paths": []}},
           "header": {"msg_type": "comm_open"}, "parent_header": {}, "metadata": {}, "buffers": []}
    manager.comm_open(None, None, msg)
    assert set(_instances) == before
    assert msg["content"]["comm_id"] not in manager.comms  # closed, nothing kept
    assert refusals() == ["Refused a widget the page tried to make ('HTMLModel'): a page's widgets are made by its "
                          "notebook"]


def test_a_lone_surrogate_is_refused(refusals):
    """Echoed back to the page, a lone surrogate in a value made Jupyter Server drop the page's connection (its JSON
    packer cannot encode it): such a value is refused and the Text keeps its own."""
    t = w.Text(value="kept")
    update(t, value="a\udfffb")
    assert t.value == "kept"
    assert refusals() == ["Refused a message from the page to Text: 'value' holds a character that is not text (a "
                          "lone surrogate)"]


def test_a_toggle_takes_only_true_or_false(refusals):
    """A ToggleButton or Checkbox ``value`` of ``"yes"`` or a list got past the guard, and ipywidgets printed a whole
    traceback into the server's log per message (fresh attack, session 11): now one refusal line each."""
    for widget in (w.ToggleButton(value=False), w.Checkbox(value=True)):
        for bad in ("yes", [1, 2], 1, None):
            update(widget, value=bad)
        assert widget.value is (isinstance(widget, w.Checkbox))
        update(widget, value=not widget.value)
        assert widget.value is (not isinstance(widget, w.Checkbox))
    assert len(refusals()) == 8 and all("is not true or false" in line for line in refusals())


def test_an_unexpected_error_shows_a_sentence_not_a_traceback(caplog):
    """A fault of ours, or a handler fed a forged message (the ability graph's node click with ``{"id": 5}``), showed
    the traceback's last lines, server paths and all, in the page's error panel (fresh attack, session 11): the page
    now says one plain sentence and the server's log keeps the details."""
    from widgets.model import UNEXPECTED_ERROR, ErrorPanel

    caplog.set_level(logging.WARNING, logger="rules_tutor.page_faults")
    panel = ErrorPanel()

    def broken():
        return (5).rsplit("@", 1)

    panel.guard(broken)()
    shown = shown_text(panel)
    assert UNEXPECTED_ERROR in json.loads(shown)[0]["text"]
    assert "Traceback" not in shown and "File " not in shown and "rsplit" not in shown and ".py" not in shown
    assert any("AttributeError" in r.getMessage() and "rsplit" in r.getMessage() for r in caplog.records)


def test_a_forged_node_click_on_the_ability_graph_does_nothing():
    """ipycytoscape's node clicks come from the page: a node id that is not a string (or is huge) selects nothing
    and raises nothing."""
    from widgets.graph import GraphView

    view = GraphView()
    before = view.selected
    for node in ({"data": {"id": 5}}, {"data": [1]}, "x", {"data": {"id": None}}, {"data": {"id": "x" * 10_000}}):
        view.on_node_click(node)
    assert view.selected == before


def test_a_flood_of_forged_messages_keeps_the_log_and_the_answers_small(caplog, monkeypatch):
    """A script in the page sending thousands of forged updates (attack 13 sent 3,045 to 435 widgets): the kernel
    logs at most ``LOG_BUDGET`` lines in a window, then says how many more it refused, in one line; each widget's
    state is sent back at most once a second, not once per forged message."""
    caplog.set_level(logging.WARNING, logger=comm_guard.log.name)
    clock = [1000.0]
    monkeypatch.setattr(comm_guard.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(comm_guard, "_window", {"start": float("-inf"), "logged": 0, "unlogged": 0})
    monkeypatch.setattr(comm_guard, "_resent", {})
    shown = [w.HTML(value=f"<b>{i}</b>") for i in range(10)]
    sent = []
    for h in shown:
        h.send_state = lambda key=None, h=h: sent.append(h.model_id)
    for _ in range(50):
        for h in shown:
            update(h, value="<script>alert(1)</script>")
    assert [h.value for h in shown] == [f"<b>{i}</b>" for i in range(10)]
    lines = [r.getMessage() for r in caplog.records if r.name == comm_guard.log.name]
    assert len(lines) == comm_guard.LOG_BUDGET == 30
    assert lines[0].startswith("Refused a message from the page to HTML")
    assert sorted(sent) == sorted(h.model_id for h in shown)  # one re-send each, not 50

    clock[0] += comm_guard.LOG_WINDOW_S  # the next window: the count of the lines not logged, then lines again
    update(shown[0], value="x")
    lines = [r.getMessage() for r in caplog.records if r.name == comm_guard.log.name]
    assert lines[30] == "470 more messages from the page were refused in 10 s (not logged one by one)"
    assert lines[31].startswith("Refused a message from the page to HTML") and len(lines) == 32
    assert sent.count(shown[0].model_id) == 2  # more than a second later: sent again
    for h in shown:
        h.close()


def test_log_lines_go_to_the_servers_log_not_the_page(capsys):
    """Attack 19 (L2): a logger without a handler of its own (the comm layer's "No such comm: <id>") wrote to
    ``sys.stderr``, which in a kernel is the page's output stream. ``comm_guard.install`` (run by ``import widgets``)
    gives the root logger a handler on the process's own stderr (the server's log); a second install adds none."""
    import io
    import logging
    import sys

    handlers = [h for h in logging.getLogger().handlers if isinstance(h, comm_guard._ServerLog)]
    assert len(handlers) == 1 and not comm_guard.log_to_server()
    server_log = io.StringIO()
    handler = handlers[0]
    old = handler.setStream(server_log)
    try:
        logging.getLogger("Comm").warning("No such comm: %s", "forged-id")
        logging.getLogger("Comm").info("not a warning")
    finally:
        handler.setStream(old)
    assert server_log.getvalue() == "No such comm: forged-id\n"
    assert "forged-id" not in capsys.readouterr().err  # nothing on sys.stderr (the page's stream in a kernel)
    assert old is sys.__stderr__
