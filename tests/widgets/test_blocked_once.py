"""Two copies of a card refused for the same reason are one line under "Not possible now" (new-user trial 34 saw
"✕ Play Charm (single)…" twice: the engine refuses each copy, and the two refusals read the same)."""
from __future__ import annotations

from rs_helpers import rs_session
from widgets import TutorApp


def test_two_lanterns_refused_alike_are_one_line():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "hand": ["t03", "t13"], "board": [{"card": "seone", "totems": ["t02"]}, None, None]},
        {"seat": 2}]})
    refused = [(b.clause, b.why) for b in s.blocked_actions()]
    assert len(refused) == 2 and refused[0] == refused[1]  # the engine refuses each copy
    app = TutorApp(session=s)
    panel = app.actions
    if "rt-open" not in panel._blocked._dom_classes:
        panel.fold.click()
    lines = [x for x in panel._blocked.children if "tutor-blocked" in x._dom_classes]
    texts = [x.children[0].value for x in lines]
    assert sum("Play Lantern (single)" in t for t in texts) == 1, texts
    assert panel.fold.description.startswith(f"Not possible now ({len(lines)}) ")
