"""The house rules DPjudge's maps carry, by mail: a map's RULE lines are its games' defaults (CREATE says so, LIST
shows them); SET RULE sets them in any game; ftf_press, no_draw, cd_dummies, mobilize and vassal_dummies as a
player meets them."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judge import maps
from judge.position import HouseState, Position, Unit
from tests.commands.helpers import GAME, GM, HOLDS, PLAYERS, Desk

DATA = Path(__file__).resolve().parent.parent / "data" / "maps"


@pytest.fixture
def folder_desk(tmp_path):
    variants = tmp_path / "variants"
    variants.mkdir()
    shutil.copy(DATA / "toy.map", variants / "toy.map")
    (variants / "toy_rules.map").write_text("USE toy\nRULE FTF_PRESS NO_DRAW\nDIRECTIVES\nRULE CD_BUILDS\n"
                                            "END DIRECTIVES\nPAYOLA DIRECTIVES\nRULE PAY_DUMMIES\n"
                                            "END DIRECTIVES\n")
    desk = Desk(tmp_path)
    from judge.service import Judge
    desk.judge = Judge(desk.settings.with_values(judge_variants_dir=str(variants)), clock=desk.clock)
    yield desk
    maps.use_folder(None)


def test_a_maps_rules_are_its_games_defaults(folder_desk):
    assert folder_desk.send(GM[0], "CREATE tr pw toy_rules").accepted
    reply = " ".join(folder_desk.reply(GM[0]).split())
    assert "House rules of the variant: ftf_press=on, no_draw=on, cd_builds=on" in reply
    rules = folder_desk.game("tr").rules
    assert rules.ftf_press and rules.no_draw and rules.cd_builds
    # The Payola stanza is set aside, and the variant says so.
    assert "payola directives (PAY_DUMMIES) are set aside" in maps.load("toy_rules").description
    assert folder_desk.send(GM[0], "SIGNON Mtr pw\nSET NORULE ftf_press\nLIST tr").accepted
    assert "ftf_press = off" in folder_desk.reply(GM[0]) and not folder_desk.game("tr").rules.ftf_press


def test_a_map_that_builds_anywhere_says_so_beside_the_rule(folder_desk, tmp_path):
    # DPjudge's BUILD_ANY is the variant's own (builds "any"), not the house rule build_anywhere, which stays off:
    # LIST and the game page said only "build_anywhere = off", so a GM thought builds went home only.
    (tmp_path / "variants" / "toy_any.map").write_text("USE toy\nRULE BUILD_ANY\n")
    assert folder_desk.send(GM[0], "CREATE ta pw toy_any").accepted
    created = " ".join(folder_desk.reply(GM[0]).split())
    assert "build_anywhere: The variant itself lets every power build in any supply centre it owns" in created
    assert folder_desk.send(GM[0], "LIST ta").accepted
    listed = " ".join(folder_desk.reply(GM[0]).split())
    assert "build_anywhere = off (the variant itself lets every power build in any supply centre it owns)" in listed
    from judge.web.pages import house_rules
    row = next(r for r in house_rules(folder_desk.game("ta")) if r["name"] == "build_anywhere")
    assert row["value"] == "off" and "the variant itself lets every power build in any" in row["meaning"]
    # A map without it says nothing more.
    assert folder_desk.send(GM[0], "CREATE tb pw toy").accepted
    assert folder_desk.send(GM[0], "LIST tb").accepted
    assert "build_anywhere = off\n" in folder_desk.reply(GM[0]).replace("\r", "")


def test_ftf_press_between_players_only_in_a_movement_phase_before_its_deadline(started: Desk):
    assert started.master("SET RULE ftf_press").accepted
    assert started.signon("ENGLAND", "PRESS TO F", "Shall we?", "ENDPRESS").accepted
    started.clock.advance(days=4)                         # past the deadline: the phase is not processed yet
    refused = started.signon("ENGLAND", "PRESS TO F", "Too late?", "ENDPRESS")
    assert not refused.accepted and "FACE-TO-FACE PRESS" in refused.errors[0][1]
    assert started.signon("ENGLAND", "PRESS TO M", "To the master always.", "ENDPRESS").accepted


def test_ftf_press_refused_outside_movement(started: Desk):
    game = started.game(GAME)
    game.position = Position.from_json({"phase": "W1901A", "units": {"ENGLAND": ["F LON"]},
                                        "centers": {"ENGLAND": ["LON", "EDI"]}}, game.map)
    started.judge.store.save(game)
    assert started.master("SET RULE ftf_press").accepted
    refused = started.signon("ENGLAND", "BROADCAST", "Hello all", "ENDBROADCAST")
    assert not refused.accepted and "ONLY IN A MOVEMENT PHASE" in refused.errors[0][1]


def test_no_draw_refuses_a_draw_vote(started: Desk):
    assert started.master("SET RULE no_draw").accepted
    refused = started.signon("FRANCE", "VOTE DRAW")
    assert not refused.accepted and "ALLOWS NO DRAWS (HOUSE RULE NO_DRAW)" in refused.errors[0][1]
    assert started.signon("FRANCE", "VOTE CONCEDE GERMANY").accepted


def test_cd_dummies_off_a_dummy_holds_the_phase_up_until_its_deadline(started: Desk):
    assert started.master("DUMMY ITALY").accepted
    for power in HOLDS:
        if power != "ITALY":
            assert started.signon(power, *HOLDS[power]).accepted
    assert started.game(GAME).all_in()
    assert started.master("SET RULE no_cd_dummies").accepted
    game = started.game(GAME)
    assert not game.all_in() and [p.power for p in game.late_players()] == ["ITALY"]


def test_mobilize_game_begins_with_builds(tmp_path_factory, tmp_path):
    desk = Desk(tmp_path)
    assert desk.send(GM[0], f"CREATE {GAME} {GM[1]}\nSET RULE mobilize").accepted
    for power, (address, password) in PLAYERS.items():
        assert desk.send(address, f"JOIN {GAME} {password} {power[0]}").accepted
    game = desk.game(GAME)
    assert str(game.position.phase) == "W1900A" and not game.position.units
    assert desk.signon("FRANCE", "BUILD F BRE").accepted
    assert "BUILD F BRE" in desk.reply("FRANCE")


def test_the_lord_of_a_vassal_signs_on_as_it_with_its_own_password(started: Desk):
    assert started.master("DUMMY ITALY", "SET RULE vassal_dummies").accepted
    game = started.game(GAME)
    game.position = Position(game.position.phase, game.position.units, game.position.centers, {},
                             HouseState(frozenset({"ITALY"}), vassals={"ITALY": "AUSTRIA"}))
    started.judge.store.save(game)
    address, password = PLAYERS["AUSTRIA"]
    assert started.send(address, f"SIGNON I{GAME} {password}\nA VEN - TYR").accepted
    assert "Signed on as Italy in game g1, as the power it is the vassal of." in started.reply(address)
    assert started.game(GAME).player("ITALY").orders == ["A VEN - TYR"]
    # Another power's password does not open the vassal.
    france, fpw = PLAYERS["FRANCE"]
    assert not started.send(france, f"SIGNON I{GAME} {fpw}").accepted


def test_a_lord_wins_with_its_vassals_centres(started: Desk):
    game = started.game(GAME)
    m = game.map
    centres = sorted(m.centers - {"NAP", "ROM", "VEN"})[:15]
    game.position = Position(game.position.phase, game.position.units,
                             {**{c: "AUSTRIA" for c in centres}, "NAP": "ITALY", "ROM": "ITALY", "VEN": "ITALY"}, {},
                             HouseState(frozenset({"ITALY"}), vassals={"ITALY": "AUSTRIA"}))
    assert game.solo_winner() == "AUSTRIA"
    game.position = Position(game.position.phase, game.position.units, game.position.centers, {})
    assert game.solo_winner() is None


def test_the_results_say_which_dummies_are_vassals(started: Desk):
    """Under vassal_dummies the results name each dummy's standing with the centres, as DPjudge does ('Vassal status
    of minor powers'); without the rule, nothing."""
    from judge.position_parts import Phase
    assert started.master("DUMMY ITALY", "DUMMY TURKEY", "SET RULE vassal_dummies").accepted
    game = started.game(GAME)
    game.position = Position(Phase.parse("F1901M"), game.position.units, game.position.centers, {},
                             HouseState(frozenset({"ITALY", "TURKEY"}), vassals={"ITALY": "AUSTRIA"}))
    started.judge.store.save(game)
    started.new_mail()
    assert started.master("PROCESS!").accepted
    [results] = [m for m in started.new_mail() if str(m["Subject"]) == f"Diplomacy results {GAME} F1901M"
                 and m["To"] == GM[0]]
    text = results.get_content()
    assert ("Vassal status of minor powers:\n\nItaly is a vassal of Austria.\nTurkey is independent.\n\n"
            "Ownership of supply centers:") in text


def test_a_lord_made_a_dummy_frees_its_vassal_and_the_game_goes_on(started: Desk):
    """A dummy is nobody's lord (DPjudge's vassalship gives no dummy a vassal). Austria, Italy's lord, made a dummy,
    becomes Turkey's vassal when Turkey takes all its homes; Italy, whose homes Austria and France now share, stayed
    Austria's vassal, a vassal of a vassal, and the game was saved so (a state no longer read). It goes free."""
    from judge.position_parts import Phase
    assert started.master("DUMMY ITALY", "DUMMY AUSTRIA", "SET RULE vassal_dummies").accepted
    game = started.game(GAME)
    m = game.map
    units = {u.province: u for u in (Unit("TURKEY", "A", "BUD"), Unit("TURKEY", "A", "VIE"),
                                      Unit("TURKEY", "F", "TRI"), Unit("FRANCE", "A", "ROM"))}
    centers = {**{c: "TURKEY" for c in m.homes("TURKEY")}, **{c: "FRANCE" for c in m.homes("FRANCE")},
               **{c: "ITALY" for c in m.homes("ITALY")}, **{c: "AUSTRIA" for c in m.homes("AUSTRIA")}}
    game.position = Position(Phase.parse("F1901M"), units, centers, {},
                             HouseState(frozenset({"ITALY", "AUSTRIA"}), vassals={"ITALY": "AUSTRIA"}))
    started.judge.store.save(game)
    assert started.master("PROCESS!").accepted
    after = started.game(GAME).position
    assert after.house.vassals == {"AUSTRIA": "TURKEY"}
    # Each dummy keeps its homes (DPjudge gives them back); France holds Rome with an army but Italy owns it.
    assert {c: after.centers[c] for c in ("BUD", "TRI", "VIE", "NAP", "ROM", "VEN")} == {
        "BUD": "AUSTRIA", "TRI": "AUSTRIA", "VIE": "AUSTRIA", "NAP": "ITALY", "ROM": "ITALY", "VEN": "ITALY"}


def test_a_dummys_unit_dislodged_by_its_own_attack_retreats_and_the_game_goes_on(started: Desk):
    """Under dummy_fire a dummy's own attack dislodges its unit (DPjudge's DUMMY_FIRE): the retreat phase has the
    dummy's attacker in the province and its dislodged unit beside it. That position was saved, and then refused when
    read back ('NO POWER DISLODGES ITS OWN'): the game could no longer be read. It is read, and the retreat played."""
    from judge.position_parts import Phase
    assert started.master("DUMMY ITALY", "SET RULE dummy_fire").accepted
    game = started.game(GAME)
    units = {u.province: u for u in (Unit("ITALY", "A", "VEN"), Unit("ITALY", "A", "TYR"), Unit("ITALY", "A", "PIE"),
                                      Unit("FRANCE", "A", "PAR"))}
    game.position = Position(Phase.parse("S1901M"), units, {"VEN": "ITALY", "PAR": "FRANCE"}, {})
    started.judge.store.save(game)
    assert started.master("ITALY: A TYR - VEN", "ITALY: A PIE S A TYR - VEN", "ITALY: A VEN H", "PROCESS!").accepted
    after = started.game(GAME).position
    assert str(after.phase) == "S1901R" and after.units["VEN"].power == after.dislodged["VEN"].unit.power == "ITALY"
    assert started.master("ITALY: A VEN R TUS", "PROCESS!").accepted
    after = started.game(GAME).position
    assert str(after.phase) == "F1901M" and sorted(after.units) == ["PAR", "PIE", "TUS", "VEN"]


STRANGER = "someone@example.net"


def test_what_a_map_file_left_aside_is_told_to_the_master_and_players(folder_desk):
    # The README promises that the variant's description says what of a DPjudge map was left out (Payola stanzas,
    # income phases, aliases); nothing showed it: a master learnt it from no reply, page or HELP.
    left = "payola directives (PAY_DUMMIES) are set aside"
    assert folder_desk.send(GM[0], "CREATE tr pw toy_rules").accepted
    assert left in " ".join(folder_desk.reply(GM[0]).split())
    assert folder_desk.send(STRANGER, "LIST tr").accepted
    listed = folder_desk.reply(STRANGER)
    assert left in " ".join(listed.split()) and "\nVictory:   3 supply centres" in listed
    assert folder_desk.send(STRANGER, "HELP").accepted
    helped = folder_desk.reply(STRANGER)
    assert left in " ".join(helped.split())
    assert max(len(line) for line in helped.splitlines()) <= 100       # wrapped like the rest of HELP
    from judge.web.pages import summary
    assert left in summary(folder_desk.game("tr"))["about"]


def test_a_mobilized_unit_owns_its_centre_and_keeps_it_through_the_next_fall(folder_desk, tmp_path):
    """DPjudge's MOBILIZE: the centre a power builds its first unit on is its own from then on (1897: powers lost
    their only unit at the first Fall when it was not)."""
    desk = folder_desk
    (tmp_path / "variants" / "toy_mobilize.map").write_text("USE toy\nRULE MOBILIZE\n")
    assert desk.send(GM[0], "CREATE tm pw toy_mobilize").accepted
    assert desk.send("north@example.org", "JOIN tm npw N").accepted
    assert desk.send("south@example.org", "JOIN tm npw2 S").accepted
    game = desk.game("tm")
    assert game.position.phase.kind == "A" and not game.position.centers
    assert desk.send("north@example.org", "SIGNON Ntm npw\nBUILD F NBY").accepted
    assert desk.send("south@example.org", "SIGNON Stm npw2\nBUILD A SBY").accepted
    assert desk.send(GM[0], "SIGNON Mtm pw\nPROCESS").accepted
    built = desk.delivered("Diplomacy results tm ")[GM[0]].get_content()
    assert "North:      Builds a fleet in North Bay." in built and "unused build" not in built
    # As DPjudge, the results then give the ownership the builds made.
    assert "Ownership of supply centers:\n\nNorth:      North Bay.\nSouth:      South Bay.\nUnowned:    " in built
    assert desk.game("tm").position.centers == {"NBY": "NORTH", "SBY": "SOUTH"}
    for season in ("Spring", "Fall"):
        assert desk.send("north@example.org", "SIGNON Ntm npw\nF NBY H").accepted
        assert desk.send("south@example.org", "SIGNON Stm npw2\nA SBY H").accepted
        assert desk.send(GM[0], "SIGNON Mtm pw\nPROCESS").accepted
        results = desk.delivered("Diplomacy results tm ")[GM[0]].get_content()
        assert f"Movement results for {season} of" in results, results
    # Nobody has anything to remove or build: the game goes on to the next Spring, each power with its centre.
    assert "Removes" not in results and "Ownership of supply centers:" in results
    assert "North:      North Bay.\nSouth:      South Bay." in results
    assert "The next phase of 'tm' will be Movement for Spring of" in results
    assert desk.game("tm").position.units_of("NORTH")


def test_a_mobilize_build_left_unmade_is_kept_for_the_next_winter(folder_desk, tmp_path):
    """DPjudge's MOBILIZE: a power that does not build its first unit keeps the build it is owed (DPjudge keeps its
    'SC!' among its centres until a BUILD uses it), and builds it the next winter; it was lost, and the power out
    of the game at its first phase (with every power so, the game ended as 'a draw of nobody')."""
    desk = folder_desk
    (tmp_path / "variants" / "toy_mobilize.map").write_text("USE toy\nRULE MOBILIZE\n")
    assert desk.send(GM[0], "CREATE tm pw toy_mobilize").accepted
    assert desk.send("north@example.org", "JOIN tm npw N").accepted
    assert desk.send("south@example.org", "JOIN tm npw2 S").accepted
    assert desk.send("north@example.org", "SIGNON Ntm npw\nBUILD F NBY").accepted
    assert desk.send(GM[0], "SIGNON Mtm pw\nPROCESS!").accepted        # South sent nothing: it waives
    game = desk.game("tm")
    assert not game.over and game.position.phase.kind == "M"
    assert not game.position.eliminated("SOUTH") and "SOUTH" in game.survivors()
    for _ in ("Spring", "Fall"):
        assert desk.send("north@example.org", "SIGNON Ntm npw\nF NBY H").accepted
        assert desk.send(GM[0], "SIGNON Mtm pw\nPROCESS").accepted
    assert desk.game("tm").position.phase.kind == "A"
    assert desk.send("south@example.org", "SIGNON Stm npw2\nBUILD A SBY").accepted, desk.reply("south@example.org")
    assert desk.send(GM[0], "SIGNON Mtm pw\nPROCESS").accepted
    game = desk.game("tm")
    assert game.position.units_of("SOUTH") and game.position.centers.get("SBY") == "SOUTH"
    # Built, the build is no longer owed: the next winter (if any) asks nothing of South.
    assert game.position.house is None or not game.position.house.mobilizing.get("SOUTH")


def test_a_mobilize_game_where_nobody_builds_goes_on(folder_desk, tmp_path):
    """Every power leaving its first build unmade: each keeps it, as in DPjudge, and the game goes on to the next
    winter's builds (it ended at once as 'a draw of nobody')."""
    desk = folder_desk
    (tmp_path / "variants" / "toy_mobilize.map").write_text("USE toy\nRULE MOBILIZE\n")
    assert desk.send(GM[0], "CREATE tm pw toy_mobilize").accepted
    assert desk.send("north@example.org", "JOIN tm npw N").accepted
    assert desk.send("south@example.org", "JOIN tm npw2 S").accepted
    assert desk.send(GM[0], "SIGNON Mtm pw\nPROCESS!").accepted
    game = desk.game("tm")
    assert not game.over, game.result
    for _ in range(3):
        if desk.game("tm").position.phase.kind == "A":
            break
        assert desk.send(GM[0], "SIGNON Mtm pw\nPROCESS").accepted, desk.reply(GM[0])
    assert desk.game("tm").position.phase.kind == "A"
    assert desk.send("north@example.org", "SIGNON Ntm npw\nBUILD F NBY").accepted, desk.reply("north@example.org")
