"""Orders as players of DPjudge games write them, by mail over real SMTP, in the phases where the judge's reading
once fell short; each reply read whole as the player reads it."""
from __future__ import annotations

import pytest

from tests.daemon.test_order_sentences_by_smtp import reply, served  # noqa: F401 (served: the fixture)
from tests.web.conftest import address


def austria_owes_one_build(served, name: str) -> None:
    """Austria takes Serbia in 1901 (Budapest empty, Vienna and Trieste held): one build, in Budapest only."""
    served.start_game(name)
    served.orders(name, "AUSTRIA", "A Bud - Ser")
    served.orders(name, "MASTER", "PROCESS!")
    served.orders(name, "MASTER", "PROCESS!")
    assert str(served.daemon.judge.store.load(name).position.phase) == "W1901A"


@pytest.mark.parametrize("line", ["BUILD WAIVED", "build waived.", "B WAIVE"])
def test_dpjudge_spelling_of_a_waived_build_is_a_waive(served, line):
    # DPjudge lists a waived build as "BUILD WAIVED" and its order reader takes that line (and "B WAIVE") back.
    austria_owes_one_build(served, "wv")
    seen = len(served.relay.messages)
    served.orders("wv", "AUSTRIA", line)
    text = reply(served, address("AUSTRIA"), seen)
    assert "NOT accepted" not in text, text
    assert "Orders for Austria (Winter 1901 Adjustments):\n  WAIVE\n" in text, text
    served.orders("wv", "MASTER", "PROCESS")
    game = served.daemon.judge.store.load("wv")
    assert str(game.position.phase) == "S1902M"
    assert sorted(f"{u.kind} {u.loc}" for u in game.position.units_of("AUSTRIA")) == ["A SER", "A VIE", "F TRI"]


def test_a_waive_or_disband_refused_is_not_called_a_remark(served):
    # "waive" is an order, refused for the count: the reply says why, and never asks whether the line was a remark.
    austria_owes_one_build(served, "wr")
    before = (served.daemon.judge.store.folder("wr") / "status.json").read_bytes()
    for power, lines, why in [("AUSTRIA", ["waive", "waive"], "NO MORE BUILDS ALLOWED: WAIVE"),
                              ("ENGLAND", ["waive"], "NO BUILDS ALLOWED: WAIVE"),
                              ("AUSTRIA", ["disband"], "INCOMPLETE ORDER: DISBAND")]:
        seen = len(served.relay.messages)
        served.orders("wr", power, *lines)
        text = reply(served, address(power), seen)
        assert "Your message was NOT accepted" in text and f"\n   {why}\n" in text, text
        assert "NOT AN ORDER?" not in text and "REMARK" not in text, text
    assert (served.daemon.judge.store.folder("wr") / "status.json").read_bytes() == before
    # A remark is still told so.
    seen = len(served.relay.messages)
    served.orders("wr", "AUSTRIA", "waive", "Thanks, see you next turn!")
    said = " ".join(reply(served, address("AUSTRIA"), seen).split())
    assert "THANKS SEE YOU NEXT TURN (NOT AN ORDER? END YOUR ORDERS WITH SIGNOFF" in said, said


def test_list_shows_a_grace_of_minutes_as_set_not_as_a_long_fraction(served):
    # SET GRACE 5m and SET LATE 1m keep hours (1/12 and 1/60 of one): LIST reads them back as the master set them.
    served.start_game("tm")
    served.orders("tm", "MASTER", "SET GRACE 5m", "SET LATE 1m", "SET REMINDER 90m")
    seen = len(served.relay.messages)
    served.mail(address("FRANCE"), "LIST tm")
    text = reply(served, address("FRANCE"), seen)
    timing = text.split("\nTiming:\n", 1)[1]
    assert "  grace_hours = 5 minutes (this phase: 24)\n" in timing, timing
    assert "  late_notice_hours = 1 minute\n" in timing, timing
    assert "  reminder_hours = 90 minutes\n" in timing, timing
    assert "  movement_hours = 72\n" in timing and "33333" not in timing and "66666" not in timing, timing


def test_a_command_after_archive_is_not_glued_to_the_last_press(served):
    # The press is the sender's free text: a command's word right under it read as one more line of that press.
    served.start_game("ar")
    served.orders("ar", "FRANCE", "PRESS TO Russia", "Shall we talk?", "ENDPRESS")
    seen = len(served.relay.messages)
    served.orders("ar", "RUSSIA", "ARCHIVE", "VOTE DRAW")
    text = reply(served, address("RUSSIA"), seen)
    assert "-- S1901M: from France to Russia\nShall we talk?\n\nRussia votes for a draw" in text, text


def test_a_power_with_nothing_to_retreat_is_told_so(served):
    # Austria takes Venice in Fall 1901; only Italy retreats. Austria's orders sent early for Spring 1902 are refused
    # saying that Austria has nothing to order now, not only that Budapest holds no dislodged unit.
    served.start_game("rt")
    served.orders("rt", "AUSTRIA", "A Vie - Tyr")
    served.orders("rt", "MASTER", "PROCESS!")
    served.orders("rt", "AUSTRIA", "A Tyr - Ven", "F Tri S A Tyr - Ven")
    served.orders("rt", "MASTER", "PROCESS!")
    assert str(served.daemon.judge.store.load("rt").position.phase) == "F1901R"
    before = (served.daemon.judge.store.folder("rt") / "status.json").read_bytes()
    seen = len(served.relay.messages)
    served.orders("rt", "AUSTRIA", "A Bud - Ser")
    said = " ".join(reply(served, address("AUSTRIA"), seen).split())
    assert "NOT accepted" in said and \
        ">> A Bud - Ser NO DISLODGED UNIT IN BUD (AUSTRIA HAS NO UNIT TO RETREAT THIS PHASE)" in said, said
    assert (served.daemon.judge.store.folder("rt") / "status.json").read_bytes() == before


def test_a_build_on_a_two_coast_centre_names_the_coasts_to_choose(served):
    # Russia takes Rumania and empties St Petersburg: "build F StP" is refused (DATC 4.B.7), and the reply names
    # the two coasts, so the player can write one of them.
    served.start_game("cs")
    served.orders("cs", "RUSSIA", "F StP/sc - Bot", "F Sev - Rum")
    served.orders("cs", "MASTER", "PROCESS!")
    served.orders("cs", "MASTER", "PROCESS!")
    assert str(served.daemon.judge.store.load("cs").position.phase) == "W1901A"
    seen = len(served.relay.messages)
    served.orders("cs", "RUSSIA", "build F StP")
    said = " ".join(reply(served, address("RUSSIA"), seen).split())
    assert ">> build F StP COAST MUST BE SPECIFIED: STP (STP/NC OR STP/SC)" in said, said
    seen = len(served.relay.messages)
    served.orders("cs", "RUSSIA", "build F StP/nc")
    assert "Orders for Russia (Winter 1901 Adjustments):\n  BUILD F STP/NC\n" in reply(served, address("RUSSIA"), seen)


def test_several_orders_on_one_line_are_told_to_go_one_a_line(served):
    # "A Par-Bur, A Mar-Spa" (as written in chat) is refused, nothing changed, and the reply says what to do.
    served.start_game("ol")
    before = (served.daemon.judge.store.folder("ol") / "status.json").read_bytes()
    seen = len(served.relay.messages)
    served.orders("ol", "FRANCE", "A Par-Bur, A Mar-Spa; F Bre-Mao")
    said = " ".join(reply(served, address("FRANCE"), seen).split())
    assert "NOT accepted" in said and "(ONE ORDER A LINE: PUT A PAR - BUR AND A MAR - SPA AND F BRE - MAO ON LINES " \
        "OF THEIR OWN)" in said, said
    assert (served.daemon.judge.store.folder("ol") / "status.json").read_bytes() == before


def test_next_springs_orders_sent_in_winter_are_not_called_too_late(served):
    # Austria takes Venice in Fall 1901 (Italy retreats: a retreat phase is processed), then it is Winter. Russia,
    # which had nothing to retreat, sends its Spring 1902 orders early: they are refused as orders of the wrong phase,
    # and never said to be late orders for the retreat phase just processed.
    served.start_game("tl")
    served.orders("tl", "AUSTRIA", "A Vie - Tyr")
    served.orders("tl", "MASTER", "PROCESS!")
    served.orders("tl", "AUSTRIA", "A Tyr - Ven", "F Tri S A Tyr - Ven")
    served.orders("tl", "MASTER", "PROCESS!")
    served.orders("tl", "ITALY", "A Ven - Pie")                 # (the only orders owed: played at once, EARLY 0)
    assert str(served.daemon.judge.store.load("tl").position.phase) == "W1901A"
    before = (served.daemon.judge.store.folder("tl") / "status.json").read_bytes()
    seen = len(served.relay.messages)
    served.orders("tl", "RUSSIA", "A Mos - Sev")
    said = " ".join(reply(served, address("RUSSIA"), seen).split())
    assert ">> A Mos - Sev ORDER NOT ALLOWED IN AN ADJUSTMENT PHASE: A MOS - SEV" in said, said
    assert "TOO LATE" not in said, said
    # Italy's retreat, sent again after it was played, is late indeed, and told so.
    seen = len(served.relay.messages)
    served.orders("tl", "ITALY", "A Ven - Pie")
    said = " ".join(reply(served, address("ITALY"), seen).split())
    assert "TOO LATE: THESE ARE ORDERS FOR FALL 1901 RETREATS, WHICH HAS BEEN PROCESSED" in said, said
    assert (served.daemon.judge.store.folder("tl") / "status.json").read_bytes() == before
