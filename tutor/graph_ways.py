"""A way from one card to another in the ability graph, in words that say what each step really does.

An arrow "X blocks Y" means X's protection stops Y. As the first step of a way that is what happens ("Nordheim →
blocks Baikeng"). Further along a way, the steps before decide what the block means for the card the way starts
from (issue 16, the ability graph): after "Takayama removes Onota" or "Nozawa disables Onota", Onota's block on
Grindavik is gone and Grindavik gets through, so the step *unblocks* Grindavik; after "Uji copies Nordheim" (or
"Seone modifies Nordheim", helping it into play) the block is a protection the way brings about, so the step
*protects against* its card. Read as "Takayama → removes Onota → blocks Grindavik", the old words made Takayama the
cause of a block. Such ways are real and are kept; only their words change.

:func:`way_words` gives the chain and one sentence per step; :func:`tutor.interactions.how` and the graph page's
"How can A affect B?" both use it.
"""
from __future__ import annotations

from typing import Any

import networkx as nx

#: Kinds of arrow that stop what the card reached does (it is taken away, switched off or stopped): after one, a
#: block further on is lifted ("unblocks"), after two it holds again ("protects against").
TURNS = frozenset({"removes", "disables", "blocks"})
#: How a card reached by a turning arrow stands, in a sentence: "Onota no longer blocks Grindavik (it is removed)".
_GONE = {"removes": "it is removed", "disables": "it is switched off", "blocks": "it is blocked"}


def step_verbs(G: nx.MultiDiGraph, p: list[tuple[str, str, Any]]) -> list[str]:
    """The verb of each step of way ``p`` (an edge path of :func:`tutor.interactions.paths`): the arrow's kind, but a
    "blocks" step after the first says what it does for the card the way starts from: "unblocks" when an odd
    number of the steps before took something away (:data:`TURNS`), else "protects against"."""
    out, lifted = [], False
    for i, e in enumerate(p):
        kind = G.edges[e]["kind"]
        out.append(kind if kind != "blocks" or i == 0 else ("unblocks" if lifted else "protects against"))
        if kind in TURNS:
            lifted = not lifted
    return out


def _name(G: nx.MultiDiGraph, n: str) -> str:
    return G.nodes[n]["label"]


def way_words(G: nx.MultiDiGraph, p: list[tuple[str, str, Any]]) -> tuple[str, list[str]]:
    """Way ``p`` in words: its chain ("Takayama → removes Onota → unblocks Grindavik") and one sentence per step,
    each with the arrow's reason ("Onota no longer blocks Grindavik (it is removed): Grindavik is a Dark Spirit
    …"). Plain text (the caller escapes it)."""
    verbs = step_verbs(G, p)
    chain = " → ".join([_name(G, p[0][0])] + [f"{verb} {_name(G, e[1])}" for verb, e in zip(verbs, p)])
    hops = []
    for i, (e, verb) in enumerate(zip(p, verbs)):
        d, u, v = G.edges[e], _name(G, e[0]), _name(G, e[1])
        before = G.edges[p[i - 1]]["kind"] if i else None
        if verb == "unblocks" and before in _GONE:
            hops.append(f"{u} no longer blocks {v} ({_GONE[before]}), so {v} gets through: {d['why']}")
        elif verb == "unblocks" and before == "copies":
            hops.append(f"{_name(G, p[i - 1][0])} no longer uses {u}'s ability to block {v}, so {v} gets through: "
                        f"{d['why']}")
        elif verb == "unblocks":
            hops.append(f"Without the steps before, {u}'s block on {v} does not come about, so {v} gets through: "
                        f"{d['why']}")
        elif verb == "protects against" and before == "copies":
            hops.append(f"{_name(G, p[i - 1][0])}, using {u}'s ability, protects against {v}: {d['why']}")
        elif verb == "protects against":
            hops.append(f"{u} protects against {v}: {d['why']}")
        else:
            hops.append(f"{u} {d['kind']} {v}: {d['why']}")
    return chain, hops
