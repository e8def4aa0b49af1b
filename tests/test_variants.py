"""Variants through the judge: a game's variant (kept in its status), CREATE <game> <password> <variant>, what LIST and
HELP say, power letters past seven powers, build rules (home centres, any owned centre, the build_anywhere house
rule), the JSON interface's variant field and `bin/judge variants`."""
from __future__ import annotations

import json
import shutil
from datetime import timedelta
from pathlib import Path

import pytest

from judge import api, cli, maps
from judge.adjudicator import adjudicate
from judge.game import Game
from judge.orders.sets import build_order_set
from judge.phases import needs_adjustment
from judge.position import Position, Unit
from judge.rules import Ruleset
from tests.commands.helpers import GM, Desk

DATA = Path(__file__).resolve().parent / "data" / "maps"


@pytest.fixture
def desk(tmp_path):
    return Desk(tmp_path)


# -- the game's variant ------------------------------------------------------------------------------------------

def test_a_game_keeps_its_variant_and_old_games_play_the_standard_map():
    game = Game("g", "gm@x.org", "pw", variant="chaos")
    doc = game.to_json()
    assert doc["variant"] == "chaos" and Game.from_json(doc).map is maps.load("chaos")
    del doc["variant"]                      # a status.json written before variants existed
    assert Game.from_json(doc).variant == "standard" and Game.from_json(doc).map is maps.load("standard")


def test_create_names_the_variant(desk):
    assert desk.send(GM[0], "CREATE fr pw fleet_rome").accepted
    reply = desk.reply(GM[0])
    assert "Variant: fleet_rome (Fleet Rome): 7 powers, 34 supply centres, 18 to win alone." in " ".join(reply.split())
    assert desk.game("fr").variant == "fleet_rome"
    assert desk.send(GM[0], "CREATE st pw").accepted and desk.game("st").variant == "standard"


def test_create_refuses_an_unknown_variant_and_lists_those_offered(desk):
    assert not desk.send(GM[0], "CREATE x pw atlantis").accepted
    assert "UNKNOWN VARIANT: 'ATLANTIS' (THIS JUDGE OFFERS: STANDARD, CHAOS, FLEET_ROME, HEARTLAND)" in \
        " ".join(desk.reply(GM[0]).split())


def test_a_variant_file_that_failed_to_load_is_not_listed_as_offered(desk, tmp_path):
    """HELP lists the variants that load (a broken file of the folder left out); the list in a refusal of an unknown
    variant named it all the same, and the master who took it up was refused again."""
    from tests.commands.helpers import toy_variants
    folder = toy_variants(tmp_path / "variants")
    (folder / "cut.json").write_text('{"name": "cut", "powers": [', encoding="utf-8")
    desk.use_variants(folder)
    try:
        desk.send("someone@x.org", "HELP")
        helped = desk.reply("someone@x.org")
        assert "toy" in helped.split() and "cut" not in helped.split()
        assert not desk.send(GM[0], "CREATE x pw atlantis").accepted
        refused = " ".join(desk.reply(GM[0]).split())
        offered = refused.split("(THIS JUDGE OFFERS: ")[1].split(")")[0].split(", ")
        assert "TOY" in offered and "STANDARD" in offered and "CUT" not in offered, refused
        # asked for by name, the broken file says what is wrong with it
        assert not desk.send(GM[0], "CREATE y pw cut").accepted
        assert "CUT.JSON" in desk.reply(GM[0]).upper()
    finally:
        maps.use_folder(None)


def test_the_default_variant_comes_from_the_settings(desk):
    from judge.service import Judge
    desk.judge = Judge(desk.settings.with_values(judge_variant="heartland"), clock=desk.clock)
    assert desk.send(GM[0], "CREATE h pw").accepted and desk.game("h").variant == "heartland"


def test_help_and_list_say_which_variants_are_offered(desk):
    desk.send("someone@x.org", "HELP")
    helped = desk.reply("someone@x.org")
    assert "  chaos          Chaos: 34 powers, 34 centres, 18 to win" in helped
    assert "  heartland      Heartland: 3 powers, 7 centres, 4 to win" in helped
    desk.send(GM[0], "CREATE ch pw chaos")
    desk.send("someone@x.org", "LIST")
    listed = desk.reply("someone@x.org")
    assert "Variants offered: standard, chaos, fleet_rome, heartland" in listed and "  (chaos)" in listed
    desk.send("someone@x.org", "LIST ch")
    assert "Variant:   chaos (Chaos)" in desk.reply("someone@x.org")


def test_help_keeps_the_variants_titles_in_one_column_past_a_long_name(desk, tmp_path):
    # A tester's variants folder offered standard_french: its line read "standard_french Standard French: ...",
    # its title out of the column the others keep, and its description under the wrong column.
    from tests.commands.helpers import toy_variants
    folder = toy_variants(tmp_path / "variants")
    shutil.copy(folder / "toy.map", folder / "toy_with_a_long_name.map")
    desk.use_variants(folder)
    try:
        desk.send("someone@x.org", "HELP")
        lines = desk.reply("someone@x.org").split("\n")
    finally:
        maps.use_folder(None)
    rows = [line for line in lines if line.startswith("  ") and " to win" in line and ":" in line]
    names = ["standard", "heartland", "toy_with_a_long_name"]
    starts = {line.split()[0]: line.index(line.split()[1]) for line in rows}
    assert set(names) <= set(starts) and len(set(starts.values())) == 1, rows
    column = starts["standard"]
    assert column > 2 + len("toy_with_a_long_name")
    about = lines[lines.index(next(r for r in rows if r.split()[0] == "heartland")) + 1]
    assert about.startswith(" " * column) and not about.startswith(" " * (column + 1)), (about, column)


def test_help_and_list_say_a_variant_without_a_drawing_is_text_only(desk, tmp_path):
    # An operator's DPjudge board of its own (hundred.map, here the toy board) has no drawing: CREATE and MAP said
    # so, but HELP and LIST <game> said nothing, while a file on a drawing that does not fit (milan) said "Text
    # only" there: a player choosing a variant from HELP could not tell which ones come without pictures.
    from tests.commands.helpers import toy_variants
    desk.use_variants(toy_variants(tmp_path / "variants"))
    try:
        desk.send("someone@x.org", "HELP")
        helped = desk.reply("someone@x.org").split("\n")
        desk.send(GM[0], "CREATE t pw toy")
        desk.send("someone@x.org", "LIST t")
        listed = " ".join(desk.reply("someone@x.org").split())
    finally:
        maps.use_folder(None)
    row = next(i for i, line in enumerate(helped) if line.split()[:1] == ["toy"])
    about = " ".join(" ".join(helped[row + 1:row + 4]).split())
    assert "Text only, no picture" in about, helped[row:row + 4]
    assert "Text only, no picture" in listed, listed
    heart = next(i for i, line in enumerate(helped) if line.split()[:1] == ["heartland"])
    assert "Text only" not in " ".join(helped[heart:heart + 4])     # (a board with its drawing says nothing)


def test_create_takes_a_dpjudge_file_by_its_own_name_with_a_hyphen(desk, tmp_path):
    # DPjudge's empire-up.map is offered as empire_up (a variant name has no hyphen): a master who wrote the
    # file's own name, "CREATE g pw empire-up", was refused as asking for an unknown variant.
    from tests.commands.helpers import toy_variants
    folder = toy_variants(tmp_path / "variants")
    shutil.copy(folder / "toy.map", folder / "toy-up.map")
    desk.use_variants(folder)
    try:
        assert desk.send(GM[0], "CREATE g pw toy-up").accepted, desk.reply(GM[0])
        assert desk.game("g").variant == "toy_up"
        assert not desk.send(GM[0], "CREATE h pw toy-down").accepted          # (still refused when unknown)
        assert "UNKNOWN VARIANT: 'TOY-DOWN'" in desk.reply(GM[0])
    finally:
        maps.use_folder(None)


def test_a_config_with_an_unknown_default_variant_is_refused(tmp_path):
    from judge import config
    ini = tmp_path / "config.ini"
    ini.write_text("[judge]\nvariant = atlantis\n")
    with pytest.raises(config.ConfigError, match=r"config.ini:judge:variant: UNKNOWN VARIANT: 'atlantis'"):
        config.load(ini)
    ini.write_text("[judge]\nvariants_dir = nowhere\n")
    with pytest.raises(config.ConfigError, match=r"config.ini:judge:variants_dir: .*nowhere is not a folder"):
        config.load(ini)
    maps.use_folder(None)


# -- thirty-four powers ------------------------------------------------------------------------------------------

def test_chaos_fills_with_thirty_four_players_and_letters_and_names_sign_on(desk):
    m = maps.load("chaos")
    assert desk.send(GM[0], "CREATE ch pw chaos").accepted
    powers = list(m.powers)
    for i, power in enumerate(powers):
        letter = m.power_letters[power]
        r = desk.send(f"p{i}@x.org", f"JOIN ch pw{i} {letter}")
        assert r.accepted, desk.reply(f"p{i}@x.org")
        if i < 33:
            assert desk.game("ch").status == "forming"
    game = desk.game("ch")
    assert game.status == "active" and str(game.position.phase) == "W1900A"
    assert [p.power for p in game.players] == powers                 # each got the power it asked for
    mails = desk.new_mail()
    starts = [s for s in mails if "starting" in str(s["Subject"])]
    assert len(starts) == 35 and "Variant: chaos" in starts[0].get_content()
    assigned = [s for s in mails if "power assignment" in str(s["Subject"])]
    assert len(assigned) == 34
    paris = next(s for s in assigned if s["To"] == f"p{powers.index('PARIS')}@x.org").get_content()
    assert f"You are playing Paris in game 'ch' (Chaos).\nSign on with: SIGNON {m.power_letters['PARIS']}ch" in paris
    assert "or: SIGNON paris@ch <your password>" in paris
    # A digit is a power's letter past the alphabet; a name works for every power.
    warsaw = powers.index("WARSAW")
    assert m.power_letters["WARSAW"].isdigit()
    assert desk.send(f"p{warsaw}@x.org", f"SIGNON {m.power_letters['WARSAW']}ch pw{warsaw}\nBUILD A WAR").accepted
    assert desk.send(f"p{warsaw}@x.org", f"SIGNON warsaw@ch pw{warsaw}\nBUILD F WAR").accepted is False
    assert "FLEET" in desk.reply(f"p{warsaw}@x.org").upper()
    bel = powers.index("BELGIUM")
    assert desk.send(f"p{bel}@x.org", f"SIGNON belgium@ch pw{bel}\nBUILD F BEL").accepted


def test_a_join_preference_letter_must_be_the_variants(desk):
    desk.send(GM[0], "CREATE he pw heartland")
    assert not desk.send("a@x.org", "JOIN he pw F").accepted
    assert "UNKNOWN POWER LETTERS IN THE PREFERENCE (USE THE LETTERS ABC" in desk.reply("a@x.org")


# -- build rules -------------------------------------------------------------------------------------------------

def winter(m, units: dict, centers: dict) -> Position:
    return Position.from_json({"phase": "W1901A", "units": units, "centers": centers}, m)


FRANCE_WITH_BELGIUM = ({"FRANCE": ["A PAR", "A MAR", "F BRE"], "GERMANY": ["A MUN"]},
                       {"FRANCE": ["BRE", "MAR", "PAR", "BEL"], "GERMANY": ["MUN"]})


def test_home_centres_only_unless_the_house_rule_says_anywhere():
    m = maps.load("standard")
    pos = winter(m, *FRANCE_WITH_BELGIUM)
    refused = build_order_set("FRANCE", ["BUILD A BEL"], pos, m, Ruleset())
    assert refused.errors == [("BUILD A BEL", "NOT A HOME SUPPLY CENTER: BEL")]
    anywhere = Ruleset().with_(build_anywhere=True)
    built = build_order_set("FRANCE", ["BUILD A BEL"], pos, m, anywhere)
    assert not built.errors and str(built.orders[0]) == "BUILD A BEL"
    assert build_order_set("FRANCE", ["BUILD A BUR"], pos, m, anywhere).errors == \
        [("BUILD A BUR", "NOT A SUPPLY CENTER: BUR")]
    out = adjudicate(m, pos, built.orders, anywhere)
    assert out.position.units["BEL"] == ("FRANCE", "A", "BEL")


def test_a_free_owned_centre_is_a_build_only_where_builds_go_anywhere():
    m = maps.load("standard")
    units = {"PAR": Unit("FRANCE", "A", "PAR"), "MAR": Unit("FRANCE", "A", "MAR"), "BRE": Unit("FRANCE", "F", "BRE")}
    centers = {"PAR": "FRANCE", "MAR": "FRANCE", "BRE": "FRANCE", "BEL": "FRANCE"}
    assert not needs_adjustment(m, units, centers)                  # the homes are full: nothing to do
    assert needs_adjustment(m, units, centers, anywhere=True)       # Belgium is free and French
    chaos = maps.load("chaos")
    assert needs_adjustment(chaos, {}, {"PAR": "PARIS", "BEL": "PARIS"})


def test_chaos_builds_in_any_owned_centre():
    m = maps.load("chaos")
    pos = winter(m, {"PARIS": ["A PAR"]}, {"PARIS": ["PAR", "BEL"]})
    assert not build_order_set("PARIS", ["BUILD F BEL"], pos, m, Ruleset()).errors


def test_chaos_begins_with_builds_and_plays_on(tmp_path):
    m = maps.load("chaos")
    state = {"phase": "W1900A", "centers": {p: list(m.homes(p)) for p in m.powers}}
    out = api.adjudicate(state, {"PARIS": ["BUILD A PAR"], "LONDON": ["BUILD F LON"]}, variant="chaos")
    assert out["state"]["phase"] == "S1901M"
    assert out["state"]["units"] == {"LONDON": ["F LON"], "PARIS": ["A PAR"]}
    assert sum(o["order"] == "WAIVE" for o in out["orders"]) == 32


# -- the JSON interface and the command line ---------------------------------------------------------------------

def test_the_request_names_its_variant():
    doc = {"variant": "fleet_rome", "state": {"phase": "S1901M", "units": {"ITALY": ["F ROM"]}},
           "orders": {"ITALY": ["F ROM - TYS"]}}
    assert api.request(doc)["state"]["units"] == {"ITALY": ["F TYS"]}
    heart = {"variant": "heartland", "state": {"phase": "S1901M", "units": {"CALDOR": ["F COR/EC"]}},
             "orders": {"CALDOR": ["F Cormouth east coast - Amber Sea"]}, "picture": "svg"}
    out = api.request(heart)
    assert out["state"]["units"] == {"CALDOR": ["F AMB"]} and 'id="prov-HRT"' in out["picture"]
    with pytest.raises(ValueError, match=r"UNKNOWN POWER: 'FRANCE'"):
        api.request({"variant": "heartland", "state": {"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}}})


def test_an_unknown_variant_is_a_malformed_request(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    req = tmp_path / "r.json"
    req.write_text(json.dumps({"variant": "atlantis", "state": {"phase": "S1901M"}}))
    assert cli.main(["adjudicate", str(req)]) == 2
    err = capsys.readouterr().err.strip().split("\n")
    assert err == ["judge adjudicate: UNKNOWN VARIANT: 'atlantis' (this judge offers: standard, chaos, fleet_rome, "
                   "heartland)"]


def test_bin_judge_variants(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["variants"]) == 0
    lines = [line.split() for line in capsys.readouterr().out.strip().split("\n")]
    assert lines == [["standard", "7", "34", "18"], ["chaos", "34", "34", "18"], ["fleet_rome", "7", "34", "18"],
                     ["heartland", "3", "7", "4"]]


def test_bin_judge_variants_reads_the_folder_from_config(capsys, tmp_path, monkeypatch):
    (tmp_path / "more").mkdir()
    shutil.copy(DATA / "toy.map", tmp_path / "more" / "toy.map")
    (tmp_path / "more" / "bad.map").write_text("RESERVES 2\n")
    (tmp_path / "more" / "latin.json").write_bytes('{"name": "latin", "title": "à"}'.encode("latin-1"))
    (tmp_path / "config.ini").write_text("[judge]\nvariants_dir = more\n")
    monkeypatch.chdir(tmp_path)
    try:
        assert cli.main(["variants"]) == 1         # (a file not in UTF-8 was a traceback that listed nothing after it)
        out = capsys.readouterr()
        assert out.out.strip().split("\n")[-1].split() == ["toy", "2", "4", "3"]
        assert "bad.map:1: this judge does not play RESERVES" in out.err
        assert "latin.json: not UTF-8 (byte 28)" in out.err
        req = tmp_path / "r.json"
        req.write_text(json.dumps({"variant": "toy", "state": {"phase": "S1901M", "units": {"NORTH": ["F NBY"]}},
                                   "orders": {"NORTH": ["F NBY - NSE"]}}))
        assert cli.main(["adjudicate", str(req), "--compact"]) == 0
        assert json.loads(capsys.readouterr().out)["state"]["units"] == {"NORTH": ["F NSE"]}
    finally:
        maps.use_folder(None)


def test_bin_judge_map_draws_a_variant_or_says_it_has_no_drawing(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    req = tmp_path / "r.json"
    req.write_text(json.dumps({"variant": "heartland", "state": {"phase": "S1901M", "units": {"ARDEN": ["A ASH"]}},
                               "orders": {"ARDEN": ["A ASH - HRT"]}}))
    assert cli.main(["map", str(req), "-o", str(tmp_path / "b.svg")]) == 0
    svg = (tmp_path / "b.svg").read_text()
    assert 'id="prov-COR"' in svg and 'id="prov-PAR"' not in svg
    assert cli.main(["map", str(req), "-o", str(tmp_path / "a.svg"), "--before"]) == 0
    (tmp_path / "more").mkdir()
    shutil.copy(DATA / "toy.map", tmp_path / "more" / "toy.map")
    (tmp_path / "config.ini").write_text("[judge]\nvariants_dir = more\n")
    req.write_text(json.dumps({"variant": "toy", "state": {"phase": "S1901M"}}))
    try:
        assert cli.main(["map", str(req), "-o", str(tmp_path / "t.svg")]) == 2
        err = capsys.readouterr().err
        assert "VARIANT toy HAS NO DRAWING: judge map CANNOT DRAW IT" in err
        assert "LEAVE picture OUT" not in err           # (the JSON reply's advice: no use to this command)
        assert not (tmp_path / "t.svg").exists()
    finally:
        maps.use_folder(None)


# -- the calendar and the build limit ------------------------------------------------------------------------------

def fall_only(**more):
    """The standard board with one movement season a year (Fall), as a variant of our own."""
    from judge.maps.build import build, derive
    base = json.loads((Path(maps.__file__).parent / "standard.json").read_text(encoding="utf-8"))
    return build(derive(base, {"name": "autumn", "base": "standard", "calendar": ["fall"], "begin": "F1901M",
                               **more}, "autumn.json"), "autumn.json")


def test_a_calendar_with_one_movement_season_goes_from_fall_to_winter_to_fall():
    m = fall_only()
    pos = Position.from_json({"phase": "F1901M", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
                              "centers": {"FRANCE": ["PAR"], "GERMANY": ["MUN"]}}, m)
    out = adjudicate(m, pos, [o for o in build_order_set("FRANCE", ["A PAR - BUR"], pos, m, Ruleset()).orders],
                     Ruleset())
    # Burgundy is no centre, so nobody gains one: no builds, and the next phase is next year's Fall, not a Spring.
    assert str(out.position.phase) == "F1902M"
    out = adjudicate(m, out.position, build_order_set("GERMANY", ["A MUN - BUR"], out.position, m, Ruleset()).orders
                     + build_order_set("FRANCE", ["A BUR - BEL"], out.position, m, Ruleset()).orders, Ruleset())
    # Belgium taken in the year's only movement season changes hands at once, and France builds in the Winter.
    assert str(out.position.phase) == "W1902A" and out.position.centers["BEL"] == "FRANCE"
    after = adjudicate(m, out.position, [], Ruleset())
    assert str(after.position.phase) == "F1903M"


def test_a_state_in_a_season_the_calendar_lacks_is_malformed():
    with pytest.raises(ValueError, match=r"BAD PHASE: S1901M \(the variant autumn has no spring movement\)"):
        Position.from_json({"phase": "S1901M", "units": {}}, fall_only())


def test_a_build_limit_caps_the_builds_of_one_winter():
    m = fall_only(build_limit=1)
    units = {"FRANCE": ["F BRE"]}
    pos = Position.from_json({"phase": "W1901A", "units": units, "centers": {"FRANCE": ["BRE", "MAR", "PAR"]}}, m)
    oset = build_order_set("FRANCE", ["BUILD A PAR", "BUILD A MAR"], pos, m, Ruleset())
    assert [str(o) for o in oset.orders] == ["BUILD A PAR"]
    assert oset.errors == [("BUILD A MAR", "NO MORE BUILDS ALLOWED: BUILD A MAR")]
    out = adjudicate(m, pos, oset.orders, Ruleset())
    assert sorted(out.position.units) == ["BRE", "PAR"]
    # Nothing ordered: one waived build (the limit), not two.
    idle = adjudicate(m, pos, [], Ruleset())
    assert [str(r.order) for r in idle.results] == ["WAIVE"]
    # Removals are never limited.
    many = Position.from_json({"phase": "W1901A", "units": {"FRANCE": ["A PAR", "A MAR", "F BRE"]},
                               "centers": {"FRANCE": ["PAR"]}}, m)
    assert len(adjudicate(m, many, [], Ruleset()).position.units) == 1


def test_a_dpjudge_flow_with_one_movement_season(tmp_path):
    from judge.maps.build import build
    from judge.maps.dpjudge_format import read_text
    text = (DATA / "toy.map").read_text(encoding="utf-8").replace(
        "VICTORY 3", "VICTORY 3\nFLOW FALL:MOVEMENT,RETREATS WINTER:ADJUSTMENTS")
    m = build(read_text(text, "toyfall", tmp_path, maps.load), "toyfall")
    assert m.calendar == ("F",) and m.begin == "F1901M"
    # A season of its own is a calendar of the map's own, with phases in DPjudge's long form.
    summer = build(read_text(text.replace("FLOW FALL", "FLOW SUMMER"), "toysummer", tmp_path, maps.load), "toysummer")
    assert summer.flow is not None and summer.begin == "SUMMER 1901 MOVEMENT"


def test_bin_judge_variants_says_which_folder_file_is_named_like_a_shipped_variant(capsys, tmp_path, monkeypatch):
    (tmp_path / "more").mkdir()
    shutil.copy(DATA / "toy.map", tmp_path / "more" / "chaos.map")
    (tmp_path / "config.ini").write_text("[judge]\nvariants_dir = more\n")
    monkeypatch.chdir(tmp_path)
    try:
        assert cli.main(["variants"]) == 0
        out = capsys.readouterr()
        assert out.out.strip().split("\n")[-1].split() == ["dpjudge_chaos", "2", "4", "3"]
        assert "chaos.map is named like the shipped variant 'chaos': it is offered as 'dpjudge_chaos'" in out.err
    finally:
        maps.use_folder(None)


def test_power_letters_that_are_signs_join_and_sign_on(desk, tmp_path):
    # DPjudge's void map gives powers the letters + and *: players ask for them and sign on with them.
    folder = tmp_path / "variants"
    folder.mkdir()
    (folder / "signs.map").write_text((DATA / "toy.map").read_text(encoding="utf-8")
                                      .replace("(NORTHERN:N)", "(NORTHERN:+)").replace("(SOUTHERN:S)", "(SOUTHERN:*)"))
    from judge.service import Judge
    desk.judge = Judge(desk.settings.with_values(judge_variants_dir=str(folder)), clock=desk.clock)
    try:
        assert maps.load("signs").power_letters == {"NORTH": "+", "SOUTH": "*"}
        assert desk.send(GM[0], "CREATE sg pw signs").accepted
        assert desk.send("n@x.org", "JOIN sg npw +").accepted and "Preference: North." in desk.reply("n@x.org")
        assert desk.send("s@x.org", "JOIN sg spw *").accepted
        game = desk.game("sg")
        assert game.status == "active" and game.player("NORTH").address == "n@x.org"
        assert desk.send("n@x.org", "SIGNON +sg npw\nF NBY - NSE").accepted
        assert desk.send("s@x.org", "SIGNON *sg spw\nA SBY - MID").accepted
        assert not desk.send("s@x.org", "SIGNON +sg spw").accepted          # North's letter, South's password
    finally:
        maps.use_folder(None)


def test_chaos_mail_keeps_its_columns_and_lines(desk):
    """Thirty-four powers in mail (issue 18): Constantinople keeps the columns of LIST and the start mail, the CD
    notice and the master's preview wrap their long lists of powers, the preview names powers as everywhere else."""
    m = maps.load("chaos")
    assert desk.send(GM[0], "CREATE ch pw chaos\nSET RULE late_powers=preview").accepted
    for i, power in enumerate(m.powers):
        assert desk.send(f"p{i}@x.org", f"JOIN ch pw{i} {m.power_letters[power]}").accepted
    start = next(s for s in desk.new_mail() if "starting" in str(s["Subject"])).get_content()
    roster = [line for line in start.split("\n") if line.endswith("  active")]
    assert len(roster) == 34 and len({len(line) for line in roster}) == 1         # one column for the status
    assert desk.send("x@x.org", "LIST ch").accepted
    listed = [line for line in desk.reply("x@x.org").split("\n") if line.startswith("  ") and
              line.endswith(" active")]
    assert len(listed) == 34 and len({line.index(" active") for line in listed}) == 1
    assert "  Constantinople active" in listed
    game = desk.game("ch")
    desk.clock.now = game.deadline + timedelta(hours=game.timing.grace_hours, minutes=1)
    desk.process("ch")
    preview = next(x for x in desk.new_mail() if "PREVIEW" in str(x["Subject"])).get_content()
    assert "Late: Ankara, Belgium," in preview and "ANKARA" not in preview
    assert max(len(line) for line in preview.split("Late: ")[1].split("\n\n")[0].split("\n")) <= 78
    assert desk.send(GM[0], "SIGNON Mch pw\nPROCESS!").accepted
    cd = next(x for x in desk.new_mail() if "CD notice" in str(x["Subject"])).get_content()
    assert max(len(line) for line in cd.split("\n")) <= 78 and "Powers in CD:     Ankara, Belgium," in cd
