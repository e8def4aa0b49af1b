"""The clock through mail, called as cron calls it: early processing, WAIT, CLEAR, reminders, late notices."""
from datetime import timedelta

from tests.commands.helpers import GAME, GM, HOLDS
from tests.service.helpers import DEADLINE
from tests.service.test_house_rules import italy_late


def test_early_processing(started):
    started.clock.advance(hours=1)
    started.all_hold()
    started.clock.advance(minutes=9)
    assert started.judge.process(GAME) == []
    started.clock.advance(minutes=1)
    assert started.judge.process(GAME) == ["S1901M processed; next phase F1901M"]
    game = started.game(GAME)
    assert game.deadline == started.clock.now + timedelta(hours=72)          # the new phase starts now
    assert (started.folder(GAME) / "access.log").read_text().splitlines()[-1] == \
        "2026-01-05T13:10:00+00:00 judge S1901M processed; next phase F1901M"


def test_wait_holds_early_processing_until_the_deadline(started):
    started.all_hold()
    assert started.signon("FRANCE", "SET WAIT").accepted
    started.clock.advance(hours=71)
    assert started.judge.process(GAME) == []
    started.clock.now = DEADLINE
    assert started.judge.process(GAME) == ["S1901M processed; next phase F1901M"]


def test_clear_stops_early_processing(started):
    started.all_hold()
    assert started.signon("FRANCE", "CLEAR").accepted
    started.clock.advance(hours=1)
    assert started.judge.process(GAME) == []


def test_reminders(started):
    started.all_hold("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA")
    started.new_mail()
    started.clock.now = DEADLINE - timedelta(hours=24, minutes=1)
    assert started.judge.process(GAME) == []
    started.clock.advance(minutes=1)
    assert started.judge.process(GAME) == ["2 reminders sent"]
    mails = started.mails("reminder")
    assert sorted(m["To"] for m in mails) == ["italy@example.org", "turkey@example.org"]
    assert "orders for Italy have not yet been submitted." in \
        " ".join(next(m for m in mails if m["To"] == "italy@example.org").get_content().split())
    started.clock.advance(hours=1)
    assert started.judge.process(GAME) == [] and started.new_mail() == []


def test_late_notices(started):
    italy_late(started)
    started.clock.now = DEADLINE
    assert started.judge.process(GAME) == ["late notices sent to ITALY"]
    mails = {str(m["Subject"]): m for m in started.new_mail()}
    own, master = mails[f"Diplomacy deadline missed ({GAME})"], mails[f"Diplomacy late notice ({GAME})"]
    assert (own["To"], master["To"]) == ("italy@example.org", GM[0]) and len(mails) == 2
    text = own.get_content()
    assert "Missed Deadline:  Thu 8 Jan 2026 12:00 UTC" in text and "Late Power:       Italy" in text
    assert "Orders arriving before Fri 9 Jan 2026 12:00 UTC will still be used" in text
    started.clock.advance(hours=5)
    assert started.judge.process(GAME) == []
    started.clock.advance(hours=1)
    assert started.judge.process(GAME) == ["late notices sent to ITALY"]
    # Italy's orders arrive during the grace period: the game is processed at once.
    assert started.signon("ITALY", *HOLDS["ITALY"]).accepted
    assert started.judge.process(GAME) == ["S1901M processed; next phase F1901M"]
