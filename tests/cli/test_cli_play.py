"""`cavemind play` driven through standard input, as a person would type."""
import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import cavemind


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A CAVEMIND_HOME of the test's own (the games folder is its games/), and a current folder that must stay
    empty."""
    monkeypatch.setenv("CAVEMIND_HOME", str(tmp_path / "home"))
    (tmp_path / "cwd").mkdir()
    monkeypatch.chdir(tmp_path / "cwd")
    return tmp_path / "home"


def play(*args, lines=(), cwd=None):
    return subprocess.run([sys.executable, "-m", "cavemind.cli", "play", *map(str, args)],
                          input="".join(line + "\n" for line in lines), capture_output=True, text=True, cwd=cwd,
                          timeout=120)


def saved_games(home):
    """The saved games (not their records) in the games folder."""
    folder = home / "games"
    return sorted(p for p in folder.iterdir() if p.suffix == ".json") if folder.exists() else []


def events(stdout):
    """The moves and chance events of a transcript, and the undo notes, in order."""
    return [line.split("> ")[-1] for line in stdout.splitlines()
            if line.split("> ")[-1].startswith(("player 0 (you): ", "chance: ", "undone: "))]


def test_a_scripted_game_with_hint_save_and_resume(tmp_path, home):
    saved, final = tmp_path / "saved.json", tmp_path / "final.json"
    # Human X: a move by notation, a hint, a save, then moves by number until the end.
    first = play("tictactoe", "--seats", "human,mcts:iterations=200", "--deal-seed", 1, "--record", final,
                 lines=["b2", "hint", f"save {saved}", "1", "1", "1", "1"])
    assert first.returncode == 0, first.stderr
    assert "player 0 (you): b2" in first.stdout and "  #  move" in first.stdout      # the hint's table
    assert "game over" in first.stdout and "player 0 (human): score" in first.stdout
    record = json.loads(final.read_text())
    assert record["finished"] and record["moves"][0] == "b2" and len(record["returns"]) == 2
    game = cavemind.load_game("tictactoe")
    replayed = game.new_initial_state()
    for move in record["moves"]:
        replayed.apply(move)
    assert replayed == cavemind.state_from_json(record["position"]) and replayed.is_terminal()

    halfway = json.loads(saved.read_text())
    assert not halfway["finished"] and halfway["moves"] == record["moves"][:2]
    resumed = play("--from", saved, "--record", tmp_path / "again.json", lines=["1"] * 4)
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads((tmp_path / "again.json").read_text())["moves"][:2] == halfway["moves"]
    assert os.listdir(".") == []


def test_the_game_alone_is_you_against_the_default_ai_named_on_screen(home):
    result = play("tictactoe", "--seat", 1, "--deal-seed", 3, lines=["quit"])
    assert result.returncode == 1, result.stderr
    assert "you play seat 1 against the AI at level 10 of 10 (ismcts:level=10" in result.stdout
    assert "player 0 ismcts:level=10" in result.stdout and "player 1 human" in result.stdout
    assert "player 0 (ismcts:level=10" in result.stdout           # it moved first
    (path,) = saved_games(home)
    assert json.loads(path.read_text())["seats"][1] == "human"
    # --players N is a count: seat 0 is yours, the others the default AI
    three = play("kuhn_poker", "--players", 3, "--deal-seed", 1, lines=["quit"])
    assert three.returncode == 1, three.stderr
    assert "player 0 human, player 1 ismcts:level=10" in three.stdout and "player 2 ismcts:level=10" in three.stdout


def test_moves_by_prefix_in_any_case_and_the_commands(home):
    result = play("tictactoe", "--seats", "human,random", "--deal-seed", 1,
                  lines=["b", "B2", "help", "moves", "zz", "quit"])
    assert result.returncode == 1, result.stderr
    out = result.stdout
    assert "'b' could be 3 moves (type more of one): b3  b2  b1" in out
    assert "player 0 (you): b2" in out
    for command in ("moves", "board", "undo", "hint", "save FILE", "quit", "help"):
        assert f"\n  {command} " in out, command
    after_b2 = out.split("player 0 (you): b2")[1]
    assert after_b2.count("moves: 1) ") == 2                     # once with the board, once asked for
    assert "'zz' is not a legal move here" in out and "type 'moves' for the list" in out


def test_a_long_name_is_typed_by_its_unique_start(home):
    game = cavemind.load_game("honga", players=2)
    session = cavemind.GameSession(game, ["human", "random"], deal_seed=2)
    while session.to_move == cavemind.CHANCE:
        session.play_chance()
    names = [move.name for move in session.legal_moves()]
    name, short = names[0], unique_start(names[0], names)      # place NW/0 (forest3,trade1): place nw/0
    assert len(short) < len(name)
    result = play("honga", "--seats", "human,random", "--deal-seed", 2, lines=[short.lower(), "quit"])
    assert "could be" not in result.stdout
    assert result.returncode == 1, result.stderr
    assert f"player 0 (you): {name}" in result.stdout


def test_undo_goes_back_to_your_previous_move_and_the_dice_repeat(home):
    seats = ("--seats", "human,random", "--deal-seed", 1)
    # Find the first of your moves that a chance event follows at once (Stone Age: resolve hunt, then a roll).
    trial = events(play("stone_age", *seats, lines=["1"] * 40 + ["quit"]).stdout)
    yours = [i for i, event in enumerate(trial) if event.startswith("player 0 (you): ")]
    k = next(n for n, i in enumerate(yours, 1) if trial[i + 1].startswith("chance: "))
    result = play("stone_age", *seats, lines=["1"] * k + ["undo", "1", "quit"])
    assert result.returncode == 1, result.stderr
    seen = events(result.stdout)
    undone = seen.index(next(e for e in seen if e.startswith("undone: ")))
    move = trial[yours[k - 1]]                               # the run so far is the trial's, event for event
    assert seen[:undone] == trial[:undone] and seen[undone].startswith("undone: your move " + move.split(": ")[1])
    assert seen[undone + 1] == move                          # the same move again...

    def rolls_after(index):
        rolls = []
        for event in seen[index + 1:]:
            if not event.startswith("chance: "):
                break
            rolls.append(event)
        return rolls

    assert rolls_after(yours[k - 1]) and rolls_after(undone + 1) == rolls_after(yours[k - 1])   # ...the same dice


def test_undo_before_your_first_move_is_refused(home):
    result = play("tictactoe", "--seats", "human,random", "--deal-seed", 1, lines=["undo", "quit"])
    assert "nothing to undo: you have not moved yet" in result.stdout and result.returncode == 1


def test_quit_saves_the_game_in_the_games_folder_and_from_resumes_it(home):
    result = play("tictactoe", "--seats", "human,random", "--deal-seed", 5, lines=["b2", "quit"])
    assert result.returncode == 1, result.stderr
    (path,) = saved_games(home)
    assert path.parent == home / "games" and path.name.startswith("tictactoe-")
    assert f"game left unfinished: the game is saved to {path}; resume with: cavemind play --from {path}" \
        in result.stdout
    assert (home / "games" / (path.name + "l")).exists()          # its game record next to it
    assert os.listdir(".") == []
    resumed = play("--from", path, lines=["1"] * 4)
    assert resumed.returncode == 0 and "game over" in resumed.stdout, resumed.stderr
    assert "player 0 (you): b2" not in resumed.stdout           # b2 was already played


def test_end_of_input_saves_the_game_in_the_games_folder(home):
    result = play("tictactoe", "--seats", "human,random", "--deal-seed", 1, lines=["z9", "10", "help"])
    assert "'z9' is not a legal move here" in result.stdout and "no move 10" in result.stdout
    assert result.returncode == 2
    (saved,) = saved_games(home)
    assert cavemind.read_record(str(saved) + "l").result["finished"] is False
    assert result.stderr.strip() == ("cavemind play: error: input ended before the game did; the game is saved "
                                     f"to {saved}; resume with: cavemind play --from {saved}")
    assert os.listdir(".") == []


def test_a_game_that_cannot_be_saved_is_printed_to_stderr_and_resumes_from_there(tmp_path, monkeypatch):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("")
    monkeypatch.setenv("CAVEMIND_HOME", str(blocked))
    result = play("tictactoe", "--seats", "human,random", "--deal-seed", 1, lines=["b2"])
    assert result.returncode == 2
    *record_lines, error = result.stderr.strip().splitlines()
    assert f"cannot save the game in {blocked}/games: Not a directory" in error
    assert "record is printed above on standard error" in error
    kept = tmp_path / "kept.jsonl"
    kept.write_text("\n".join(record_lines) + "\n")
    assert cavemind.read_record(kept).entries[0].name == "b2"
    resumed = play("--from", kept, lines=["1"] * 4)
    assert resumed.returncode == 0 and "game over" in resumed.stdout, resumed.stderr


def test_the_old_players_seats_form_still_works_with_a_note(home):
    result = play("tictactoe", "--players", "human,random", "--deal-seed", 1, lines=["b2", "quit"])
    assert result.returncode == 1 and "player 0 (you): b2" in result.stdout
    assert "cavemind play: note: --players SEATS is deprecated here, use --seats SEATS" in result.stderr


@pytest.mark.parametrize("args, message", [
    (["honga", "--seats", "human,ismcts", "--option", "players=3"], "give one seat per player in --seats"),
    (["honga", "--option", "players=3"], "give the count with --players N"),
    (["tictactoe", "--seats", "human,random", "--seat", "1"], "--seats already says who sits where"),
    (["tictactoe", "--seats", "human,random", "--players", "3"], "--players 3, but --seats gives 2 seats"),
    (["tictactoe", "--seats", "human"], "--seats: 1 seat given; tictactoe is played by 2 players"),
    (["tictactoe", "--players", "human"], "--players: 1 seat given; tictactoe is played by 2 players"),
    (["tictactoe", "--players", "human,random", "--seats", "human,random"], "give only --seats"),
    (["tictactoe", "--players", "3"], "players=3 must be one of"),
])
def test_bad_seats_are_refused_naming_a_flag_that_can_say_it(home, args, message):
    result = play(*args)
    assert result.returncode == 2 and message in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_a_human_sees_only_their_own_cards(home):
    result = play("kuhn_poker", "--seats", "human,random", "--deal-seed", 4, "--record", "/dev/null",
                  lines=["bet", "call", "call"])
    assert result.returncode == 0, result.stderr
    before_the_end = result.stdout.split("game over")[0]
    assert "chance: deal ?" in before_the_end and "player 1: card ?" in before_the_end
    assert "player 0: card ?" not in before_the_end


def test_bots_only_play_to_the_end(home):
    result = play("kuhn_poker", "--seats", "random,ismcts:iterations=100,c=1,random", "--deal-seed", 2)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count(": score ") == 3


def test_a_line_typed_ahead_is_not_taken_as_the_file_name_at_the_end(tmp_path, home):
    """On a terminal (a pseudo-terminal here) a person may type before the question at the end is asked: a move
    too many, typed while the bot thought. That line is dropped; only an answer typed after the question counts."""
    pty = pytest.importorskip("pty")
    import select
    import time
    controller, terminal = pty.openpty()
    game = subprocess.Popen([sys.executable, "-m", "cavemind.cli", "play", "tictactoe", "--seats", "human,random",
                             "--deal-seed", "1"], stdin=terminal, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=tmp_path / "cwd")
    os.close(terminal)
    try:
        os.write(controller, b"1\n" * 5)           # the game needs four: the fifth is typed ahead
        out, deadline = b"", time.monotonic() + 60
        while b"save the game record to" not in out and time.monotonic() < deadline:
            if select.select([game.stdout], [], [], 1)[0]:
                out += os.read(game.stdout.fileno(), 65536)
        assert b"save the game record to (Enter to skip): " in out, out
        os.write(controller, b"\n")                # Enter: no record
        rest, err = game.communicate(timeout=60)
    finally:
        os.close(controller)
        if game.poll() is None:
            game.kill()
    assert game.returncode == 0, err
    assert b"record saved" not in rest and os.listdir(tmp_path / "cwd") == []


def unique_start(name, names):
    """What a person types for `name` among the legal `names`: its shortest start, in lower case, that no other
    name starts with, or the whole name where it is the start of others."""
    lowered = [n.lower() for n in names]
    for end in range(1, len(name) + 1):
        start = name[:end].lower()
        if not start.endswith(" ") and [n for n in lowered if n.startswith(start)] == [name.lower()]:
            return start
    return name.lower()


class Typist:
    """Answers the prompts of seat 0 of `match` as a person would: the unique start of the first legal move's
    name, and the commands of `plan` (by the number of the move prompt) in between."""

    def __init__(self, match, plan):
        self.match, self.plan, self.prompts, self.meant = match, dict(plan), 0, []

    def read(self, prompt):
        assert prompt == "player 0> ", prompt          # no other question: nothing is piped to one
        self.prompts += 1
        if self.prompts in self.plan:
            return self.plan[self.prompts]
        names = [move.name for move in self.match.session.legal_moves()]
        self.meant.append(names[0])
        return unique_start(names[0], names)


@pytest.mark.parametrize("name", [n for n in cavemind.game_names() if n != "kuhn_poker"])   # (one or two moves)
def test_a_typed_game_of_every_game_with_undo_quit_and_resume_to_the_end(name, home):
    """Issue 36's acceptance: a session per game typed as a person would (unique starts, moves, undo, quit and
    resume) against the AI at a level, to the end."""
    from cavemind.play import Match, Terminal, load_session
    from cavemind.play import play as play_in_terminal

    counts = cavemind.parameters_of(name)["players"].get("choices") or [2]
    game = cavemind.load_game(name, players=2 if 2 in counts else counts[0])
    seats = ["human"] + ["ismcts:level=1,iterations=40"] * (game.num_players - 1)     # a level (its choice; a
    first = Match(cavemind.GameSession(game, seats, deal_seed=11))                      # fixed budget repeats)
    typist, out = Typist(first, {3: "moves", 4: "undo", 6: "quit"}), io.StringIO()
    assert play_in_terminal(first, Terminal(typist.read, out, interactive=False)) == 1
    shown = out.getvalue()
    assert "could be" not in shown and "not a legal move" not in shown
    assert "undone: your move " + typist.meant[1] in shown                 # the second move, taken back
    assert [e.name for e in first.session.entries if e.mover == 0] == [typist.meant[0], typist.meant[2]]
    assert typist.meant[1] == typist.meant[2]                # back at the same decision, the same move again
    at = 0
    for meant in typist.meant:                               # each move typed by its start is played in full
        at = shown.index(f"\nplayer 0 (you): {meant}\n", at) + 1
    (path,) = saved_games(home)
    resumed = Match(load_session(path.read_text(encoding="utf-8"), str(path)))
    assert resumed.session.state == first.session.state and resumed.session.moves == first.session.moves
    typist, out = Typist(resumed, {}), io.StringIO()
    assert play_in_terminal(resumed, Terminal(typist.read, out, interactive=False)) == 0
    assert "game over" in out.getvalue() and resumed.session.is_over()
    assert "could be" not in out.getvalue() and "not a legal move" not in out.getvalue()


def test_the_games_folder_is_cavemind_home_then_xdg_data_home_then_the_xdg_default():
    from cavemind.play import games_folder

    home = os.path.expanduser("~")
    assert games_folder({"CAVEMIND_HOME": "/srv/cm", "XDG_DATA_HOME": "/data"}) == "/srv/cm/games"
    assert games_folder({"XDG_DATA_HOME": "/data"}) == "/data/cavemind/games"
    assert games_folder({"CAVEMIND_HOME": "", "XDG_DATA_HOME": "relative"}) == \
        f"{home}/.local/share/cavemind/games"                   # the XDG rule: a relative path is ignored
    assert games_folder({}) == f"{home}/.local/share/cavemind/games"


# An abbreviation each game's board shows that its legend explains.
BOARD_TERMS = {"dino_jagd": "EJ", "honga": "NW", "jaeger_und_spaeher": "W", "kuhn_poker": "betting",
               "prehistory": "^", "stone_age": "card1", "tictactoe": "."}


@pytest.mark.parametrize("name", cavemind.game_names())
def test_legend_at_the_prompt_explains_the_board(name, home):
    from cavemind.play import Match, Terminal
    from cavemind.play import play as play_in_terminal

    legend = cavemind.game_info(name).legend
    assert legend and BOARD_TERMS[name] in legend
    game = cavemind.load_game(name)
    match = Match(cavemind.GameSession(game, ["human"] + ["random"] * (game.num_players - 1), deal_seed=3))
    typed, out = iter(["help", "legend", "quit"]), io.StringIO()
    assert play_in_terminal(match, Terminal(lambda prompt: next(typed), out, interactive=False)) == 1
    shown = out.getvalue()
    assert "\n  legend      what the board's symbols and abbreviations mean\n" in shown      # help lists it
    assert f"legend of the {name} board:\n{legend}\n" in shown
    assert BOARD_TERMS[name] in shown[:shown.index("legend of the")]      # on the board shown before


def outcome(state, notation):
    """The action id whose notation in `state` is `notation` (a chance outcome or a move, legal now or not)."""
    return next(a for a in range(state.game.max_actions) if state.action_to_string(a) == notation)


def test_chance_outcomes_named_by_a_code_are_shown_in_words():
    """Issue 36, point 6 (no code without its name): the notation of a drawn card or disc keeps its code, the
    one records and the engine read; what a person is shown adds what the code stands for, as the board says
    it (the disc's hands, the card's cost and points, what a Stone Age card gives)."""
    honga = cavemind.load_game("honga", players=3).new_initial_state(seed=3)
    assert honga.action_to_words(outcome(honga, "disc G27[1120]")) == "disc G27[1120]: a grey 1-1-2-0 disc"
    assert honga.action_to_words(outcome(honga, "trade-card #18 (1f2b2m0M=6)")) == \
        "trade-card #18 (1f2b2m0M=6): trade card [#18] 1 fish, 2 berries, 2 mushrooms for 6 points"
    assert honga.action_to_words(outcome(honga, "bonus-card chase_honga")) == \
        "bonus-card chase_honga: bonus card chase Honga away"
    stone_age = cavemind.load_game("stone_age").new_initial_state(seed=0)
    cards = Path(cavemind.__file__).parent / "data" / "stone_age" / "cards.json"
    card = next(c for c in json.loads(cards.read_text(encoding="utf-8"))["cards"] if c["id"] == "G07")
    assert (card["top"]["effect"], card["top"]["amount"], card["culture"]) == ("food", 7, "pottery")
    assert stone_age.action_to_words(outcome(stone_age, "reveal G07")) == "reveal G07: 7 food / culture pottery [G07]"
    assert stone_age.action_to_words(outcome(stone_age, "reveal 2wood+1clay")) == \
        "reveal 2wood+1clay: a building of 2 wood, 1 clay for 10 points"
    for moved in ("place 1 card1", "roll 7"):         # a notation that says it all stays as it is
        assert stone_age.action_to_words(outcome(stone_age, moved)) == moved
    tictactoe = cavemind.load_game("tictactoe").new_initial_state()
    assert tictactoe.action_to_words(4) == tictactoe.action_to_string(4) == "b2"


def test_a_drawn_prehistory_card_in_words_is_the_card_the_board_then_shows():
    """Prehistory's ceremony cards and hunting cards are drawn by number; the words are what the board shows of
    the card once it lies there (a seeded game, up to its first ceremony card drawn after the deal)."""
    state = cavemind.load_game("prehistory").new_initial_state(seed=1)
    rng = random.Random(0)
    while True:
        if state.is_chance_node():
            action = state.sample_chance(rng.randrange(1 << 30))
            words = state.action_to_words(action)
            state.apply(action)
            if words.startswith("draw ceremony card "):
                break
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert words.split(": ", 1)[1].removeprefix("ceremony card ") in state.render()


def test_play_shows_the_chance_outcomes_in_words(home):
    """What `cavemind play` prints of Honga's deal: the discs by their hands, the trade cards by their cost."""
    shown = play("honga", "--seats", "human,random,random", "--deal-seed", 3, lines=["quit"]).stdout
    assert "chance: disc G27[1120]: a grey 1-1-2-0 disc" in shown
    assert "chance: trade-card #18 (1f2b2m0M=6): trade card [#18] 1 fish, 2 berries, 2 mushrooms for 6 points" in shown
