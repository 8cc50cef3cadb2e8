"""One meaning per name (issue 36): the deal seed, the search seed and the match seed each have their own flag,
file key and engine field; the old bare --seed and "seed" still work, with a note."""
import gzip
import json
import subprocess
import sys

import pytest

import cavemind
from cavemind.arena import derive_seed, read_results

# command -> (its seed flag, the flags it must not list)
SEED_FLAGS = {
    "new": ("--deal-seed", ("--search-seed", "--match-seed")),
    "play": ("--deal-seed", ("--search-seed", "--match-seed")),
    "analyse": ("--search-seed", ("--match-seed",)),       # (its --deal-seed draws the chance events of --moves)
    "review": ("--search-seed", ("--deal-seed", "--match-seed")),
    "arena": ("--match-seed", ("--deal-seed", "--search-seed")),
}


def cavemind_cli(*args, lines=(), env=None):
    return subprocess.run([sys.executable, "-m", "cavemind.cli", *map(str, args)], capture_output=True, text=True,
                          input="".join(line + "\n" for line in lines), timeout=120, env=env)


@pytest.mark.parametrize("command", SEED_FLAGS)
def test_each_command_s_help_names_its_own_seed_flag_and_no_bare_seed(command):
    result = cavemind_cli(command, "--help")
    assert result.returncode == 0, result.stderr
    flag, others = SEED_FLAGS[command]
    assert f"{flag} S" in result.stdout
    assert "--seed " not in result.stdout and "--seed\n" not in result.stdout
    assert not [other for other in others if other in result.stdout]


def test_analyse_old_seed_flag_is_the_search_seed_with_a_note():
    args = ("analyse", "--example", "kuhn_poker", "--iterations", 300, "--json")
    new = cavemind_cli(*args, "--search-seed", 11)
    old = cavemind_cli(*args, "--seed", 11)
    other = cavemind_cli(*args, "--search-seed", 12)
    assert new.returncode == old.returncode == other.returncode == 0, old.stderr

    def moves(result):
        return json.loads(result.stdout)["moveInfos"]
    assert moves(old) == moves(new) != moves(other)
    assert "note: --seed is deprecated here, use --search-seed" in old.stderr
    assert "deprecated" not in new.stderr
    both = cavemind_cli(*args, "--search-seed", 11, "--seed", 11)
    assert both.returncode == 2
    assert both.stderr.strip() == ("cavemind analyse: error: --seed is the old name of --search-seed: give only "
                                   "--search-seed")


def test_review_old_seed_flag_is_the_search_seed_with_a_note(tmp_path):
    session = cavemind.GameSession(cavemind.load_game("kuhn_poker"), ["random", "random"], deal_seed=2)
    while not session.is_over():
        session.play_chance() if session.to_move < 0 else session.ai_move()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(session.to_saved_game()))
    new = cavemind_cli("review", path, "--iterations", 100, "--json", "--search-seed", 4)
    old = cavemind_cli("review", path, "--iterations", 100, "--json", "--seed", 4)
    assert new.returncode == old.returncode == 0, old.stderr
    assert json.loads(old.stdout) == json.loads(new.stdout)
    assert "note: --seed is deprecated here, use --search-seed" in old.stderr


def arena(out, *flags):
    return cavemind_cli("arena", "kuhn_poker", "--bot", "random", "--bot", "heuristic", "--games", 2,
                        "--bootstrap", 0, "--out", out, *flags)


def test_an_arena_results_file_names_the_match_seed_and_each_deal_seed(tmp_path):
    result = arena(tmp_path / "new.jsonl", "--match-seed", 5)
    assert result.returncode == 0, result.stderr
    header, *games = [json.loads(line) for line in (tmp_path / "new.jsonl").read_text().splitlines()]
    assert header["match_seed"] == 5 and "seed" not in header
    assert all("deal_seed" in game and "seed" not in game for game in games) and len(games) == 2
    assert "Match seed 5" in result.stdout
    old = arena(tmp_path / "old.jsonl", "--seed", 5)
    assert old.returncode == 0, old.stderr
    assert "note: --seed is deprecated here, use --match-seed" in old.stderr
    again = [json.loads(line) for line in (tmp_path / "old.jsonl").read_text().splitlines()]

    def played(lines):
        return [(g["deal_seed"], [(seat, name) for seat, name, _ in g["moves"]]) for g in lines]
    assert played(again[1:]) == played(games)
    assert [g["deal_seed"] for g in games] == [derive_seed(5, 0)] * 2   # one deal, two rotations
    assert arena(tmp_path / "both.jsonl", "--seed", 5, "--match-seed", 5).returncode == 2


def test_a_results_file_written_before_match_seed_is_still_read_and_resumed(tmp_path):
    assert arena(tmp_path / "r.jsonl", "--match-seed", 3).returncode == 0
    lines = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text().splitlines()]
    # the same match as format 1 wrote it: "seed" in the header and in every game line
    lines[0] = {**{k: v for k, v in lines[0].items() if k != "match_seed"}, "format": 1, "seed": 3}
    lines[1:] = [{**{k: v for k, v in g.items() if k != "deal_seed"}, "seed": g["deal_seed"]} for g in lines[1:]]
    old = tmp_path / "old.jsonl.gz"
    old.write_bytes(gzip.compress("".join(json.dumps(line) + "\n" for line in lines).encode()))
    header, games = read_results(str(old))
    assert header["match_seed"] == 3 and [g["deal_seed"] for g in games] == [g["seed"] for g in lines[1:]]
    shown = cavemind_cli("show", old, "--game", 2, "--move", 2)
    assert shown.returncode == 0, shown.stderr
    plain = tmp_path / "old.jsonl"
    plain.write_text("".join(json.dumps(line) + "\n" for line in lines))
    resumed = cavemind_cli("arena", "kuhn_poker", "--bot", "random", "--bot", "heuristic", "--games", 4,
                           "--bootstrap", 0, "--out", plain, "--match-seed", 3)
    assert resumed.returncode == 0, resumed.stderr
    assert len(plain.read_text().splitlines()) == 5          # the old header, 2 old games, 2 new ones


def test_a_game_saved_now_has_deal_seed_and_one_saved_with_seed_still_loads(tmp_path):
    saved = tmp_path / "saved.json"
    result = cavemind_cli("play", "kuhn_poker", "--seats", "human,random", "--deal-seed", 7,
                          lines=[f"save {saved}", "pass", "pass"])
    assert result.returncode == 0, result.stderr
    doc = json.loads(saved.read_text())
    assert doc["deal_seed"] == 7 and "seed" not in doc
    old = {k: v for k, v in doc.items() if k != "deal_seed"} | {"seed": 7}
    old_path, again = tmp_path / "old.json", tmp_path / "again.json"
    old_path.write_text(json.dumps(old))
    resumed = cavemind_cli("play", "--from", old_path, lines=[f"save {again}", "pass", "pass"])
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(again.read_text())["deal_seed"] == 7
    assert cavemind_cli("show", old_path).returncode == 0
    both = old_path.with_name("both.json")
    both.write_text(json.dumps(doc | {"seed": 7}))
    refused = cavemind_cli("show", both)
    assert refused.returncode == 2 and "seed: the old name of deal_seed; give only deal_seed" in refused.stderr
