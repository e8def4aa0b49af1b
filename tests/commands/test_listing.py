"""LIST, SUMMARY, HISTORY and HELP: what anyone may ask, signed on or not. None of them changes a game."""
import re

import pytest

from judge import maps
from judge.commands.registry import COMMANDS
from tests.commands.helpers import GAME, GM, LETTER, PLAYERS, Desk, bc_game, toy_game, toy_variants

ASKER = "asker@example.org"


def test_list_without_games(desk):
    assert desk.send(ASKER, "LIST").accepted
    assert "Games in progress or forming:\n  None." in desk.reply(ASKER)


def test_list_games(started):
    assert started.send(GM[0], "CREATE g2 pw2").accepted
    assert started.send(ASKER, "LIST").accepted
    reply = started.reply(ASKER)
    assert f"  {GAME:<20}  {'active':<10} S1901M" in reply
    assert f"  {'g2':<20}  {'forming':<10}" in reply


def test_list_leaves_out_private_games(started):
    assert started.master("SET PRIVATE").accepted
    started.send(ASKER, "LIST")
    assert GAME not in started.reply(ASKER)


def test_list_one_game(started):
    assert started.signon("FRANCE", "A PAR - BUR", "SET WAIT").accepted
    assert started.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    before = started.status_bytes()
    assert started.send(ASKER, f"LIST {GAME}").accepted
    reply = started.reply(ASKER)
    for line in (f"Game:      {GAME}", "Status:    active", "Phase:     Spring 1901 Movement",
                 "Deadline:  Thu 8 Jan 2026 12:00 UTC", "Master:    the game's master", "  France   active\n",
                 "  Germany  active\n", "Observers: 1", "  press = white", "  order_sets = replace",
                 "  movement_hours = 72", "  early_minutes = 10", "Victory:   18 supply centres",
                 # (the game's page, where the web pages are served: judge-web.md's default address)
                 f"Web page:  http://127.0.0.1:8080/games/{GAME}\n"):
        assert line in reply, line
    assert "orders in" not in reply and "waiting" not in reply      # who has orders in is the master's business
    assert started.master(f"LIST {GAME}").accepted
    master_view = started.reply(GM[0])
    assert "  France   active, orders in, waiting, late 0 times" in master_view
    assert "  Germany  active, no orders yet, late 0 times" in master_view
    assert f"Master:    {GM[0]}\n" in master_view                 # (the master's own address, to the master)
    assert started.status_bytes() == before


def test_list_shows_nobody_the_masters_address(started, forming):
    """No recipient sees another's address: LIST names the master by role to players, observers and strangers,
    and says how the judge lets them reach the master (PRESS TO M, which the game then takes from them)."""
    assert started.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    for asker, first in ((ASKER, []), ("watcher@example.org", []), (PLAYERS["FRANCE"][0], [f"SIGNON F{GAME} fra-pw"])):
        assert started.send(asker, "\n".join(first + [f"LIST {GAME}"])).accepted
        reply = started.reply(asker)
        assert GM[0] not in reply and "gm@" not in reply, asker
        assert (f"Master:    the game's master (reach the master with PRESS TO M, signed on or after OBSERVE "
                f"{GAME})") in reply.replace("\n           ", " ")
    started.new_mail()
    # What the line promises works for the stranger who read it.
    assert started.send(ASKER, f"OBSERVE {GAME}\nPRESS TO M\nA question.\nENDPRESS").accepted
    assert [m["To"] for m in started.new_mail() if "press" in str(m["Subject"]).lower()] == [GM[0]]
    # Before the start there is no press: the master by role only.
    assert forming.send(ASKER, f"LIST {GAME}").accepted
    reply = forming.reply(ASKER)
    assert "Master:    the game's master\n" in reply and GM[0] not in reply


def test_list_shows_order_status_when_the_house_rule_says(started):
    assert started.master("SET RULE show_status").accepted
    assert started.signon("FRANCE", "A PAR - BUR").accepted
    started.send(ASKER, f"LIST {GAME}")
    reply = started.reply(ASKER)
    assert "  France   active, orders in\n" in reply and "late 0 times" not in reply


def test_list_a_forming_game(forming):
    assert forming.send("france@example.org", f"JOIN {GAME} pw F").accepted
    assert forming.send(ASKER, f"LIST {GAME}").accepted
    reply = forming.reply(ASKER)
    assert "Status:    forming" in reply and "Phase:" not in reply
    # A newcomer reads how many seats are left and which powers there are, not a list of anonymous joiners; who
    # asked for which power stays the joiners' own business.
    assert "Players:   1 of 7 joined: the game starts when every power has a player" in reply
    assert "Powers:    Austria, England, France, Germany, Italy, Russia, Turkey\n" in reply
    players = reply.split("House rules:")[0]          # (below it, the rule power_assignment's value 'preference')
    assert "(joined)" not in reply and "france@" not in reply and "prefer" not in players.lower()
    assert all(len(line) <= 78 for line in reply.split("\n"))
    assert forming.send(ASKER, "LIST").accepted
    assert f"  {GAME:<20}  forming    1 of 7 joined\n" in forming.reply(ASKER)
    for address, password in PLAYERS.values():
        if address != "france@example.org":
            assert forming.send(address, f"JOIN {GAME} {password}").accepted
    assert forming.send(ASKER, f"LIST {GAME}").accepted
    reply = forming.reply(ASKER)                        # started: the powers and their players' standing
    assert "Status:    active" in reply and "Players:" not in reply and "  France   active" in reply


def _rows(listing: str, head: str) -> list[str]:
    return listing.split(head + "\n")[1].split("\n\n")[0].split("\n")


def test_list_rows_of_the_longest_name_wrap_under_their_columns(desk):
    """A game's name may be 20 characters long (the storage's NAME_RE): a row of LIST that wraps goes on under
    its second column, never at the left where the next game's name would stand."""
    from judge.storage.gamefolder import NAME_RE
    longest = "a" + "b" * 19
    assert NAME_RE.match(longest) and not NAME_RE.match(longest + "c")
    assert desk.send(GM[0], f"CREATE {longest} {GM[1]}").accepted
    assert desk.send(GM[0], f"CREATE {longest[:-1]}x {GM[1]}").accepted
    for name in (longest, longest[:-1] + "x"):
        for power, (address, password) in PLAYERS.items():
            assert desk.send(address, f"JOIN {name} {password} {LETTER[power]}").accepted
    # One game with five powers open (a long OPEN list), the other drawn by all seven (a long result).
    for power in ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY"):
        assert desk.send(GM[0], f"SIGNON M{longest} {GM[1]}\nEJECT {power}").accepted
    for power, (address, password) in PLAYERS.items():
        assert desk.send(address, f"SIGNON {LETTER[power]}{longest[:-1]}x {password}\nVOTE DRAW").accepted
    desk.new_mail()
    assert desk.send(ASKER, "LIST").accepted
    listing = desk.reply(ASKER)
    for head, name, words in (
            ("Games in progress or forming:", longest,
             f"{longest} active S1901M OPEN: AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY"),
            ("Finished games:", longest[:-1] + "x",
             f"{longest[:-1]}x a draw between Austria, England, France, Germany, Italy, Russia and Turkey")):
        rows = _rows(listing, head)
        assert rows[0].startswith(f"  {name}  ") and len(rows) > 1, rows       # (it wraps: too long for a line)
        column = len(f"  {name}  ")
        assert all(len(r) <= 78 and r[:column].isspace() and not r[column].isspace() for r in rows[1:]), rows
        assert " ".join(" ".join(rows).split()) == words


def test_list_unknown_game(started):
    assert started.send(ASKER, "LIST nosuch").errors == [
        ("LIST nosuch", "NO SUCH GAME: nosuch (LIST SHOWS THE GAMES OF THIS JUDGE)")]


def test_summary_before_and_after_a_year(started):
    assert started.send(ASKER, f"SUMMARY {GAME}").accepted
    reply = started.reply(ASKER)
    # (no table's head above nothing: a heading of powers with no row under it)
    assert "No year has been completed yet." in reply and not any(l.startswith("Year ") for l in reply.splitlines())
    assert started.master("PROCESS!").accepted           # Spring 1901: everyone holds
    assert started.master("PROCESS!").accepted           # Fall 1901: no centre changes hands, no adjustments
    assert str(started.game(GAME).position.phase) == "S1902M"
    assert started.send(ASKER, f"SUMMARY {GAME}").accepted
    reply = started.reply(ASKER)
    # The whole names fit in 75 columns (as DPjudge heads its counts), each column its widest head and a space
    assert "Year   Austria England  France Germany   Italy  Russia  Turkey" in reply
    assert "1901         3       3       3       3       3       4       3" in reply     # the homes: Russia has four
    assert "  France    first player (from S1901M to now)" in reply and "@" not in reply     # names only at the end


def test_summary_heads_tell_apart_powers_whose_names_begin_alike():
    # DPjudge's void map has GulfOfLyon and GulfOfBothnia, NorthSea and NorwegianSea: SUMMARY headed them "Gul Gul",
    # "Nor Nor". A head is now as long as it must be, and the columns as wide as the widest head.
    from judge.commands.listing import _heads
    from judge.templating import render
    names = ["GulfOfLyon", "GulfOfBothnia", "NorthSea", "NorwegianSea", "England"]
    heads = _heads(names)
    assert heads == ["GulfOfL", "GulfOfB", "Nort", "Norw", "Eng"] and len(set(heads)) == len(heads)
    text = render("reply/summary.txt", game="vd", heads=heads, rows=[{"year": "1901", "counts": [1, 12, 3, 0, 5]}],
                  result="", players=[], status="active")[1]
    head, row = [line for line in text.split("\n") if line.startswith(("Year", "1901"))]
    assert head.split() == ["Year", *heads] and row.split() == ["1901", "1", "12", "3", "0", "5"]
    # Each count ends where its head ends.
    for h, n in zip(heads, ["1", "12", "3", "0", "5"]):
        assert row[head.index(h) + len(h) - len(n):head.index(h) + len(h)] == n


def test_summary_forgets_a_year_rolled_back(started):
    """ROLLBACK to before the Fall: the year is no longer completed (the snapshot is the game as it was before)."""
    assert started.master("PROCESS!").accepted           # Spring 1901
    assert started.master("PROCESS!").accepted           # Fall 1901: the year is counted
    assert started.master("ROLLBACK F1901M").accepted
    assert str(started.game(GAME).position.phase) == "F1901M"
    assert started.send(ASKER, f"SUMMARY {GAME}").accepted
    assert "No year has been completed yet." in started.reply(ASKER)


def test_history(started):
    assert started.send(ASKER, f"HISTORY {GAME}").accepted
    assert "Subject: Diplomacy game g1 starting\n" in started.reply(ASKER)
    assert started.master("PROCESS!").accepted
    assert started.send(ASKER, f"HISTORY {GAME}").accepted
    reply = started.reply(ASKER)
    assert "Subject: Diplomacy results g1 S1901M\n" in reply and "Movement results for Spring of 1901." in reply


def test_summary_and_history_need_a_game(started):
    assert started.send(ASKER, "SUMMARY").errors[0][1] == "USE SUMMARY <game>"
    assert started.send(ASKER, "HISTORY").errors[0][1] == "USE HISTORY <game>"
    assert started.send(ASKER, "HISTORY nosuch").errors[0][1].startswith("NO SUCH GAME: nosuch (")


def test_help_lists_every_command(desk):
    assert desk.send(ASKER, "HELP").accepted
    reply = desk.reply(ASKER)
    assert "Commands you can send to judge@localhost" in reply
    flat = " ".join(reply.split())
    for c in COMMANDS:
        assert " ".join(c.syntax.split()) in flat and " ".join(c.help.split()) in flat, c.name
    # A plain-text mail: no line a mail reader has to wrap, each explanation indented under its command.
    assert max(len(line) for line in reply.split("\n")) <= 78
    assert "\n\n  HELP\n      This list.\n\n" in reply
    # Each command's line once: PROCESS! was listed under PROCESS and on its own (issue 18).
    syntax_lines = [line for line in reply.split("\n") if line.startswith("  ") and not line.startswith("   ")]
    assert len([line for line in syntax_lines if "PROCESS!" in line]) == 1
    assert desk.send(ASKER, "?").accepted


def test_asking_about_a_game_is_logged_and_changes_nothing(started):
    before = started.status_bytes()
    started.clock.advance(hours=1)
    assert started.send(ASKER, f"LIST {GAME}").accepted
    assert started.status_bytes() == before
    last = (started.folder(GAME) / "access.log").read_text().splitlines()[-1]
    assert last == f"2026-01-05T13:00:00+00:00 {ASKER} MESSAGE"


def test_list_says_nothing_about_orders_of_a_power_with_nothing_to_order(started):
    """Spring 1902 retreats: only Germany has a dislodged unit to order; Austria holds no centre and no unit."""
    started.set_board({"phase": "S1902R",
                        "units": {"FRANCE": ["A BUR", "A PAR", "A RUH"], "GERMANY": ["A MUN"], "ITALY": ["A VEN"]},
                        "centers": {"FRANCE": ["PAR", "MAR", "BRE"], "GERMANY": ["MUN", "BER", "KIE"],
                                    "ITALY": ["VEN"]},
                        "dislodged": {"GERMANY": {"A RUH": ["KIE", "HOL"]}}})
    assert started.master(f"LIST {GAME}").accepted
    reply = started.reply(GM[0])
    assert "  Austria  eliminated\n" in reply                            # off the board: nothing else to say
    assert "  Germany  active, no orders yet, late 0 times\n" in reply     # its dislodged army must retreat
    for power in ("France", "Italy"):                                      # nothing to order in a retreat phase
        assert f"  {power:<8} active, late 0 times\n" in reply
    assert started.master("STATUS").accepted
    status = started.reply(GM[0])
    assert "Germany (active): no orders sent yet\n" in status and "France (active):\n" in status
    assert "Austria (eliminated):\n  (nothing to order this phase)\n" in status
    assert started.signon("GERMANY", "A RUH - HOL").accepted
    assert started.master(f"LIST {GAME}").accepted
    assert "  Germany  active, orders in, late 0 times\n" in started.reply(GM[0])


@pytest.fixture
def bc(tmp_path):
    yield from bc_game(tmp_path)


def test_summary_names_the_years_of_a_calendar_before_christ_as_its_phases_do(bc):
    # B.C. 273 to 270 Movement: centres change hands, and a year's count is kept, in the even years (IFYEARDIV:2).
    for _ in range(4):
        assert bc.send(GM[0], f"SIGNON Mbc {GM[1]}\nPROCESS!").accepted
    assert bc.game("bc").position.phase.describe() == "B.C. 269 Movement"
    assert bc.send(ASKER, "SUMMARY bc").accepted
    lines = bc.reply(ASKER).split("\n")
    header = next(line for line in lines if line.startswith("Year"))
    rows = [line for line in lines if line.startswith("B.C. ")]
    assert [row.split()[:4] for row in rows] == [["B.C.", "272", "1", "1"], ["B.C.", "270", "1", "1"]]
    assert not any(line.startswith(("272", "270")) for line in lines)
    # The counts stand under the powers' names.
    first = header.split()[1]                 # the first power's head (its whole name: it fits)
    assert first.startswith("Nor") and all(row.index(" 1") + 2 == header.index(first) + len(first) for row in rows), \
        (header, rows)


def test_results_and_summary_go_from_1_bc_to_ad_1(tmp_path):
    """DPjudge's classical calendar counts on past B.C. 1 to B.C. 0 and B.C. -1 (its Map.findNextPhase: a season is
    a name, the year a number; short codes B0M, B-1M), and so did the results mails and SUMMARY. There was no year 0:
    after 1 B.C. comes A.D. 1, then A.D. 2; the adjustments stay every other year (2 B.C., A.D. 1)."""
    folder = toy_variants(tmp_path / "variants")
    (folder / "toy_bc.map").write_text((folder / "toy_bc.map").read_text().replace("B.C. 273", "B.C. 3"))
    desk = Desk(tmp_path)
    desk.use_variants(folder)
    try:
        toy_game(desk, "bc", "toy_bc")
        for _ in range(5):
            assert desk.send(GM[0], f"SIGNON Mbc {GM[1]}\nPROCESS!").accepted
        assert desk.game("bc").position.phase.describe() == "A.D. 3 Movement"
        subjects = {str(m["Subject"]) for m in desk.new_mail() if "results" in str(m["Subject"])}
        assert subjects == {f"Diplomacy results bc {code}" for code in ("B3M", "B2M", "B1M", "A1M", "A2M")}
        assert desk.send(ASKER, "SUMMARY bc").accepted
        rows = [line.split() for line in desk.reply(ASKER).split("\n") if line.startswith(("B.C. ", "A.D. "))]
        assert rows == [["B.C.", "2", "1", "1"], ["A.D.", "1", "1", "1"]]       # (adjustments every other year)
    finally:
        maps.use_folder(None)


def test_summary_says_a_power_off_the_board_was_played_to_its_elimination(started):
    # Turkey, eliminated in 1904, read "first player (from S1901M to the end)" in the end mail and SUMMARY.
    started.set_board({"phase": "S1905M", "units": {"RUSSIA": ["A SEV", "F ANK"], "AUSTRIA": ["A CON"]},
                       "centers": {"RUSSIA": ["SEV", "ANK", "SMY"], "AUSTRIA": ["CON", "VIE"]}})
    assert started.send(ASKER, f"SUMMARY {GAME}").accepted
    reply = started.reply(ASKER)
    assert "  Turkey    first player (from S1901M to its elimination)" in reply, reply
    assert "  Russia    first player (from S1901M to now)" in reply
    page = __import__("judge.web.pages", fromlist=["players"]).players(started.game(GAME))
    turkey = next(p for p in page if p["power"] == "Turkey")
    assert turkey["status"] == "eliminated" and turkey["turns"][0]["to"] == "its elimination"


# -- a power that never held a centre ---------------------------------------------------------------------------------
def test_a_power_that_never_held_a_centre_has_none_left_to_lose(map_desk):
    """On our sea_powers board each power starts with one unit and no centre: LIST said 'no centres left', as of a
    power that had lost them all. One that had centres and lost them still reads so (tests/commands/test_status)."""
    from tests.commands.helpers import start_map_game
    start_map_game(map_desk, "sp", "sea_powers")
    assert map_desk.send(ASKER, "LIST sp").accepted
    reply = map_desk.reply(ASKER)
    assert "  Albania           active, no centres\n" in reply, reply
    assert "no centres left" not in reply and "eliminated" not in reply


def test_a_mobilizing_power_is_on_the_board_until_the_end(desk):
    """House rule mobilize: the game begins with no unit and no centre, each power to build its first unit. LIST
    said every power 'eliminated', and a game ended in that phase was played 'to its elimination' by all (end mail,
    SUMMARY): none had been on the board to leave it."""
    assert desk.send(GM[0], f"CREATE {GAME} {GM[1]}\nSET RULE mobilize").accepted
    for power, (address, password) in PLAYERS.items():
        assert desk.send(address, f"JOIN {GAME} {password} {power[0]}").accepted
    assert str(desk.game(GAME).position.phase) == "W1900A" and not desk.game(GAME).position.units
    assert desk.send(ASKER, f"LIST {GAME}").accepted
    reply = desk.reply(ASKER)
    assert "  France   active\n" in reply and "eliminated" not in reply, reply
    desk.new_mail()
    assert desk.master("TERMINATE").accepted
    end = {m["To"]: m.get_content() for m in desk.new_mail() if "complete" in str(m["Subject"])}
    assert "  France    first player (from W1900A to the end)\n" in end[PLAYERS["FRANCE"][0]]
    # the end mail's picture: its legend called every power "out of the game"
    from judge.game.ending import final_svg
    from tests.picture.test_draw import legend_of
    words, greyed = legend_of(final_svg(desk.game(GAME)))
    assert "out of the game" not in words and greyed == [], (words, greyed)
    assert desk.send(ASKER, f"SUMMARY {GAME}").accepted
    summary = desk.reply(ASKER)
    assert "  France    first player (from W1900A to the end)\n" in summary and "elimination" not in summary


def test_summary_of_a_game_over_before_its_first_year_ended(started):
    # Terminated in Spring 1901: no year will ever be completed, so SUMMARY does not say "yet".
    assert started.master("TERMINATE").accepted
    assert started.send(ASKER, f"SUMMARY {GAME}").accepted
    reply = started.reply(ASKER)
    assert "No year was completed." in reply and "No year has been completed yet." not in reply
    assert "The game is over: terminated by the master." in reply


def test_list_shows_no_time_of_day_as_none(started):
    # The config's default is no time of day (deadlines fall exactly after the delay): LIST says "none", as
    # SET TIME NONE writes it, rather than ending the line at "=".
    assert started.send(ASKER, f"LIST {GAME}").accepted
    lines = started.reply(ASKER).split("\n")
    assert "  time_of_day = none" in lines, [x for x in lines if "time_of_day" in x]
    assert started.master("SET TIME 18:30").accepted
    assert started.send(ASKER, f"LIST {GAME}").accepted
    assert "  time_of_day = 18:30" in started.reply(ASKER).split("\n")


def test_summary_of_a_map_with_more_powers_than_75_columns_hold_comes_in_tables(desk):
    # Chaos has 34 powers: even three letters a head (four columns each) is 136 columns in one table. The counts now
    # come in tables one under another, each within 75 columns, every power once, in the map's order.
    from judge import maps
    from tests.commands.helpers import start_map_game
    m = maps.load("chaos")
    start_map_game(desk, "ch", "chaos")
    for _ in range(3):                                    # W1900A, S1901M, F1901M: the year 1901 is counted
        assert desk.send("gm@example.org", "SIGNON Mch gm-pw\nPROCESS!").accepted
    assert desk.send("someone@example.org", "SUMMARY ch").accepted
    text = desk.reply_to("someone@example.org")
    lines = text.split("\n")
    assert max(len(line) for line in lines) <= 75, max(lines, key=len)
    heads = [line.split()[1:] for line in lines if line.startswith("Year")]
    rows = [line.split()[1:] for line in lines if line.startswith("1901")]
    assert len(heads) == len(rows) >= 2 and [len(h) for h in heads] == [len(r) for r in rows]
    names = [m.power_title(p) for p in m.powers]
    flat = [h for part in heads for h in part]
    assert len(flat) == len(names) and all(n.startswith(h) for h, n in zip(flat, names)), (flat, names)
    # each power owns its one home centre after the builds: 34 ones, in the same columns as their heads
    assert [c for part in rows for c in part] == ["1"] * len(names)


def test_a_game_saved_with_players_among_its_observers_counts_and_mails_them_once(started):
    # An older judge kept an observer who then joined, and the master, on the observers' list: LIST counted them,
    # and each broadcast went to them twice. The game as saved then is read without them.
    import json
    path = started.folder(GAME) / "status.json"
    doc = json.loads(path.read_text())
    doc["observers"] = [PLAYERS["FRANCE"][0].upper(), GM[0], "watcher@example.org"]
    path.write_text(json.dumps(doc))
    assert started.send(ASKER, f"LIST {GAME}").accepted
    assert "Observers: 1\n" in started.reply(ASKER)
    started.new_mail()
    assert started.signon("GERMANY", "BROADCAST", "Hello all.", "ENDBROADCAST").accepted
    got = [str(m["To"]) for m in started.new_mail() if "Hello all." in m.get_content()]
    assert len(got) == len(set(got)) and PLAYERS["FRANCE"][0] in got and "watcher@example.org" in got


def test_a_game_on_dpjudges_classical_map_goes_from_1_bc_to_ad_1(tmp_path):
    """DPjudge's classical map counts its years down from B.C. 273 (NEWYEAR:-1), and DPjudge goes on from B.C. 1 to
    B.C. 0. A game set to B.C. 1 is played into A.D. 1 by mail: the results, the orders' reply, STATUS and HISTORY
    name A.D. 1 (code A1M), never B.C. 0."""
    from tests.commands.helpers import start_map_game
    from tests.dpjudge_mirror import extract
    desk = Desk(tmp_path)
    desk.use_variants(extract(tmp_path / "variants"))
    try:
        start_map_game(desk, "cl", "classical")
        m = maps.load("classical")
        rome = ("rome@example.org", f"SIGNON {m.power_letters['ROME']}cl pw-rome")
        desk.set_board({**desk.game("cl").position.to_json(m), "phase": "B.C. 1 MOVEMENT"}, name="cl")
        assert desk.send(rome[0], f"{rome[1]}\nA Roma - Etruria").accepted
        assert desk.send(GM[0], "SIGNON Mcl gm-pw\nPROCESS!").accepted
        assert str(desk.game("cl").position.phase) == "A.D. 1 MOVEMENT"
        mail = desk.new_mail()
        results = [x.get_content() for x in mail if str(x["Subject"]) == "Diplomacy results cl B1M"]
        assert results and all("B.C. 0" not in text for text in results)
        assert "Movement results for B.C. 1." in results[0]
        assert desk.send(rome[0], f"{rome[1]}\nA Etruria - Roma").accepted
        reply = desk.reply_to(rome[0])
        assert "A.D. 1" in reply and "B.C. 0" not in reply, reply
        assert desk.send(rome[0], f"{rome[1]}\nSTATUS").accepted
        assert "A.D. 1 Movement" in desk.reply_to(rome[0])
        assert desk.send(GM[0], "SIGNON Mcl gm-pw\nPROCESS!").accepted
        assert str(desk.game("cl").position.phase) == "A.D. 2 MOVEMENT"           # (A.D. 1: no one builds)
        assert desk.send(ASKER, "HISTORY cl").accepted
        history = desk.reply(ASKER)
        assert re.findall(r"Subject: Diplomacy results cl (\S+)", history) == ["B1M", "A1M"], history
        assert "Movement results for A.D. 1." in history and "B.C. 0" not in history
    finally:
        maps.use_folder(None)
