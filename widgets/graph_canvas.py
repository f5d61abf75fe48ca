"""The ability graph's canvas: the drawn elements (replaced in one go), their selection and search marks, and the
view (cytoscape's "preset" layout: the positions are ours, the options set the zoom and pan). A part of
:class:`widgets.graph.GraphView`, which holds the canvas (``cy``), the graph (``G``), ``selected`` and ``found``."""
from __future__ import annotations

import ipycytoscape

from .graph_style import node_classes

#: The zoom of the first view: the nodes' 14 px labels drawn at about 12.5 px.
READ_ZOOM = 0.9


class Canvas:
    """The drawing and the view of :class:`widgets.graph.GraphView` (see the module's docstring)."""

    def _set_view(self, options: dict) -> None:
        """Ask the browser for a view. The whole options dict is replaced (``set_layout`` would keep old keys) and
        carries a counter, so that the same view asked twice is still sent (a dict equal to the last one is not)."""
        self._views += 1
        if self.cy is None:  # no canvas yet: it is drawn with the view asked for (self.view) once made
            return
        self.cy.cytoscape_layout = {"name": "preset", "animate": False, **options, "rt_view": self._views}

    @staticmethod
    def _fit_all() -> dict:
        # Every node but the halos (the browser fits every element anyway when the drawing itself changes; the
        # halos then sit inside the drawing).
        return {"fit": True, "padding": 20, "eles": "node[^halo]"}

    def _readable(self, anchor: str | None = None) -> dict:
        """A fixed zoom (READ_ZOOM) showing the drawing's top-left corner, or the drawn node ``anchor`` (the page
        opened on it, or Find found it) about 320 px from the left and in the middle of the height: this needs no
        width of the canvas, which Python does not know."""
        z = READ_ZOOM
        x0, y0 = self._topleft
        pan = {"x": 12 - z * x0, "y": 12 - z * y0}
        el = self._els.get(anchor or "")
        if el is not None:
            x, y = el.position["x"], el.position["y"]
            pan = {"x": min(pan["x"], 320 - z * x), "y": min(pan["y"], 330 - z * y)}
        return {"fit": False, "zoom": z, "pan": pan}

    def show_all(self) -> None:
        """The "Show whole graph" button: fit every drawn node in the view (and keep doing so after filtering); after
        a path answer drawn alone, every node the filters keep, the path still marked."""
        self.view = "all"
        if getattr(self, "query", None) is not None:  # a path answer drawn alone: every node again, the path marked
            self.query = None
            self.redraw()
            return
        self._set_view(self._fit_all())

    def show_readable(self) -> None:
        """The "Readable size" button: back to the readable zoom on the drawing's top-left corner."""
        self.view = "read"
        self._set_view(self._readable())

    def _classes(self, n: str) -> str:
        return (node_classes(self.G.nodes[n]) + (" focus" if n == self.selected else "")
                + (" found" if n == self.found else ""))

    def _restyle(self, *nids: str | None) -> None:
        """Give the drawn nodes ``nids`` their classes again (selection and search marks) without redrawing."""
        for n in dict.fromkeys(nids):
            el = self._els.get(n) if n else None
            if el is not None:
                cls = self._classes(n)
                if el.classes != cls:
                    el.classes = cls

    def _draw(self, data: dict) -> None:
        """Replace the drawn elements in one go (ipycytoscape's add_* methods sync once per element)."""
        graph = self.cy.graph
        old = [*graph.nodes, *graph.edges]
        self._gen += 1
        tag = f"@{self._gen}"  # fresh element ids: the browser adds the new elements before removing the old

        def ids(d: dict) -> dict:
            return {k: (f"{x}{tag}" if k in ("id", "parent", "source", "target") else x) for k, x in d.items()}
        nodes = [ipycytoscape.Node(data=ids(n["data"]), classes=n["classes"], position=n.get("position", {}))
                 for n in data["nodes"]]
        edges = [ipycytoscape.Edge(data=ids(e["data"]), classes=e["classes"] + " directed multiple_edges")
                 for e in data["edges"]]
        graph.edges = []
        graph.nodes = nodes
        graph.edges = edges
        self._els = {n["data"]["id"]: el for n, el in zip(data["nodes"], nodes)}
        for el in old:
            el.close()
