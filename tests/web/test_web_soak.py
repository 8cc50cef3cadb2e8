"""50 sessions at once, each playing a whole game over the local HTTP interface (uvicorn on 127.0.0.1), six
rounds: every request answered without an error, each round within its time bound, every game closed, and the
memory flat: the live Python allocations (tracemalloc) the same after the second round and the last.

The process's resident size is printed, not asserted: it climbs in steps while 50 games run at once and then
stays (the allocators keep the high-water mark of the concurrent peak; in a run of ten rounds it went 104, 144,
149, 187, 187, 192, 192, 195, 195, 197 MB), while the live allocations stay at a few megabytes."""
from __future__ import annotations

import gc
import os
import random
import threading
import tracemalloc

import pytest

httpx = pytest.importorskip("httpx", reason="httpx (the test extra) is not installed")

SESSIONS = 50
ROUNDS = 6
ROUND_SECONDS = 120               # the bound on one round of 50 games
GAMES = (("tictactoe", ["human", "random"]), ("kuhn_poker", ["human", "ismcts:iterations=200"]),
         ("tictactoe", ["human", "human"]), ("kuhn_poker", ["random", "human"]))
# The live allocations may grow this much from the end of the second round (the first warms up caches, the
# thread pool, the games' data) to the end of the last.
MEMORY_GROWTH_MB = 1.0


def resident_mb():
    """The process's resident size (Linux), or nan elsewhere."""
    if not os.path.exists("/proc/self/statm"):
        return float("nan")
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def play_one(base, number, failures):
    rng = random.Random(number)
    game, seats = GAMES[number % len(GAMES)]
    try:
        with httpx.Client(base_url=base, timeout=60) as client:
            answer = client.post("/api/games", json={"game": game, "seats": seats, "dealSeed": number})
            assert answer.status_code == 201, answer.text
            view = answer.json()
            game_id = view["id"]
            for _ in range(200):
                if view.get("finished"):
                    break
                if "passTo" in view:
                    answer = client.get(f"/api/games/{game_id}", params={"seat": view["passTo"]})
                elif view["aiToMove"]:
                    answer = client.post(f"/api/games/{game_id}/ai-move")
                else:
                    move = rng.choice(view["legalMoves"])
                    answer = client.post(f"/api/games/{game_id}/play", json={"move": move["name"],
                                                                             "seat": view["viewer"]})
                assert answer.status_code == 200, answer.text
                view = answer.json()
            assert view["finished"], f"{game} not over after 200 requests"
            assert client.get(f"/api/games/{game_id}/record").status_code == 200
            assert client.delete(f"/api/games/{game_id}").status_code == 200
    except Exception as error:       # collected: the main thread reports every failure
        failures.append(f"session {number} ({game}): {type(error).__name__}: {error}")


def test_fifty_concurrent_sessions_play_to_the_end(live_server):
    games = live_server.app.state.games
    memory, resident = [], []
    tracemalloc.start()
    for round_number in range(ROUNDS):
        failures: list[str] = []
        threads = [threading.Thread(target=play_one, args=(live_server, round_number * SESSIONS + k, failures))
                   for k in range(SESSIONS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=ROUND_SECONDS)
        assert not any(thread.is_alive() for thread in threads), f"round {round_number}: over {ROUND_SECONDS} s"
        assert failures == [], failures[:5]
        assert len(games) == 0, f"round {round_number}: {len(games)} games left open"
        gc.collect()
        memory.append(tracemalloc.get_traced_memory()[0] / 2**20)
        resident.append(resident_mb())
    tracemalloc.stop()
    print("live allocations (MB) after each round:", [round(m, 2) for m in memory])
    print("resident size (MB) after each round:", [round(m, 1) for m in resident])
    assert memory[-1] - memory[1] < MEMORY_GROWTH_MB, f"live allocations by round: {memory}"
