"""The ability graph's searches: Find (select, outline and centre a node named in any way) and the path query ("how
can A affect B?", the paths highlighted on the canvas). A part of :class:`widgets.graph.GraphView`; the answers and
their words come from :mod:`tutor.interactions`."""
from __future__ import annotations

import unicodedata

from tutor import interactions as tg
from tutor.graph_ways import way_words

from .style import esc, typed


def asked_node(text: str | None) -> str | None:
    """The node a page's address asks for (``?node=``) as the graph's ids are written: without invisible format
    characters (Unicode category Cf: zero-width spaces and joiners, bidi marks, soft hyphens), in Unicode's
    compatibility form (NFKC: full-width ``ｎａｌｐａ`` and ``：`` are ``nalpa`` and ``:``) and without spaces around
    it, so ``rs.attract`` with a zero-width space in it is ``rs.attract`` (issue 14: "no such card"; attack 39:
    full-width letters and a trailing space). ``None`` or ``""`` as given."""
    if not text:
        return text
    return unicodedata.normalize("NFKC", "".join(ch for ch in str(text) if unicodedata.category(ch) != "Cf")).strip()


def address_node(G, text: str | None, game: str) -> str | None:
    """The node of graph ``G`` a page's address names (``?node=``, read by :func:`asked_node`): its id as written,
    else an id equal to it but for capitals (``RESTLESS-SPIRITS:NALPA``), else the one card or rule word it names as
    Find would (``Nalpa``; :func:`tutor.interactions.resolve`, ``game``'s nodes first). When none (or several)
    match, the text read, which is not a node of ``G`` (the page then says so)."""
    t = asked_node(text)
    if not t or t in G:
        return t
    low = t.lower()
    hit = next((n for n in G if n.lower() == low), None)
    if hit is None:
        hit, _why = tg.resolve(G, t, None if game == "all" else game)
    return hit if hit is not None else t


class Search:
    """Find and the path query of :class:`widgets.graph.GraphView` (see the module's docstring)."""

    def find_node(self, text: str) -> str | None:
        """Select the node named ``text`` (a list entry, a card or word id, or part of a name, any case; the shown
        game's nodes first), outline it (class ``found``) and draw its neighbourhood (Focus is ticked: what affects
        it on the left, what it affects on the right, the view fitted to them), switching the game or dropping the
        Side/Class filter when it is not drawn. The previous search's outline goes first. When none matches, say so
        at the top of the details panel and change nothing else: the selected card, its details and the outline stay
        (attack 26: a search for "__class__" cleared the selected card). Returns the node id, or None."""
        self.whole_graph()  # (every game's nodes can be found)
        self._start_notice = ""  # (the address's notice gives way to the learner's own search)
        text = typed(text).strip()
        hits = tg.candidates(self.G, text, self.game.value) if text else []
        if text and not hits:
            if self._path_note:  # (only the latest message shows: an earlier "how can A affect B?" refusal goes)
                self.path.value, self._path_note = "", False
            self.details.value = (f'<p class="tutor-graph-none">{esc(tg.not_found(text, self.game.value))}</p>'
                                  f"{self._kept_details()}")
            return None
        self.query = None  # (a path answer drawn alone gives way to the found node's neighbourhood)
        before, self.found = self.found, None
        self._restyle(before)
        if not text:  # an emptied box: an earlier "no card … is called" goes too (attack 33: it stayed)
            if self.details.value.startswith('<p class="tutor-graph-none"'):
                self.details.value = self._kept_details()
            return None
        self._found_text = text
        node = hits[0]
        game = self.G.nodes[node]["game"]
        self._hold += 1  # one drawing, by select() below
        try:
            if self.game.value not in ("all", game):
                self.set_game(game, clear=False)  # that game (and Side/Class reset)
                self.path_edges, self.path.value = set(), ""  # the other game's path answer goes, and its A and B
                for box in (self.src, self.dst):
                    box.value = ""
            if self.group.value and self.G.nodes[node]["card"] and self.group.value not in self.G.nodes[node]["group"]:
                self.group.value = ""  # its Side/Class filter would hide it
            self.focus.value = True  # its neighbourhood, not the whole graph
            # the earlier "How can A affect B" answer goes with its highlight (trial 16: it stayed beside the found
            # card's graph, read as about it); A and B stay typed to ask again
            self.path_edges, self.path.value = set(), ""
        finally:
            self._hold -= 1
        self.found = node
        self.select(node)  # (draws: Focus)
        return node

    #: True while the path answer is a refusal (:meth:`_no_path`), not an answer
    _path_note = False

    def _kept_details(self) -> str:
        """The selected node's details (HTML) with no message above them, or "" when none is selected."""
        return self._details(self.selected, wait=False) if self.selected is not None else ""

    def _no_path(self, message: str) -> str:
        """Show ``message`` as the answer, with no path highlighted or drawn alone; return it. Only the latest
        message shows (issue #16): one above the details (Find found nothing, the address's unknown node) goes."""
        self.path.value, self._path_note = f"<p>{esc(message)}</p>", True
        if self.details.value.startswith('<p class="tutor-graph-none"'):
            self.details.value = self._kept_details()
        if self.path_edges or self.query is not None:
            self.path_edges, self.query = set(), None
            self.redraw()
        return message

    def ask_path(self, a: str, b: str) -> str:
        """Answer "how can ``a`` affect ``b``?" in the game shown and draw the answer alone (A on the left, B on the
        right, the paths between; "Show whole graph" draws the others too); return the answer text. ``a`` and ``b``
        are read as Find reads its text (a list entry, a node id, a name or part of one, any case; the shown game's
        nodes first); a name that matches several nodes or none, two nodes of different games, the same node twice,
        or nodes of another game than the one shown get a plain sentence instead (the Game filter never changes)."""
        self.whole_graph()
        self._start_notice = ""
        G = self.G
        blank = [side for side, text in (("A", a), ("B", b)) if not str(text or "").strip()]
        a, b = typed(a), typed(b)
        if blank:
            return self._no_path(f"Choose {' and '.join(blank)} first.")
        unread = [side for side, text in (("A", a), ("B", b)) if not text]
        if unread:  # (attack 27: only zero-width or bidi characters, which the tutor does not read, said "Choose")
            return self._no_path(" ".join(f"{side}: what is typed there has no letter the tutor reads (only "
                                          "invisible characters). Type part of a name, or pick one from the list."
                                          for side in unread))
        (u, why_a), (v, why_b) = tg.resolve(G, a, self.game.value), tg.resolve(G, b, self.game.value)
        if u is None or v is None:
            return self._no_path(" ".join(f"{side}: {why}" for side, why in (("A", why_a), ("B", why_b)) if why))
        if u == v:
            return self._no_path(f"A and B are both {tg.label(G, u)}: choose two different ones.")
        if apart := tg.apart(G, u, v):
            return self._no_path(apart)
        shown, theirs = self.game.value, G.nodes[u]["game"]
        if shown not in ("all", theirs):
            return self._no_path(f"{tg.label(G, u)} and {tg.label(G, v)} are in {tg.GAME_TITLES[theirs]}, and the "
                                 f"graph shows {tg.GAME_TITLES[shown]}: choose {tg.GAME_TITLES[theirs]} under Game to "
                                 "ask about them.")
        # a new question: the card an earlier search found gives way (trial 13, item G1: its details stayed beside
        # the answer); the side panel shows A, the card the answer starts from, and the Find box is emptied
        self._hold += 1
        try:
            if self.find.value:
                self.find.value = ""  # (find_node(""): the found card's mark goes)
            before, self.found, self._found_text = self.found, None, None
            self._restyle(before)
        finally:
            self._hold -= 1
        self.selected, self._path_note = u, False
        self.details.value = self._details(u, wait=False)
        ps = tg.paths(G, u, v)
        self.path_edges = {e for p in ps for e in p}
        self.query = (u, v, ps)
        stopped = tg.stopped(G, u, v)  # B blocks A (a protection): said first, as the engine refuses the move (or can)
        head = f"<p>{esc(stopped)}</p>" if stopped else ""
        if not ps:
            # (trial 27: Seone -> Nozawa said "cannot affect" and drew a Nozawa -> Seone arrow with no word on it)
            back = "".join("<p>The arrow drawn goes the other way, B to A: "
                           f"{esc(tg.explain(G, v, u, k).rstrip('.'))}.</p>"
                           for k in (G[v][u] if G.has_edge(v, u) else {}))
            self.path.value = head or (f"<p><b>{esc(tg.label(G, u))}</b> cannot affect <b>{esc(tg.label(G, v))}</b> "
                                       f"in 4 steps or fewer.</p>{back}")
        else:
            items = []
            for p in ps:  # (a block further along says what it does: unblocks, protects against)
                chain, hops = way_words(G, p)
                items.append(f"<li><b>{esc(chain)}</b><ol type='a'>{''.join(f'<li>{esc(h)}</li>' for h in hops)}</ol></li>")
            n = len(ps)
            lead = (f"<p>{n} way{'' if n == 1 else 's'} {esc(tg.label(G, u))} can affect {esc(tg.label(G, v))}, "
                    f"drawn alone:</p>")
            only = head and not G.has_edge(u, v)  # B's defence always holds: the ways go through other cards
            self.path.value = head + ("<p>Only through other cards:</p>" if only else lead) + f"<ol>{''.join(items)}</ol>"
        self._hold += 1  # one drawing: the answer alone (Focus off, so that ticking it goes back to a card)
        try:
            self.focus.value = False
        finally:
            self._hold -= 1
        self.query = (u, v, ps)  # (unticking Focus keeps it)
        self.redraw()
        return tg.how(G, u, v)
