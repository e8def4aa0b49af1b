"""Order lines, ORDERS (a no-op) and CLEAR."""
from datetime import timedelta

import pytest

from tests.commands.helpers import GAME, GM


def test_orders_are_stored_and_echoed_as_read(started):
    r = started.signon("FRANCE", "A Paris - Burgundy", "F bre-mao", "A MAR S A PAR - BUR")
    assert r.accepted
    reply = started.reply("FRANCE")
    # Every unit, in the board's order, with the order the judge holds for it.
    assert "Orders for France (Spring 1901 Movement):\n  F BRE - MAO\n  A MAR S A PAR - BUR\n  A PAR - BUR\n" in reply
    france = started.game(GAME).player("FRANCE")
    assert france.orders == ["A Paris - Burgundy", "F bre-mao", "A MAR S A PAR - BUR"] and france.submitted


def test_orders_keyword_is_a_no_op(started):
    assert started.signon("FRANCE", "ORDERS", "A PAR - BUR", "ORDER").accepted
    assert started.game(GAME).player("FRANCE").orders == ["A PAR - BUR"]


def test_order_lines_before_signon_are_refused(started):
    r = started.send("france@example.org", f"A PAR - BUR\nSIGNON F{GAME} fra-pw")
    assert r.errors == [("A PAR - BUR", "UNRECOGNIZED COMMAND (SIGN ON BEFORE SENDING ORDERS)")]
    reply = started.reply("FRANCE")
    assert f"   SIGNON F{GAME} ********" in reply and "fra-pw" not in reply   # echoed, password hidden


def test_an_illegal_order_refuses_the_whole_message(started):
    before = started.status_bytes()
    r = started.signon("FRANCE", "A PAR - BUR", "F BRE - MUN", "A MAR H")
    assert not r.accepted
    [(line, error)] = r.errors
    assert line == "F BRE - MUN" and error.startswith("FLEET CANNOT MOVE INLAND")
    reply = started.reply("FRANCE")
    assert "Your message was NOT accepted" in reply and f">> F BRE - MUN\n   {error}" in reply
    assert started.status_bytes() == before


def test_every_bad_order_of_a_set_is_reported(started):
    r = started.signon("FRANCE", "A PAR - XYZ", "A MAR H", "F BRE - MUN")
    assert [line for line, _ in r.errors] == ["A PAR - XYZ", "F BRE - MUN"]
    assert r.errors[0][1].startswith("UNKNOWN PLACENAME")


def test_an_order_of_the_wrong_phase_type(started):
    r = started.signon("FRANCE", "Build A Paris")
    assert not r.accepted and r.errors[0][0] == "Build A Paris" and "MOVEMENT" in r.errors[0][1].upper()


def test_a_dashed_unit_alone_holds_in_a_movement_phase(started):
    """A dash in front of a unit is a list's marker where no removal can be meant: DPjudge reads a dash as a space,
    so "- A Ven" is "A Ven", a unit with no order, which holds (as "A Ven" alone does here)."""
    assert started.signon("ITALY", "- A Ven").accepted
    reply = started.reply("ITALY")
    assert "Orders for Italy (Spring 1901 Movement):\n" in reply and "\n  A VEN H\n" in reply, reply
    assert started.game(GAME).player("ITALY").orders == ["- A Ven"]
    # A whole set written as a dashed list, the unit-only line among moves.
    assert started.signon("ITALY", "- F Nap - Ion", "- A Rom - Apu", "- A Ven").accepted
    assert "  F NAP - ION\n  A ROM - APU\n  A VEN H\n" in started.reply("ITALY")


def test_a_build_behind_a_dash_is_still_an_order_of_another_phase(started):
    r = started.signon("FRANCE", "- Build A Par")
    assert r.errors == [("- Build A Par", "ORDER NOT ALLOWED IN A MOVEMENT PHASE: BUILD A PAR")]


def test_someone_elses_unit(started):
    r = started.signon("FRANCE", "A MUN - RUH")
    assert r.errors == [("A MUN - RUH", "UNIT DOES NOT BELONG TO FRANCE: A MUN")]


def test_a_later_order_set_replaces_the_earlier(started):
    assert started.signon("FRANCE", "A PAR - BUR", "A MAR - SPA").accepted
    assert started.signon("FRANCE", "F BRE - MAO").accepted
    assert started.game(GAME).player("FRANCE").orders == ["F BRE - MAO"]


def test_orders_for_a_game_that_is_not_active(forming):
    assert forming.send(GM[0], f"SIGNON M{GAME} {GM[1]}\nFRANCE: A PAR H").errors[0][1] == \
        f"GAME {GAME} IS NOT ACTIVE: NO ORDERS NOW"


def test_the_master_orders_for_any_power(started):
    assert started.master("FRANCE: A PAR - BUR", "germany: A MUN - RUH", "France: A MAR - SPA").accepted
    game = started.game(GAME)
    assert game.player("FRANCE").orders == ["A PAR - BUR", "A MAR - SPA"]     # one set per power
    assert game.player("GERMANY").orders == ["A MUN - RUH"]
    reply = started.reply(GM[0])
    assert ("Orders for Germany (Spring 1901 Movement):\n  A BER: no order (defaults to hold)\n"
            "  F KIE: no order (defaults to hold)\n  A MUN - RUH\n  (2 without an order: they take the default)") in reply


def test_every_refused_set_of_the_master_is_reported(started):
    r = started.master("FRANCE: A PAR - XYZ", "GERMANY: A MUN - RUH", "ITALY: F NAP - MUN", "FRANCE: A MAR H")
    assert not r.accepted
    assert [line for line, _ in r.errors] == ["FRANCE: A PAR - XYZ", "ITALY: F NAP - MUN"]    # (as written)
    assert started.game(GAME).player("GERMANY").orders == []


def test_the_masters_orders_must_name_a_power(started):
    assert started.master("A PAR - BUR").errors[0] == \
        ("A PAR - BUR", "THE MASTER'S ORDERS MUST NAME THE POWER, E.G. FRANCE: A PAR - BUR")
    assert started.master("NARNIA: A PAR - BUR").errors[0][1] == "UNKNOWN POWER: NARNIA"


def test_the_master_orders_a_dummy(started):
    assert started.master("DUMMY ITALY", "ITALY: A VEN - TYR").accepted
    assert started.game(GAME).player("ITALY").orders == ["A VEN - TYR"]


def test_clear(started):
    assert started.signon("FRANCE", "A PAR - BUR").accepted
    assert started.signon("FRANCE", "CLEAR").accepted
    assert "Orders for France cleared." in started.reply("FRANCE")
    france = started.game(GAME).player("FRANCE")
    assert france.orders == [] and not france.submitted
    assert "FRANCE" in [p.power for p in started.game(GAME).late_players()]


def test_clear_then_new_orders_in_one_message(started):
    assert started.signon("FRANCE", "A PAR - BUR").accepted
    assert started.signon("FRANCE", "CLEAR", "A MAR - SPA").accepted
    assert started.game(GAME).player("FRANCE").orders == ["A MAR - SPA"]


def test_clear_needs_a_power(started):
    assert started.master("CLEAR").errors[0][1].startswith("YOU MUST SIGN ON AS A POWER FIRST")


def test_orders_then_a_command_after_an_error_are_echoed_unread(started):
    """The orders before a command are submitted when the command is reached: if they fail, the command never ran
    and is part of the unread rest."""
    r = started.signon("FRANCE", "A PAR - MOS", "SET WAIT", "A MAR H")
    assert not r.accepted
    reply = started.reply("FRANCE")
    assert "The rest of your message was not read:\n\n   SET WAIT\n   A MAR H" in reply
    assert not started.game(GAME).player("FRANCE").wait


# -- what a DPjudge player meets (issue 18) ---------------------------------------------------------------------------
def test_the_order_confirmation_is_dpjudges(started):
    """Subject 'Diplomacy orders <game> <phase>' and the '::' header, as DPjudge confirms orders."""
    assert started.signon("FRANCE", "A PAR - BUR").accepted
    [mail] = [m for m in started.new_mail() if m["To"] == "france@example.org"]
    assert str(mail["Subject"]) == f"Diplomacy orders {GAME} S1901M"
    assert (f":: Judge: JUDGE  Game: {GAME}  Variant: standard\n:: Deadline: S1901M Thu 8 Jan 2026 12:00 UTC\n\n"
            "Orders for France (Spring 1901 Movement):\n") in mail.get_content()
    # A refused set is answered as before: "Re: <subject>".
    assert not started.signon("FRANCE", "A PAR - XYZ").accepted
    [mail] = [m for m in started.new_mail() if m["To"] == "france@example.org"]
    assert str(mail["Subject"]) == "Re: orders" and "::" not in mail.get_content()


def _header(started, address: str) -> list[str]:
    """The '::' lines of the newest order confirmation to `address`."""
    [mail] = [m for m in started.new_mail() if m["To"] == address and str(m["Subject"]).startswith("Diplomacy orders")]
    return [line for line in mail.get_content().splitlines() if line.startswith(":: ")]


def test_the_deadline_header_is_the_deadline_after_the_whole_message(started):
    """Mappers read the ':: Deadline:' line, not the prose: an EXTEND or SET DEADLINE further down the same message
    moves it (the 72-hour deadline is Thu 8 Jan 12:00; one 24-hour extension makes it Fri 9 Jan)."""
    assert started.master("SET RULE extension_count=1 extension_hours=24").accepted
    started.new_mail()
    assert started.signon("AUSTRIA", "A VIE-GAL", "A BUD-SER", "F TRI-ALB", "EXTEND").accepted
    assert _header(started, "austria@example.org")[1] == ":: Deadline: S1901M Fri 9 Jan 2026 12:00 UTC"
    # The master's orders, then a deadline five days from now (Mon 5 Jan 12:00), then a preview.
    assert started.master("FRANCE: A PAR-PIC", "SET DEADLINE +5d", "PREVIEW").accepted
    assert _header(started, GM[0])[1] == ":: Deadline: S1901M Sat 10 Jan 2026 12:00 UTC"
    # Processed by the same message: the phase the game now waits for, with its deadline (72 hours from now).
    started.clock.advance(hours=1)
    assert started.master("FRANCE: A PAR-BUR", "PROCESS!").accepted
    assert _header(started, GM[0])[1] == ":: Deadline: F1901M Thu 8 Jan 2026 13:00 UTC"
    # Ended by the same message: no deadline is left to give.
    assert started.master("FRANCE: A BUR-PAR", "TERMINATE").accepted
    assert _header(started, GM[0]) == [f":: Judge: JUDGE  Game: {GAME}  Variant: standard"]


def _confirmation(started) -> str:
    """The master's newest order confirmation, its lines joined as the reader reads them."""
    [mail] = [m for m in started.new_mail() if m["To"] == GM[0] and str(m["Subject"]).startswith("Diplomacy orders")]
    return " ".join(mail.get_content().split())


PAUSED = f"Game {GAME} is paused: no deadline runs until the master resumes it; it then has the time it had left."
MANUAL = "There is no deadline: the master processes the game."


def test_the_confirmation_says_whether_a_deadline_runs_after_the_whole_message(started):
    """The sentence under the ':: Deadline:' line, which says why it gives the mail's time and no deadline, holds
    for the game as the whole message leaves it: a PAUSE, a RESUME or a change to or from the manual mode further
    down the same message changes it, as it changes the line (the deadline is 72 hours after the start)."""
    deadline = started.clock.now + timedelta(hours=72)
    shown = f"{deadline:%a} {deadline.day} {deadline:%b %Y %H:%M} UTC"
    header = ":: Deadline: S1901M "
    # Paused, then resumed by the same message: a deadline runs, and the confirmation says nothing of a pause.
    assert started.master("PAUSE", "FRANCE: A PAR-BUR", "RESUME").accepted
    said = _confirmation(started)
    assert f"{header}{shown}" in said and "paused:" not in said and "Game g1 is running again" in said
    # Orders, then a pause: the line gives the mail's time, and the sentence before the orders says why.
    started.clock.advance(hours=1)
    assert started.master("FRANCE: A PAR-PIC", "PAUSE").accepted
    said = _confirmation(started)
    now = started.clock.now
    assert f"{header}{now:%a} {now.day} {now:%b %Y %H:%M} UTC {PAUSED} Orders for France" in said
    assert started.master("RESUME").accepted
    started.new_mail()
    # Into the manual mode and out of it again: a deadline runs (a fresh one, 72 hours from now), no sentence.
    assert started.master("SET RULE deadlines=manual", "FRANCE: A PAR-BUR", "SET RULE deadlines=auto").accepted
    said = _confirmation(started)
    deadline = started.clock.now + timedelta(hours=72)
    assert f"{header}{deadline:%a} {deadline.day} {deadline:%b %Y %H:%M} UTC Orders for France" in said
    assert MANUAL not in said
    # Orders, then the manual mode: no deadline, and the sentence says so.
    assert started.master("FRANCE: A PAR-GAS", "SET RULE deadlines=manual").accepted
    assert f"{header}{now:%a} {now.day} {now:%b %Y %H:%M} UTC {MANUAL} Orders for France" in _confirmation(started)
    # Paused and in the manual mode at once: the pause is what the sentence names (RESUME leaves no deadline).
    assert started.master("FRANCE: A PAR-BUR", "PAUSE").accepted
    said = _confirmation(started)
    assert f"UTC {PAUSED} Orders for France" in said and MANUAL not in said


def test_the_manual_mode_set_while_paused_gives_no_deadline_to_move(started):
    """SET RULE deadlines=manual during a pause: there is no deadline for the pause to move, and the reply and the
    notice do not say it moves."""
    assert started.master("PAUSE").accepted
    started.new_mail()
    assert started.master("SET RULE deadlines=manual").accepted
    reply = " ".join(started.reply_to(GM[0]).split())
    assert "Deadline now: none (the master processes the game)." in reply and "moves by the time" not in reply
    [notice] = [m for m in started.new_mail() if "rules changed" in str(m["Subject"])][:1]
    assert "moves by the time" not in notice.get_content()


def test_a_refused_order_is_echoed_with_the_power_written_in_front(started):
    """The master names the power of each order line; a refusal quotes the line as he wrote it, so that he sees
    whose order it was (each of two powers' refused sets, and a player's own "Germany:" too)."""
    r = started.master("GERMANY: A Mun - Xyz", "Germany: A Ber - Kie", "f: A Par - Qqq")
    assert r.errors == [("GERMANY: A Mun - Xyz", "UNKNOWN PLACENAME: XYZ"),
                        ("f: A Par - Qqq", "UNKNOWN PLACENAME: QQQ")]
    reply = started.reply(GM[0])
    assert ">> GERMANY: A Mun - Xyz\n   UNKNOWN PLACENAME: XYZ\n>> f: A Par - Qqq\n   UNKNOWN PLACENAME: QQQ\n" in reply
    r = started.signon("GERMANY", "Germany: A Mun - Xyz")
    assert r.errors == [("Germany: A Mun - Xyz", "UNKNOWN PLACENAME: XYZ")]


def test_a_confirmation_of_orders_processed_by_the_same_message_says_so(started):
    """The subject and the orders name the phase they were for; the ':: Deadline:' line the phase the game is in now
    (mappers read it): a line between says in words that the first has been played since."""
    started.new_mail()
    assert started.master("GERMANY: A Mun - Ruh", "PROCESS!").accepted
    [mail] = [m for m in started.new_mail() if m["To"] == GM[0] and "Diplomacy orders" in str(m["Subject"])]
    assert str(mail["Subject"]) == f"Diplomacy orders {GAME} S1901M"
    lines = mail.get_content().splitlines()
    at = lines.index(f":: Judge: JUDGE  Game: {GAME}  Variant: standard")
    assert lines[at + 1].startswith(":: Deadline: F1901M ") and lines[at + 2] == ""
    said = " ".join(" ".join(lines[at + 3:lines.index("", at + 3)]).split())
    assert said == ("Spring 1901 Movement has been processed since these orders were read: the game is now in Fall "
                    "1901 Movement, which the ':: Deadline:' line above is for.")
    assert "Orders for Germany (Spring 1901 Movement):" in lines
    # Under the sentence of a game without deadlines, which still holds.
    assert started.master("SET RULE deadlines=manual").accepted
    assert started.master("GERMANY: A Ruh - Bur", "PROCESS!").accepted
    said = _confirmation(started)
    assert (f"{MANUAL} Fall 1901 Movement has been processed since these orders were read: the game is now in "
            "Spring 1902 Movement, which the ':: Deadline:' line above is for. Orders for Germany") in said, said
    # Orders alone say nothing of the kind; a TERMINATE that ends the game unplayed neither.
    for lines_sent in (["GERMANY: A Bur - Mun"], ["GERMANY: A Bur - Mun", "TERMINATE"]):
        assert started.master(*lines_sent).accepted
        assert "processed since" not in started.reply(GM[0])


def test_orders_for_a_phase_already_processed_are_told_they_came_too_late(started):
    assert started.signon("FRANCE", "A PAR - BUR").accepted
    assert started.master("PROCESS!").accepted
    assert started.signon("FRANCE", "A BUR - BEL").accepted
    assert started.master("PROCESS!").accepted
    assert str(started.game(GAME).position.phase) == "W1901A"
    before = started.status_bytes()
    r = started.signon("FRANCE", "A BUR - PIC", "A MAR H")           # the army was in Burgundy in Fall 1901
    assert not r.accepted and started.status_bytes() == before
    reply = " ".join(started.reply("FRANCE").split())
    assert ("TOO LATE: THESE ARE ORDERS FOR FALL 1901 MOVEMENT, WHICH HAS BEEN PROCESSED. THE GAME IS NOW IN WINTER "
            "1901 ADJUSTMENTS: SEND ORDERS FOR THAT PHASE") in reply
    assert ">> A BUR - PIC ORDER NOT ALLOWED IN AN ADJUSTMENT PHASE: A BUR - PIC" in reply
    # Orders for the units where they stand now are Spring 1902's, sent early: never called late.
    r = started.signon("FRANCE", "A BEL - HOL", "A MAR H")
    assert not r.accepted and started.status_bytes() == before
    reply = " ".join(started.reply("FRANCE").split())
    assert "TOO LATE" not in reply and ">> A BEL - HOL ORDER NOT ALLOWED IN AN ADJUSTMENT PHASE: A BEL - HOL" in reply


def budapest_dislodged(desk):
    """Russia, with Italian support, dislodges the Austrian army in Budapest in Fall 1901; it may retreat to
    Rumania, Serbia or Vienna."""
    assert desk.signon("AUSTRIA", "A VIE - BOH", "F TRI - ALB", "A BUD H").accepted
    assert desk.signon("ITALY", "A VEN - TRI").accepted
    assert desk.signon("RUSSIA", "A WAR - GAL").accepted
    assert desk.master("PROCESS!").accepted
    assert desk.signon("ITALY", "A TRI S A GAL - BUD").accepted
    assert desk.signon("RUSSIA", "A GAL - BUD").accepted
    assert desk.master("PROCESS!").accepted
    game = desk.game(GAME)
    assert str(game.position.phase) == "F1901R"
    assert sorted(game.position.dislodged["BUD"].retreats) == ["RUM", "SER", "VIE"]
    desk.new_mail()


def test_retreats_written_as_players_write_them(started):
    budapest_dislodged(started)          # (once: each order set sent replaces the one before)
    for line, dest in [("Retreat A Bud - Vie", "VIE"), ("retreat army budapest to vienna", "VIE"),
                       ("R A BUD SER", "SER"), ("Disband A Bud", None), ("Disband army Budapest", None),
                       ("A Budapest retreats to Rumania", "RUM")]:
        assert started.signon("AUSTRIA", line).accepted, started.reply("AUSTRIA")
        assert (f"A BUD R {dest}" if dest else "A BUD D") in started.reply("AUSTRIA"), line


def test_a_refused_retreat_names_where_the_unit_may_go(started):
    budapest_dislodged(started)
    before = started.status_bytes()
    assert not started.signon("AUSTRIA", "Retreat A Bud - Gal").accepted
    assert started.status_bytes() == before
    assert (">> Retreat A Bud - Gal INVALID RETREAT DESTINATION: A BUD R GAL (A BUD MAY RETREAT TO RUM, SER OR VIE, "
            "OR DISBAND)") in " ".join(started.reply("AUSTRIA").split())
    assert not started.signon("AUSTRIA", "Retreat A Vie - Tri").accepted
    assert "NO DISLODGED UNIT IN VIE (YOUR DISLODGED UNIT: A BUD)" in " ".join(started.reply("AUSTRIA").split())


@pytest.mark.parametrize("power, line, hint", [
    ("FRANCE", "A Par - Burgondy", "UNKNOWN PLACENAME: BURGONDY (DID YOU MEAN: A PAR - BUR)"),
    ("FRANCE", "A Pari - Bur", "UNKNOWN PLACENAME: PARI (DID YOU MEAN: A PAR - BUR)"),
    ("FRANCE", "A Par - Belgum", "UNKNOWN PLACENAME: BELGUM (DID YOU MEAN BEL FOR BELGUM?)"),
    ("GERMANY", "A Mun - Holand", "UNKNOWN PLACENAME: HOLAND (DID YOU MEAN HOL FOR HOLAND?)"),
    ("FRANCE", "F Bre - Eng Channel", "UNEXPECTED TEXT AFTER ORDER: CHANNEL (DID YOU MEAN: F BRE - ENG)"),
    ("FRANCE", "F Bre - mid-atl", "UNKNOWN PLACENAME: ATL (DID YOU MEAN: F BRE - MAO)"),
    ("TURKEY", "Flt Ankara - Blk Sea", "UNKNOWN PLACENAME: FLT ANKARA (DID YOU MEAN: F ANK - BLA)"),
    ("FRANCE", "3: A Par - Bur", "UNKNOWN PLACENAME: 3 (DID YOU MEAN: A PAR - BUR)"),    # (1. 2) - are read past)
    ("FRANCE", "- A Par - Burgondy", "UNKNOWN PLACENAME: BURGONDY (DID YOU MEAN: A PAR - BUR)"),
    ("FRANCE", "Thanks, see you next turn!", ("UNKNOWN PLACENAME: THANKS SEE YOU NEXT TURN (NOT AN ORDER? END YOUR "
                                              "ORDERS WITH SIGNOFF, OR PUT // BEFORE A REMARK)")),
    # An order for a unit the power does not have there (moved away, never built): its units as they stand.
    ("GERMANY", "A Hol - Bel", "NO UNIT IN HOL (YOUR UNITS: A BER, F KIE, A MUN)"),
    ("TURKEY", "F Bla - Rum", "NO UNIT IN BLA (YOUR UNITS: F ANK, A CON, A SMY)"),
])
def test_a_refused_line_is_told_its_one_likely_reading(started, power, line, hint):
    """All or nothing stays: the set is refused, and the reply gives the one clear reading of the bad line."""
    before = started.status_bytes()
    r = started.signon(power, line, "A Mar H" if power == "FRANCE" else "A Con H" if power == "TURKEY" else "A Ber H")
    assert not r.accepted and started.status_bytes() == before
    assert r.errors == [(line, hint)]
    assert f">> {line} {hint}" in " ".join(started.reply(power).split())


def test_no_reading_is_offered_when_none_is_clear(started):
    # A valid-looking order the board refuses, and a word near several places, get the refusal alone.
    assert started.signon("FRANCE", "A Par - Mun").errors == [("A Par - Mun",
                                                               "UNIT CANNOT REACH DESTINATION: A PAR - MUN")]
    # "Bure": Brest or Burgundy.
    assert started.signon("FRANCE", "A Par - Bure").errors == [("A Par - Bure", "UNKNOWN PLACENAME: BURE")]


def test_plain_english_moves_are_read(started):
    assert started.signon("FRANCE", "A Paris moves to Burgundy", "A Marseilles supports A Paris moves to Burgundy",
                          "F Brest moves to English Channel").accepted
    assert "  F BRE - ENG\n  A MAR S A PAR - BUR\n  A PAR - BUR\n" in started.reply("FRANCE")


def test_a_player_naming_another_power_before_an_order_is_refused(started):
    """'TURKEY: A MOS - UKR' from Russia's player is a slip or an ally's orders pasted in: refused, saying why, and
    nothing of the message is kept; the player's own power named first is fine."""
    before = started.status_bytes()
    r = started.signon("RUSSIA", "TURKEY: A MOS - UKR", "A WAR H")
    assert r.errors == [("TURKEY: A MOS - UKR", "YOU PLAY RUSSIA: ORDERS FOR TURKEY ARE NOT YOURS TO GIVE")]
    assert started.status_bytes() == before
    assert started.signon("RUSSIA", "Russia: A MOS - UKR", "russian: A WAR H").accepted
    assert started.game(GAME).player("RUSSIA").orders == ["A MOS - UKR", "A WAR H"]


def test_orders_after_a_process_in_the_same_message_are_not_called_late_for_an_older_phase(started):
    # In Fall 1901 the master sends PROCESS! and then Fall orders: they come after the PROCESS, which moves the game to
    # Winter 1901 first. The refusal named SPRING 1901 (the last phase the store had a snapshot of) as the phase
    # "processed" and told him to send orders for a phase his own message had not yet reached (nothing was done).
    assert started.master("GERMANY: F KIE - DEN", "PROCESS!").accepted       # (Denmark: a build in Winter 1901)
    assert str(started.game(GAME).position.phase) == "F1901M"
    before = started.status_bytes()
    started.new_mail()
    r = started.master("PROCESS!", "GERMANY: F DEN H", "ITALY: A VEN H")
    assert not r.accepted and started.status_bytes() == before
    reply = " ".join(started.reply(GM[0]).split())
    assert "SPRING 1901" not in reply and "TOO LATE" not in reply
    said = ("THESE ARE ORDERS FOR FALL 1901 MOVEMENT, BUT THE PROCESS ABOVE THEM IN THIS MESSAGE MOVES THE GAME TO "
            "WINTER 1901 ADJUSTMENTS FIRST: PUT THE ORDERS BEFORE THE PROCESS LINE")
    assert reply.count(said) == 1                                   # (once, for both powers' orders)
    assert started.master("GERMANY: F DEN H", "ITALY: A VEN H", "PROCESS!").accepted
    assert str(started.game(GAME).position.phase) == "W1901A"


def test_orders_for_the_movement_just_processed_are_told_too_late_in_the_next_movement(started):
    # Spring 1901 is processed (early, say) while France's player writes the same orders again: in Fall 1901 the
    # army that went to Burgundy is not in Paris. The README promises such orders are told they came too late,
    # not only that no unit is in Paris; nothing changes.
    assert started.signon("FRANCE", "F BRE H", "A MAR H", "A PAR - BUR").accepted
    assert started.master("PROCESS!").accepted
    assert str(started.game(GAME).position.phase) == "F1901M"
    before = started.status_bytes()
    started.new_mail()
    r = started.signon("FRANCE", "F BRE H", "A MAR H", "A PAR - BUR")
    assert not r.accepted and started.status_bytes() == before
    reply = " ".join(started.reply("FRANCE").split())
    assert ("TOO LATE: THESE ARE ORDERS FOR SPRING 1901 MOVEMENT, WHICH HAS BEEN PROCESSED. THE GAME IS NOW IN FALL "
            "1901 MOVEMENT: SEND ORDERS FOR THAT PHASE") in reply, reply
    assert ">> A PAR - BUR NO UNIT IN PAR" in reply
    # A line that fits neither phase is only what it is: no word of lateness.
    started.new_mail()
    assert not started.signon("FRANCE", "A PIC - BUR").accepted
    reply = " ".join(started.reply("FRANCE").split())
    assert "NO UNIT IN PIC" in reply and "TOO LATE" not in reply


def test_orders_processed_by_the_same_message_on_a_calendar_of_the_maps_own(tmp_path):
    """On a map with a calendar of its own the game keeps its phases in DPjudge's long form ("B.C. 273 MOVEMENT");
    orders for B.C. 273 Movement that the same message then processes are said to have been processed, as on the
    standard calendar (they were told only that "the game has moved")."""
    from judge import maps
    from tests.commands.helpers import bc_game
    desks = bc_game(tmp_path)
    desk = next(desks)
    try:
        desk.new_mail()
        assert desk.send(GM[0], f"SIGNON Mbc {GM[1]}\nNORTH: F NBY - NSE\nPROCESS!").accepted
        [mail] = [m for m in desk.new_mail() if m["To"] == GM[0] and "Diplomacy orders" in str(m["Subject"])]
        assert str(mail["Subject"]) == "Diplomacy orders bc B273M"
        lines = mail.get_content().splitlines()
        at = next(i for i, line in enumerate(lines) if line.startswith(":: Deadline: "))
        # (classical's NEWYEAR:-1: the year after B.C. 273 is B.C. 272, whose movement comes first)
        assert lines[at].startswith(":: Deadline: B272M ") and lines[at + 1] == ""
        said = " ".join(" ".join(lines[at + 2:lines.index("", at + 2)]).split())
        assert said == ("B.C. 273 Movement has been processed since these orders were read: the game is now in B.C. "
                        "272 Movement, which the ':: Deadline:' line above is for.")
        assert "Orders for North (B.C. 273 Movement):" in lines
    finally:
        desks.close()
        maps.use_folder(None)


def test_a_phone_without_a_line_break_sends_its_lines_in_one(started):
    """DPjudge's way for a device that cannot type a line break: two backslashes, then the character that stands
    for one. The sign-on's password is still hidden where the reply echoes the line."""
    r = started.send("france@example.org", f"\\\\; SIGNON F{GAME} fra-pw;A PAR - BUR;F BRE - MAO;STATUS")
    assert r.accepted
    reply = started.reply("FRANCE")
    assert "  A PAR - BUR\n" in reply and "  F BRE - MAO\n" in reply and "fra-pw" not in reply
    assert started.game(GAME).player("FRANCE").orders == ["A PAR - BUR", "F BRE - MAO"]
    r = started.send("france@example.org", f"\\\\; SIGNON F{GAME} fra-pw;F BRE - MUN")
    assert not r.accepted and r.errors[0][0] == "F BRE - MUN"
    assert "fra-pw" not in started.reply("FRANCE")
