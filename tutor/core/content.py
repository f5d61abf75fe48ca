"""Loading content files (YAML) into pydantic models, with errors that name the file and the field.

YAML is read with the safe loader only; files larger than :data:`MAX_FILE_BYTES` are refused. Nothing in content
is ever evaluated as code.
"""
from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from .errors import ContentError
from .model import Clause

M = TypeVar("M", bound=BaseModel)

#: Largest content, card, scenario or session file we read, in bytes (2 MiB).
MAX_FILE_BYTES = 2 * 1024 * 1024


#: The package that holds the games' content shipped with the tutor (the repository's ``content/`` folder; see
#: ``[tool.setuptools.package-dir]`` in pyproject.toml).
CONTENT_PACKAGE = "tutor._content"


@functools.lru_cache(maxsize=1)
def shipped_content_root() -> Path:
    """The content shipped with the tutor: ``tutor/_content/`` of an installed wheel, or the checkout's ``content/``
    in an editable install (both found with ``importlib.resources``).

    Raises :class:`ContentError` when the package is not installed as a folder of files (e.g. run from a zip).
    """
    from importlib.resources import files

    try:
        folder = files(CONTENT_PACKAGE)
    except ModuleNotFoundError:
        raise ContentError(f"{CONTENT_PACKAGE}: the tutor's content is not installed (reinstall rules-tutor)",
                           path=CONTENT_PACKAGE) from None
    if not isinstance(folder, Path) or not folder.is_dir():
        raise ContentError(f"{CONTENT_PACKAGE}: the tutor's content must be installed as a folder of files, "
                           f"found {folder!r}", path=CONTENT_PACKAGE)
    return folder


def content_root() -> Path:
    """The content folder (one sub-folder per game, ``graph/``, ``scenario.schema.json``): ``$RULES_TUTOR_CONTENT``
    if set (a user's own content), else :func:`shipped_content_root`."""
    env = os.environ.get("RULES_TUTOR_CONTENT")
    if env:
        return Path(env)
    return shipped_content_root()


def rulebooks_root() -> Path:
    """The shared rulebooks folder (``../shared/rulebooks`` beside a development checkout), used only for citations.

    The rulebooks are not ours to redistribute, so the package does not ship them and nothing needs them to run.
    """
    return Path(__file__).resolve().parents[3] / "shared" / "rulebooks"


def format_validation_error(err: ValidationError, where: str) -> str:
    """Turn a pydantic error into ``"<where>: <field.path>: <message>"`` lines (one per problem)."""
    lines = []
    for e in err.errors():
        loc = ".".join(f"[{p}]" if isinstance(p, int) else str(p) for p in e["loc"]).replace(".[", "[")
        if loc:
            lines.append(f"{where}: {loc}: {e['msg']}")
        elif e["type"] in ("model_type", "dict_type"):  # the whole file (or value) is not a mapping
            lines.append(f"{where}: the top level must be a mapping of named fields (key: value lines), got "
                         f"{_kind_of(e.get('input'))}")
        else:
            lines.append(f"{where}: the top level: {e['msg']}")
    return "\n".join(lines)


def _kind_of(value: Any) -> str:
    """``"a list"``, ``"a number"``, ``"text"``, ``"nothing (an empty file)"``... for error messages."""
    if value is None:
        return "nothing (an empty file)"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    return type(value).__name__


def first_field(err: ValidationError) -> str | None:
    """The field path of the first problem in a pydantic error, e.g. ``"spirits[3].type"``."""
    errs = err.errors()
    if not errs:
        return None
    return ".".join(f"[{p}]" if isinstance(p, int) else str(p) for p in errs[0]["loc"]).replace(".[", "[")


def read_text(path: str | os.PathLike) -> str:
    """Read a UTF-8 text file, refusing missing, oversized or undecodable files with :class:`ContentError`."""
    p = Path(path)
    try:
        size = p.stat().st_size
    except OSError as exc:
        raise ContentError(f"{p}: cannot read file ({exc.strerror})", path=str(p)) from None
    if not p.is_file():
        raise ContentError(f"{p}: not a regular file", path=str(p))
    if size > MAX_FILE_BYTES:
        raise ContentError(f"{p}: file is {size} bytes; the limit is {MAX_FILE_BYTES}", path=str(p))
    try:
        return p.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ContentError(f"{p}: not UTF-8 text ({exc.reason} at byte {exc.start})", path=str(p)) from None


class _UniqueKeyLoader(yaml.SafeLoader):
    """The safe loader, refusing a mapping that repeats a key (a silent last-one-wins hides typos)."""

    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            try:
                dup = key in seen
            except TypeError:
                dup = False
            if dup:
                raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
            try:
                seen.add(key)
            except TypeError:
                pass
        return super().construct_mapping(node, deep=deep)


def parse_yaml(text: str, where: str) -> Any:
    """Parse YAML text with the safe loader; syntax errors become :class:`ContentError` naming ``where``."""
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise ContentError(f"{where}: text is larger than {MAX_FILE_BYTES} bytes", path=where)
    try:
        return yaml.load(text, Loader=_UniqueKeyLoader)
    except RecursionError:
        raise ContentError(f"{where}: the YAML is nested too deeply", path=where) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise ContentError(f"{where}: YAML syntax error{at}: {problem}", path=where) from None


def validate(model: type[M], data: Any, where: str, context: dict | None = None) -> M:
    """Validate ``data`` as ``model``; errors become :class:`ContentError` naming ``where`` and the field path."""
    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        raise ContentError(format_validation_error(exc, where), path=where, field=first_field(exc)) from None


def load_yaml_model(model: type[M], path: str | os.PathLike, context: dict | None = None) -> M:
    """Read, parse and validate one YAML file as ``model`` (see :func:`validate`)."""
    where = str(path)
    return validate(model, parse_yaml(read_text(path), where), where, context)


class ClauseFile(BaseModel):
    """Schema of ``content/<game>/clauses.yaml``: a list of :class:`~tutor.core.model.Clause`."""

    model_config = {"extra": "forbid"}
    clauses: list[Clause]


def load_clauses(path: str | os.PathLike) -> dict[str, Clause]:
    """Load a clauses file into ``{id: Clause}``; duplicate ids or unknown ``related`` ids raise ContentError."""
    cf = load_yaml_model(ClauseFile, path)
    out: dict[str, Clause] = {}
    for i, c in enumerate(cf.clauses):
        if c.id in out:
            raise ContentError(f"{path}: clauses[{i}].id: duplicate clause id {c.id!r}", path=str(path),
                               field=f"clauses[{i}].id")
        out[c.id] = c
    for i, c in enumerate(cf.clauses):
        for r in c.related:
            if r not in out:
                raise ContentError(f"{path}: clauses[{i}].related: unknown clause id {r!r}", path=str(path),
                                   field=f"clauses[{i}].related")
    return out
