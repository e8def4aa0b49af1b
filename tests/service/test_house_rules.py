"""House rules through mail: order sets, duplicate and partial orders, and what happens to late powers."""
import pytest

from tests.commands.helpers import GAME, GM, Desk
from tests.service.helpers import GRACE_END, with_rules


# -- house rules through mail ------------------------------------------------------------------------------------------
def test_order_sets_replace_and_merge(started):
    assert started.signon("FRANCE", "A PAR - BUR", "A MAR - SPA").accepted
    assert started.signon("FRANCE", "F BRE - MAO").accepted
    assert started.game(GAME).player("FRANCE").orders == ["F BRE - MAO"]
    with_rules(started, "order_sets=merge")
    assert started.signon("FRANCE", "A PAR - BUR", "A MAR - SPA").accepted
    assert started.signon("FRANCE", "A PAR - PIC").accepted
    assert started.game(GAME).player("FRANCE").orders == ["F BRE - MAO", "A MAR - SPA", "A PAR - PIC"]
    assert started.master("PROCESS!").accepted
    assert {u.loc for u in started.game(GAME).position.units_of("FRANCE")} == {"MAO", "SPA", "PIC"}


@pytest.mark.parametrize("rule, where, note", [
    ("hold", "PAR", "(UNIT HOLDS)"), ("first", "BUR", "(FIRST ORDER USED)"), ("last", "PIC", "(LAST ORDER USED)"),
])
def test_duplicate_orders_through_mail(started, rule, where, note):
    with_rules(started, f"duplicate_orders={rule}")
    r = started.signon("FRANCE", "A PAR - BUR", "A PAR - PIC", "A MAR H")
    assert r.accepted, r.errors
    reply = started.reply("FRANCE")
    assert f"MULTIPLE ORDERS FOR ONE UNIT: A PAR {note}" in " ".join(reply.split()) and "not used: " in reply
    assert started.game(GAME).player("FRANCE").submitted
    assert started.master("PROCESS!").accepted
    assert started.game(GAME).position.units[where].power == "FRANCE"


def test_duplicate_orders_reject_set_through_mail(started):
    with_rules(started, "duplicate_orders=reject_set")
    before = started.status_bytes()
    r = started.signon("FRANCE", "A PAR - BUR", "A PAR - PIC", "A MAR H")
    assert not r.accepted
    # The clashing unit is named once, with its lines; A MAR H is merely not used and is not blamed.
    assert r.errors == [("A PAR - BUR / A PAR - PIC", "ORDER SET REJECTED (MULTIPLE ORDERS FOR ONE UNIT): A PAR")]
    assert started.status_bytes() == before


def test_partial_orders_accept_and_reject(started):
    assert started.signon("FRANCE", "A PAR - BUR").accepted                 # accept: the others hold
    with_rules(started, "partial_orders=reject")
    before = started.status_bytes()
    r = started.signon("GERMANY", "A MUN - RUH", "SET WAIT")
    [(line, error)] = r.errors
    assert not r.accepted and line == "" and error.startswith("ORDERS MISSING FOR: ")
    assert set(error.split(": ", 1)[1].split(", ")) == {"F KIE", "A BER"}
    reply = started.reply("GERMANY")
    assert error in reply and "The rest of your message was not read:\n\n   SET WAIT" in reply
    assert started.status_bytes() == before
    assert started.signon("GERMANY", "A MUN - RUH", "F KIE H", "A BER H").accepted


def italy_late(desk: Desk) -> None:
    desk.all_hold("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA", "TURKEY")
    desk.new_mail()


def test_late_powers_default(started):
    italy_late(started)
    started.clock.now = GRACE_END
    assert started.judge.process(GAME) == ["civil disorder: ITALY", "S1901M processed; next phase F1901M"]
    results = started.delivered("results")
    assert "Italy: Army Venice HOLD." in results[GM[0]].get_content()


def test_late_powers_preview(started):
    with_rules(started, "late_powers=preview")
    italy_late(started)
    started.clock.now = GRACE_END
    assert started.judge.process(GAME) == []                     # a preview is no processing: no notes
    [mail] = started.mails("PREVIEW Diplomacy results g1 S1901M")
    assert mail["To"] == GM[0] and "Late: Italy." in mail.get_content()
    started.clock.advance(hours=12)
    assert started.judge.process(GAME) == [] and started.new_mail() == []     # the game waits for the master
    assert started.master("PROCESS").errors[0][1].startswith("ORDERS MISSING FROM ITALY")
    assert started.master("PROCESS!").accepted
    assert str(started.game(GAME).position.phase) == "F1901M"


def test_late_powers_resign(started):
    with_rules(started, "late_powers=resign")
    italy_late(started)
    started.clock.now = GRACE_END
    assert started.judge.process(GAME) == ["resigned: ITALY"]
    [notice] = started.mails("late players resigned")
    assert notice["To"] == GM[0]
    assert started.game(GAME).player("ITALY").status == "vacant"
    assert not started.signon("ITALY", "A VEN H").accepted          # the old player is out
    started.clock.advance(hours=1)
    assert started.judge.process(GAME) == []                         # waiting for a takeover
    assert started.send("newitaly@example.org", f"TAKEOVER I{GAME} new-pw\nA VEN - TYR").accepted
    assert started.judge.process(GAME) == ["S1901M processed; next phase F1901M"]
    assert started.game(GAME).position.units["TYR"].power == "ITALY"
