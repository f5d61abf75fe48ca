"""The ability graph's files: the schema of ``content/graph/vocabulary.yaml`` and ``content/graph/<game>.yaml`` (a
user's own may replace them), and their loading and checking, each error naming the file and the field.

:mod:`tutor.interactions` builds the graph from the tables these functions return.
"""
from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Annotated, Any, Iterable, Literal, Union

import networkx as nx
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from .core.content import check_template, parse_yaml, read_text, validate
from .core.errors import ContentError, short


# -- the files' schema ----------------------------------------------------------------------------------------------
# Graph files may be a user's own (``$RULES_TUTOR_CONTENT``): they are read within the YAML bounds of every content
# file (tutor.core.content.parse_yaml) and validated here before a graph is built, each error naming the file and the
# field. Their texts are templates filled with str.format_map: only the placeholders listed below are allowed, with no
# attribute, index, conversion or format spec (``{p.__class__}`` or ``{value:>999999999}`` would read Python's insides
# or build a text of a gigabyte).

#: Most entries of one list or mapping of a graph file, and most characters of one text in it.
MAX_ITEMS = 2_000
MAX_TEXT = 2_000
#: A word of the rules, an effect, parameter, slot or target name, a kind, a clause id.
_NAME_RE = r"^[A-Za-z0-9][A-Za-z0-9_.:-]{0,119}$"
Name = Annotated[str, StringConstraints(pattern=_NAME_RE)]
Text = Annotated[str, StringConstraints(min_length=1, max_length=MAX_TEXT)]
Scalar = Union[Annotated[str, StringConstraints(max_length=200)], bool, int, float, None]


def _placeholders(allowed: frozenset[str]):
    """A validator for a template text: every ``{...}`` is one of ``allowed`` or ``p.NAME`` (an effect parameter)."""
    return functools.partial(check_template, allowed=allowed, also=(r"p\.[A-Za-z][A-Za-z0-9_]{0,39}", "{p.NAME}"))


#: Placeholders of an edge's ``why`` text, and of its ``from``/``to`` node ids.
WHY_FIELDS = frozenset({"from", "to", "value", "card"})
END_FIELDS = frozenset({"card", "value"})
WhyText = Annotated[Text, AfterValidator(_placeholders(WHY_FIELDS))]
EndId = Annotated[Annotated[str, StringConstraints(min_length=1, max_length=200)],
                  AfterValidator(_placeholders(END_FIELDS))]


class _G(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class Selector(_G):
    """``{select: {attribute: value or [values]}}``: every card whose attributes match (``group`` is the card file's
    list)."""

    select: dict[Name, Union[Scalar, Annotated[list[Scalar], Field(max_length=50)]]] = Field(max_length=20)


class EdgeTemplate(_G):
    """One edge a card's effect (or a rule) draws: ``kind`` (vocabulary ``edge_kinds``), ``from``/``to`` (a node id
    template, default ``from`` the card itself, or a :class:`Selector`), ``why`` (plain words), ``clauses``, ``when``
    (effect parameters that must have these values), ``on_target_board`` (the ``to`` card sits on the board of the
    opponent the effect targets) and ``on_own_board`` (the ``to`` card sits on the ``from`` card's owner's board:
    Seone's Spirit next to it)."""

    kind: Name
    from_: Union[EndId, Selector, None] = Field(default=None, alias="from")
    to: Union[EndId, Selector]
    why: WhyText
    clauses: list[Name] = Field(default_factory=list, max_length=20)
    when: dict[Annotated[str, StringConstraints(max_length=120)],
               Union[Scalar, Annotated[list[Scalar], Field(max_length=50)]]] = Field(default_factory=dict,
                                                                                     max_length=20)
    on_target_board: bool = False
    on_own_board: bool = False


Templates = Annotated[list[EdgeTemplate], Field(max_length=100)]


class GraphNode(_G):
    """A word of the rules: ``id``, ``label``, ``kind`` (vocabulary ``node_kinds``), ``clauses``, and for a generic
    target (``A Spirit on an opponent's board``) ``stands_for``: the cards it stands for (a :class:`Selector`)."""

    id: Name
    label: Text
    kind: Name
    clauses: list[Name] = Field(default_factory=list, max_length=20)
    stands_for: Union[Selector, None] = None


class MissingEdge(_G):
    """An interaction the graph cannot draw yet: ``interaction`` and what it ``needs``."""

    interaction: Text
    needs: Text


class GameGraph(_G):
    """Schema of ``content/graph/<game>.yaml``: the game's words of the rules and the tables that turn its cards'
    effects into edges (module doc)."""

    game: Literal["restless-spirits", "spirited", "spirit-duels"]
    nodes: list[GraphNode] = Field(default_factory=list, max_length=MAX_ITEMS)
    targets: dict[Name, Templates] = Field(default_factory=dict, max_length=MAX_ITEMS)
    slots: dict[Name, Templates] = Field(default_factory=dict, max_length=MAX_ITEMS)
    effects: dict[Name, Templates] = Field(default_factory=dict, max_length=MAX_ITEMS)
    params: dict[Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_.-]{1,120}$")], Templates] = Field(
        default_factory=dict, max_length=MAX_ITEMS)
    rules: Templates = Field(default_factory=list)
    missing: list[MissingEdge] = Field(default_factory=list, max_length=MAX_ITEMS)

    def templates(self) -> Iterable[tuple[str, EdgeTemplate]]:
        """Every edge template with its field path, e.g. ``("effects.gain-ap[0]", tpl)``."""
        for section in ("targets", "slots", "effects", "params"):
            for name, tpls in getattr(self, section).items():
                for i, tpl in enumerate(tpls):
                    yield f"{section}.{name}[{i}]", tpl
        for i, tpl in enumerate(self.rules):
            yield f"rules[{i}]", tpl


class Vocabulary(_G):
    """Schema of ``content/graph/vocabulary.yaml``: each edge and node kind with its meaning."""

    edge_kinds: dict[Name, Text] = Field(min_length=1, max_length=100)
    node_kinds: dict[Name, Text] = Field(min_length=1, max_length=100)


def load_vocabulary(path: str | Path) -> dict[str, dict[str, str]]:
    """Read and check a vocabulary file; ``{"edge_kinds": {kind: meaning}, "node_kinds": {kind: meaning}}``.

    Raises:
        ContentError: a bound, a YAML error, an unknown field or a bad value, naming the file and the field.
    """
    where = str(path)
    return validate(Vocabulary, parse_yaml(read_text(path), where), where).model_dump()


def check_graph_table(path: str | Path, game: str, vocab: dict[str, dict[str, str]], clauses: set[str]) -> dict[str, Any]:
    """Read and check ``content/graph/<game>.yaml`` (or ``path``, a user's own) against :class:`GameGraph`: its
    ``game`` is ``game``, node ids are unique, every kind is in the vocabulary ``vocab`` (as :func:`load_vocabulary`
    returns it) and every clause id is one of ``clauses``. Returns the table as plain data (``from`` keeps its name).

    Raises:
        ContentError: naming the file and the field, e.g. ``effects.gain-ap[0].why``.
    """
    where = str(path)
    table = validate(GameGraph, parse_yaml(read_text(path), where), where)

    def bad(field: str, msg: str) -> ContentError:
        return ContentError(f"{where}: {field}: {msg}", path=where, field=field)

    def kind_and_clauses(field: str, item: GraphNode | EdgeTemplate, what: str) -> None:
        kinds = vocab[f"{what}_kinds"]
        if item.kind not in kinds:
            raise bad(f"{field}.kind", f"{short(item.kind)} is not {'an' if what == 'edge' else 'a'} {what} kind of "
                                       f"the vocabulary ({', '.join(kinds)})")
        for c in item.clauses:
            if c not in clauses:
                raise bad(f"{field}.clauses", f"unknown clause id {short(c)}")

    if table.game != game:
        raise bad("game", f"this is the graph file of {game}, not of {table.game}")
    seen: dict[str, int] = {}
    for i, n in enumerate(table.nodes):
        if n.id in seen:
            raise bad(f"nodes[{i}].id", f"{short(n.id)} is already the id of nodes[{seen[n.id]}]")
        seen[n.id] = i
        kind_and_clauses(f"nodes[{i}]", n, "node")
    for field, tpl in table.templates():
        kind_and_clauses(field, tpl, "edge")
    data = table.model_dump(by_alias=True)
    data["where"] = where
    return data


# -- export (re-exported by tutor.interactions) --------------------------------------------------------------------
def _plain(G: nx.MultiDiGraph) -> nx.MultiDiGraph:
    H = nx.MultiDiGraph()
    for n, d in G.nodes(data=True):
        H.add_node(n, **{k: json.dumps(x) if isinstance(x, (list, dict)) else x for k, x in d.items()})
    for u, v, k, d in G.edges(keys=True, data=True):
        H.add_edge(u, v, key=k, **{a: json.dumps(x) if isinstance(x, (list, dict)) else x for a, x in d.items()})
    return H


def to_graphml(G: nx.MultiDiGraph, path: str | Path) -> Path:
    """Write GraphML (list attributes as JSON text) for Gephi, Cytoscape or yEd."""
    nx.write_graphml(_plain(G), str(path))
    return Path(path)


def to_node_link(G: nx.MultiDiGraph, path: str | Path | None = None) -> dict[str, Any]:
    """Node-link JSON (``nodes`` and ``links``); written to ``path`` when given."""
    data = nx.node_link_data(G, edges="links")
    if path is not None:
        Path(path).write_text(json.dumps(data, indent=1, default=str), encoding="utf-8")
    return data


def from_node_link(data: dict[str, Any]) -> nx.MultiDiGraph:
    """Read node-link JSON back into a graph."""
    return nx.node_link_graph(data, directed=True, multigraph=True, edges="links")
