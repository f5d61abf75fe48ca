"""Game-agnostic engine: session, history/undo, actions, events, clauses, seeded RNG, content loading."""
