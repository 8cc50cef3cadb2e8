"""The local web application (`cavemind serve`, the `web` extra): play on an SVG board drawn from your seat's
view, watch the search think, and review a game. app builds the Starlette application and its JSON API,
sessions holds the games, views decides what a seat is shown, analysis streams a live search over a
WebSocket, requests checks what the browser sends; static/ is the page (plain ES modules, no build step).
docs/web.md describes it."""
from __future__ import annotations
