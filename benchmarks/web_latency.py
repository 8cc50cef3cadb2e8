"""How fast `cavemind serve` answers: every kind of request of whole games played over the local HTTP interface
(uvicorn on 127.0.0.1, one client), timed from the client's side, per game and route: median, 95th percentile
and worst, against the goal of 100 ms per interaction apart from the AI's thinking (the bot here is `random`,
which does not think, so `ai-move` measures what a bot's move costs besides its search).

    python benchmarks/web_latency.py                  # the five games, 2 players, 1 game each
    python benchmarks/web_latency.py --game stone_age --games 3

A figure, not a test: nothing here asserts on time.
"""
from __future__ import annotations

import argparse
import random
import statistics
import threading
import time
from collections import defaultdict

import httpx
import uvicorn

from cavemind.web.app import create_app

GAMES = ("stone_age", "honga", "jaeger_und_spaeher", "dino_jagd", "prehistory")
GOAL_MS = 100.0
MAX_REQUESTS = 6000


def serve() -> tuple[str, uvicorn.Server]:
    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=0, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{server.servers[0].sockets[0].getsockname()[1]}", server


def play(client: httpx.Client, game: str, seed: int, times: dict[str, list[float]]) -> None:
    rng = random.Random(seed)

    def timed(route: str, method: str, path: str, **kwargs: object) -> httpx.Response:
        start = time.perf_counter()
        answer = client.request(method, path, **kwargs)  # type: ignore[arg-type]
        times[route].append((time.perf_counter() - start) * 1000)
        answer.raise_for_status()
        return answer

    timed("catalogue", "GET", "/api/catalogue")
    view = timed("new game", "POST", "/api/games", json={"game": game, "players": 2, "seats": ["human", "random"],
                                                         "dealSeed": seed}).json()
    game_id = view["id"]
    for _ in range(MAX_REQUESTS):
        if view["finished"]:
            break
        if view["aiToMove"]:
            view = timed("ai-move (random bot)", "POST", f"/api/games/{game_id}/ai-move").json()
            continue
        view = timed("play", "POST", f"/api/games/{game_id}/play",
                     json={"move": rng.choice(view["legalMoves"])["action"]}).json()
        if rng.random() < 0.05:
            timed("view", "GET", f"/api/games/{game_id}")
            timed("position", "GET", f"/api/games/{game_id}/position")
        if rng.random() < 0.02 and not view["finished"]:
            view = timed("undo", "POST", f"/api/games/{game_id}/undo").json()
    timed("record", "GET", f"/api/games/{game_id}/record")
    timed("position-at", "GET", f"/api/games/{game_id}/position-at", params={"ply": len(view["log"]) // 2})
    timed("close", "DELETE", f"/api/games/{game_id}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", choices=GAMES, help="a game (repeatable; default: all five)")
    parser.add_argument("--games", type=int, default=1, help="games per game (default 1)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    base, server = serve()
    print(f"| game | route | requests | median ms | p95 ms | worst ms | within {GOAL_MS:g} ms |")
    print("|---|---|---:|---:|---:|---:|---:|")
    with httpx.Client(base_url=base, timeout=60) as client:
        for game in args.game or GAMES:
            times: dict[str, list[float]] = defaultdict(list)
            for number in range(args.games):
                play(client, game, args.seed + number, times)
            for route, values in times.items():
                values.sort()
                p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
                within = sum(v <= GOAL_MS for v in values) / len(values)
                print(f"| {game} | {route} | {len(values)} | {statistics.median(values):.1f} | {p95:.1f} | "
                      f"{values[-1]:.1f} | {within:.1%} |")
    server.should_exit = True


if __name__ == "__main__":
    main()
