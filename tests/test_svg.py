"""SVG pictures (cavemind.svg, State.to_svg, show --svg): every picture is valid SVG and shows what the
position holds, with hidden parts as card backs for the seats that cannot see them."""
import re
import xml.etree.ElementTree as ET

import pytest

import cavemind
from cavemind import cli
from cavemind.errors import InvalidOptionError, InvalidPositionError
from cavemind.svg import position_svg
from cavemind.svg.gallery import middle_position, write_gallery
from cavemind.testing import random_states, walk

SVG = "{http://www.w3.org/2000/svg}"


def parse(text):
    root = ET.fromstring(text)
    assert root.tag == SVG + "svg"
    assert len(root.get("viewBox").split()) == 4
    return root


def count(root, *classes):
    """Elements whose class attribute holds all of `classes`."""
    wanted = set(classes)
    return sum(1 for e in root.iter() if wanted <= set((e.get("class") or "").split()))


def texts(root, cls):
    return [e.text for e in root.iter(SVG + "text") if cls in (e.get("class") or "").split()]


def test_random_states_of_every_configuration_draw_from_every_view(game):
    for state in random_states(game, 5, seed=3):
        for observer in (None, *range(game.num_players)):
            root = parse(state.to_svg(observer=observer))
            words = " | ".join(e.text or "" for e in root.iter(SVG + "text"))
            assert not SINGULAR_SLIP.search(words), words


def find(game, seed, wanted, limit=40):
    """The first state of seeded random games for which wanted(state) holds."""
    for number in range(limit):
        for state in walk(game.new_initial_state(seed=seed + number), seed + number):
            if wanted(state):
                return state
    raise AssertionError("no such state in the seeded games")


def test_size_sets_the_width_and_bad_sizes_are_refused():
    state = cavemind.load_game("tictactoe").new_initial_state()
    root = parse(state.to_svg(size=300))
    assert root.get("width") == "300"
    for bad in (0, -5, 2.5, "big", True):
        with pytest.raises(InvalidOptionError, match="size"):
            state.to_svg(size=bad)
    assert state._repr_svg_() == state.to_svg()


def test_unknown_game_document_is_refused():
    with pytest.raises(InvalidPositionError, match="no picture"):
        position_svg({"game": "chess", "state": {}})


def test_a_document_is_checked_before_it_is_drawn():
    state = cavemind.load_game("honga", players=3).new_initial_state(seed=2)
    doc = state.to_dict(observer=1)
    assert position_svg(doc) == state.to_svg(observer=1)
    del doc["state"]["herd"]
    with pytest.raises(InvalidPositionError, match="herd"):
        position_svg(doc)


def test_tictactoe_marks_and_labels():
    state = cavemind.load_game("tictactoe").new_initial_state()
    for move in ("b2", "a1", "c3"):
        state.apply(move)
    root = parse(state.to_svg())
    assert count(root, "mark", "x") == 2 and count(root, "mark", "o") == 1 and count(root, "cell") == 9
    labels = [e.text for e in root.iter(SVG + "text")]
    assert {"a", "b", "c", "1", "2", "3"} <= set(labels)


def test_kuhn_poker_cards_face_up_for_the_owner_only():
    game = cavemind.load_game("kuhn_poker", players=3)
    state = find(game, 1, lambda s: not s.is_chance_node() and not s.is_terminal())
    for seat in range(3):
        root = parse(state.to_svg(observer=seat))
        assert count(root, "card", f"p{seat}") == 1
        assert count(root, "card-back") == 2
    root = parse(state.to_svg())
    assert count(root, "card") == 3 and count(root, "card-back") == 0


def test_stone_age_people_display_and_stacks():
    game = cavemind.load_game("stone_age", players=4, igloos=True, wild_animals=True)
    state = find(game, 5, lambda s: sum(sum(p["placed"].values()) for p in s.to_dict()["state"]["players"]) >= 6)
    doc = state.to_dict()["state"]
    root = parse(state.to_svg())
    for q, player in enumerate(doc["players"]):
        on_places = sum(n for place, n in player["placed"].items())
        assert count(root, "person", f"p{q}") == on_places
        assert count(root, "home", f"p{q}") == player["available"]
        assert count(root, "card", "civ", f"p{q}") == len(player["cards"])
    assert count(root, "card", "display") == sum(1 for c in doc["display"] if c)
    assert count(root, "building") == sum(1 for s in doc["stacks"] if s["top"])
    assert count(root, "place") == 21                 # every location, igloos and the animal included


def test_stone_age_face_down_cards_are_backs_for_the_other_players():
    game = cavemind.load_game("stone_age", players=2)
    state = find(game, 11, lambda s: any(p["hidden_cards"] for p in s.to_dict()["state"]["players"]), limit=200)
    doc = state.to_dict()["state"]
    owner = next(q for q, p in enumerate(doc["players"]) if p["hidden_cards"])
    hidden = len(doc["players"][owner]["hidden_cards"])
    other = 1 - owner
    mine = parse(state.to_svg(observer=owner))
    assert count(mine, "card", "face-down-drawn", f"p{owner}") == hidden
    assert count(mine, "card-back", f"p{owner}") == 0
    theirs = parse(state.to_svg(observer=other))
    assert count(theirs, "card-back", f"p{owner}") == hidden
    assert count(theirs, "card", "face-down-drawn", f"p{owner}") == 0


def test_prehistory_map_has_notation_labels_and_every_member_and_campsite():
    game = cavemind.load_game("prehistory", players=3)
    state = find(game, 2, lambda s: any(s.to_dict()["state"]["campsite_owner"])
                 and s.to_dict()["state"]["round"] >= 2,
                 limit=60)
    doc = state.to_dict()["state"]
    root = parse(state.to_svg())
    assert texts(root, "column-label") == [f"c{c}" for c in range(8)]
    assert texts(root, "row-label") == [f"r{r}" for r in range(9)]     # the starter row and 15 tiles in 7.5 rows
    spaces = [e.get("class").split()[1] for e in root.iter(SVG + "polygon") if "space" in (e.get("class") or "")]
    assert "r0c4" in spaces and len(spaces) == 1 + 4 * 15
    for q in range(3):
        on_map = (sum(c for o, c in zip(doc["member_owner"], doc["member_count"]) if o == q + 1)
                  + doc["starter_members"][q])
        assert count(root, "member", f"p{q}") == on_map
        assert count(root, "camp", f"p{q}") == sum(1 for c in doc["campsite_owner"] if c == q + 1)
        assert count(root, "tent", f"p{q}") == doc["available_members"][q]
        assert count(root, "card", "ceremony", f"p{q}") == sum(doc["hand"][q])


def test_prehistory_ceremony_cards_of_others_are_backs():
    game = cavemind.load_game("prehistory", players=2)
    state = find(game, 4, lambda s: all(sum(h) for h in s.to_dict()["state"]["hand"][:2]), limit=60)
    full = state.to_dict()["state"]
    root = parse(state.to_svg(observer=0))
    assert count(root, "card", "ceremony", "p0") == sum(full["hand"][0])
    assert count(root, "card-back", "ceremony", "p1") == sum(full["hand"][1])
    assert count(root, "card", "ceremony", "p1") == 0


def test_jaeger_und_spaeher_locations_members_and_hidden_objects():
    game = cavemind.load_game("jaeger_und_spaeher")
    state = find(game, 7, lambda s: sum(sum(l["members"]) for l in s.to_dict()["state"]["locations"]) >= 3)
    doc = state.to_dict()["state"]
    root = parse(state.to_svg(observer=0))
    assert count(root, "location") == len(doc["locations"])
    for q in range(2):
        members = sum(l["members"][q] for l in doc["locations"] + doc["holy_places"])
        assert count(root, "member", f"p{q}") == members
    covered = sum(len(l["covered"]) for l in doc["locations"])
    assert count(root, "cover-stone") == covered
    assert count(root, "card", "character") == sum(len(row) for row in doc["display"])
    assert count(root, "card", "object", "p0") == sum(doc["players"][0]["objects"].values())
    assert count(root, "card-back", "object", "p1") == sum(doc["players"][1]["objects"].values())
    assert count(root, "card", "object", "p1") == 0


def test_dino_jagd_creatures_hunters_and_hands():
    game = cavemind.load_game("dino_jagd", players=3)
    state = find(game, 9, lambda s: sum(len(slot) for slots in s.to_dict()["state"]["hunting_area"].values()
                                        for slot in slots) >= 3)
    doc = state.to_dict()["state"]
    root = parse(state.to_svg(observer=1))
    creatures = sum(len(slot) for slots in doc["hunting_area"].values() for slot in slots)
    assert count(root, "card", "creature") == creatures
    for q, player in enumerate(doc["players"]):
        assert count(root, "hunter", f"p{q}") == (1 if player["period"] in doc["hunting_area"] else 0)
        shown = count(root, "card", "hand", f"p{q}")
        backs = count(root, "card-back", "hand", f"p{q}")
        assert (shown, backs) == ((len(player["hand"]), 0) if q == 1 else (0, len(player["hand"])))


def test_honga_herd_round_fields_and_bonus_cards():
    game = cavemind.load_game("honga", players=3)
    state = find(game, 3, lambda s: len(s.to_dict()["state"]["herd"]) >= 2
                 and sum(sum(p["bonus"].values()) for p in s.to_dict()["state"]["players"]) >= 2)
    doc = state.to_dict()["state"]
    for observer in range(3):
        root = parse(state.to_svg(observer=observer))
        assert count(root, "disc", "round-field") == sum(1 for d in doc["field_top"] if d is not None)
        for q, player in enumerate(doc["players"]):
            assert count(root, "mammoth", "herd", f"p{q}") == doc["herd"].count(q)
            held = sum(player["bonus"].values()) + sum(player["bonus_fresh"].values())
            face_up, backs = count(root, "card", "bonus", f"p{q}"), count(root, "card-back", "bonus", f"p{q}")
            assert (face_up, backs) == ((held, 0) if q == observer else (0, held))


def test_show_writes_the_svg_file(tmp_path, capsys):
    target = tmp_path / "board.svg"
    assert cli.main(["show", "--example", "prehistory", "--svg", str(target)]) == 0
    root = parse(target.read_text(encoding="utf-8"))
    assert count(root, "row-label") > 0
    assert "Prehistory" in capsys.readouterr().out      # the text board is still printed


def test_show_png_without_cairosvg_says_what_to_install(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(__import__("sys").modules, "cairosvg", None)      # as if not installed
    assert cli.main(["show", "--example", "tictactoe", "--png", str(tmp_path / "board.png")]) != 0
    assert "pip install cairosvg" in capsys.readouterr().err
    assert not (tmp_path / "board.png").exists()


def test_show_png_with_cairosvg(tmp_path):
    pytest.importorskip("cairosvg")
    target = tmp_path / "board.png"
    assert cli.main(["show", "--example", "kuhn_poker", "--png", str(target)]) == 0
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_gallery_writes_one_picture_per_game_and_a_readme(tmp_path):
    paths = write_gallery(tmp_path)
    names = sorted(p.stem for p in paths if p.suffix == ".svg")
    assert names == sorted(cavemind.game_names())
    readme = (tmp_path / "README.md").read_text(encoding="utf-8")
    for name in names:
        parse((tmp_path / f"{name}.svg").read_text(encoding="utf-8"))
        assert f"({name}.svg)" in readme


def test_gallery_position_is_fixed_by_the_seed():
    game = cavemind.load_game("honga", players=3)
    assert middle_position(game, 5).to_json() == middle_position(game, 5).to_json()


# ---- the text boards (State.render): the slips the pictures work brought up

SINGULAR_SLIP = re.compile(r"(?<![\d.-])1 (cards|secret cards|hidden cards|points|creatures|members|campsites|animals)\b")


@pytest.mark.parametrize("name", cavemind.game_names())
def test_text_boards_say_1_card_not_1_cards(name):
    players = cavemind.parameters_of(name)["players"].get("choices") or (None,)
    for count_of_players in players:
        game = cavemind.load_game(name, **({"players": count_of_players} if count_of_players else {}))
        for state in random_states(game, 12, seed=8):
            for observer in (None, *range(game.num_players)):
                text = state.render(observer=observer)
                assert not SINGULAR_SLIP.search(text), text


def test_dino_jagd_one_secret_card():
    game = cavemind.load_game("dino_jagd", players=2)
    state = find(game, 1, lambda s: len(s.to_dict()["state"]["players"][1]["hand"]) == 1)
    assert "hand: 1 secret card\n" in state.render(observer=0) + "\n"


def test_prehistory_text_map_has_the_row_and_column_labels_of_the_notation():
    game = cavemind.load_game("prehistory", players=2)
    state = find(game, 2, lambda s: any(s.to_dict()["state"]["member_count"]))
    lines = state.render().splitlines()
    header = next(line for line in lines if line.startswith("map:"))
    assert header.split()[1:] == [f"c{c}" for c in range(8)]
    rows = [line.split()[0] for line in lines[lines.index(header) + 1:]]
    assert rows == [f"r{r}" for r in range(6)]          # the starter row and 10 tiles in 5 rows
    # The starter space r0c4 stands under the c4 label, as `select r0c4` names it.
    start_row = lines[lines.index(header) + 1]
    assert start_row.index("S") == header.index("c4")


def test_tictactoe_caption_says_who_won():
    state = cavemind.load_game("tictactoe").new_initial_state()
    for move in ("a1", "b1", "a2", "b2", "a3"):
        state.apply(move)
    assert "X wins" in [e.text for e in parse(state.to_svg()).iter(SVG + "text")]
