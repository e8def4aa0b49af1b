"""Powers whose names DPjudge's map format writes with '+' joining words or letters, played by mail on our boards
tests/data/maps/sea_powers.map (Adriatic+Sea, Gulf+Of+Lyon, ...) and plus_names.map (U+S+A, U+S+S+R): every mail
names them as DPjudge shows them (Game.anglify: the '+' dropped, each word begun with a capital, so the name stays one
word: "AdriaticSea", "USA"), never "Adriaticsea" or "Usa"; players still name them any way they are written. Plain
names keep their usual form ("Albania", "India", "England")."""
from __future__ import annotations

import re

from judge import maps
from tests.commands.helpers import address, start_map_game as start

GM = ("gm@example.org", "gm-pw")


def texts(mails) -> str:
    return "\n".join(m.get_content() for m in mails)


def test_sea_powers_are_named_as_dpjudge_names_them(map_desk):
    desk = map_desk
    started = start(desk, "sp", "sea_powers")
    mine = [m for m in started if m["To"] == address("ADRIATICSEA")]
    assert "You are playing AdriaticSea in game 'sp'" in texts(mine)
    assert re.search(r"^  AdriaticSea +active$", texts(mine), re.M)          # the start notice's list of powers
    # What players write for the power still names it: the one word shown, or its words, in any case.
    assert desk.send(address("ADRIATICSEA"), "SIGNON adriaticsea@sp pw-adriaticsea\nF ADR - VEN\n"
                     "PRESS TO GulfOfLyon\nShall we share the sea?\nENDPRESS").accepted
    assert "Orders for AdriaticSea (" in desk.reply_to(address("ADRIATICSEA"))
    assert desk.send(GM[0], f"SIGNON Msp {GM[1]}\nMid Atlantic Ocean: F MAO - POR\nLIST sp").accepted
    listed = desk.reply_to(GM[0])
    assert "Orders for MidAtlanticOcean (" in listed and re.search(r"^ +GulfOfLyon\b", listed, re.M)
    press = [m for m in desk.new_mail() if m["To"] == address("GULFOFLYON") and "press" in str(m["Subject"])]
    assert press and "AdriaticSea" in str(press[0]["Subject"]) + press[0].get_content()
    assert desk.send(GM[0], f"SIGNON Msp {GM[1]}\nPROCESS!").accepted
    results = [m for m in desk.new_mail() if str(m["Subject"]) == "Diplomacy results sp F1900M"]
    body = results[0].get_content()
    # DPjudge's layout: "<Power>: <order>." in movement, "<Power>:" padded to 11 columns in the centre counts.
    assert "\nAdriaticSea: Fleet Adriatic Sea -> Venice.\n" in body
    assert "\nMidAtlanticOcean: Fleet Mid-Atlantic Ocean -> Portugal.\n" in body
    assert "\nWMediterraneanSea: Fleet Western Mediterranean HOLD.\n" in body
    assert "\nAlbania: Army Albania HOLD.\n" in body
    assert re.search(r"^AdriaticSea: +1 Supply center, +1 Unit: +Builds +0 units\.$", body, re.M)
    shown = texts(started) + body + listed
    for wrong in ("Adriaticsea", "Gulfoflyon", "Midatlanticocean", "Wmediterraneansea"):
        assert wrong not in shown


def test_usa_and_ussr_by_mail(map_desk):
    desk = map_desk
    started = start(desk, "pn", "plus_names")
    assert "You are playing USA in game 'pn'" in texts(m for m in started if m["To"] == address("USA"))
    notice = texts(m for m in started if m["To"] == GM[0] and "starting" in str(m["Subject"]))
    assert re.search(r"^USA: +Boston, Chicago, Texas\.$", notice, re.M)
    assert re.search(r"^USSR: +Kiev, Moscow, Omsk\.$", notice, re.M)
    assert re.search(r"^  USA +active$", notice, re.M) and re.search(r"^  India +dummy$", notice, re.M)
    # The master orders by the name as written (U.S.A.), as shown (USA) or as the map file has it (U+S+S+R).
    assert desk.send(GM[0], f"SIGNON Mpn {GM[1]}\nU.S.A.: BUILD A BOS\nU+S+S+R: BUILD A MOS").accepted
    reply = desk.reply_to(GM[0])
    assert "Orders for USA (" in reply and "Orders for USSR (" in reply
    assert desk.send(address("USSR"), "SIGNON Spn pw-ussr\nVOTE CONCEDE USA").accepted
    assert desk.reply_to(address("USSR")).count("USSR votes for conceding the game to USA.") == 1
    assert desk.send(GM[0], f"SIGNON Mpn {GM[1]}\nPROCESS!").accepted
    body = [m for m in desk.new_mail() if str(m["Subject"]) == "Diplomacy results pn W1939A"][0].get_content()
    assert re.search(r"^USA: +Builds an army in Boston\.$", body, re.M)
    assert re.search(r"^USSR: +Builds an army in Moscow\.$", body, re.M)
    assert "Usa" not in body and "Ussr" not in body
    assert desk.send(address("BRITAIN"), "SUMMARY pn").accepted
    summary = desk.reply_to(address("BRITAIN"))
    assert "USA" in summary and "Usa" not in summary and "Ussr" not in summary


def test_the_standard_powers_keep_their_names():
    m = maps.load("standard")
    assert [m.power_title(p) for p in m.powers] == ["Austria", "England", "France", "Germany", "Italy", "Russia",
                                                    "Turkey"]
