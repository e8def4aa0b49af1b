"""Processing a phase, and what the clock does: reminders, late notices, civil disorder under each late_powers rule."""
from datetime import timedelta

import pytest

from judge import config
from judge.game import Game
from judge.game.clock import LATE_NOTICES_MAX
from judge.game.processing import audience, civil_disorder, on_clock, preview, process
from tests.test_game import DEADLINE, POWERS, T0, everyone_holds, set_position, started

SETTINGS = config.load(None).with_values(judge_name="USIN")
GRACE_END = DEADLINE + timedelta(hours=24)


def all_but_italy(rules: str = "", **timing) -> Game:
    game = started(rules, **timing)
    everyone_holds(game, T0, *[p for p in POWERS if p != "ITALY"])
    return game


def test_audience():
    game = started()
    game.observers += ["watcher@example.org", "FRANCE@example.org", "gm@example.org"]
    game.resign("ITALY")
    game.player("TURKEY").status = "dummy"
    got = audience(game)
    assert got == ["austria@example.org", "england@example.org", "france@example.org", "germany@example.org",
                   "russia@example.org", "watcher@example.org", "gm@example.org"]


def test_process():
    game = started()
    game.submit_orders("FRANCE", ["A PAR - BUR"], T0)
    before = game.to_json()
    done = process(game, SETTINGS, T0 + timedelta(hours=1))
    assert done.snapshot == before                                         # the status before processing
    assert str(game.position.phase) == "F1901M" and game.position.units["BUR"].power == "FRANCE"
    phase, entry = done.results
    assert phase == "S1901M"
    # Archived as a mail of DPjudge's results file: a "From " line, Date and Subject (as jDip reads them), the text.
    head, text = entry.split("\n\n", 1)
    assert head == ("From judge@localhost Mon Jan  5 13:00:00 2026\nDate: Mon, 05 Jan 2026 13:00:00 +0000\n"
                    "Subject: Diplomacy results g1 S1901M")
    # The Mapper header names the phase the results are of, with its deadline; the tail gives the next one, in
    # DPjudge's long form.
    assert text.startswith(":: Judge: USIN  Game: g1  Variant: standard\n:: Deadline: S1901M Thu 8 Jan 2026 12:00 UTC")
    assert "The deadline for orders will be Thursday 8 January 2026 13:00 UTC." in text
    assert "France: Army Paris -> Burgundy." in text and "Italy: Army Venice HOLD." in text
    [results] = [m for m in done.mails if m.template == "raw"]
    [cd] = [m for m in done.mails if m.template != "raw"]
    assert results.template == "raw" and results.context["body"] == text
    assert results.context["subject"] == "Diplomacy results g1 S1901M" and results.to == audience(game)
    # Six powers sent no orders and took the default: said in the results, and the master gets a CD notice.
    assert ("No orders came from Austria, England, Germany, Italy, Russia and Turkey: their units took the default "
            "(civil disorder).") in " ".join(text.split())
    assert cd.template == "notice/cd.txt" and cd.to == ["gm@example.org"] and len(cd.context["powers"]) == 6
    assert cd.context["defaults"] == "units hold"             # (what defaults do in a movement phase, no more)
    assert done.notes == ["S1901M processed; next phase F1901M"]


def test_a_blank_line_between_powers_and_one_space_for_mapper():
    game = started()
    game.submit_orders("FRANCE", ["A PAR - BUR"], T0)
    _, text = process(game, SETTINGS, T0).results
    assert "France: Army Paris -> Burgundy.\n\nGermany: Fleet Kiel HOLD." in text
    assert "Austria: Fleet Trieste HOLD.\n\nEngland: Fleet Edinburgh HOLD." in text


def test_unusable_orders_are_listed_in_the_results():
    game = started("duplicate_orders=first")
    game.submit_orders("FRANCE", ["A PAR - BUR", "A PAR - PIC"], T0)
    _, text = process(game, SETTINGS, T0).results
    assert "Orders that could not be used (their units took the default):" in text
    assert "France: A PAR - PIC  (MULTIPLE ORDERS FOR ONE UNIT: A PAR (FIRST ORDER USED))" in text


def test_nothing_to_do():
    game = started()
    assert on_clock(game, SETTINGS, T0) is None
    assert on_clock(Game("g1", "gm@example.org", "h"), SETTINGS, T0) is None


def test_reminders_go_once_to_players_without_orders():
    game = started()
    everyone_holds(game, T0, "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA")
    game.resign("TURKEY")                                                   # late too, but nobody to write to
    now = DEADLINE - timedelta(hours=24)
    done = on_clock(game, SETTINGS, now)
    assert [m.to for m in done.mails] == [["italy@example.org"]]
    mail = done.mails[0]
    assert mail.template == "notice/reminder.txt" and mail.context["power"] == "Italy"
    assert mail.context["deadline"] == "Thu 8 Jan 2026 12:00 UTC"
    # Turkey's seat is left unmarked: a newcomer who takes it before the deadline is reminded then.
    assert game.player("ITALY").reminded and not game.player("TURKEY").reminded
    assert done.notes == ["1 reminder sent"]
    assert on_clock(game, SETTINGS, now + timedelta(hours=1)) is None


def test_late_notices_once_per_interval():
    game = all_but_italy()
    done = on_clock(game, SETTINGS, DEADLINE)
    own, master = done.mails
    assert own.template == master.template == "notice/late.txt"
    assert (own.to, own.context["own"]) == (["italy@example.org"], True)          # "Diplomacy deadline missed"
    assert (master.to, master.context["own"]) == (["gm@example.org"], False)      # "Diplomacy late notice"
    mail = own
    assert mail.context["late"] == ["Italy"] and mail.context["grace"] == "Fri 9 Jan 2026 12:00 UTC"
    assert mail.context["remedy"] == "late powers' units take default orders"
    assert done.notes == ["late notices sent to ITALY"]
    assert on_clock(game, SETTINGS, DEADLINE + timedelta(hours=5)) is None
    assert on_clock(game, SETTINGS, DEADLINE + timedelta(hours=6)).notes == ["late notices sent to ITALY"]
    assert game.player("ITALY").late_notices == 2


def test_a_late_notice_interval_of_zero_means_once():
    game = all_but_italy(late_notice_hours=0)
    assert on_clock(game, SETTINGS, DEADLINE) is not None
    assert on_clock(game, SETTINGS, DEADLINE + timedelta(hours=23)) is None


def test_late_notices_are_bounded_whatever_their_interval():
    # SET LATE 1m over a grace of a day: a notice a minute would be 1,440 mails to each late player
    game = all_but_italy(late_notice_hours=1 / 60)
    sent = []
    for minute in range(24 * 60):
        done = on_clock(game, SETTINGS, DEADLINE + timedelta(minutes=minute))
        if done is not None and "late notices sent to ITALY" in done.notes:
            sent.append(minute)
    # (a notice a minute until the last one allowed; a call may send for two minutes' worth at once)
    assert sent[0] == 0 and sent[-1] < LATE_NOTICES_MAX and len(sent) <= LATE_NOTICES_MAX, sent
    assert game.player("ITALY").late_notices == LATE_NOTICES_MAX
    assert game.next_wakeup(DEADLINE + timedelta(minutes=24 * 60 - 1)) == GRACE_END     # (no notice left to wake for)


def test_civil_disorder_default():
    game = all_but_italy()
    done = on_clock(game, SETTINGS, GRACE_END)
    assert done.notes == ["civil disorder: ITALY", "S1901M processed; next phase F1901M"]
    assert str(game.position.phase) == "F1901M"
    assert "Italy: Army Venice HOLD." in done.results[1]


def test_civil_disorder_preview():
    game = all_but_italy("late_powers=preview")
    assert on_clock(game, SETTINGS, DEADLINE).mails[0].context["remedy"] == "game master decides"
    done = on_clock(game, SETTINGS, GRACE_END)
    [mail] = done.mails
    assert mail.template == "notice/preview.txt" and mail.to == ["gm@example.org"]
    assert mail.context["waiting"] == ["Late: Italy."]
    assert "Movement results for Spring of 1901." in mail.context["body"]
    assert "PROCESS!" in mail.context["next"]
    assert str(game.position.phase) == "S1901M" and game.preview_sent and done.snapshot is None
    assert on_clock(game, SETTINGS, GRACE_END + timedelta(hours=1)) is None          # once, then it waits


def test_civil_disorder_resign():
    game = all_but_italy("late_powers=resign")
    done = on_clock(game, SETTINGS, GRACE_END)
    italy = game.player("ITALY")
    assert (italy.status, italy.address, italy.password) == ("vacant", "", "")
    told, opened, mail = done.mails
    assert told.to == ["italy@example.org"] and told.context["title"] == "you have been resigned"
    assert opened.to == [a for a in audience(game) if a != "gm@example.org"] and "italy@example.org" not in opened.to
    assert opened.context["title"] == "a power is open"
    assert mail.to == ["gm@example.org"] and mail.context["title"] == "late players resigned"
    assert "Resigned for lateness: Italy (" in mail.context["lines"][0]
    assert "Italy is now open for takeover" in mail.context["lines"][1] and "TAKEOVER Ig1" in mail.context["lines"][1]
    assert done.notes == ["resigned: ITALY"] and str(game.position.phase) == "S1901M"
    assert on_clock(game, SETTINGS, GRACE_END + timedelta(days=3)) is None
    # A newcomer takes Italy over and orders: the deadline is long past, so the game is processed at once.
    game.takeover("ITALY", "new@example.org", "h")
    game.submit_orders("ITALY", ["A VEN H"], GRACE_END + timedelta(days=3))
    assert on_clock(game, SETTINGS, GRACE_END + timedelta(days=3)).notes == ["S1901M processed; next phase F1901M"]


def test_civil_disorder_called_with_nobody_left_to_resign():
    game = all_but_italy("late_powers=resign")
    game.resign("ITALY")
    assert civil_disorder(game, SETTINGS, GRACE_END) is None


def test_preview_changes_nothing():
    game = all_but_italy()
    before = game.to_json()
    done = preview(game, SETTINGS, T0 + timedelta(hours=1))
    assert game.to_json() == before and done.results is None and done.snapshot is None
    assert "(not set: this is a preview)" in done.mails[0].context["body"]


# -- the results mail, phase by phase (the wording DPjudge uses) -------------------------------------------------------
def test_movement_results_with_support_convoy_and_a_dislodgement():
    game = started()
    set_position(game, {"phase": "S1902M",
                        "units": {"ENGLAND": ["A YOR", "F NTH"], "FRANCE": ["A RUH", "A BUR"], "GERMANY": ["A MUN"]},
                        "centers": {"ENGLAND": ["LON", "EDI", "LVP"], "FRANCE": ["PAR", "MAR", "BRE"],
                                    "GERMANY": ["MUN", "BER", "KIE"]}})
    game.submit_orders("ENGLAND", ["A YOR - NWY", "F NTH C A YOR - NWY"], T0)
    game.submit_orders("FRANCE", ["A BUR - MUN", "A RUH S A BUR - MUN"], T0)
    _, text = process(game, SETTINGS, T0).results
    for line in ("England: Army Yorkshire -> Norway.", "England: Fleet North Sea CONVOY Army Yorkshire -> Norway.",
                 "France: Army Burgundy -> Munich.", "France: Army Ruhr SUPPORT Army Burgundy -> Munich.",
                 "Germany: Army Munich HOLD.  (*dislodged*)", "The following units were dislodged:"):
        assert line in text, line
    [dislodged] = [line for line in text.split("\n") if line.startswith("The German army in Munich can retreat to ")]
    assert "Kiel" in dislodged and "Burgundy" not in dislodged          # never back where the attack came from
    assert text.index("England:") < text.index("France:") < text.index("Germany:")      # in power order
    assert str(game.position.phase) == "S1902R"
    assert "The next phase of 'g1' will be Retreats for Spring of 1902." in text

    game.submit_orders("GERMANY", ["A MUN R KIE"], T0)
    _, text = process(game, SETTINGS, T0).results
    assert "Germany:    Army Munich -> Kiel." in text and "Retreat orders for Spring of 1902." in text
    assert str(game.position.phase) == "F1902M"


def test_support_to_hold_and_disband_wording():
    game = started()
    set_position(game, {"phase": "S1902R", "units": {"FRANCE": ["A MUN"]},
                        "dislodged": {"GERMANY": {"A MUN": ["KIE"]}}})
    game.submit_orders("GERMANY", ["A MUN DISBAND"], T0)
    assert "Germany:    Army Munich DISBAND." in process(game, SETTINGS, T0).results[1]
    set_position(game, {"phase": "S1903M", "units": {"FRANCE": ["A PAR", "A BUR"]}})
    game.submit_orders("FRANCE", ["A PAR S A BUR", "A BUR H"], T0)
    assert "France: Army Paris SUPPORT Army Burgundy." in process(game, SETTINGS, T0).results[1]


def test_a_fleet_removed_at_sea_is_in_the_sea_as_dpjudge_words_it():
    # DPjudge's anglify: "Removes the fleet in the Gulf of Bothnia." (a water area takes "the"; a coast does not)
    game = started()
    set_position(game, {"phase": "W1902A", "units": {"RUSSIA": ["A MOS", "F BOT", "F SEV", "F BLA"]},
                        "centers": {"RUSSIA": ["MOS", "STP"]}})
    game.submit_orders("RUSSIA", ["Remove F BOT", "Remove F SEV"], T0)
    _, text = process(game, SETTINGS, T0).results
    assert "Russia:     Removes the fleet in the Gulf of Bothnia." in text
    assert "Russia:     Removes the fleet in Sevastopol." in text


def test_adjustment_results():
    game = started()
    set_position(game, {"phase": "W1902A",
                        "units": {"FRANCE": ["A PIC", "F MAO"], "RUSSIA": ["A MOS", "A WAR", "F SEV", "F BOT"]},
                        "centers": {"FRANCE": ["PAR", "MAR", "BRE", "BEL", "SPA"], "RUSSIA": ["MOS", "WAR", "STP"]}})
    game.submit_orders("FRANCE", ["Build A Paris", "Build F Brest", "WAIVE"], T0)
    game.submit_orders("RUSSIA", ["Remove F SEV"], T0)
    _, text = process(game, SETTINGS, T0).results
    for line in ("Adjustment orders for Winter of 1902.  (g1.W1902A)", "France:     Builds an army in Paris.",
                 "France:     Builds a fleet in Brest.", "France:     Build waived.",
                 "Russia:     Removes the fleet in Sevastopol.", "France:     1 unused build pending."):
        assert line in text, line
    # DPjudge ends a power's adjustment lines with the builds it did not make (a waived one too), and writes the
    # powers' lines as one list.
    assert "France:     Build waived.\nFrance:     1 unused build pending.\nRussia:" in text
    assert text.split("\n\n", 1)[1].startswith(":: Judge: USIN  Game: g1  Variant: standard\n:: Deadline: F1902B ")
    assert "Ownership of supply centers" not in text                      # shown after the Fall, not the Winter
    assert {str(u) for u in game.position.units_of("FRANCE")} == {"A PIC", "F MAO", "A PAR", "F BRE"}


@pytest.mark.parametrize("rules, said", [
    ("", "builds waived; units to remove chosen by the judge"),
    ("cd_builds", "builds made at random where it may (house rule cd_builds); units to remove chosen by the judge"),
])
def test_the_cd_notice_says_what_the_defaults_did_in_an_adjustment_phase(rules, said):
    """Not "units hold ... builds waived" whatever the phase: a removal or a random build is what the master sees
    in the results."""
    game = started(rules)
    set_position(game, {"phase": "W1902A",
                        "units": {"FRANCE": ["A PIC", "F MAO"], "RUSSIA": ["A MOS", "A WAR", "F SEV", "F BOT"]},
                        "centers": {"FRANCE": ["PAR", "MAR", "BRE", "BEL", "SPA"], "RUSSIA": ["MOS", "WAR", "STP"]}})
    [cd] = [m for m in process(game, SETTINGS, T0).mails if m.template == "notice/cd.txt"]
    assert cd.context["powers"] == ["France", "Russia"] and cd.context["defaults"] == said


def test_engine_both_reports_a_disagreement_to_the_master(tmp_path):
    # Under DPjudge's SAFE_CONVOYS the port breaks a convoy whose fleet foreign units only stand off over; the
    # equation engine does not have that option, so with engine=both the two disagree (a known difference).
    from judge import config, maps
    from judge.game import processing
    from judge.game import PLAYING, Game, Player
    from judge.position import Position
    from judge.rules import parse_rules
    state = {"phase": "S1901M", "units": {"ENGLAND": ["A LON", "F NTH"],
                                          "FRANCE": ["F BEL", "F DEN", "F ENG", "F SKA"]}, "centers": {}}
    game = Game("cross", "gm@example.org", "x", rules=parse_rules(["engine=both", "safe_convoys"]))
    game.status, game.position = PLAYING, Position.from_json(state, maps.load())
    game.players = [Player("e@example.org", "x", "ENGLAND", orders=["A LON - HOL", "F NTH C A LON - HOL"]),
                    Player("f@example.org", "x", "FRANCE", orders=["F ENG - NTH", "F DEN S F SKA - NTH",
                                                                   "F BEL S F ENG - NTH", "F SKA - NTH"])]
    done = processing.process(game, config.load(None), T0)
    phase, case = done.crosscheck
    assert phase == "S1901M" and "A LON - HOL: port ['no convoy'], equations []" in case["differences"]
    assert case["rules"][-1] == "engine=both" and case["orders"]["ENGLAND"] == ["A LON - HOL", "F NTH C A LON - HOL"]
    warning = [m for m in done.mails if m.template == "notice/crosscheck.txt"]
    assert warning and warning[0].to == ["gm@example.org"]
    # The players' results are the port's: London stayed.
    assert "A LON" in {str(u) for u in game.position.units.values()}
    # The kept case replays through the JSON interface with the same differences.
    from judge.api import request
    replay = request({k: case[k] for k in ("state", "orders", "rules")})
    assert replay["crosscheck"]["differences"] == case["differences"]


def test_a_unit_destroyed_for_want_of_a_retreat_is_not_disbanded_again():
    """The movement results said 'with no valid retreats was destroyed' (DPjudge's words, which jDip reads as the
    unit's end); the retreat results do not show it disbanding: a reader would meet a unit that is not there."""
    game = started()
    set_position(game, {"phase": "S1902R", "units": {"FRANCE": ["A MUN", "A BUR"]},
                        "dislodged": {"GERMANY": {"A MUN": []}, "ITALY": {"A BUR": ["PIC"]}}})
    game.submit_orders("ITALY", ["A BUR R PIC"], T0)
    _, text = process(game, SETTINGS, T0).results
    assert "Italy:      Army Burgundy -> Picardy." in text
    assert "Munich" not in text and "DISBAND" not in text


def test_a_phase_keeps_its_picture_and_draws_only_what_its_mail_carries(monkeypatch):
    """Processing draws the phase's SVG only for a mail that carries a picture, and rasterises it only for one that
    carries a PNG; a text-only phase keeps what its picture is drawn from, and the web pages draw it from that when
    first asked (judge.web.phase_pictures): the same SVG."""
    from judge import picture
    from judge.picture import source
    drawn, svgs = [], {}
    for name in ("png", "results_svg"):
        real = getattr(picture, name)
        monkeypatch.setattr(picture, name,
                            lambda *a, _real=real, _name=name, **k: drawn.append(_name) or _real(*a, **k))
    for rule, kept, attached in (("svg", {"svg"}, ["image/svg+xml"]), ("png", {"svg", "png"}, ["image/png"]),
                                 ("none", {"picture.json"}, [])):
        drawn.clear()
        game = started(f"map_picture={rule}")
        game.submit_orders("FRANCE", ["A PAR - BUR"], T0)
        done = process(game, SETTINGS, T0 + timedelta(hours=1))
        assert set(done.pictures) == kept, rule
        results = [m for m in done.mails if m.template == "raw"][0]
        assert [kind for _, kind, _ in results.attachments] == attached, rule
        assert drawn == {"none": [], "svg": ["results_svg"], "png": ["results_svg", "png"]}[rule]
        svgs[rule] = done.pictures["svg"] if rule != "none" else \
            source.svg(game.map, done.pictures["picture.json"]).encode("utf-8")
        if rule == "png":
            assert results.attachments[0][2] == done.pictures["png"] and done.pictures["png"][:4] == b"\x89PNG"
    assert b"BUR" in svgs["svg"] and svgs["svg"] == svgs["png"] == svgs["none"]


def test_a_skipped_retreat_phase_is_pictured_with_the_movement_it_follows():
    """The picture kept with a movement whose retreat phase was skipped shows what its mail says: the unit with
    nowhere to go beside its province, marked 'no retreat', the centres as the Fall left them and the phase that
    comes next; the text-only game's picture source draws the same picture."""
    import xml.etree.ElementTree as ET
    from judge.picture import source
    svgs = {}
    for rule in ("svg", "none"):
        game = started(f"map_picture={rule}")
        set_position(game, {"phase": "F1901M", "units": {"ENGLAND": ["A BEL", "F NTH"], "FRANCE": ["A RUH"],
                                                         "GERMANY": ["A HOL", "A KIE"]},
                            "centers": {"ENGLAND": ["LON"], "GERMANY": ["KIE"]}})
        for power, orders in (("ENGLAND", ["A BEL - HOL", "F NTH S A BEL - HOL"]), ("FRANCE", ["A RUH H"]),
                              ("GERMANY", ["A HOL H", "A KIE H"])):
            game.submit_orders(power, orders, T0)
        done = process(game, SETTINGS, T0)
        assert str(game.position.phase) == "W1901A" and done.results[0] == "F1901M"
        svgs[rule] = done.pictures["svg"] if rule == "svg" else \
            source.svg(game.map, done.pictures["picture.json"]).encode("utf-8")
    assert svgs["svg"] == svgs["none"]
    root = ET.fromstring(svgs["svg"])
    ids = {e.get("id"): e for e in root.iter() if e.get("id")}
    assert "dislodged-HOL" in ids and ids["unit-HOL"].find("{http://www.w3.org/2000/svg}text").text == "E"
    assert b"no retreat" in svgs["svg"] and b"next: Winter 1901 Adjustments" in svgs["svg"]
    assert ids["sc-HOL"].get("fill") == ids["sc-LON"].get("fill") != ids["sc-KIE"].get("fill")   # England's now
