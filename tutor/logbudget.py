"""A log line budget for refusals a page can cause at will (malformed websocket frames, forged widget messages): at
most ``budget`` lines per ``window_s`` seconds, the lines over it counted and said in one line when the next window
opens, so a flood never fills the server's log. Used by :mod:`tutor.wsframes` and :mod:`widgets.comm_guard`."""
from __future__ import annotations

import logging
import time


def budget_warn(log: logging.Logger, window: dict, budget: int, window_s: float, over: str, template: str,
                *args: object) -> bool:
    """Log ``template % args`` as a warning unless ``budget`` lines were logged in the current window of
    ``window_s`` seconds. ``window``: the caller's counters ``{"start", "logged", "unlogged"}`` (changed here);
    ``over``: the line that says how many were not logged, with ``%d`` (the count) and ``%.0f`` (the seconds).
    Returns whether this line was logged."""
    now = time.monotonic()
    if now - window["start"] >= window_s:
        if window["unlogged"]:
            log.warning(over, window["unlogged"], window_s)
        window.update(start=now, logged=0, unlogged=0)
    if window["logged"] >= budget:
        window["unlogged"] += 1
        return False
    window["logged"] += 1
    log.warning(template, *args)
    return True
