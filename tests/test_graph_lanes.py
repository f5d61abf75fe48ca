"""The ability graph's path drawing gives each arrow along one side of a column its own lane, and its token words
name the side the token goes on (newuser 43: three "blocks" arrows beside Nozawa, Takayama, Nordheim and Onota shared
one line, so one could not tell where each came from; "Magmaros places 1 Burn token on a Spirit")."""
from tutor import interactions as tg
from widgets.graph import GraphView
from widgets.graph_layout import edge_routes, focus_layout, path_layout, side_lanes


def test_arrows_along_one_column_take_their_own_lanes():
    v = GraphView("restless-spirits")
    v.ask_path("Grindavik", "Gonga")
    a, b, ps = v.query
    pos, _ = path_layout(a, b, ps)
    routes = edge_routes(pos, None, True, sorted(v.path_edges))
    name = {e: f"{v.G.nodes[e[0]]['label']}>{v.G.nodes[e[1]]['label']}" for e in routes}
    side = {name[e]: r for e, r in routes.items() if " up" in r or " down" in r}
    # the shortest span nearest the cards, the longest outermost
    assert side == {"Onota>Takayama": " up lane-0", "Nordheim>Nozawa": " up lane-1", "Onota>Nozawa": " up lane-2"}
    # arrows between next columns keep their route, no lane
    assert all("lane" not in r for e, r in routes.items() if name[e] not in side)


def test_lanes_are_shared_only_by_spans_that_do_not_meet():
    pos = {"a": (0.0, 0.0), "b": (0.0, 76.0), "c": (0.0, 152.0), "d": (0.0, 228.0), "e": (0.0, 304.0)}
    edges = [("a", "c", 0), ("c", "e", 0), ("b", "d", 0)]
    routes = {e: " down" for e in edges}
    # a>c and c>e meet at c: different lanes; b>d meets both
    assert side_lanes(pos, edges, routes) == {("a", "c", 0): 0, ("b", "d", 0): 1, ("c", "e", 0): 2}
    pos2 = {"a": (0.0, 0.0), "b": (0.0, 76.0), "c": (0.0, 152.0), "d": (0.0, 228.0)}
    apart = [("a", "b", 0), ("c", "d", 0)]
    assert side_lanes(pos2, apart, {e: " down" for e in apart}) == {("a", "b", 0): 0, ("c", "d", 0): 0}


def test_status_tokens_name_the_side_they_go_on():
    G = tg.build("spirit-duels", scenarios=False)
    why = {(G.nodes[u]["label"], G.nodes[v]["label"]): d["why"] for u, v, d in G.edges(data=True)
           if "token" in d["why"] and " places " in d["why"] and "Class Ability" not in d["why"]}
    assert why[("Magmaros", "Burn token")] == "Magmaros places 1 Burn token on an enemy Spirit."
    assert why[("Rookrok", "Armor token")] == "Rookrok places 1 Armor token on itself."
    assert why[("Taunting Roar", "Armor token")] == "Taunting Roar places 1 Armor token on an ally Spirit."
    assert not [w for w in why.values() if w.endswith("on a Spirit.")]


def test_arrows_of_several_kinds_into_the_selected_card_each_take_their_kinds_lane():
    """Newuser 44: Presence's red "blocks" arrow into the Burn token ran along one lane under 18 purple "triggers"
    arrows. In a focus drawing each kind of arrow into (out of) the selected card has its own lane."""
    v = GraphView("spirit-duels", node="spirit-duels:burn")
    v.focus.value = True
    nodes, edges = v.visible()
    pos, _ = focus_layout(v.selected, edges)
    routes = edge_routes(pos, v.selected, False, edges, v.G)
    by = {(v.G.nodes[u]["label"], v.G.edges[(u, w, k)]["kind"]): routes[(u, w, k)] for u, w, k in edges if w == v.selected}
    assert by[("Presence", "blocks")] == " in in-0"
    assert by[("Magmaros", "triggers")] == " in in-1"  # the two kinds into it, in KIND_COLOURS order
    # one kind alone keeps the one lane
    assert edge_routes(pos, v.selected, False, [e for e in edges if v.G.edges[e]["kind"] == "triggers"], v.G) \
        == {e: r.replace(" in-1", "") for e, r in routes.items() if v.G.edges[e]["kind"] == "triggers"}
