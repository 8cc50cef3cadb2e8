"""Stone Age scenario tests, each taken from a rule of the rulebook (the German rulebook, Hans im Glück 2008,
quoted in German) or of the component reference (stone_age.components.md). Positions are built from a seeded
opening with state_from_dict, then played with the notation of src/games/stone_age/README.md; dice and cards
are fed as named chance outcomes."""
import math

import pytest

import cavemind

SA = "stone_age"


# ---- helpers ------------------------------------------------------------------------------------------------
def opening(players=2, **options):
    """The game and the state dict of round 1, placement, player 0 to move."""
    game = cavemind.load_game(SA, players=players, **options)
    return game, game.new_initial_state(seed=1).to_dict()["state"]


def load(game, doc):
    return game.state_from_dict(doc)


def play(state, *moves):
    """Plays moves by notation; at a chance node the move names a chance outcome ('roll 7', 'die 5')."""
    for move in moves:
        if state.is_chance_node():
            names = {state.action_to_string(a): a for a, _ in state.chance_outcomes()}
            assert move in names, f"{move!r} is not a chance outcome here: {sorted(names)}"
            state.apply(names[move])
        else:
            state.apply(move)
    return state


def legal(state):
    return state.legal_action_strings()


def view(state, player=None):
    d = state.to_dict()["state"]
    return d if player is None else d["players"][player]


def setup_players(doc, **per_player):
    """per_player: p0={...}, p1={...}: fields of each player to overwrite."""
    for key, fields in per_player.items():
        doc["players"][int(key[1:])].update(fields)
    return doc


def set_display(doc, cards):
    """Puts `cards` (ids or None, slot 1 first) on display; the cards it replaces go back into the deck."""
    pool = [c for c in doc["display"] if c] + doc["deck"]["cards"]
    for c in cards:
        if c is not None:
            pool.remove(c)
    doc["display"] = list(cards)
    doc["deck"]["cards"] = sorted(pool)
    doc["deck"]["size"] = len(pool)


def give_cards(doc, player, cards, hidden=False):
    """Moves cards from the display or deck to a player."""
    for c in cards:
        if c in doc["display"]:
            doc["display"][doc["display"].index(c)] = None
        else:
            doc["deck"]["cards"].remove(c)
        doc["players"][player]["hidden_cards" if hidden else "cards"].append(c)
    doc["deck"]["size"] = len(doc["deck"]["cards"])


def set_top(doc, stack, name, left=None):
    """Makes building `name` the top of a stack (taken from the unseen tiles)."""
    unseen = doc["unseen_buildings"]
    old = doc["stacks"][stack]["top"]
    if old:
        unseen[old] = unseen.get(old, 0) + 1
    unseen[name] -= 1
    if unseen[name] == 0:
        del unseen[name]
    doc["stacks"][stack]["top"] = name
    if left is not None:
        doc["stacks"][stack]["left"] = left


def chance_probability(state, name):
    return {state.action_to_string(a): p for a, p in state.chance_outcomes()}[name]


def only(game, doc, p0_available=1, **fields):
    """A round where only player 0 still places `p0_available` people; the others stay home."""
    doc["players"][0]["available"] = p0_available
    for q in range(1, len(doc["players"])):
        doc["players"][q]["available"] = 0
    setup_players(doc, **fields)
    return load(game, doc)


def keep_round_open(doc):
    """Player 1 places one person on the hunting grounds after player 0, so the round does not end (and tools
    are not untapped) right after player 0's resolution."""
    doc["players"][1]["available"] = 1


def remove_unseen_buildings(doc, n):
    """Takes n unseen building tiles out (for tiles that players have built)."""
    unseen = doc["unseen_buildings"]
    for _ in range(n):
        name = max(unseen, key=unseen.get)
        unseen[name] -= 1


# ---- placement ----------------------------------------------------------------------------------------------
def test_placement_is_location_then_count():
    """Rulebook, Phase 1: 'setzt eine oder mehrere Personen auf genau 1 Ort', then the next player clockwise."""
    game, doc = opening()
    state = load(game, doc)
    assert "place forest" in legal(state) and "place 2 hut" in legal(state) and "place 1 field" in legal(state)
    play(state, "place forest")
    assert legal(state) == [f"place {n} forest" for n in range(1, 6)]
    play(state, "place 3 forest")
    assert state.current_player() == 1
    assert view(state, 0)["placed"] == {"forest": 3} and view(state, 0)["available"] == 2


def test_toolmaker_and_field_hold_one_person_and_passing_is_not_allowed():
    """Rulebook: 'Werkzeugmacher: genau 1 Person'; 'Acker ...: genau 1 Person'; 'Solange du noch Personen hast,
    musst du setzen – Passen ist nicht erlaubt.'"""
    game, doc = opening(players=4)
    state = play(load(game, doc), "place 1 toolmaker", "place 1 field")
    assert "place 1 toolmaker" not in legal(state) and "place 1 field" not in legal(state)
    assert not any(m in ("pass", "stop") for m in legal(state))


def test_hunting_grounds_are_never_full():
    """Rulebook: 'Jagdfeld: beliebig viele Personen, auch von mehreren Spielern in derselben Runde. Dieser Ort
    wird nie voll.'"""
    game, doc = opening(players=3)
    state = play(load(game, doc), "place hunt", "place 5 hunt", "place hunt", "place 5 hunt")
    assert "place hunt" in legal(state)
    play(state, "place hunt")
    assert legal(state)[-1] == "place 5 hunt"


def test_two_players_second_player_cannot_enter_the_forest_the_first_occupies():
    """Rulebook, 'Spiel zu zweit': 'An jedem Rohstoffort darf nur einer von euch Personen einsetzen.'"""
    game, doc = opening(players=2)
    state = play(load(game, doc), "place forest", "place 2 forest")
    assert state.current_player() == 1
    assert not any(m.endswith("forest") for m in legal(state))
    assert "place claypit" in legal(state) and "place hunt" in legal(state)


def test_three_players_at_most_two_players_per_resource_location():
    """Rulebook, 'Spiel zu dritt': 'An jedem Rohstoffort dürfen nur zwei von euch Personen einsetzen.'"""
    game, doc = opening(players=3)
    state = play(load(game, doc), "place forest", "place 2 forest", "place forest", "place 2 forest")
    assert state.current_player() == 2
    assert not any(m.endswith("forest") for m in legal(state))


def test_four_players_resource_location_holds_seven_people():
    """Rulebook: 'Wald, Lehmgrube, Steinbruch, Fluss: je bis zu 7 Personen, mehrere Spieler'."""
    game, doc = opening(players=4)
    state = play(load(game, doc), "place forest", "place 5 forest", "place forest")
    assert legal(state) == ["place 1 forest", "place 2 forest"]     # 7 - 5 spots left
    play(state, "place 2 forest")
    assert not any(m.endswith("forest") for m in legal(state))      # full
    assert state.current_player() == 2


def test_no_second_placement_on_a_location_even_the_hunting_grounds():
    """Rulebook: 'Hast du einen Ort einmal belegt, darfst du später in derselben Runde keine weitere Person
    dorthin nachschieben' (hunting grounds included, components.md 2.1)."""
    game, doc = opening()
    state = play(load(game, doc), "place hunt", "place 2 hunt", "place 1 field")
    assert state.current_player() == 0
    assert not any(m.endswith("hunt") for m in legal(state))


def test_village_two_of_three_with_two_players():
    """Rulebook, 'Spiel zu zweit': 'Ebenfalls nur 2 Dorforte pro Runde.'"""
    game, doc = opening(players=2)
    state = play(load(game, doc), "place 1 toolmaker", "place 1 field")
    assert "place 2 hut" not in legal(state)


def test_village_two_of_three_with_three_players():
    """Rulebook, 'Spiel zu dritt': 'Pro Runde dürfen nur 2 der 3 Dorforte ... besetzt werden.'"""
    game, doc = opening(players=3)
    state = play(load(game, doc), "place 2 hut", "place 1 field")
    assert "place 1 toolmaker" not in legal(state)


def test_all_three_village_locations_with_four_players():
    """Rulebook: the 2-of-3 village limit applies only to 2 and 3 players."""
    game, doc = opening(players=4)
    state = play(load(game, doc), "place 2 hut", "place 1 field")
    assert "place 1 toolmaker" in legal(state)


def test_hut_needs_exactly_two_people():
    """Rulebook: 'Hütte: genau 2 Personen gleichzeitig (2 Plätze).'"""
    game, doc = opening()
    doc["players"][0]["available"] = 1
    state = load(game, doc)
    assert "place 2 hut" not in legal(state)
    doc["players"][0]["available"] = 2
    state = load(game, doc)
    assert "place 2 hut" in legal(state)


def test_card_and_building_are_one_spot_each_but_several_in_later_turns():
    """Rulebook: 'Pro Zug kannst du also nur 1 Karte oder 1 Gebäude besetzen, in späteren Zügen aber weitere.'"""
    game, doc = opening()
    state = play(load(game, doc), "place 1 card1", "place 1 card2")
    assert "place 1 card2" not in legal(state) and "place 1 card3" in legal(state)
    play(state, "place 1 building1")
    assert "place 1 building1" not in legal(state)


def test_player_without_a_legal_location_is_skipped():
    """Rulebook: 'Die Phase endet, sobald niemand mehr einsetzen kann' (README: a player with people but no
    legal location is skipped; the people stay home)."""
    game, doc = opening()
    for stack in doc["stacks"]:
        doc["unseen_buildings"][stack["top"]] = doc["unseen_buildings"].get(stack["top"], 0) + 1
        stack["top"], stack["left"] = None, 0
    set_display(doc, [None] * 4)
    doc["unseen_buildings"] = {k: v for k, v in doc["unseen_buildings"].items()}
    setup_players(doc, p0={"available": 3, "placed": {"forest": 1, "claypit": 1, "quarry": 1, "river": 1,
                                                         "toolmaker": 1}, "people": 8},
                  p1={"available": 3, "placed": {"hunt": 1, "field": 1}})
    state = load(game, doc)
    assert legal(state) == ["place hunt"]
    play(state, "place hunt", "place 3 hunt")
    assert state.current_player() == 0 and state.to_dict()["state"]["phase"] == "resolve"
    assert view(state, 1)["available"] == 3


# ---- resolution ---------------------------------------------------------------------------------------------
def test_resolution_in_an_order_of_the_players_choice():
    """Rulebook, Phase 2: 'wickelt all seine Orte nacheinander ab, in einer Reihenfolge seiner Wahl'."""
    game, doc = opening()
    doc["players"][0]["available"] = 4
    doc["players"][1]["available"] = 1
    state = play(load(game, doc), "place forest", "place 2 forest", "place 1 hunt", "place 1 toolmaker",
                 "place 1 field")
    assert state.current_player() == 0
    assert legal(state) == ["resolve forest", "resolve toolmaker", "resolve field"]


def test_tools_added_to_a_forest_roll_of_four():
    """Rulebook, 'Werkzeuge einsetzen': 'Nach einem Wurf darfst du beliebig viele eigene Werkzeuge dazurechnen';
    'Im Wald bringen je 3 Augen 1 Holz': roll 4 + tools -> 2 wood."""
    game, doc = opening()
    doc["players"][1]["available"] = 1
    setup_players(doc, p0={"available": 2, "tools": [1, 1, 1], "wood": 0})
    state = play(load(game, doc), "place forest", "place 2 forest", "place 1 hunt", "roll 4")
    assert legal(state) == ["use tool 1", "stop"]
    play(state, "use tool 1", "use tool 1")      # 6 pips: the third tool could not raise the yield
    p0 = view(state, 0)
    assert p0["wood"] == 2 and p0["tools_used"] == [True, True, False]


def test_tool_is_used_whole_and_the_remainder_is_lost():
    """Rulebook: 'Jedes Werkzeug lässt sich pro Runde nur einmal und nur vollständig nutzen, Reste kannst du
    nicht aufheben': roll 4 + a 3-tile = 7 -> 2 wood, the 3-tile is spent."""
    game, doc = opening()
    doc["players"][1]["available"] = 1
    setup_players(doc, p0={"available": 1, "tools": [3, 2, 2], "wood": 0})
    state = play(load(game, doc), "place 1 forest", "place 1 hunt", "roll 4")
    assert legal(state) == ["use tool 2", "use tool 3", "stop"]
    play(state, "use tool 3", "stop")
    p0 = view(state, 0)
    assert p0["wood"] == 2 and p0["tools_used"] == [True, False, False]


def test_hunting_and_resource_divisors():
    """Rulebook: 'Je volle 2 Augen ... 1 Nahrung'; 'in der Lehmgrube je 4 Augen 1 Lehm, im Steinbruch je 5
    Augen 1 Stein, am Fluss je 6 Augen 1 Gold. Reicht die Summe nicht, gehst du leer aus.'"""
    for location, roll, field, expected in (("hunt", 7, "food", 3), ("claypit", 7, "clay", 1),
                                            ("quarry", 9, "stone", 1), ("river", 5, "gold", 0),
                                            ("river", 12, "gold", 2)):
        game, doc = opening()
        keep_round_open(doc)
        setup_players(doc, p0={"available": 2, "food": 0, "clay": 0, "stone": 0, "gold": 0})
        where = "forest" if location == "hunt" else "hunt"     # player 1 goes somewhere else
        state = play(load(game, doc), f"place {location}", f"place 2 {location}", f"place 1 {where}",
                     f"roll {roll}")
        assert view(state, 0)[field] == expected, (location, roll)


def test_dice_sum_is_one_chance_outcome_with_convolved_probability():
    """Rulebook: 'Du würfelst pro eingesetzter Person 1 Würfel' - the SUM is one outcome (2 dice: P(7) = 6/36)."""
    game, doc = opening()
    state = play(only(game, doc, 2), "place forest", "place 2 forest")
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 11
    assert math.isclose(chance_probability(state, "roll 7"), 6 / 36)
    assert math.isclose(chance_probability(state, "roll 2"), 1 / 36)


def test_fourth_tool_upgrades_a_one_to_a_two():
    """Rulebook, Werkzeugmacher: 'Für das 4. bis 6. drehst du ein 1er-Plättchen auf die 2 um. Für das 7. bis 9.
    ersetzt du ein 2er durch ein 3er-Plättchen, ab dem 10. drehst du ein 3er auf die 4. Mehr als 12 Werkzeuge
    sind nicht möglich.'"""
    for before, after in (([0, 0, 0], [1, 0, 0]), ([1, 1, 0], [1, 1, 1]), ([1, 1, 1], [2, 1, 1]),
                          ([2, 2, 2], [3, 2, 2]), ([3, 3, 3], [4, 3, 3]), ([4, 4, 4], [4, 4, 4])):
        game, doc = opening()
        state = only(game, doc, 1, p0={"tools": before})
        play(state, "place 1 toolmaker")
        assert sorted(view(state, 0)["tools"], reverse=True) == after


def test_a_two_replaced_by_a_three_mid_round_is_a_new_usable_tile():
    """Rulebook, Werkzeugmacher: 'Für das 7. bis 9. ersetzt du ein 2er durch ein 3er-Plättchen' (you replace a
    2-tile with a 3-tile) and 'Benutzte Werkzeuge drehst du um 90 Grad' (used tools are turned 90 degrees): the
    3-tile comes from the supply upright, so it can be used in the same round even when the 2 it replaces was
    used; the player replaces a used 2 and keeps the unused ones."""
    game, doc = opening()
    state = only(game, doc, 3, p0={"tools": [2, 2, 2], "wood": 0, "clay": 0})
    play(state, "place forest", "place 1 forest", "place 1 toolmaker", "place 1 claypit")
    play(state, "resolve forest", "roll 1", "use tool 2", "stop")
    assert view(state, 0)["tools_used"] == [True, False, False]
    play(state, "resolve toolmaker", "roll 2")
    p0 = view(state, 0)
    assert p0["tools"] == [3, 2, 2] and p0["tools_used"] == [False, False, False]
    assert legal(state) == ["use tool 2", "use tool 3", "stop"]


@pytest.mark.parametrize("used,usable", [([True, True, True], False), ([True, True, False], True)])
def test_a_tile_turned_over_mid_round_keeps_its_turn(used, usable):
    """Rulebook, Werkzeugmacher: 'Für das 4. bis 6. drehst du ein 1er-Plättchen auf die 2 um' (you turn a 1-tile
    over to its 2): the same tile, still turned 90 degrees if it was used this round ('Jedes Werkzeug lässt sich
    pro Runde nur einmal ... nutzen'); with an unused 1 the player turns that one over and can use the 2 now."""
    game, doc = opening()
    state = only(game, doc, 2, p0={"tools": [1, 1, 1], "tools_used": used, "clay": 0})
    play(state, "place 1 toolmaker", "place 1 claypit", "resolve toolmaker")
    p0 = view(state, 0)                       # the claypit roll is next, in the same round
    assert sorted(p0["tools"]) == [1, 1, 2] and state.is_chance_node()
    assert p0["tools_used"][p0["tools"].index(2)] == (not usable)
    play(state, "roll 2")
    if usable:
        assert legal(state) == ["use tool 2", "stop"]
    else:                                     # no unused tool: the roll of 2 gives no clay at once
        assert view(state, 0)["clay"] == 0 and view(state)["round"] == 2


def test_hut_gives_a_person_who_is_fed_the_same_round():
    """Rulebook: 'Hütte: Du nimmst eine Person deiner Farbe aus dem Vorrat'; Phase 3: 'für jede Person auf deinem
    Tableau 1 Nahrung'."""
    game, doc = opening()
    state = only(game, doc, 2, p0={"food": 10})
    play(state, "place 2 hut")
    p0 = view(state, 0)
    assert p0["people"] == 6 and p0["food"] == 4


def test_field_raises_agriculture_which_pays_food_before_feeding():
    """Rulebook: 'Acker: Deine Figur rückt 1 Feld auf der Ackerleiste nach oben'; Phase 3: 'Zuerst nimmst du dir
    Nahrung entsprechend deinem Wert auf der Ackerleiste'."""
    game, doc = opening()
    state = only(game, doc, 1, p0={"food": 3, "agriculture": 1})
    play(state, "place 1 field")
    p0 = view(state, 0)
    assert p0["agriculture"] == 2 and p0["food"] == 0 and p0["score"] == 0     # 3 + 2 - 5


# ---- civilization cards ------------------------------------------------------------------------------------
def test_card_cost_by_position_any_resources_but_food_in_ascending_order():
    """Rulebook: 'die rechte Karte 1, die nächste 2 und so weiter. Du darfst frei wählen, welche Rohstoffe du
    abgibst; Nahrung zählt nicht als Rohstoff.'"""
    game, doc = opening()
    set_display(doc, ["G16", "G15", "G13", "G07"])
    state = only(game, doc, 1, p0={"wood": 0, "clay": 2, "stone": 1, "gold": 1, "food": 20})
    play(state, "place 1 card3")
    assert legal(state) == ["pay clay", "decline"]     # stone first: stone + gold cannot make 3
    play(state, "pay clay")
    assert legal(state) == ["pay clay", "pay stone"]   # no going back to a lower kind; gold alone is 1 < 2
    play(state, "pay stone", "pay gold")
    p0 = view(state, 0)
    assert p0["cards"] == ["G13"] and p0["score"] == 3 and p0["clay"] == 1 and p0["food"] == 15


def test_declining_a_card_leaves_it_on_display():
    """Rulebook: 'Willst oder kannst du eine Karte oder ein Gebäude nicht bezahlen, nimmst du deine Person einfach
    zurück; die Auslage bleibt für die nächste Runde liegen.'"""
    game, doc = opening()
    set_display(doc, ["G16", "G15", "G13", "G07"])
    state = only(game, doc, 1, p0={"wood": 5})
    play(state, "place 1 card4", "decline")
    assert view(state, 0)["cards"] == [] and view(state, 0)["wood"] == 5
    assert state.to_dict()["state"]["display"][0] == "G16"     # G07 slid? no: it stayed, nothing was taken
    state = only(game, doc, 1, p0={"wood": 1, "clay": 0, "stone": 0, "gold": 0})
    play(state, "place 1 card4")                          # cannot pay 4: the person simply comes back
    assert view(state, 0)["cards"] == [] and view(state, 0)["wood"] == 1


def test_new_round_cards_slide_right_and_start_player_passes_left():
    """Rulebook, 'Eine neue Runde': 'Die Startspielerfigur wandert an den linken Nachbarn. Die liegengebliebenen
    Zivilisationskarten rücken nach rechts auf, dann füllt ihr vom verdeckten Stapel auf 4 offene Karten auf.
    Alle benutzten Werkzeuge werden zurückgedreht.'"""
    game, doc = opening()
    set_display(doc, ["G16", "G15", "G13", "G07"])
    state = only(game, doc, 1, p0={"wood": 1, "tools": [1, 0, 0], "tools_used": [True, False, False]})
    play(state, "place 1 card1", "pay wood")
    d = state.to_dict()["state"]
    assert d["phase"] == "refill" and d["display"] == ["G15", "G13", "G07", None]
    play(state, "reveal G01")
    d = state.to_dict()["state"]
    assert d["display"] == ["G15", "G13", "G07", "G01"] and d["start_player"] == 1 and d["round"] == 2
    assert state.current_player() == 1 and view(state, 0)["tools_used"] == [False, False, False]


def test_card_reveal_is_a_chance_node_over_the_unseen_multiset():
    """Components 3.3: the duplicates G13/G14 and T4/T5 are alike: one outcome with probability 2/n."""
    game, doc = opening()
    set_display(doc, ["G16", "G15", "G11", "G07"])
    state = only(game, doc, 1, p0={"wood": 1})
    play(state, "place 1 card1", "pay wood")
    n = state.to_dict()["state"]["deck"]["size"]
    assert math.isclose(chance_probability(state, "reveal G13"), 2 / n)
    assert math.isclose(chance_probability(state, "reveal G01"), 1 / n)


@pytest.mark.parametrize("card, field, gain", [
    ("G01", "food", 5), ("G07", "food", 7), ("B1", "food", 4), ("F3", "food", 3), ("G16", "food", 1),
    ("G11", "stone", 2), ("F2", "stone", 1), ("S2", "gold", 1), ("S3", "clay", 1),
    ("G13", "score", 3), ("B3", "score", 3), ("G09", "agriculture", 1), ("F1", "agriculture", 1),
])
def test_simple_card_tops(card, field, gain):
    """Components 3.1: food, resource, victory points and agriculture card tops, applied when the card is
    bought (the other tops have their own tests)."""
    game, doc = opening()
    keep_round_open(doc)
    set_display(doc, [card, "G15", "G13" if card != "G13" else "G14", "G07" if card != "G07" else "G08"])
    setup_players(doc, p0={"available": 1, "wood": 1, "food": 10, "stone": 0, "gold": 0, "clay": 0})
    state = play(load(game, doc), "place 1 card1", "place 1 hunt", "pay wood")
    p0 = view(state, 0)
    assert p0[field] == {"food": 10, "score": 0, "agriculture": 0}.get(field, 0) + gain
    assert p0["cards"] == [card]


def test_permanent_tool_card_is_a_tool_maker_gain():
    """Components 3.1: 'Permanent tool: +1 tool level (exactly like the tool maker)' (G03)."""
    game, doc = opening()
    keep_round_open(doc)
    set_display(doc, ["G03", "G15", "G13", "G07"])
    setup_players(doc, p0={"available": 1, "wood": 1, "tools": [1, 1, 1]})
    state = play(load(game, doc), "place 1 card1", "place 1 hunt", "pay wood")
    assert sorted(view(state, 0)["tools"]) == [1, 1, 2]


def test_dice_bar_every_player_picks_one_die_from_the_buyer_on():
    """Components 3.1: dice bar: one die per player, from the buyer clockwise each takes one: 1 wood, 2 clay,
    3 stone, 4 gold, 5 tool, 6 agriculture; tools may not modify these dice (ZM example: buyer takes 5 ...)."""
    game, doc = opening(players=3)
    set_display(doc, ["G06", "G15", "G13", "G07"])
    # three 1-tiles (the earlier [2, 0, 0] cannot arise: a tile is raised only once all three exist)
    state = only(game, doc, 1, p0={"wood": 1, "tools": [1, 1, 1]})
    play(state, "place 1 card1", "pay wood", "die 1", "die 5", "die 6")
    assert state.current_player() == 0 and legal(state) == ["pick 1", "pick 5", "pick 6"]
    play(state, "pick 5")
    assert state.current_player() == 1 and legal(state) == ["pick 1", "pick 6"]
    play(state, "pick 6")
    assert view(state, 0)["tools"][:2] == [2, 1] and view(state, 1)["agriculture"] == 1
    assert view(state, 2)["wood"] == doc["players"][2]["wood"] + 1


def test_two_dice_resource_card_allows_tools():
    """Components 3.1: 'Resource by dice: roll 2 dice, add unused tools if wanted' (S5: wood)."""
    game, doc = opening()
    set_display(doc, ["S5", "G15", "G13", "G07"])
    state = only(game, doc, 1, p0={"clay": 1, "wood": 0, "tools": [1, 0, 0]})
    play(state, "place 1 card1", "pay clay", "roll 5")
    assert legal(state) == ["use tool 1", "stop"]
    play(state, "use tool 1")
    assert view(state, 0)["wood"] == 2


def test_one_use_tool_card_adds_once_to_a_roll():
    """Components 2.4: 'One-use tool cards values 4, 3, 2 ... added once to any single die roll'."""
    game, doc = opening()
    give_cards(doc, 0, ["T1"])
    state = only(game, doc, 1, p0={"one_use_tools": [4], "wood": 0})
    play(state, "place 1 forest", "roll 2")
    assert legal(state) == ["use tool card 4", "stop"]
    play(state, "use tool card 4")
    p0 = view(state, 0)
    assert p0["wood"] == 2 and p0["one_use_tools"] == [] and "T1" in p0["cards"]


def test_extra_card_is_drawn_face_down_and_hidden_from_the_others():
    """Components 3.1: 'Extra card: draw the top card of the civilization deck face down'; rulebook: 'Gekaufte
    Karten legst du verdeckt auf dein Tableau'. The draw is a chance node others see as a hidden draw."""
    game, doc = opening()
    set_display(doc, ["G05", "G15", "G13", "G07"])
    state = only(game, doc, 1, p0={"wood": 1})
    play(state, "place 1 card1", "pay wood")
    assert state.is_chance_node() and state.to_dict()["state"]["phase"] == "draw_hidden"
    outcome = next(a for a, _ in state.chance_outcomes() if state.action_to_string(a) == "draw G01")
    assert state.observed_action(outcome, 0) == outcome
    masked = state.observed_action(outcome, 1)
    assert masked != outcome and state.action_to_string(masked) == "draw hidden card"
    state.apply(outcome)
    assert view(state, 0)["hidden_cards"] == ["G01"]
    seen_by_1 = state.to_dict(observer=1)["state"]
    assert seen_by_1["players"][0]["hidden_cards"] == 1 and "cards" not in seen_by_1["deck"]
    world = state.determinize(1, seed=3)
    assert world.infoset_hash(1) == state.infoset_hash(1)
    assert state.determinize(0, seed=3) == state       # the owner knows the card: nothing to resample


def test_two_resources_of_choice_taken_at_once_with_the_house_rule():
    """Option choice_at_once (Yucata's declared house variant, components 3.1): the 2 resources are taken when the
    card is bought."""
    game, doc = opening(choice_at_once=True)
    set_display(doc, ["G02", "G15", "G13", "G07"])
    state = only(game, doc, 1, p0={"wood": 1, "gold": 0, "stone": 0})
    play(state, "place 1 card1", "pay wood")
    assert legal(state) == ["take wood", "take clay", "take stone", "take gold"]
    play(state, "take stone", "take gold")
    p0 = view(state, 0)
    assert p0["stone"] == 1 and p0["gold"] == 1 and view(state)["step"]["choice_kept"] is None


def test_two_resources_of_choice_kept_and_taken_later_to_feed():
    """Components 3.1, the printed card (G02): 'once, now or at any later time, take any 2 resources (same or
    different) from the supply' (the rulebook itself does not describe the card tops). By default the card is
    kept; its owner takes the 2 resources when they can matter: here to close a food gap at feeding
    ('darfst die Lücke mit beliebigen Rohstoffen schließen')."""
    game, doc = opening()
    set_display(doc, ["G02", "G15", "G13", "G07"])
    state = only(game, doc, 1, p0={"wood": 1, "clay": 0, "gold": 0, "stone": 0, "food": 3, "agriculture": 0})
    play(state, "place 1 card1", "pay wood")
    d = view(state)
    assert d["step"]["choice_kept"] == 0 and view(state, 0)["wood"] == 0
    # feeding: 5 people, 3 food -> a gap of 2, no resources on the board, but the kept card covers it
    while not state.is_terminal() and view(state)["phase"] != "feed_pay":
        state.apply(state.legal_actions()[0] if not state.is_chance_node() else state.chance_outcomes()[0][0])
    assert view(state)["step"]["resolver"] is not None and state.current_player() == 0
    assert "starve" in legal(state) and "take kept stone+gold" in legal(state)
    assert not any(m.startswith("pay ") for m in legal(state))
    score = view(state, 0)["score"]
    play(state, "take kept wood+clay")
    assert view(state)["step"]["choice_kept"] is None
    assert legal(state) == ["pay wood", "starve"]      # ascending order: wood first
    play(state, "pay wood", "pay clay")
    assert view(state, 0)["score"] == score     # fed without the -10


def test_kept_two_resources_of_choice_can_pay_a_card_and_count_at_the_end():
    """The kept card's resources are offered before resolving a card or building (where they can pay for it); an
    unused card counts its 2 resources at the final scoring (1 point each, as a player takes them before the
    end)."""
    game, doc = opening()
    give_cards(doc, 0, ["G02"])
    doc["step"]["choice_kept"] = 0
    set_display(doc, ["G15", "G13", "G07", "G01"])
    state = only(game, doc, 1, p0={"wood": 0, "clay": 0, "gold": 0, "stone": 0})
    play(state, "place 1 card2")
    assert view(state)["phase"] == "resolve" and "take kept wood+wood" in legal(state)
    play(state, "take kept wood+gold", "resolve card2", "pay wood", "pay gold")
    assert "G13" in view(state, 0)["cards"] and view(state)["step"]["choice_kept"] is None
    # the end: an unused card counts its 2 resources
    finals = []
    for kept in (0, None):
        game, doc = opening()
        give_cards(doc, 0, ["G02"])
        doc["step"]["choice_kept"] = kept
        doc["step"]["end_triggered"] = True
        state = only(game, doc, 1, p0={"food": 30, "wood": 0, "clay": 0, "stone": 0, "gold": 0, "score": 5})
        play(state, "place 1 hunt", "roll 1")
        assert state.is_terminal()
        finals.append(state.scores()[0])
    assert finals[0] == finals[1] + 2


# ---- buildings ----------------------------------------------------------------------------------------------
def test_fixed_building_scores_its_points_at_once_and_reveals_the_next_tile():
    """Rulebook: 'Gibst du sie ab, rückst du sofort um die aufgedruckte Punktzahl auf der Zählleiste vor'."""
    game, doc = opening()
    set_top(doc, 0, "2wood+1clay")
    state = only(game, doc, 1, p0={"wood": 2, "clay": 1, "food": 20})
    play(state, "place 1 building1")
    assert legal(state) == ["decline", "build"]
    play(state, "build")
    assert state.is_chance_node() and state.to_dict()["state"]["phase"] == "reveal"
    p0 = view(state, 0)
    assert p0["score"] == 10 and p0["buildings"] == 1 and p0["wood"] == 0 and p0["clay"] == 0


def test_variable_building_exactly_k_kinds():
    """Components 4.2: 'exactly 4 resources of exactly 2 kinds'; payments in ascending order stay completable."""
    game, doc = opening()
    set_top(doc, 0, "4of2kinds")
    state = only(game, doc, 1, p0={"wood": 3, "clay": 1, "stone": 0, "gold": 1, "food": 20})
    play(state, "place 1 building1")
    assert legal(state) == ["pay wood", "decline"]   # clay first would leave only clay+gold: 2 < 4
    play(state, "pay wood", "pay wood")
    assert legal(state) == ["pay wood"]              # clay or gold now would force a third kind
    play(state, "pay wood")
    assert legal(state) == ["pay clay", "pay gold"]
    play(state, "pay gold")
    p0 = view(state, 0)
    assert p0["score"] == 3 * 3 + 6 and p0["buildings"] == 1 and p0["clay"] == 1


def test_variable_building_one_to_seven_of_any():
    """Components 4.2: '1 to 7 resources of any kinds, chosen by the player'; points = sum of values."""
    game, doc = opening()
    set_top(doc, 0, "1to7any")
    state = only(game, doc, 1, p0={"wood": 1, "clay": 0, "stone": 2, "gold": 0, "food": 20})
    play(state, "place 1 building1", "pay wood", "pay stone")
    assert legal(state) == ["pay stone", "build"]
    play(state, "build")
    assert view(state, 0)["score"] == 3 + 5


# ---- feeding ------------------------------------------------------------------------------------------------
def test_food_shortfall_paid_with_resources():
    """Rulebook, Phase 3: 'Fehlt dir Nahrung, legst du zuerst deinen gesamten Nahrungsvorrat zurück und darfst
    die Lücke mit beliebigen Rohstoffen schließen – jeder Rohstoff ersetzt 1 Nahrung.'"""
    game, doc = opening()
    state = only(game, doc, 1, p0={"food": 2, "wood": 2, "clay": 1, "stone": 0, "gold": 3})
    play(state, "place 1 field")          # agriculture 1: 3 food for 5 people, 2 missing
    assert state.current_player() == 0 and legal(state) == ["pay wood", "pay clay", "pay gold", "starve"]
    play(state, "pay wood", "pay gold")
    p0 = view(state, 0)
    assert p0["score"] == 0 and p0["food"] == 0 and p0["wood"] == 1 and p0["gold"] == 2


def test_food_shortfall_refused_costs_ten_points_and_all_food():
    """Rulebook: 'Wer nicht ausreichend zahlen kann oder will, geht sofort 10 Felder auf der Zählleiste zurück,
    auch in den Minusbereich, und verliert trotzdem seine gesamte Nahrung.'"""
    game, doc = opening()
    state = only(game, doc, 1, p0={"food": 2, "wood": 5, "score": 4})
    play(state, "place 1 toolmaker", "starve")
    p0 = view(state, 0)
    assert p0["score"] == -6 and p0["food"] == 0 and p0["wood"] == 5


def test_food_shortfall_that_resources_cannot_cover_is_a_flat_ten_points():
    """Rulebook: 'Der Hungerabzug beträgt immer volle 10 Punkte, egal wie viele Personen unversorgt bleiben.'"""
    game, doc = opening()
    state = only(game, doc, 1, p0={"food": 0, "wood": 1, "clay": 0, "stone": 0, "gold": 0})
    play(state, "place 1 toolmaker")
    p0 = view(state, 0)
    assert p0["score"] == -10 and p0["wood"] == 1          # no partial payment (README)


# ---- game end -----------------------------------------------------------------------------------------------
def test_end_when_a_building_stack_is_empty_after_the_round_including_feeding():
    """Components 5.1: 'At least one building stack is empty: the current round is finished, including
    feeding; then the game ends.'"""
    game, doc = opening()
    set_top(doc, 0, "2wood+1clay", left=1)
    remove_unseen_buildings(doc, 6)                 # 6 tiles of that stack were built by player 1
    doc["players"][1]["buildings"] = 6
    doc["players"][1]["available"] = 1
    doc["players"][0].update({"available": 2, "wood": 2, "clay": 1, "food": 0})
    state = load(game, doc)
    play(state, "place 1 building1", "place 1 hunt", "place 1 field", "resolve building1", "build")
    assert not state.is_terminal()
    play(state, "roll 6")                                   # player 1's hunt is still resolved
    assert state.is_terminal()
    p0 = view(state, 0)
    assert p0["agriculture"] == 1 and p0["score"] == 10 - 10   # fed (and starved) before the end


def test_end_at_once_when_the_deck_cannot_refill_the_display():
    """Components 5.1: 'The civilization deck cannot refill all 4 card spaces at the start of a round: game ends
    at once; the new round is not played.'"""
    game, doc = opening()
    set_display(doc, ["G16", "G15", "G13", "G07"])
    give_cards(doc, 1, list(doc["deck"]["cards"]))
    state = only(game, doc, 1, p0={"wood": 1})
    play(state, "place 1 card1", "pay wood")
    assert state.is_terminal()


def test_final_scoring_five_culture_symbols_plus_a_duplicate_scores_26():
    """Components 5.2 (ZM example): '5 different + 1 duplicate = 25 + 1'."""
    game, doc = opening()
    give_cards(doc, 0, ["G01", "G03", "G05", "G07", "G09", "G02"])
    doc["step"]["end_triggered"] = True
    state = only(game, doc, 1, p0={"food": 10, "wood": 0, "clay": 0, "stone": 0, "gold": 0, "score": 0})
    play(state, "place 1 hunt", "roll 1")
    assert state.is_terminal() and state.scores()[0] == 26


def test_final_scoring_multipliers_and_resources():
    """Components 5.2: farmers x agriculture, tool makers x tool value, hut builders x buildings, shamans x
    people, +1 per resource; food scores nothing."""
    game, doc = opening()
    give_cards(doc, 0, ["F3", "T4", "B3", "S5"])      # farmer x2, tool maker x2, hut builder x3, shaman x2
    doc["step"]["end_triggered"] = True
    doc["players"][0]["buildings"] = 2
    remove_unseen_buildings(doc, 2)
    state = only(game, doc, 1, p0={"food": 30, "wood": 1, "clay": 1, "stone": 0, "gold": 1, "score": 5,
                                   "agriculture": 3, "tools": [2, 1, 1], "people": 6})
    play(state, "place 1 hunt", "roll 1", "stop")
    assert state.scores()[0] == 5 + 2 * 3 + 2 * 4 + 3 * 2 + 2 * 6 + 3


def test_tie_break_agriculture_plus_tools_plus_people():
    """Components 5.2: 'Tie-break: highest (agriculture level + total tool value + number of people)'; then a
    shared victory."""
    game, doc = opening()
    doc["step"]["end_triggered"] = True
    setup_players(doc, p0={"food": 30, "score": 20, "agriculture": 2}, p1={"food": 30, "score": 20})
    state = only(game, doc, 1)
    play(state, "place 1 hunt", "roll 1")
    assert state.scores()[0] == state.scores()[1] and state.returns() == [1.0, 0.0]
    setup_players(doc, p1={"tools": [1, 1, 0]})
    state = only(game, doc, 1)
    play(state, "place 1 hunt", "roll 1")
    assert state.returns() == [0.5, 0.5]


# ---- variant and mini-expansions ----------------------------------------------------------------------------
def test_winter_is_hard_extra_gold_on_a_card_gives_six_points():
    """Rulebook, 'Der Winter ist hart': 'Beim Kauf einer beliebigen Zivilisationskarte darfst du zusätzlich
    1 Gold abgeben und erhältst 6 Punkte.'"""
    game, doc = opening(winter_is_hard=True)
    set_display(doc, ["G16", "G15", "G13", "G07"])
    state = only(game, doc, 1, p0={"wood": 1, "gold": 1})
    play(state, "place 1 card1", "pay wood")
    assert legal(state) == ["stop", "pay bonus gold"]
    play(state, "pay bonus gold")
    assert view(state, 0)["score"] == 6 and view(state, 0)["gold"] == 0


def test_winter_is_hard_extra_stone_on_a_fixed_building_gives_five_points():
    """Rulebook: 'Bei Winter-Gebäuden mit vorgegebenen Rohstoffen darfst du zusätzlich 1 Stein abgeben und
    bekommst dafür 5 Punkte extra.'"""
    game, doc = opening(winter_is_hard=True)
    set_top(doc, 0, "2wood+1stone")
    state = only(game, doc, 1, p0={"wood": 2, "stone": 2, "food": 20})
    play(state, "place 1 building1")
    assert legal(state) == ["decline", "build", "build +stone"]
    play(state, "build +stone")
    assert view(state, 0)["score"] == 11 + 5 and view(state, 0)["stone"] == 0
    game, doc = opening()                                   # without the variant: no bonus
    set_top(doc, 0, "2wood+1stone")
    state = only(game, doc, 1, p0={"wood": 2, "stone": 2, "food": 20})
    play(state, "place 1 building1")
    assert legal(state) == ["decline", "build"]


def test_igloos_score_but_neither_end_the_game_nor_count_for_hut_builders():
    """Rulebook, 'Die Iglus': 'Sie zählen als Gebäude mit vorgegebenen Rohstoffen, bieten Platz für je 1 Person
    und bringen beim Bau die aufgedruckten Punkte. Das letzte gebaute Iglu löst kein Spielende aus, und Iglus
    zählen ... nicht als Gebäude für die Hüttenbauer-Karten.' (costs and points: designed data)"""
    game, doc = opening(igloos=True)
    doc["igloos_built"] = ["igloo1", "igloo2", "igloo3"]
    doc["players"][1]["igloos"] = 3
    state = only(game, doc, 1, p0={"stone": 2, "food": 20})
    assert "place 1 igloo4" in legal(state) and "place 1 igloo1" not in legal(state)
    play(state, "place 1 igloo4", "build")
    p0 = view(state, 0)
    assert p0["score"] == 10 and p0["igloos"] == 1 and p0["buildings"] == 0
    assert not state.is_terminal() and state.to_dict()["state"]["step"]["end_triggered"] is False


def test_wild_animal_takes_pips_off_every_dice_total():
    """Rulebook, 'Die wilden Tiere': 'zieht von jeder Würfelsumme 1 bis 3 Augen ab' (polar bear: 3, designed)."""
    game, doc = opening(wild_animals=True)
    doc["animal"] = "polar bear"
    doc["deck"]["animals"] = ["wild boar", "wolf", "bird of prey"]
    state = only(game, doc, 2, p0={"wood": 0, "tools": [1, 0, 0]})
    play(state, "place forest", "place 2 forest", "roll 8")      # 8 - 3 = 5: the tool lifts it to 6
    assert legal(state) == ["use tool 1", "stop"]
    play(state, "use tool 1")
    assert view(state, 0)["wood"] == 2


def test_wild_animal_people_stay_unfed_until_it_flees_then_roll_for_rewards():
    """Rulebook: '1 Person auf einen Ring des Tieres setzen, auch in mehreren Zügen'; 'Sind am Rundenende so
    viele Personen dort wie Mitspieler, flieht das Tier: Jeder Beteiligte würfelt so viele Würfel, wie er
    Personen gesetzt hat'; 'Bleibt das Tier liegen, bleiben die Personen dort und müssen in dieser Runde nicht
    ernährt werden.'"""
    game, doc = opening(wild_animals=True)
    doc["animal"] = "wolf"
    doc["deck"]["animals"] = ["polar bear", "bird of prey"]
    doc["animals_waiting"] = ["wild boar"]
    doc["players"][1]["available"] = 0
    state = only(game, doc, 2, p0={"food": 3})
    play(state, "place 1 animal")
    assert "place 1 animal" in legal(state)                       # again in a later turn
    play(state, "place 1 hunt", "roll 1")
    p0 = view(state, 0)
    assert p0["on_animal"] == 1 and p0["food"] == 0 and p0["score"] == -10     # 4 people to feed, 3 food
    # next round: 1 on the animal; a second person makes 2 = the number of players -> it flees
    doc = state.to_dict()["state"]
    while state.is_chance_node():
        play(state, state.action_to_string(state.chance_outcomes()[0][0]))
    doc = state.to_dict()["state"]
    doc["players"][0].update({"available": 1, "food": 10})
    doc["players"][1].update({"available": 0})
    doc["current_player"] = 0
    doc["start_player"] = 0
    state = load(game, doc)
    play(state, "place 1 animal")
    assert state.to_dict()["state"]["phase"] == "animal_roll"
    play(state, "die 4")
    assert legal(state) == ["take wood", "take clay", "take stone", "take gold", "take 3 points"]
    play(state, "take gold", "die 2", "take reward")
    d = state.to_dict()["state"]
    assert d["animal"] == "wild boar" and d["players"][0]["on_animal"] == 0
    assert d["players"][0]["food"] == 10 + 3 - 5


def test_animals_are_shuffled_in_after_the_first_four_cards():
    """Rulebook: 'Mische die 4 Tierkarten nach dem Auslegen der ersten 4 Karten in den Reststapel.'"""
    game = cavemind.load_game(SA, players=2, wild_animals=True)
    state = game.new_initial_state()
    for _ in range(4):
        assert not any("reveal" in state.action_to_string(a) and state.action_to_string(a)[7:] in
                       ("polar bear", "wolf", "wild boar", "bird of prey") for a, _ in state.chance_outcomes())
        state.apply(state.chance_outcomes()[0][0])
    assert len(state.to_dict()["state"]["deck"]["animals"]) == 4


# ---- the opening ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_opening_setup(players):
    """Components 1.2: 4 face-up cards; one building stack of 7 per player; 5 people, 12 food each."""
    game = cavemind.load_game(SA, players=players)
    d = game.new_initial_state(seed=5).to_dict()["state"]
    assert all(d["display"]) and d["deck"]["size"] == 32 and d["round"] == 1
    assert [s["left"] for s in d["stacks"]] == [7] * players and all(s["top"] for s in d["stacks"])
    assert all(p["people"] == 5 and p["food"] == 12 and p["score"] == 0 for p in d["players"])
