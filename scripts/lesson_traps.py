"""Find lessons where a wrong first action makes the goal unreachable while goal_out_of_reach says nothing.

Usage: python scripts/lesson_traps.py restless-spirits[,spirited,...] [node budget per first action]. Prints
TRAP lines (searched exhaustively to the solution length + 1: unreachable and silent) and ? lines (budget hit)."""
import sys, time
from tutor.lessons import all_lessons, start_lesson, goal_reached, goal_out_of_reach
from tutor.scenario import find

BUDGET = int(sys.argv[2]) if len(sys.argv) > 2 else 4000

def reachable(x, s, depth, budget):
    """True/False/None(unknown: budget)"""
    if goal_reached(x, s):
        return True
    if depth == 0 or s.is_over:
        return False
    unknown = False
    for a in s.legal_actions():
        if budget[0] <= 0:
            return None
        budget[0] -= 1
        s.apply(a)
        r = reachable(x, s, depth - 1, budget)
        s.undo()
        if r:
            return True
        if r is None:
            unknown = True
    return None if unknown else False

games = sys.argv[1].split(",")
for g in games:
    for x in all_lessons(g):
        t = time.time()
        s = start_lesson(x)
        D = len(x.solution) + 1
        for a in list(s.legal_actions()):
            s.apply(a)
            # walk: after a, explore; report positions where unreachable and silent
            if not goal_reached(x, s) and goal_out_of_reach(x, s) is None:
                r = reachable(x, s, D, [BUDGET])
                if r is False:
                    print(f"TRAP {x.id}: first {a.id!r} -> goal unreachable, silent; out_of_reach={len(x.out_of_reach)}", flush=True)
                elif r is None:
                    print(f"  ? {x.id}: first {a.id!r} unknown (budget)", flush=True)
            s.undo()
        print(f"done {x.id} {time.time()-t:.1f}s", file=sys.stderr, flush=True)
