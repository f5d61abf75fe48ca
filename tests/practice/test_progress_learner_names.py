"""Learner names the tutor is handed by a hub's authenticator (any one, not only the class hub's own, which checks
names at login): names that differ only by invisible characters, or only past the 100th character, are different
people and never share a learner row in the progress database; the same name always finds its own row again.
A name with invisible characters is refused with one plain sentence, and the page works on in memory (attack 14)."""
from __future__ import annotations

import pytest
from sqlalchemy import create_engine, text

from tutor.progress import ProgressStore
from tutor.progress.models import NAME_MAX
from tutor.progress.store import learner_name

PAGE = "learn:spirit-duels"
LONG_A, LONG_B = "a" * 100 + "-alice", "a" * 100 + "-bob"
#: pairs of distinct names that the store used to fold into one learner (attack 14's, and a few more)
FOLDED = [(LONG_A, LONG_B), ("alice", "alice\u200b"), ("alice", "alice\u00ad"), ("bob", "\u200bbob"),
          ("carol", "carol\u2028"), ("dave", "dave\u202e"), ("eve", "eve\x00"), ("fay", " fay"), ("gus", "gus\ufeff"),
          ("hal", "h\u2066al\u2069"), ("ivy", "ivy\u00a0"), ("jo", "jo\u3164"), ("kim", "kim\ufe0f")]


def _rows(url: str) -> list[str]:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return [r[0] for r in conn.execute(text("SELECT name FROM learner ORDER BY id"))]
    finally:
        engine.dispose()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
@pytest.mark.parametrize("case", range(len(FOLDED)), ids=[repr(b[-6:]) for _a, b in FOLDED])
def test_names_differing_only_by_invisible_or_late_characters_never_share_a_learner(backend, case, request):
    url = request.getfixturevalue("sqlite_url" if backend == "sqlite" else "postgres_url")
    tag = f"n{case}{backend[0]}-"  # each case its own learners in the session's PostgreSQL database
    first, second = (tag + name for name in FOLDED[case])
    one = ProgressStore(url, learner=first)
    assert one.saving and one.take_notice() is None
    one.save_place(PAGE, '{"secret": "first"}')
    two = ProgressStore(url, learner=second)
    assert two.place(PAGE) is None  # never the first person's place
    if two.saving:  # a different row of its own
        assert two._learner_id != one._learner_id and two.learner != one.learner
        two.save_place(PAGE, '{"secret": "second"}')
    else:  # refused in plain words, working in memory
        notice = two.take_notice()
        assert notice.startswith("Your sign-in name ") and "not being saved" in notice
        assert "Error" not in notice and "\\x" not in notice and "\\u" not in notice
        two.save_place(PAGE, '{"secret": "second"}')
        assert two.place(PAGE) == '{"secret": "second"}'
    assert ProgressStore(url, learner=first).place(PAGE) == '{"secret": "first"}'  # the same person, the same row
    assert one.learner in _rows(url) and all(len(n) <= NAME_MAX for n in _rows(url))
    one.close()
    two.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_long_name_keeps_its_own_row_under_a_bounded_key(backend, request):
    from tutor.progress.store import LONG_MARK

    url = request.getfixturevalue("sqlite_url" if backend == "sqlite" else "postgres_url")
    a = ProgressStore(url, learner=LONG_A + backend)
    b = ProgressStore(url, learner=LONG_B + backend)
    assert a.saving and b.saving and a._learner_id != b._learner_id
    assert len(a.learner) == len(b.learner) == NAME_MAX and a.learner.startswith("a" * 67 + LONG_MARK)
    a.complete_lesson("spirited", "sp-01-goal")
    assert b.lessons_done("spirited") == set()
    again = ProgressStore(url, learner=LONG_A + backend)
    assert again._learner_id == a._learner_id and again.lessons_done("spirited") == {"sp-01-goal"}
    for s in (a, b, again):
        s.close()


def test_learner_key_keeps_a_name_exactly_and_refuses_lookalikes():
    from tutor.progress.store import LearnerNameError, learner_key

    for name in ("ada", "zoë", "mary-jane", "o'neill", "李", "a" * 100, "x y"):
        assert learner_key(name) == name
    assert learner_key(LONG_A) != learner_key(LONG_B) and learner_key(LONG_A) == learner_key(LONG_A)
    with pytest.raises(LearnerNameError, match=r"^Your sign-in name holds characters that cannot be seen "
                                               r"\(U\+200B ZERO WIDTH SPACE\)"):
        learner_key("ada\u200b")
    # a short name made to look like a long name's key would take that person's row: refused
    with pytest.raises(LearnerNameError, match="form the tutor gives to very long names"):
        learner_key(learner_key(LONG_A))
    # look-alike letters (attack 32): a Cyrillic а in a Latin name, full-width letters, an accent typed apart
    with pytest.raises(LearnerNameError, match="mixes letters of the Cyrillic and Latin alphabets"):
        learner_key("\u0430lice")
    for bad in ("\uff41\uff4c\uff49\uff43\uff45", "\ufb01sh", "\u2160van"):
        with pytest.raises(LearnerNameError, match="other forms of ordinary letters"):
            learner_key(bad)
    assert learner_key("zoe\u0308") == learner_key("zo\u00eb") == "zo\u00eb"  # one name written two ways (NFC)
    for name in ("\u0430\u043b\u0438\u0441\u0430", "\u03b1\u03bb\u03af\u03ba\u03b7", "zo\u00eb", "Ren\u00e9e"):
        assert learner_key(name) == name  # one alphabet, composed accents: kept
    for bad in ("", " ada", "ada ", "a" * 1001, "\u202eada", "a\u2800b", "\ud800"):
        with pytest.raises(LearnerNameError):
            learner_key(bad)


def test_a_hub_name_with_invisible_characters_saves_nothing_and_says_why(monkeypatch, sqlite_url):
    monkeypatch.setenv("RULES_TUTOR_DB", sqlite_url)
    monkeypatch.setenv("JUPYTERHUB_USER", "tess")
    ProgressStore().complete_lesson("spirited", "sp-01-goal")
    monkeypatch.setenv("JUPYTERHUB_USER", "tess\u200d")
    assert learner_name() == "tess\u200d"  # exactly as the hub gives it
    store = ProgressStore()
    assert not store.saving and store.learner == "tess<U+200D>"
    assert store.take_notice() == (
        "Your sign-in name holds characters that cannot be seen (U+200D ZERO WIDTH JOINER), so it could be taken for "
        "another learner's name. So your progress is not being saved: this page works as usual, but what you do now "
        "is kept only until you close it.")
    assert store.lessons_done("spirited") == set()  # not tess's progress
    store.complete_lesson("spirited", "sp-02-shield")  # the page works on, in memory
    assert store.lessons_done("spirited") == {"sp-02-shield"}
    assert _rows(sqlite_url) == ["tess"]  # nothing written under any name


def test_an_invisible_copy_of_a_teachers_name_is_no_teacher(monkeypatch, sqlite_url):
    from widgets.classroom import ClassPage

    monkeypatch.setenv("RULES_TUTOR_TEACHERS", " tess , ada")
    monkeypatch.setenv("JUPYTERHUB_USER", "tess")
    assert ClassPage(sqlite_url).allowed
    for lookalike in ("tess\u200b", "\u2066tess", "tess\x07", " tess"):
        monkeypatch.setenv("JUPYTERHUB_USER", lookalike)
        page = ClassPage(sqlite_url)
        assert not page.allowed and "Teachers only" in page.report.value
        assert page.shown_name == lookalike.replace("\u200b", "<U+200B>").replace("\u2066", "<U+2066>").replace(
            "\x07", "<U+0007>")  # shown with its hidden characters written out


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_name_differing_from_a_kept_learners_only_by_marks_is_refused_in_words(backend, request):
    """Issue 14: "tess" + a combining mark was kept as a learner of its own beside "tess" (and looks like "tess" on
    the class page). Names are read in NFC (an accent typed apart is the composed letter: the same learner), and a
    new name that differs from a kept learner's only by marks (accents, overlays, enclosing marks) or invisible
    characters is refused in one plain sentence; the page works on in memory and nothing is written under it."""
    from tutor.progress.names import name_skeleton

    url = request.getfixturevalue("sqlite_url" if backend == "sqlite" else "postgres_url")
    tess = f"tess{backend[0]}"
    first = ProgressStore(url, learner=tess)
    first.save_place(PAGE, '{"secret": "tess"}')
    for lookalike in (tess + "\u0301", tess[:-1] + "\u0301" + tess[-1], tess + "\u20dd", tess + "\u0338",
                      "te\u015b" + tess[3:]):
        assert name_skeleton(lookalike) == tess
        other = ProgressStore(url, learner=lookalike)
        assert not other.saving and other.place(PAGE) is None, lookalike
        assert other.take_notice() == (
            "Your sign-in name differs from another learner's only by accents or marks that are easy to miss, so it "
            "could be taken for that learner's name. So your progress is not being saved: this page works as usual, "
            "but what you do now is kept only until you close it.")
        other.close()
    assert [n for n in _rows(url) if n.startswith("tes")] == [tess]
    # the same name in either Unicode form is the one learner; a name that differs by a letter is a learner of its own
    again = ProgressStore(url, learner=tess)
    assert again.saving and again._learner_id == first._learner_id
    zoe = ProgressStore(url, learner=f"zo\u00eb{backend[0]}")
    assert zoe.saving
    same = ProgressStore(url, learner=f"zoe\u0308{backend[0]}")
    assert same.saving and same._learner_id == zoe._learner_id
    tessa = ProgressStore(url, learner=tess + "a")
    assert tessa.saving and tessa._learner_id != first._learner_id
    for s in (first, again, zoe, same, tessa):
        s.close()
