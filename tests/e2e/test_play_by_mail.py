"""A whole game played by e-mail: CREATE, seven players, press, a late player in civil disorder, retreats, builds,
a rollback; from real .eml messages; assertions on the replies, the results mail and the files on disk."""
import json

from tests.e2e.conftest import T0

PLAYERS = {
    "AUSTRIA": ("austria@example.org", "aus-pass"), "ENGLAND": ("england@example.org", "eng-pass"),
    "FRANCE": ("france@example.org", "fra-pass"), "GERMANY": ("germany@example.org", "ger-pass"),
    "ITALY": ("italy@example.org", "ita-pass"), "RUSSIA": ("russia@example.org", "rus-pass"),
    "TURKEY": ("turkey@example.org", "tur-pass"),
}
GM = "master@example.org"


def letter(power):
    return power[0]


def orders(table, power, lines, fmt="plain"):
    address, password = PLAYERS[power]
    return table.send(address, f"SIGNON {letter(power)}e2e {password}\n" + "\n".join(lines), fmt)


def results_mail(table):
    """The results, one copy to each player, observer and the master, all alike; returns one of them."""
    mails = [m for m in table.new_mail() if "results" in str(m["Subject"])]
    game = table.game()
    audience = {p.address for p in game.players if p.status == "active"} | set(game.observers) | {GM}
    assert sorted(str(m["To"]) for m in mails) == sorted(audience), [str(m["To"]) for m in mails]
    assert len({m.get_content() for m in mails}) == 1
    return mails[0]


def test_a_game_by_mail(table):
    # -- the master creates the game; seven players join (each asking for the power they get) ----------------------
    r = table.send(GM, "CREATE e2e gm-secret\nSET GRACE 24\nSET EARLY 10\nSET RULE late_powers=default")
    assert r.accepted
    assert "Game e2e created; you are its master." in table.reply_to(GM)
    for power, (address, password) in PLAYERS.items():
        assert table.send(address, f"JOIN e2e {password} {letter(power)}").accepted
    game = table.game()
    assert game.status == "active" and str(game.position.phase) == "S1901M"
    assert {p.power: p.address for p in game.players} == {k: v[0] for k, v in PLAYERS.items()}
    assigned = [m for m in table.new_mail() if "power assignment" in str(m["Subject"])]
    assert any(m["To"] == "france@example.org" and "You are playing France" in m.get_content() for m in assigned)

    # -- passwords are stored hashed, never in plain text ----------------------------------------------------------
    status_text = (table.folder() / "status.json").read_text()
    assert all(pw not in status_text for _, pw in PLAYERS.values()) and "gm-secret" not in status_text
    assert "scrypt$" in status_text

    # -- robots get no answer ---------------------------------------------------------------------------------------
    assert not table.send_file("bounce.eml").replied
    assert not table.send_file("vacation.eml").replied
    assert table.new_mail() == []

    # -- Spring 1901: orders in every format mail clients produce ---------------------------------------------------
    table.clock.advance(hours=1)
    for name in ("austria-plain-signature.eml", "england-multipart.eml", "france-html-only.eml",
                 "germany-quoted-printable.eml", "italy-reply-quoted.eml", "russia-base64.eml"):
        result = table.send_file(name)
        assert result.accepted, (name, result.errors)
    assert "A GER - KIE" not in table.reply_to("germany@example.org")  # the reply lists what was read...
    france_reply = [m for m in table.new_mail() if m["To"] == "france@example.org"]
    assert france_reply == []                                          # (already consumed above)
    game = table.game()
    assert game.player("AUSTRIA").orders == ["A Budapest - Serbia", "a vie-gal", "F Trieste -> Albania"]
    assert game.player("FRANCE").orders == ["F Brest - Mid-Atlantic Ocean", "A Paris - Burgundy",
                                            "A Marseilles - Spain"]        # the quoted block was not read
    assert game.player("ITALY").orders == ["F Naples - Ionian Sea", "A Rome - Apulia", "A Venice Hold"]
    assert game.player("GERMANY").orders[0] == "F Kiel \u2013 Denmark" and game.player("GERMANY").orders[2] == \
        "A Munich - Ruhr"
    press = (table.folder() / "press").glob("*.json")
    assert any("Channel stays empty" in p.read_text() for p in press)

    # A message with a bad order changes nothing, and says what was wrong and what was not read.
    before = (table.folder() / "status.json").read_bytes()
    r = orders(table, "TURKEY", ["F Ankara - Black Sea", "A Constantinople - Bulgaria", "A Smyrna - Moscow",
                                 "SET WAIT"])
    assert not r.accepted
    reply = table.reply_to("turkey@example.org")
    assert "NOT accepted" in reply and ">> A Smyrna - Moscow" in reply
    assert "UNIT CANNOT REACH DESTINATION: A SMY - MOS" in reply
    assert (table.folder() / "status.json").read_bytes() == before

    # Wrong password.
    r = table.send("turkey@example.org", "SIGNON Te2e guess\nA Smyrna - Constantinople")
    assert not r.accepted and "WRONG PASSWORD" in table.reply_to("turkey@example.org")

    # Turkey's orders complete the set; nothing happens before the early-processing delay is over.
    assert orders(table, "TURKEY", ["F Ankara - Black Sea", "A Constantinople - Bulgaria",
                                    "A Smyrna - Constantinople"]).accepted
    table.new_mail()
    assert table.process("e2e") == []
    table.clock.advance(minutes=10)
    notes = table.process("e2e")
    assert notes and "S1901M processed" in notes[0]
    mail = results_mail(table)
    text = mail.get_content()
    assert text.startswith(":: Judge: JUDGE  Game: e2e  Variant: standard\n:: Deadline: S1901M ")
    for line in ("Austria: Army Vienna -> Galicia.  (*bounce*)", "Russia: Army Warsaw -> Galicia.  (*bounce*)",
                 "Turkey: Fleet Ankara -> Black Sea.  (*bounce*)", "Russia: Fleet Sevastopol -> Black Sea.  (*bounce*)",
                 "France: Army Marseilles -> Spain.", "Germany: Army Munich -> Ruhr.",
                 "Russia: Fleet St Petersburg (south coast) -> Gulf of Bothnia."):
        assert line in text, line

    # -- Fall 1901: Italy is late; notices, then civil disorder at the end of the grace period ---------------------
    game = table.game()
    deadline = game.deadline
    fall = {
        "AUSTRIA": ["F ALB - GRE", "A SER S F ALB - GRE", "A VIE H"],
        "ENGLAND": ["F NTH - NWY", "F NWG S F NTH - NWY", "A YOR H"],
        "FRANCE": ["F MAO - POR", "A BUR - BEL", "A SPA H"],
        "GERMANY": ["F DEN H", "A KIE - HOL", "A RUH - BEL"],
        "RUSSIA": ["F BOT - SWE", "A UKR - RUM", "A WAR H", "F SEV H"],
        "TURKEY": ["A BUL H", "A CON H", "F ANK H"],
    }
    for fmt, (power, lines) in zip(["plain", "qp", "base64", "html", "alternative", "plain"], fall.items()):
        assert orders(table, power, lines, fmt).accepted, power
    table.new_mail()
    table.clock.now = deadline
    table.clock.advance(hours=1)
    assert table.process("e2e") == ["late notices sent to ITALY"]
    late = {str(m["Subject"]): m for m in table.new_mail() if "late" in str(m["Subject"])
            or "missed" in str(m["Subject"])}
    assert late["Diplomacy deadline missed (e2e)"]["To"] == "italy@example.org"
    assert late["Diplomacy late notice (e2e)"]["To"] == GM and len(late) == 2
    assert "Late Power:       Italy" in late["Diplomacy late notice (e2e)"].get_content()
    assert table.process("e2e") == []                     # one notice per interval, not one per call
    table.clock.now = deadline
    table.clock.advance(hours=25)
    notes = table.process("e2e")
    assert notes[0] == "civil disorder: ITALY"
    text = results_mail(table).get_content()
    assert "Italy: Army Venice HOLD." in text
    assert "France: Army Burgundy -> Belgium.  (*bounce*)" in text and \
        "Germany: Army Ruhr -> Belgium.  (*bounce*)" in text
    assert "Ownership of supply centers:" in text
    assert "Russia:      6 Supply centers,  4 Units:  Builds   2 units." in text
    assert "Italy:       3 Supply centers,  3 Units:  Builds   0 units." in text
    assert "No orders came from Italy: its units took the default (civil disorder)." in text
    assert str(table.game().position.phase) == "W1901A"

    # -- Winter 1901: builds, a waive, and an illegal build ------------------------------------------------------
    winter = {"AUSTRIA": ["Build A Budapest", "Build F Trieste"], "ENGLAND": ["Build F London"],
              "FRANCE": ["Build A Paris", "Build F Brest"], "GERMANY": ["Build A Munich", "Build A Berlin"],
              "RUSSIA": ["Build F St Petersburg(nc)", "Build A Moscow"], "TURKEY": ["WAIVE"]}
    r = orders(table, "GERMANY", ["Build A Munich", "Build F Munich"])
    assert not r.accepted and "FLEET CANNOT BE BUILT INLAND: MUN" in table.reply_to("germany@example.org")
    for power, lines in winter.items():
        assert orders(table, power, lines).accepted, power
    assert table.game().all_in()                                # Italy has nothing to adjust
    table.clock.advance(minutes=10)
    assert "W1901A processed" in table.process("e2e")[0]
    text = results_mail(table).get_content()
    assert "Russia:     Builds a fleet in St Petersburg (north coast)." in text
    assert "Turkey:     Build waived." in text
    game = table.game()
    assert str(game.position.phase) == "S1902M"
    assert {str(u) for u in game.position.units_of("GERMANY")} == {"A MUN", "A BER", "A HOL", "A RUH", "F DEN"}

    # -- Spring 1902: Germany dislodges France; the master processes with defaults for the rest ------------------
    assert orders(table, "GERMANY", ["A Ruhr - Burgundy", "A Munich Supports A Ruhr - Burgundy"]).accepted
    assert orders(table, "FRANCE", ["A Burgundy Hold"]).accepted
    r = table.send(GM, "SIGNON Me2e gm-secret\nPROCESS")
    assert not r.accepted and "USE PROCESS!" in " ".join(table.reply_to(GM).split())
    assert table.send(GM, "SIGNON Me2e gm-secret\nPROCESS!").accepted
    text = results_mail(table).get_content()
    assert "Germany: Army Ruhr -> Burgundy." in text and "France: Army Burgundy HOLD.  (*dislodged*)" in text
    # Wrapped at 75 columns, as DPjudge wraps it.
    assert "The French army in Burgundy can retreat to Belgium or Gascony or Marseilles\nor Picardy." in text
    assert str(table.game().position.phase) == "S1902R"

    r = orders(table, "FRANCE", ["A Burgundy - Paris"])
    assert not r.accepted and "INVALID RETREAT DESTINATION" in table.reply_to("france@example.org")
    assert orders(table, "FRANCE", ["A Burgundy retreats to Picardy"]).accepted
    table.clock.advance(minutes=10)
    assert "S1902R processed" in table.process("e2e")[0]
    assert "France:     Army Burgundy -> Picardy." in results_mail(table).get_content()
    assert table.game().position.units["PIC"].power == "FRANCE"

    # -- the master rolls back to before Spring 1902 and processes it again -----------------------------------------
    results_before = sorted(p.name for p in (table.folder() / "results").glob("0*.txt"))
    assert [n.split("-", 1)[1] for n in results_before] == ["S1901M.txt", "F1901M.txt", "W1901A.txt",
                                                              "S1902M.txt", "S1902R.txt"]
    assert table.send(GM, "SIGNON Me2e gm-secret\nROLLBACK S1902M").accepted
    game = table.game()
    assert str(game.position.phase) == "S1902M" and game.player("GERMANY").orders == [
        "A Ruhr - Burgundy", "A Munich Supports A Ruhr - Burgundy"]
    assert len(list((table.folder() / "results").glob("0*.txt"))) == 3
    assert len(list((table.folder() / "rolledback").rglob("*.txt"))) == 2
    table.new_mail()
    assert table.send(GM, "SIGNON Me2e gm-secret\nPROCESS!").accepted
    assert "France: Army Burgundy HOLD.  (*dislodged*)" in results_mail(table).get_content()

    # -- status, list, summary, history, press and broadcast --------------------------------------------------------
    r = table.send("france@example.org", "SIGNON Fe2e fra-pass\nA BUR R GAS\nSTATUS")
    assert r.accepted
    reply = table.reply_to("france@example.org")
    assert "A BUR R GAS" in reply and "France (active):" in reply
    table.send("someone@example.org", "LIST e2e\nSUMMARY e2e")
    reply = table.reply_to("someone@example.org")
    assert "Phase:     Spring 1902 Retreats" in reply and "late_powers = default" in reply
    assert "1901         5       4       5       5       3       6       4" in reply
    assert table.send("someone@example.org", "OBSERVE e2e").accepted
    table.new_mail()
    assert table.send(GM, "SIGNON Me2e gm-secret\nBROADCAST\nWelcome, observers.\nENDBROADCAST").accepted
    bc = [m for m in table.new_mail() if "broadcast" in str(m["Subject"])]
    assert "someone@example.org" in [m["To"] for m in bc] and "Welcome, observers." in bc[0].get_content()

    # -- a player resigns, a newcomer takes over; the game goes on into 1903 -----------------------------------------
    assert table.send("italy@example.org", "SIGNON Ie2e ita-pass\nRESIGN").accepted
    assert table.game().player("ITALY").status == "vacant"
    assert table.send("newitaly@example.org", "TAKEOVER Ie2e new-pass").accepted
    assert table.game().player("ITALY").address == "newitaly@example.org"
    table.clock.advance(minutes=10)
    assert "S1902R processed" in table.process("e2e")[0]
    table.new_mail()
    assert table.send(GM, "SIGNON Me2e gm-secret\nPROCESS!").accepted       # F1902: everyone holds
    game = table.game()
    assert str(game.position.phase) in ("W1902A", "S1903M")
    if str(game.position.phase) == "W1902A":
        assert table.send(GM, "SIGNON Me2e gm-secret\nPROCESS!").accepted
    assert str(table.game().position.phase) == "S1903M"
    history = table.send("someone@example.org", "HISTORY e2e")
    assert history.accepted and "Movement results for Spring of 1901." in table.reply_to("someone@example.org")

    # -- the files: snapshots, results archive, access log without passwords --------------------------------------
    snapshots = sorted((table.folder() / "snapshots").glob("*.json"))
    assert [s.name.split("-", 1)[1] for s in snapshots][:4] == ["S1901M.json", "F1901M.json", "W1901A.json",
                                                                  "S1902M.json"]
    assert json.loads(snapshots[0].read_text())["phase"] == "S1901M"
    log = (table.folder() / "access.log").read_text()
    assert "SIGNON FRANCE e2e" in log and "TAKEOVER ITALY e2e" in log
    assert all(pw not in log for _, pw in PLAYERS.values()) and "new-pass" not in log
    assert T0.isoformat(timespec="seconds") in log
