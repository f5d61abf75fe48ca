"""Property test (issue 14): generated hostile input at every loader of the tutor — card files of the three games,
clauses files, the ability graph's files (each game's table, then the graph built from it, and the vocabulary),
scenarios, lessons, walkthroughs, saved FAQ questions (each then started, as the pages and the runner do; a saved
question listed, indexed and opened as the FAQ explorer does) and saved sessions. (Practice questions are made by the
engine, not read from files: there is no practice file loader.) Any field of a shipped file is replaced by an alias
bomb, a python or other tag, deep nesting, a huge text or number, or a value of the wrong type. Each load must end within :data:`SECONDS` and :data:`PEAK_BYTES` of new
memory growth, either accepted or refused with ContentError/ValueError whose message is bounded; never another
exception.
"""
from __future__ import annotations

import json
import time
import resource
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tutor
from tutor.core.content import content_root, load_clauses
from tutor.core.errors import MAX_MESSAGE
from tutor.lessons import lesson_files, load_lesson, start_lesson
from tutor.scenario import all_scenarios, load_scenario, start
from tutor.walkthrough import all_walkthroughs, begin, load_walkthrough

#: Most seconds of CPU time one load (and start) may take.
SECONDS = 2.0
#: Most one hostile load may raise the process's peak memory (bytes): an expanded alias bomb or a 512 MB message
#: would pass it at once.
PEAK_BYTES = 256 * 1024 * 1024
#: Longest message a refusal may carry.
MESSAGE_LIMIT = MAX_MESSAGE + 100
MARK = "__HOSTILE_VALUE__"
pytestmark = pytest.mark.slow

# ---------------------------------------------------------------------------------------------- hostile values
_bomb = ("[&a [lol, lol, lol, lol, lol, lol, lol, lol, lol], "
         + ", ".join(f"&{c} [{', '.join(['*' + p] * 9)}]" for p, c in zip("abcdefgh", "bcdefghi")) + "]")
FIXED = [
    _bomb,
    "&r [*r]",
    "*undefined",
    "!!python/object/apply:os.system ['touch /tmp/rules-tutor-pwned']",
    "!!python/name:os.system",
    "!!python/object:tutor.Session {}",
    "!!binary aGVsbG8=",
    "!!set {a: null, b: null}",
    "!!timestamp 2024-01-01",
    "!!omap [a: 1, b: 2]",
    "!local text",
    "2024-01-01",
    "null", "true", "0", "-1", "1.5", ".nan", "-.inf", "''", "[]", "{}", "[[[]]]", "{a: {b: {c: []}}}",
    "'\u200b'", "'\u202e'", "'\\0'", "\"\\uD800\"",
    "{<<: {a: 1}}",
]


@st.composite
def hostile(draw) -> str:
    """One hostile YAML value, written inline (flow style)."""
    kind = draw(st.sampled_from(["fixed", "deep", "text", "number", "wide", "bomb", "types"]))
    if kind == "fixed":
        return draw(st.sampled_from(FIXED))
    if kind == "deep":
        n = draw(st.integers(20, 3000))
        opener, closer = draw(st.sampled_from([("[", "]"), ("{a: ", "}")]))
        return opener * n + "0" + closer * n
    if kind == "text":
        n = draw(st.sampled_from([1_000, 100_000, 1_500_000, 3_000_000]))
        return "'" + draw(st.sampled_from(["x", "é", "<script>", "\u200b"])) * (n // 8) + "'"
    if kind == "number":
        return draw(st.sampled_from(["9" * 5000, "-" + "1" * 400, "1e999", "0x" + "f" * 300, "1" * 41]))
    if kind == "wide":
        return "[" + ", ".join(["x"] * draw(st.sampled_from([10, 10_000, 250_000]))) + "]"
    if kind == "bomb":
        levels, width = draw(st.integers(2, 10)), draw(st.integers(2, 12))
        parts = ["&l0 [" + ", ".join(["lol"] * width) + "]"]
        parts += [f"&l{i} [" + ", ".join([f"*l{i - 1}"] * width) + "]" for i in range(1, levels)]
        return "[" + ", ".join(parts) + "]"
    return draw(st.sampled_from(["[1, 2]", "{x: 1}", "17", "'text'", "[{kind: 5}]", "{seed: 3}", "[null]"]))


class _Shown:
    """A hostile value whose repr (in hypothesis' report of a failing example) is short."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return repr(self.text) if len(self.text) <= 200 else f"<{self.text[:60]!r}... {len(self.text):,} characters>"


def _paths(data, prefix=()) -> list[tuple]:
    """Every path (tuple of keys and indexes) to a value inside ``data``, the top level excluded."""
    out = []
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for k, v in items:
        out.append(prefix + (k,))
        out += _paths(v, prefix + (k,))
    return out


def _with_mark(data, path):
    import copy
    data = copy.deepcopy(data)
    target = data
    for k in path[:-1]:
        target = target[k]
    target[path[-1]] = MARK
    return data


def _mutated(base: dict, draw_path: int, value: str, as_key: bool) -> str:
    """``base`` as YAML text with the value at one of its paths replaced by ``value`` (or, with ``as_key``, a new
    field ``extra_field: value`` beside it when it sits in a mapping)."""
    import copy
    paths = _paths(base)
    path = paths[draw_path % len(paths)]
    if as_key and isinstance(_get(base, path[:-1]), dict):
        data = copy.deepcopy(base)
        _get(data, path[:-1])["extra_field"] = MARK
    else:
        data = _with_mark(base, path)
    text = yaml.safe_dump(data, sort_keys=False, width=10**9, allow_unicode=True)
    return text.replace(MARK, value, 1)


def _get(data, path):
    for k in path:
        data = data[k]
    return data


def _load_text(path: Path) -> dict:
    return yaml.safe_load(path.read_text("utf-8"))


BASES = {
    "scenario": _load_text(all_scenarios("restless-spirits")[0]),
    "scenario-sd": _load_text(all_scenarios("spirit-duels")[0]),
    "lesson": _load_text(lesson_files("spirited")[0]),
    "walkthrough": _load_text(all_walkthroughs("restless-spirits")[0]),
    "clauses": _load_text(content_root() / "spirited" / "clauses.yaml"),
    "cards-rs": _load_text(content_root() / "restless-spirits" / "cards.yaml"),
    "cards-sd": _load_text(content_root() / "spirit-duels" / "cards.yaml"),
    "cards-sp": _load_text(content_root() / "spirited" / "cards.yaml"),
    "graph-rs": _load_text(content_root() / "graph" / "restless-spirits.yaml"),
    "graph-sd": _load_text(content_root() / "graph" / "spirit-duels.yaml"),
    "graph-sp": _load_text(content_root() / "graph" / "spirited.yaml"),
    "saved-question": _load_text(all_scenarios("spirited")[0]),
    "graph-vocabulary": _load_text(content_root() / "graph" / "vocabulary.yaml"),
}


def _load(kind: str, text: str, tmp: Path):
    """Load ``text`` as ``kind`` the way the tutor does (and start what can be started)."""
    if kind.startswith("scenario"):
        return start(load_scenario(text=text), "<text>")
    if kind == "lesson":
        return start_lesson(load_lesson(text=text))
    if kind == "walkthrough":
        return begin(load_walkthrough(text=text))
    p = tmp / f"{kind}-{time.perf_counter_ns()}.yaml"
    p.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        if kind == "saved-question":  # the FAQ explorer's "my questions" folder: listed, indexed, then opened
            from tutor import faq
            from tutor.faq_whatif.mine import list_my_questions
            paths, _left = list_my_questions(tmp)
            index = faq.build_index(paths=paths)
            for problem in index.problems:
                assert len(problem) <= MESSAGE_LIMIT
            return [start(e.scenario, str(e.path)) for e in index.entries]
        if kind == "clauses":
            return load_clauses(p)
        if kind == "graph-vocabulary":
            from tutor.interactions import load_vocabulary
            return load_vocabulary(p)
        if kind.startswith("graph-"):  # checked, then a graph built from it (as the ability-graph page does)
            from tutor.interactions import _build_game, load_graph_table
            game = {"graph-rs": "restless-spirits", "graph-sd": "spirit-duels", "graph-sp": "spirited"}[kind]
            return _build_game(game, None, load_graph_table(p, game))
        if kind == "cards-sp":  # read and checked as the game reads content/spirited/cards.yaml
            from tutor.games.spirited.game import CARD_FILES
            CARD_FILES.cache_clear()  # (the same path is rewritten within one mtime tick)
            return CARD_FILES.load(p)
        game = {"cards-rs": "restless-spirits", "cards-sd": "spirit-duels"}[kind]
        return tutor.new_game(game, players=2, cards=p).legal_actions()
    finally:
        p.unlink()


def _rss() -> int:
    """The process's peak resident memory so far, in bytes (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _bounded(fn):
    """Run ``fn``; return (seconds of this process's CPU time, how much the process's peak memory grew meanwhile,
    exception or None). CPU time, not wall time: a hang or an expansion spins the CPU, while a machine shared with
    other work only stretches the wall clock. The peak is a high-water mark: growth is what ``fn`` added above the
    highest use so far (0 when it stayed below)."""
    before = _rss()
    t0 = time.process_time()
    exc = None
    try:
        fn()
    except BaseException as e:  # noqa: BLE001 - judged by the caller
        exc = e
    return time.process_time() - t0, _rss() - before, exc


def _judge(what: str, seconds: float, peak: int, exc: BaseException | None) -> None:
    assert exc is None or isinstance(exc, ValueError), f"{what}: {type(exc).__name__}: {str(exc)[:500]}"
    if exc is not None:
        assert len(str(exc)) <= MESSAGE_LIMIT, f"{what}: a message of {len(str(exc))} characters"
    assert seconds < SECONDS, f"{what}: {seconds:.2f} s"
    assert peak < PEAK_BYTES, f"{what}: {peak / 2**20:.0f} MiB"


_WARM: set[str] = set()


@pytest.mark.parametrize("kind", sorted(BASES))
@settings(max_examples=10, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                 HealthCheck.data_too_large])
@given(value=hostile().map(_Shown), where=st.integers(0, 10**6), as_key=st.booleans())
def test_hostile_yaml_at_every_loader(kind, value, where, as_key, tmp_path):
    if kind not in _WARM:  # the first load of a kind imports and caches what it needs: not what is bounded here
        _WARM.add(kind)
        try:
            _load(kind, yaml.safe_dump(BASES[kind], sort_keys=False, allow_unicode=True), tmp_path)
        except ValueError:
            pass
    value = value.text
    text = _mutated(BASES[kind], where, value, as_key)
    _judge(f"{kind} with {value[:60]!r}", *_bounded(lambda: _load(kind, text, tmp_path)))


# ---------------------------------------------------------------------------------------------- saved sessions
_SAVED = json.loads(tutor.new_game("restless-spirits", players=2, seed=4).to_json())
JSON_VALUES = [
    "[" * 5000 + "]" * 5000, '{"a":' * 3000 + "1" + "}" * 3000, "9" * 5000, "1e999", "-0", "null", "true", '"x"',
    "[]", "{}", '"' + "x" * 3_000_000 + '"', "[" + ",".join(["1"] * 300_000) + "]", '"\\ud800"', "NaN", "Infinity",
]


#: A prepared saved session (a scenario's, with its partial state): the partial state is read again on load.
_PREPARED = json.loads(start(load_scenario(all_scenarios("spirited")[0]), "<text>").to_json())


@pytest.mark.parametrize("saved", ["dealt", "prepared"])
@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(pick=st.integers(0, len(JSON_VALUES) - 1), where=st.integers(0, 10**6))
def test_hostile_saved_sessions(saved, pick, where):
    value = JSON_VALUES[pick]
    base = _SAVED if saved == "dealt" else _PREPARED
    paths = [p for p in _paths(base) if len(p) <= 4 or p[0] == "partial_state"]
    data = _with_mark(base, paths[where % len(paths)])
    text = json.dumps(data).replace(json.dumps(MARK), value, 1)
    _judge(f"saved session {paths[where % len(paths)]} = {value[:40]!r}",
           *_bounded(lambda: tutor.load_session(text)))


# ---------------------------------------------------------------------------------------------- every free-form field
WRONG = ["null", "true", "-1", "1.5", ".nan", "''", "[]", "{}", "[[1]]", "{a: {b: 1}}", "'\u200b'",
         "[" + ", ".join(["x"] * 2000) + "]", "'" + "y" * 50_000 + "'", _bomb, "!!binary aGk="]


def _free_form_fields(kind: str) -> list[tuple]:
    """The free-form fields (``dict[str, Any]`` / action parameters) of a file of ``kind``, each as a path, plus one
    new key inside each (e.g. ``setup.options.x``)."""
    base = BASES[kind]
    out = [("setup", "options"), ("setup", "state"), ("setup", "options", "x"), ("setup", "state", "x")]
    if kind.startswith("scenario"):
        out += [("script", 0, "x"), ("script", 0, "kind"), ("expect", 0, "state"), ("expect", 0, "state", "x")]
    if kind == "lesson":
        out += [("solution", 0, "x"), ("check", "state"), ("check", "state", "x")]
    if kind == "walkthrough":
        out += [("steps", 0, "action", "x"), ("steps", 0, "action", "kind"), ("steps", 0, "action")]
    for key in base["setup"].get("options", {}):
        out.append(("setup", "options", key))
    return out


def _set(data, path, value):
    import copy
    data = copy.deepcopy(data)
    target = data
    for k in path[:-1]:
        if isinstance(target, dict):
            target = target.setdefault(k, {})
        else:
            target = target[k]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize("kind", ["scenario", "scenario-sd", "lesson", "walkthrough"])
def test_wrong_types_in_every_free_form_field(kind, tmp_path):
    for path in _free_form_fields(kind):
        for value in WRONG:
            text = yaml.safe_dump(_set(BASES[kind], path, MARK), sort_keys=False, width=10**9)
            text = text.replace(MARK if f"'{MARK}'" not in text else f"'{MARK}'", value, 1)
            _judge(f"{kind} {path} = {value[:40]!r}", *_bounded(lambda: _load(kind, text, tmp_path)))


@pytest.mark.parametrize("text", ["0x15", "010", "0b101", "1_000", "1:20", "0o17"])
def test_only_decimal_digits_make_a_whole_number(text, tmp_path):
    """Attack 39: a walkthrough's ``seed: 0x15`` was read as 21 (YAML 1.1's hex, octal, binary, ``_`` and base-60
    numbers), though a seed is written with the digits 0 to 9. Such a value stays text: a seed refuses it (or, for
    ``010``, reads its digits as the command line does)."""
    from tutor.core.content import parse_yaml
    assert parse_yaml(f"seed: {text}", "x.yaml") == {"seed": text}
    assert parse_yaml("a: [0, 12, -3, +5, 1.5]", "x.yaml") == {"a": [0, 12, -3, 5, 1.5]}
    sc = yaml.safe_load((content_root() / "restless-spirits" / "scenarios" / "faq-max-three-spirits.yaml").read_text())
    sc["setup"]["seed"] = "@@"  # placeholder written over below, unquoted
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(sc).replace("'@@'", text))
    if text == "010":
        assert load_scenario(path).setup.seed == 10
    else:
        with pytest.raises(tutor.ContentError, match="seed"):
            load_scenario(path)
