"""Dino Jagd: scenario tests from the rulebook (dino_jagd.rulebook.en.txt, quoted per test), a golden seeded
playthrough and a CI-sized soak. Positions are built with game.state_from_dict; chance is fed with
state.apply("roll 4") and the like."""
import collections
import random

import pytest

import cavemind
from cavemind.testing import check_position_invariants, play_random, random_action

G2 = cavemind.load_game("dino_jagd", players=2)
G3 = cavemind.load_game("dino_jagd", players=3)
MODULE = G2.module
SPECIAL_COUNTS = {s["name"]: s["count"] for s in MODULE.SPECIALS}
EMPTY_AREA = {code: [[], [], []] for code in MODULE.PERIOD_CODES}


def position(game=G2, area=None, phase="hunt", turn_player=0, top=None, below=10, hands=None, face_up=None,
             energy=None, period=None, captured=None, discards=(), to_place=(), marker=None, special_discard=(),
             special_deck=None, started=True, hunt=None, draw_for=None, turns=None):
    """A position dict; unspecified specials lie in the special deck. Unless given, `turns` puts the game past its
    first round with `turn_player` to move (turns go round the table from seat 0, the first player)."""
    n = game.num_players
    if turns is None:
        finished = n + turn_player                  # the turns before this one, ending with the seat before
        turns = finished if phase == "turn_start" else finished + 1
    hands = hands or [[] for _ in range(n)]
    face_up = face_up or [[] for _ in range(n)]
    energy = energy if energy is not None else [10] * n
    period = period or ["LJ"] * n
    captured = captured or [[] for _ in range(n)]
    used = collections.Counter(name for lst in hands + face_up for name in lst)
    used.update(special_discard)
    if special_deck is None:
        special_deck = []
        for name, count in SPECIAL_COUNTS.items():
            special_deck += [name] * (count - used[name])
    full_area = {k: [list(x) for x in v] for k, v in EMPTY_AREA.items()}
    for code, spaces in (area or {}).items():
        full_area[code] = [list(x) for x in spaces] + [[] for _ in range(3 - len(spaces))]
    doc = {
        "phase": phase, "turn_player": turn_player, "first_player": 0, "turns": turns,
        "play_deck": {"top": top, "below_top": below}, "hunting_area": full_area, "to_place": list(to_place),
        "dinosaur_discards_seen": list(discards), "kein_aussterben_marker": marker,
        "players": [{"energy": energy[i], "period": period[i], "had_first_turn": started, "face_up": face_up[i],
                     "captured": captured[i], "hand": hands[i]} for i in range(n)],
        "special_discard": list(special_discard), "special_deck": special_deck,
    }
    if hunt:
        doc["hunt"] = hunt
    if draw_for is not None:
        doc["draw_for"] = draw_for
    return game.state_from_dict(doc)


def player(state, i):
    return state.to_dict()["state"]["players"][i]


def area(state, code):
    return state.to_dict()["state"]["hunting_area"][code]


def moves(state):
    return state.legal_action_strings()


# ---- travel ----

def test_travel_costs_one_energy_per_period_entered():
    """'Time travel costs 1 energy per time period ... Späten Jura to Frühen Jura costs 1. Moving from Späten
    Jura to Späte Kreidezeit costs 2.'"""
    s = position(top="Iguanodon")
    s.apply("travel EJ")
    assert player(s, 0)["energy"] == 9 and player(s, 0)["period"] == "EJ"
    s = position(top="Iguanodon")
    s.apply("travel LK")
    assert player(s, 0)["energy"] == 8
    s.apply("travel T")                                  # through EK, LJ, EJ into T
    assert player(s, 0)["energy"] == 4 and player(s, 0)["period"] == "T"


def test_travel_beyond_the_energy_left_is_illegal():
    """'You may hunt and travel as much as you want . . . until you run out of energy.'"""
    s = position(top="Iguanodon", energy=[1, 10])
    assert "travel EJ" in moves(s) and "travel EK" in moves(s)
    assert "travel T" not in moves(s) and "travel LK" not in moves(s)


# ---- hunting ----

def test_hunt_needs_the_hunter_in_the_creatures_period():
    """'You must be in its time period.'"""
    s = position(area={"EK": [["Iguanodon"]]}, top="Allosaurus")
    assert not any(m.startswith("hunt") for m in moves(s))
    s.apply("travel EK")
    assert "hunt Iguanodon EK1" in moves(s)


def test_hunt_needs_enough_energy_to_send_the_creature_home():
    """'... and you must have enough energy to send it home if your hunt succeeds.'"""
    s = position(area={"LK": [["Tyrannosaurus"]]}, period=["LK", "LJ"], energy=[6, 10], top="Allosaurus")
    assert "hunt Tyrannosaurus LK1" not in moves(s)
    s = position(area={"LK": [["Tyrannosaurus"]]}, period=["LK", "LJ"], energy=[7, 10], top="Allosaurus")
    assert "hunt Tyrannosaurus LK1" in moves(s)


def test_capture_pays_the_energy_cost_and_keeps_the_card():
    """'If you capture the dinosaur (Gefangen!), pay the energy cost ... Keep it in front of you.'"""
    s = position(area={"LJ": [["Stegosaurus"], ["Dryosaurus"]]}, top="Iguanodon")
    s.apply("hunt Stegosaurus LJ1")
    s.apply("roll 5")                                     # AEMMCC: 5 captures
    assert player(s, 0)["captured"] == ["Stegosaurus"] and player(s, 0)["energy"] == 5
    assert area(s, "LJ") == [[], ["Dryosaurus"], []]
    assert s.scores() == [5.0, 0.0]


def test_a_capture_you_cannot_pay_for_is_discarded():
    """'If you cannot pay the dinosaur's energy cost, you must discard it!' Here the hunter spends 1 energy on a
    Zielfernrohr to turn a miss into a capture and is then one short of the cost 7."""
    s = position(area={"LK": [["Tyrannosaurus"]]}, period=["LK", "LJ"], energy=[7, 10],
                 face_up=[["Zielfernrohr"], []], top="Allosaurus")
    s.apply("hunt Tyrannosaurus LK1")
    s.apply("roll 5")                                     # WAEMMC: 5 misses, 6 captures
    assert s.current_player() == 0 and "Zielfernrohr" in moves(s)
    s.apply("Zielfernrohr")                               # nobody can play anything more: the window closes
    st = s.to_dict()["state"]
    assert "Tyrannosaurus" in st["dinosaur_discards_seen"] and player(s, 0)["captured"] == []
    assert player(s, 0)["energy"] == 6


def test_a_miss_costs_one_energy_and_allows_another_try():
    """'If you miss your shot (Verfehlt!), you must pay 1 energy. Leave the card in its space. You may hunt it
    again on this turn, if you still have enough energy to send it home.'"""
    s = position(area={"LJ": [["Stegosaurus"]]}, energy=[6, 10], top="Iguanodon")
    s.apply("hunt Stegosaurus LJ1")
    s.apply("roll 3")                                     # AEMMCC: 3 misses
    assert player(s, 0)["energy"] == 5 and area(s, "LJ")[0] == ["Stegosaurus"]
    assert "hunt Stegosaurus LJ1" in moves(s)
    s.apply("hunt Stegosaurus LJ1")
    s.apply("roll 4")
    assert player(s, 0)["energy"] == 4
    assert "hunt Stegosaurus LJ1" not in moves(s)         # 4 energy cannot send a cost-5 creature home


def test_an_escape_discards_the_creature():
    """'If the dinosaur escapes (. . . entkommt!), you must discard its card!'"""
    s = position(area={"LJ": [["Stegosaurus"]]}, top="Iguanodon")
    s.apply("hunt Stegosaurus LJ1")
    s.apply("roll 2")
    assert area(s, "LJ")[0] == [] and s.to_dict()["state"]["dinosaur_discards_seen"] == ["Stegosaurus"]
    assert player(s, 0)["energy"] == 10 and s.current_player() == 0


def test_an_attack_ends_the_turn():
    """'On a very bad roll, it can attack your party and end your turn!'"""
    s = position(area={"LJ": [["Stegosaurus"]]}, top="Iguanodon")
    s.apply("hunt Stegosaurus LJ1")
    s.apply("roll 1")                                     # AEMMCC: 1 attacks
    st = s.to_dict()["state"]
    assert st["turn_player"] == 1 and st["phase"] == "turn-draw" and area(s, "LJ")[0] == ["Stegosaurus"]


def test_a_wreck_discards_the_creature_destroys_a_gimmick_and_ends_the_turn():
    """'Follow the instructions on the card.' Designed result W: escapes, one Gimmick lost, turn over."""
    s = position(area={"LJ": [["Allosaurus"]]}, face_up=[["Zielfernrohr", "Faehrtenleserin"], []], top="Iguanodon")
    s.apply("hunt Allosaurus LJ1")
    s.apply("roll 1")
    s.apply("pass")                                       # 1 + 1 (Faehrtenleserin) = 2 is A; pass keeps it
    s2 = position(area={"LJ": [["Allosaurus"]]}, face_up=[["Zielfernrohr"], []], top="Iguanodon")
    s2.apply("hunt Allosaurus LJ1")
    s2.apply("roll 1")                                    # WAEMCC: 1 wrecks
    s2.apply("pass")
    st = s2.to_dict()["state"]
    assert st["dinosaur_discards_seen"] == ["Allosaurus"] and player(s2, 0)["face_up"] == []
    assert st["special_discard"] == ["Zielfernrohr"] and st["turn_player"] == 1
    assert s.to_dict()["state"]["turn_player"] == 1 and area(s, "LJ")[0] == ["Allosaurus"]


def test_modified_rolls_are_clamped_to_1_and_6():
    """'a result of less than 1 is still a 1, and more than 6 is still a 6.'"""
    s = position(area={"LK": [["Tyrannosaurus"], ["Velociraptor"]]}, period=["LK", "LJ"],
                 hands=[["Superschocker", "Superschocker"], []], top="Allosaurus")
    s.apply("hunt Tyrannosaurus LK1")
    s.apply("roll 5")
    s.apply("Superschocker")                              # 7 counts as 6: capture
    s.apply("pass")
    assert player(s, 0)["captured"] == ["Tyrannosaurus"]
    s = position(area={"LJ": [["Stegosaurus"]]}, hands=[[], ["Stoersender"]], top="Iguanodon")
    s.apply("hunt Stegosaurus LJ1")
    s.apply("roll 2")                                     # 2 escapes; -2 gives 0, read as 1: attack
    assert s.current_player() == 1
    s.apply("Stoersender")
    assert s.current_player() == 0 or s.to_dict()["state"]["turn_player"] == 1
    while s.current_player() >= 0 and s.to_dict()["state"]["phase"] == "window":
        s.apply("pass")
    st = s.to_dict()["state"]
    assert area(s, "LJ")[0] == ["Stegosaurus"] and st["turn_player"] == 1


def test_the_last_played_of_contradictory_cards_counts():
    """'So if someone plays Fehlschuß on you, and you immediately play Glückstreffer, then your card is the one
    that counts, and you got that dinosaur after all!'"""
    s = position(area={"LJ": [["Stegosaurus"], ["Dryosaurus"]]}, hands=[["Glueckstreffer"], ["Fehlschuss"]],
                 top="Iguanodon")
    s.apply("hunt Stegosaurus LJ1")
    s.apply("roll 6")
    assert s.current_player() == 1 and "Fehlschuss" in moves(s)
    s.apply("Fehlschuss")
    assert s.current_player() == 0 and "Glueckstreffer" in moves(s)
    s.apply("Glueckstreffer")                             # both hands are empty now: the window closes
    assert player(s, 0)["captured"] == ["Stegosaurus"]
    assert sorted(s.to_dict()["state"]["special_discard"]) == ["Fehlschuss", "Glueckstreffer"]


def test_fehlschuss_alone_makes_the_hunt_miss():
    """'Fehlschuß' played on a rival's hunt: the capture becomes a miss (pay 1, creature stays)."""
    s = position(area={"LJ": [["Stegosaurus"]]}, hands=[[], ["Fehlschuss"]], top="Iguanodon")
    s.apply("hunt Stegosaurus LJ1")
    s.apply("roll 6")
    s.apply("Fehlschuss")
    assert player(s, 0)["energy"] == 9 and area(s, "LJ")[0] == ["Stegosaurus"]


def test_cards_that_do_not_contradict_all_count():
    """'If two or more cards are played and they are not contradictory, they all count.' +2 and -2 cancel."""
    s = position(area={"LJ": [["Stegosaurus"], ["Dryosaurus"]]}, hands=[["Superschocker"], ["Stoersender"]],
                 top="Iguanodon")
    s.apply("hunt Stegosaurus LJ1")
    s.apply("roll 3")                                     # 3 misses
    s.apply("Stoersender")
    s.apply("Superschocker")
    assert player(s, 0)["energy"] == 9 and area(s, "LJ")[0] == ["Stegosaurus"]   # still 3: a miss


def test_a_gimmick_needs_energy_even_in_another_players_turn():
    """'Some Gimmicks need energy, too, whether you play them in your turn or while its some other player's
    turn.' Stoerfeld costs its owner 2 energy in the rival's hunt and gives -1."""
    s = position(area={"LJ": [["Stegosaurus"], ["Dryosaurus"]]}, face_up=[[], ["Stoerfeld"]], energy=[10, 3],
                 top="Iguanodon")
    s.apply("hunt Stegosaurus LJ1")
    s.apply("roll 5")
    s.apply("Stoerfeld")
    assert player(s, 1)["energy"] == 1
    assert area(s, "LJ")[0] == ["Stegosaurus"] and player(s, 0)["energy"] == 9   # 4: a miss
    s = position(area={"LJ": [["Stegosaurus"]]}, face_up=[[], ["Stoerfeld"]], energy=[10, 1], top="Iguanodon")
    s.apply("hunt Stegosaurus LJ1")
    s.apply("roll 5")
    assert player(s, 0)["captured"] == ["Stegosaurus"]   # with 1 energy the rival is never asked


def test_gimmicks_lie_face_up_and_work_again():
    """'Gimmicks and Experts will help you over and over; put these face-up in front of you.'"""
    rest = [n for n, c in SPECIAL_COUNTS.items() for _ in range(c)]
    rest.remove("Zielfernrohr")
    s = position(phase="turn-draw", area={"LJ": [["Stegosaurus"], ["Dryosaurus"]]}, top="Iguanodon",
                 special_deck=["Zielfernrohr"], special_discard=rest, draw_for=0)
    doc = s.to_dict()["state"]
    assert s.chance_outcomes() == [(s.string_to_action("draw Zielfernrohr"), 1.0)]
    s.apply("draw Zielfernrohr")
    assert player(s, 0)["face_up"] == ["Zielfernrohr"] and doc["players"][0]["hand"] == []
    s.apply("roll 1")
    s.apply("reveal Allosaurus")
    s.apply("place Iguanodon EK1")
    for target in ("Stegosaurus", "Dryosaurus"):
        s.apply(f"hunt {target} LJ{1 if target == 'Stegosaurus' else 2}")
        s.apply("roll 4")
        s.apply("Zielfernrohr")                           # 4 + 1: captured
    assert player(s, 0)["captured"] == ["Stegosaurus", "Dryosaurus"] and player(s, 0)["face_up"] == ["Zielfernrohr"]


def test_capturing_the_last_creature_of_a_period_earns_a_special_card():
    """'You also get a Special card when you capture the last dinosaur in any time period.'"""
    s = position(area={"EK": [["Hypsilophodon"]]}, period=["EK", "LJ"], top="Allosaurus")
    s.apply("hunt Hypsilophodon EK1")
    s.apply("roll 6")
    assert s.is_chance_node() and s.to_dict()["state"]["phase"] == "bonus-draw"
    s.apply("draw Superschocker")
    assert player(s, 0)["hand"] == ["Superschocker"] and s.current_player() == 0


def test_no_bonus_while_the_period_still_holds_creatures_or_after_an_escape():
    """'(Dinosaurs still in the deck don't count ...) You don't get a card if the dinosaur escapes.' A covered
    creature under the captured one still counts as in the period."""
    s = position(area={"EK": [["Iguanodon", "Hypsilophodon"]]}, period=["EK", "LJ"], top="Allosaurus")
    s.apply("hunt Hypsilophodon EK1")
    s.apply("roll 6")
    assert not s.is_chance_node() and area(s, "EK")[0] == ["Iguanodon"]
    assert "hunt Iguanodon EK1" in moves(s)                # now the topmost
    s = position(area={"EK": [["Hypsilophodon"]]}, period=["EK", "LJ"], top="Allosaurus")
    s.apply("hunt Hypsilophodon EK1")
    s.apply("roll 1")                                      # EMCCCC: escapes
    assert not s.is_chance_node() and player(s, 0).get("hand") == []


def test_a_full_period_stacks_on_another_dinosaur_and_only_the_top_is_hunted():
    """'When there are no empty spaces left, place a card on top of another dinosaur in the apropriate period.
    A player may only hunt the topmost creature in a space.'"""
    s = position(phase="place", area={"LJ": [["Stegosaurus"], ["Dryosaurus"], ["Kentrosaurus"]]},
                 to_place=["Allosaurus", "Iguanodon"], top="Diplodocus")
    assert moves(s) == ["place Allosaurus LJ1", "place Allosaurus LJ2", "place Allosaurus LJ3",
                        "place Iguanodon EK1"]            # an empty space first: only one way in EK
    s.apply("place Allosaurus LJ2")
    s.apply("place Iguanodon EK1")
    assert area(s, "LJ")[1] == ["Dryosaurus", "Allosaurus"]
    hunts = [m for m in moves(s) if m.startswith("hunt")]
    assert hunts == ["hunt Stegosaurus LJ1", "hunt Allosaurus LJ2", "hunt Kentrosaurus LJ3"]


def test_a_creature_of_several_periods_goes_where_the_player_chooses():
    """'If a creature lived in more than one period, you choose which of those periods to place it in!'"""
    s = position(phase="place", to_place=["Hybodus"], top="Diplodocus")
    assert moves(s) == [f"place Hybodus {p}1" for p in ("T", "EJ", "LJ", "EK", "LK")]


def test_the_first_turn_deals_four_creatures_without_a_roll():
    """'On his first turn, each player draws four Dinosaur cards instead of rolling the die!'"""
    s = G2.new_initial_state()
    while s.is_chance_node():
        s.apply(s.chance_outcomes()[0][0])
    st = s.to_dict()["state"]
    assert st["phase"] == "place" and len(st["to_place"]) == 4 and st["turns"] == 1
    assert st["play_deck"]["top"] is not None and st["play_deck"]["below_top"] == 39 - 5
    assert all(len(p["hand"]) == 1 + (i == st["turn_player"]) for i, p in enumerate(st["players"]))


def test_a_later_turn_recharges_draws_and_rolls_for_the_creatures():
    """'Recharge! Move your Energy marker to 10. Draw a Special card ... Roll the die and put out that many new
    Dinosaur cards.' The play deck is face up: the next top is revealed by a chance node."""
    s = position(area={"LJ": [["Stegosaurus"]]}, energy=[3, 2], top="Iguanodon", below=10)
    s.apply("end turn")
    assert s.to_dict()["state"]["phase"] == "turn-draw" and player(s, 1)["energy"] == 10
    s.apply("draw Superschocker")
    s.apply("roll 3")
    assert s.is_chance_node()                              # revealing the card under Iguanodon
    s.apply("reveal Allosaurus")
    s.apply("reveal Triceratops")
    s.apply("reveal Velociraptor")
    st = s.to_dict()["state"]
    assert st["to_place"] == ["Allosaurus", "Iguanodon", "Triceratops"] and st["play_deck"]["top"] == "Velociraptor"
    assert st["play_deck"]["below_top"] == 7 and s.current_player() == 1


def test_the_special_deck_is_reshuffled_from_its_discards():
    """'If you run out of Special cards, reshuffle the discard stack and place it face-down.'"""
    names = []
    for name, count in SPECIAL_COUNTS.items():
        names += [name] * count
    s = position(area={"LJ": [["Stegosaurus"]]}, top="Iguanodon", special_deck=[],
                 special_discard=names[1:], hands=[[], [names[0]]])
    s.apply("end turn")
    outcomes = dict(s.chance_outcomes())
    assert abs(outcomes[s.string_to_action("draw Superschocker")] - 4 / 30) < 1e-12
    assert s.to_dict()["state"]["special_discard"] == []


def test_the_game_ends_when_play_deck_and_hunting_area_are_empty():
    """'The game ends when there are no Dinosaur cards left in the play deck and in the hunting area.'"""
    s = position(area={"LJ": [["Stegosaurus"]], "EK": [["Hypsilophodon"]]}, top=None, below=0)
    s.apply("hunt Stegosaurus LJ1")
    s.apply("roll 6")
    s.apply("draw Superschocker")                          # the bonus card for the last of the period
    assert not s.is_terminal()
    s.apply("travel EK")
    s.apply("hunt Hypsilophodon EK1")
    s.apply("roll 1")                                      # escapes: nothing is left anywhere
    s.apply("pass")                                        # (the hunter holds the Superschocker)
    assert s.is_terminal() and s.returns() == [1.0, 0.0]


def test_scores_count_points_and_bonus_cards_and_ties_go_to_the_most_creatures():
    """'Each creature you have captured scores the points shown ... Some Special cards will increase your score
    by giving you bonus points for certain dinosaurs. In case of a tie, the winner is the player with the most
    captured dinosaurs.'"""
    s = position(top=None, below=0, captured=[["Tyrannosaurus"], ["Stegosaurus", "Dryosaurus"]],
                 phase="hunt")
    assert s.is_terminal() and s.scores() == [8.0, 7.0] and s.returns() == [1.0, 0.0]
    s = position(top=None, below=0, captured=[["Tyrannosaurus"], ["Stegosaurus", "Compsognathus"]],
                 hands=[[], ["Jura-Praemie"]])
    assert s.scores() == [8.0, 9.0] and s.returns() == [0.0, 1.0]
    s = position(top=None, below=0, captured=[["Tyrannosaurus"], ["Stegosaurus", "Archaeopteryx"]],
                 hands=[[], ["Fleischfresser-Praemie"]])
    assert s.scores() == [8.0, 8.0] and s.returns() == [0.0, 1.0]     # tie on points: 2 creatures beat 1
    s = position(top=None, below=0, captured=[["Stegosaurus"], ["Triceratops"]])
    assert s.returns() == [0.5, 0.5]


def test_aussterben_discards_the_top_creatures_of_a_period_unless_marked():
    """Designed 'Extinction' card and the 'Kein Aussterben' marker on the time track."""
    s = position(area={"LJ": [["Stegosaurus", "Allosaurus"], ["Dryosaurus"]], "EK": [["Iguanodon"]]},
                 hands=[["Aussterben", "Kein Aussterben"], []], top="Diplodocus")
    assert "Aussterben LJ" in moves(s) and "Aussterben T" not in moves(s)
    s.apply("Kein Aussterben LJ")
    assert "Aussterben LJ" not in moves(s) and "Aussterben EK" in moves(s)
    s = position(area={"LJ": [["Stegosaurus", "Allosaurus"], ["Dryosaurus"]]},
                 hands=[["Aussterben"], []], top="Diplodocus")
    s.apply("Aussterben LJ")
    assert area(s, "LJ") == [["Stegosaurus"], [], []]


def test_zeitschleife_brings_a_discarded_creature_back():
    """'It's out of the game unless a Special card returns it to play.'"""
    s = position(area={"LJ": [["Stegosaurus"]]}, discards=["Iguanodon"], hands=[["Zeitschleife"], []],
                 top="Diplodocus")
    s.apply("Zeitschleife Iguanodon")
    assert moves(s) == ["place Iguanodon EK1"]
    s.apply("place Iguanodon EK1")
    assert area(s, "EK")[0] == ["Iguanodon"] and s.to_dict()["state"]["phase"] == "hunt"


def test_secret_hands_are_resampled_but_their_sizes_kept():
    """'You may only look at the card you get.' determinize keeps own cards and the others' hand sizes."""
    s = position(area={"LJ": [["Stegosaurus"]]}, hands=[["Superschocker"], ["Fehlschuss", "Zeitschleife"]],
                 top="Diplodocus")
    seen = set()
    for k in range(30):
        w = s.determinize(0, seed=k)
        assert player(w, 0)["hand"] == ["Superschocker"] and len(player(w, 1)["hand"]) == 2
        seen.add(tuple(player(w, 1)["hand"]))
    assert len(seen) > 3
    assert s.to_dict(0)["state"]["players"][1] .get("hand_count") == 2
    draw = s.clone()
    draw.apply("end turn")
    for a, _ in draw.chance_outcomes():
        name = draw.action_to_string(a)
        hidden = name.split(" ", 1)[1] not in ("Zielfernrohr", "Stoerfeld", "Faehrtenleserin", "Zeitpilot",
                                               "Tieraerztin")
        assert (draw.observed_action(a, 0) != a) == hidden and draw.observed_action(a, 1) == a


def setup_with(game, *cards):
    """A new game with the setup cards dealt in seat order (the top of the play deck revealed first)."""
    s = game.new_initial_state()
    s.apply("reveal Stegosaurus")
    for card in cards:
        s.apply(f"draw {card}")
    return s


def test_the_setup_card_is_seen_only_by_its_owner():
    """Setup: "Deal one Special card to each player. You may only look at the card you get." A Gimmick or Expert
    dealt at setup stays secret (the others observe "draw ?", see a hand of 1 card, and their determinizations
    may deal any card there) until its owner's first turn: at the turn's draw step "Gimmicks and Experts ...
    put these face-up in front of you"."""
    s = G2.new_initial_state()
    s.apply("reveal Stegosaurus")
    a = s.string_to_action("draw Zielfernrohr")
    assert s.observed_action(a, 0) == a and s.action_to_string(s.observed_action(a, 1)) == "draw ?"
    s.apply(a)
    s.apply("draw Superschocker")
    assert s.check_state() is None
    assert player(s, 0)["hand"] == ["Zielfernrohr"] and player(s, 0)["face_up"] == []
    seen_by_1 = s.to_dict(1)["state"]["players"][0]
    assert seen_by_1["hand_count"] == 1 and "hand" not in seen_by_1 and seen_by_1["face_up"] == []
    other = setup_with(G2, "Superschocker", "Superschocker")
    assert other.infoset_hash(1) == s.infoset_hash(1) and other.infoset_hash(0) != s.infoset_hash(0)
    assert other.observation(1) == s.observation(1) and other.observation(0) != s.observation(0)
    dealt = set()
    for k in range(60):
        w = s.determinize(1, seed=k)
        assert w.check_state() is None and player(w, 1)["hand"] == ["Superschocker"]
        assert len(player(w, 0)["hand"]) == 1 and player(w, 0)["face_up"] == []
        dealt.add(player(w, 0)["hand"][0])
        assert player(s.determinize(0, seed=k), 0)["hand"] == ["Zielfernrohr"]
    assert "Superschocker" in dealt and dealt & {"Zielfernrohr", "Stoerfeld", "Faehrtenleserin"}
    s.apply("first player 0")                             # the owner's first turn: the card goes face up
    assert player(s, 0)["face_up"] == ["Zielfernrohr"] and player(s, 0)["hand"] == []
    assert s.to_dict(1)["state"]["players"][0]["hand_count"] == 0 and s.check_state() is None


def test_a_secret_setup_stoerfeld_can_be_played_before_its_owners_first_turn():
    """"Some Gimmicks need energy, too, whether you play them in your turn or while its some other player's turn":
    a Stoerfeld still secret from the setup deal is played in the first player's hunt; playing shows it (face up,
    reusable later)."""
    s = setup_with(G2, "Superschocker", "Stoerfeld")
    s.apply("first player 0")
    s.apply("draw Fehlschuss")
    for name in ("Allosaurus", "Diplodocus", "Brachiosaurus", "Camarasaurus"):
        s.apply(f"reveal {name}")
    while s.to_dict()["state"]["phase"] == "place":
        s.apply(s.legal_actions()[0])
    s.apply(next(x for x in s.legal_action_strings() if x.startswith("hunt ")))
    s.apply("roll 6")
    assert s.current_player() == 1 and "Stoerfeld" in s.legal_action_strings()   # asked first: left of the hunter
    s.apply("Stoerfeld")
    assert player(s, 1)["face_up"] == ["Stoerfeld"] and player(s, 1)["hand"] == [] and player(s, 1)["energy"] == 8
    assert s.to_dict(0)["state"]["players"][1]["face_up"] == ["Stoerfeld"] and s.check_state() is None


def test_golden_seeded_playthrough():
    """A fixed seeded random game: guards against unintended rule changes."""
    s, steps = play_random(G3.new_initial_state(), 2026)
    assert (steps, s.scores(), s.returns()) == GOLDEN


GOLDEN = (1590, [34.0, 32.0, 52.0], [0.0, 0.0, 1.0])


@pytest.mark.parametrize("players", (2, 3, 4))
def test_soak_500_random_games_keep_every_invariant(players):
    """500 seeded random games per player count (C playouts) end with every card accounted for; 10 of them
    are walked step by step with the invariants checked at every state. 10,000: benchmarks/soak.py --game dino_jagd."""
    game = cavemind.load_game("dino_jagd", players=players)
    for seed in range(500):
        s = game.new_initial_state()
        steps = s.random_playout(seed)
        assert s.is_terminal() and 0 < steps <= game.max_game_length
        check_position_invariants(s)
        r = s.returns()
        assert abs(sum(r) - 1) < 1e-9 and all(0 <= v <= 1 for v in r)
    import random

    for seed in range(10):
        s = game.new_initial_state()
        rng = random.Random(seed)
        while not s.is_terminal():
            check_position_invariants(s)
            s.apply(random_action(s, rng))


# ---- after a reshuffle of the special deck (README Interpretation 16) ----

RESHUFFLED = ["Superschocker"] * 4 + ["Stoersender"] * 3 + ["Fehlschuss"] * 3 + ["Glueckstreffer"] * 2 \
    + ["Zeitschleife"] * 2 + ["Aussterben"] * 2 + ["Kein Aussterben"]


def before_reshuffle():
    """Player 0 ends the turn with the special deck empty: player 1's draw reshuffles the discard RESHUFFLED."""
    return position(area={"LJ": [["Stegosaurus"]]}, top=None, below=0, special_deck=[],
                    special_discard=RESHUFFLED,
                    hands=[["Glueckstreffer", "Fleischfresser-Praemie", "Fleischfresser-Praemie"],
                           ["Superschocker", "Jura-Praemie", "Jura-Praemie"]],
                    face_up=[["Zielfernrohr"] * 3 + ["Faehrtenleserin", "Zeitpilot", "Tieraerztin"],
                             ["Stoerfeld"] * 2])


def test_after_a_reshuffle_determinize_deals_the_new_deck_and_hands_that_fit_what_was_seen():
    """'If you run out of Special cards, reshuffle the discard stack and place it face-down.' Everybody saw the
    discard, so the new deck's contents are public: from player 0's view, player 1 holds exactly the cards held
    at the reshuffle plus one drawn from the new deck; once player 1 plays a Fehlschuss (none was held then),
    that card was the one drawn, and player 1's hand and the deck are known (Interpretation 16)."""
    s = before_reshuffle()
    s.apply("end turn")
    s.apply("draw Fehlschuss")                              # player 1's secret draw from the new deck
    doc = s.to_dict(0)["state"]
    assert doc["special_reshuffle"]["deck_at_reshuffle"] == RESHUFFLED
    assert doc["players"][1]["drawn_since_reshuffle_count"] == 1 and "drawn_since_reshuffle" not in doc["players"][1]
    new_cards = set()
    for k in range(40):
        w = s.determinize(0, seed=k)
        assert w.check_state() is None and w.infoset_hash(0) == s.infoset_hash(0)
        world = w.to_dict()["state"]
        hand = collections.Counter(world["players"][1]["hand"])
        new = world["players"][1]["drawn_since_reshuffle"]
        assert len(new) == 1 and hand == collections.Counter(["Superschocker", "Jura-Praemie", "Jura-Praemie"] + new)
        assert collections.Counter(world["special_deck"]) + collections.Counter(new) == collections.Counter(RESHUFFLED)
        new_cards.add(new[0])
    assert len(new_cards) >= 4                              # the drawn card itself is unknown
    s.apply("end turn")
    s.apply("draw Stoersender")                             # player 0's own draw
    s.apply("hunt Stegosaurus LJ1")
    s.apply("roll 6")
    assert s.current_player() == 1 and "Fehlschuss" in moves(s)
    s.apply("Fehlschuss")
    known_deck = collections.Counter(RESHUFFLED) - collections.Counter(["Stoersender", "Fehlschuss"])
    for k in range(40):
        w = s.determinize(0, seed=k)
        assert w.check_state() is None and w.infoset_hash(0) == s.infoset_hash(0)
        world = w.to_dict()["state"]
        assert sorted(world["players"][1]["hand"]) == ["Jura-Praemie", "Jura-Praemie", "Superschocker"]
        assert collections.Counter(world["special_deck"]) == known_deck


def test_after_a_reshuffle_a_rivals_play_before_any_draw_comes_from_the_cards_held_then():
    """With three players the hands at the reshuffle are one known pool for player 0's two rivals. Player 2 plays
    a Stoersender in player 1's hunt before drawing from the new deck, so it held one at the reshuffle: every
    determinization gives player 2 the rest of its held cards, the rivals together the pool minus that card plus
    player 1's one draw, and the deck the new deck minus that draw (Interpretation 16)."""
    held = [["Superschocker", "Jura-Praemie", "Jura-Praemie"],
            ["Stoersender", "Fleischfresser-Praemie", "Fleischfresser-Praemie", "Kein Aussterben"]]
    new_deck = list(RESHUFFLED)
    new_deck.remove("Stoersender")
    new_deck.remove("Kein Aussterben")
    s = position(game=G3, area={"LJ": [["Stegosaurus"]]}, top=None, below=0, special_deck=[],
                 special_discard=new_deck, hands=[["Glueckstreffer"]] + held,
                 face_up=[["Zielfernrohr"] * 3, ["Stoerfeld"] * 2, ["Faehrtenleserin", "Zeitpilot", "Tieraerztin"]])
    s.apply("end turn")
    s.apply("draw Aussterben")                              # player 1's secret draw from the new deck
    s.apply("hunt Stegosaurus LJ1")
    s.apply("roll 6")
    assert s.current_player() == 2
    s.apply("Stoersender")                                  # player 2 has drawn nothing since the reshuffle
    assert s.to_dict()["state"]["special_reshuffle"]["plays_since"] == [
        {"player": 2, "card": "Stoersender", "drawn_before": 0}]
    pool = collections.Counter(held[0] + held[1]) - collections.Counter(["Stoersender"])
    splits = set()
    for k in range(60):
        w = s.determinize(0, seed=k)
        assert w.check_state() is None and w.infoset_hash(0) == s.infoset_hash(0)
        world = w.to_dict()["state"]
        rivals = world["players"][1:]
        drawn = collections.Counter(rivals[0]["drawn_since_reshuffle"])
        assert rivals[1]["drawn_since_reshuffle"] == [] and sum(drawn.values()) == 1
        assert collections.Counter(rivals[0]["hand"]) + collections.Counter(rivals[1]["hand"]) == pool + drawn
        assert collections.Counter(world["special_deck"]) + drawn == collections.Counter(new_deck)
        splits.add((tuple(sorted(rivals[0]["hand"])), tuple(sorted(rivals[1]["hand"]))))
    assert len(splits) > 5                                  # which rival held which of the rest stays unknown


def test_reshuffle_bookkeeping_round_trips_and_old_positions_load():
    s = before_reshuffle()
    s.apply("end turn")
    s.apply("draw Fehlschuss")
    again = G2.state_from_dict(s.to_dict()["state"])
    assert again == s
    for observer in (0, 1):
        view = G2.state_from_dict(s.to_dict(observer)["state"], observer=observer, seed=3)
        assert view.infoset_hash(observer) == s.infoset_hash(observer) and view.check_state() is None
    old = s.to_dict()["state"]
    del old["special_reshuffle"]
    for p in old["players"]:
        del p["drawn_since_reshuffle"]
    assert "special_reshuffle" not in G2.state_from_dict(old).to_dict()["state"]   # no reshuffle seen


def test_check_state_refuses_plays_since_a_reshuffle_that_no_hand_could_make():
    s = before_reshuffle()
    s.apply("end turn")
    s.apply("draw Fehlschuss")
    doc = s.to_dict()["state"]
    doc["special_reshuffle"]["plays_since"] = [{"player": 1, "card": "Fehlschuss", "drawn_before": 0}]
    doc["players"][1]["hand"].remove("Fehlschuss")
    doc["special_discard"] = ["Fehlschuss"]
    with pytest.raises(cavemind.InvalidPositionError, match="played cards it could not hold then"):
        G2.state_from_dict(doc)


@pytest.mark.parametrize("players", [3, 4])
def test_random_games_through_reshuffles_determinize_to_legal_worlds(players):
    """Random games reshuffle the special deck many times; every 7th state after the first reshuffle, every
    seat's determinization passes check_state and keeps the seat's information set."""
    game = cavemind.load_game("dino_jagd", players=players)
    import random
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        s = game.new_initial_state()
        step = 0
        while not s.is_terminal():
            s.apply(random_action(s, rng))
            step += 1
            if step % 7 or "special_reshuffle" not in s.to_dict()["state"]:
                continue
            for observer in range(players):
                w = s.determinize(observer, seed=step)
                assert w.check_state() is None and w.infoset_hash(observer) == s.infoset_hash(observer)
                checked += 1
    assert checked > 100



def first_round_with_the_special_deck_nearly_gone(game, seed):
    """A real position of the first round (one seat has had its turn) with every special card of the deck but
    one moved to the discard: play from the start never gets there, but a position may."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    while not (state.to_dict()["state"]["turns"] == 1 and state.to_dict()["state"]["phase"] == "hunt"):
        state.apply(random_action(state, rng))
    doc = state.to_dict()["state"]
    doc["special_discard"] += doc["special_deck"][1:]
    doc["special_deck"] = doc["special_deck"][:1]
    return game.state_from_dict(doc), rng


@pytest.mark.parametrize("players", [3, 4])
def test_a_reshuffle_in_the_first_round_keeps_every_state_legal_and_every_deal_blind(players):
    """Regression: from such a position the special deck was reshuffled while a seat's setup card was still
    secret ("You may only look at the card you get"), and check_state refused the state play led to. Now the
    setup card, whatever its kind, is dealt by determinize from what the observer has not seen, a seat's view
    loads (it shows the deck's Gimmicks and Experts, public since the reshuffle), and two worlds the observer
    cannot tell apart give the same deals."""
    game = cavemind.load_game("dino_jagd", players=players)
    checked = 0
    for seed in range(40):
        state, rng = first_round_with_the_special_deck_nearly_gone(game, seed)
        while not state.is_terminal() and checked < 40:
            state.apply(random_action(state, rng))
            assert state.check_state() is None
            doc = state.to_dict()["state"]
            if "special_reshuffle" not in doc or all(p["had_first_turn"] for p in doc["players"]):
                continue
            for observer in range(players):
                twin = state.determinize(observer, seed=checked)
                assert twin.check_state() is None and twin.infoset_hash(observer) == state.infoset_hash(observer)
                assert [w.to_bytes() for w in (state.determinize(observer, seed=k) for k in range(5))] == \
                    [w.to_bytes() for w in (twin.determinize(observer, seed=k) for k in range(5))]
                assert MODULE.deal_method(state.to_bytes(), observer, checked) != 3
                view = game.state_from_dict(state.to_dict(observer)["state"], observer=observer, seed=checked)
                assert view.infoset_hash(observer) == state.infoset_hash(observer)
            checked += 1
    assert checked >= 20


@pytest.mark.parametrize("deck,where", [
    (["Superschocker"], r"special_deck_gimmicks_experts: Superschocker is not a Gimmick or Expert"),
    (["Faehrtenleserin"], r"special_deck_gimmicks_experts: more Faehrtenleserin than are unseen"),
])
def test_a_seats_view_names_the_decks_gimmicks_and_experts_after_a_reshuffle(deck, where):
    s = before_reshuffle()
    s.apply("end turn")
    s.apply("draw Fehlschuss")
    view = s.to_dict(0)["state"]
    assert view["special_deck_gimmicks_experts"] == []         # all of them lie face up here
    assert G2.state_from_dict(view, observer=0, seed=1).infoset_hash(0) == s.infoset_hash(0)
    view["special_deck_gimmicks_experts"] = deck
    with pytest.raises(cavemind.InvalidPositionError, match=where):
        G2.state_from_dict(view, observer=0)

@pytest.mark.parametrize("change,where", [
    (lambda d: d["special_reshuffle"].update(count=0), r"special_reshuffle\.count: 0 is out of range \(must be from 1 to 255\)"),
    (lambda d: d["special_reshuffle"]["plays_since"].append({"player": 0, "card": "Zielfernrohr", "drawn_before": 0}),
     r"special_reshuffle\.plays_since\[0\]\.card: 'Zielfernrohr' is not a special card played from the hand"),
    (lambda d: d["special_reshuffle"]["plays_since"].append({"player": 5, "card": "Fehlschuss", "drawn_before": 0}),
     r"special_reshuffle\.plays_since\[0\]\.player: 5 is out of range \(must be from 0 to 1\)"),
    (lambda d: d["players"][0].pop("drawn_since_reshuffle"), r"players\[0\]\.drawn_since_reshuffle: missing"),
    (lambda d: d["special_reshuffle"].update(deck_at_reshuffle=["Superschocker"]),
     r"special_reshuffle\.deck_at_reshuffle: 1 of type 0, but deck and draws since hold 4"),
])
def test_a_malformed_reshuffle_record_is_refused_naming_the_field(change, where):
    s = before_reshuffle()
    s.apply("end turn")
    s.apply("draw Fehlschuss")
    doc = s.to_dict()["state"]
    change(doc)
    with pytest.raises(cavemind.InvalidPositionError, match=where):
        G2.state_from_dict(doc)


# ---- the learned cut-off evaluation (heuristic variant 1; docs/research/2026-12-02-dino-jagd-a-learned-evaluation.md)
# ----

def creature(name):
    return next(c for c in MODULE.CREATURES if c["name"] == name)


def test_evaluation_features_read_the_position():
    s = position(area={"T": [["Coelophysis"], ["Eoraptor", "Plateosaurus"]]}, period=["T", "LJ"], energy=[7, 10],
                 captured=[["Tyrannosaurus"], ["Stegosaurus", "Dryosaurus"]], hands=[["Superschocker",
                 "Stoersender"], ["Jura-Praemie"]], face_up=[["Zielfernrohr"], []], below=4, top="Triceratops",
                 discards=["Allosaurus"])
    mine, theirs = MODULE.evaluation_features(s.to_bytes())
    names = list(MODULE.EVALUATION_FEATURES)
    points = s.scores()
    left, gone = 4 + 1 + 3, 3 + 1           # deck below + top + area; captured + discarded
    reach = sum(creature(n)["points"] * creature(n)["hunt"].count("C") / 6 for n in ("Coelophysis", "Plateosaurus"))
    share = left / (left + gone)
    hand = [1, 1, 0, 0, 0, 0, 0]                              # Superschocker, Stoersender, then the other kinds
    face_up = [1, 0, 0, 0, 0]                                 # Zielfernrohr, Stoerfeld, Faehrtenleserin, ...
    assert mine == pytest.approx([points[0], points[0] * share, 1, 1, 0.7] + hand + [0] + face_up + [reach])
    assert theirs[names.index("points")] == points[1] and theirs[names.index("to_move")] == 0
    assert theirs[5:12] == [0] * 7                            # a bonus card is no one-use card
    assert theirs[names.index("praemien_x_share_left")] == pytest.approx(share)   # it counts in the points too
    assert theirs[names.index("reach")] == 0                  # nothing in the Late Jurassic


def test_the_learned_evaluation_is_the_logit_of_its_data_file():
    import json
    import math
    from importlib import resources
    doc = json.loads((resources.files("cavemind") / "data" / "dino_jagd" / "evaluation.json").read_text())
    assert tuple(doc["features"]) == MODULE.EVALUATION_FEATURES
    s = position(area={"T": [["Coelophysis"]]}, period=["T", "LJ"], captured=[["Tyrannosaurus"], []],
                 hands=[[], ["Fehlschuss"]])
    u = [sum(w * f for w, f in zip(doc["weights"], row)) for row in MODULE.evaluation_features(s.to_bytes())]
    expected = [math.exp(x) / sum(math.exp(y) for y in u) for x in u]
    learned = s.heuristic(1)
    lead = s.heuristic(0)
    assert s.heuristic() == learned                     # variant 1 is the default
    assert learned == pytest.approx(expected)
    assert lead[0] == pytest.approx(math.exp(8.01 / 4) / (math.exp(8.01 / 4) + 1))    # variant 0: exp(score / 4)
    with pytest.raises(cavemind.errors.InvalidOptionError):
        s.heuristic(2)


def test_evaluation_features_refuse_a_state_that_is_not_legal():
    data = bytearray(position().to_bytes())
    data[0] = 9                                                # num_players
    with pytest.raises(ValueError):
        MODULE.evaluation_features(bytes(data))
