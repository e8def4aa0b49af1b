"""Copies of accepted orders under DPjudge's ALWAYS_CONFIRM (the master and the power's own address) and
BROADCAST_ORDERS (everyone in the game). Each mail is read whole; the Desk checks that no mail shows a player another's
address and that a refused message changes no file."""
from __future__ import annotations

from tests.commands.helpers import GAME, GM, PLAYERS

HEAD = ":: Judge: JUDGE  Game: g1  Variant: standard"
FRANCE = "Orders for France (Spring 1901 Movement):\n  F BRE H\n  A MAR - BUR\n  A PAR H"


def _text(mail) -> str:
    """The mail's whole text, its paragraph of explanation unwrapped (the header and the orders keep their lines)."""
    head, why, orders = mail.get_content().split("\n\n")
    return f"{head}\n\n{' '.join(why.split())}\n\n{orders}"


def test_always_confirm_copies_each_order_set_to_the_master(started):
    """DPjudge's Rules page: ALWAYS_CONFIRM "Always send a confirmation message after each order update, and copy the
    GM on it"."""
    assert started.master("SET RULE ALWAYS_CONFIRM").accepted and started.game(GAME).rules.always_confirm
    started.new_mail()
    assert started.signon("FRANCE", "F BRE H", "A MAR - BUR", "A PAR H").accepted
    mails = started.new_mail()
    assert sorted(m["To"] for m in mails) == sorted([PLAYERS["FRANCE"][0], GM[0]])
    [copy] = [m for m in mails if m["To"] == GM[0]]
    assert str(copy["Subject"]) == f"Diplomacy orders {GAME} S1901M"
    assert _text(copy) == (f"{HEAD}\n\nA copy for the master (house rule always_confirm): france@example.org has "
                           f"entered these orders for France.\n\n{FRANCE}\n")


def test_always_confirm_tells_the_powers_own_address_of_orders_from_elsewhere(started):
    assert started.master("SET RULE ALWAYS_CONFIRM").accepted
    started.new_mail()
    # The power's password from another address: the power's own address is told, and never that other address.
    r = started.send("stranger@example.org", f"SIGNON F{GAME} fra-pw\nF BRE H\nA MAR - BUR\nA PAR H")
    assert r.accepted
    mails = {m["To"]: m for m in started.new_mail()}
    assert sorted(mails) == sorted(["stranger@example.org", PLAYERS["FRANCE"][0], GM[0]])
    own = _text(mails[PLAYERS["FRANCE"][0]])
    assert own == (f"{HEAD}\n\nSomeone signed on as your power from another address than yours has entered these "
                   "orders for France (house rule always_confirm: every order set is confirmed to you).\n\n"
                   f"{FRANCE}\n")
    assert "stranger@example.org" in _text(mails[GM[0]])
    # The master's orders for a power: the power's own address is told, and the master gets no copy of their own.
    assert started.master("FRANCE:", "F BRE H", "A MAR - BUR", "A PAR H").accepted
    mails = {m["To"]: m for m in started.new_mail()}
    assert sorted(mails) == sorted([GM[0], PLAYERS["FRANCE"][0]])
    assert _text(mails[PLAYERS["FRANCE"][0]]).startswith(f"{HEAD}\n\nThe master has entered these orders for France")


def test_always_confirm_copies_only_the_last_set_of_a_message_and_nothing_when_refused(started):
    assert started.master("SET RULE ALWAYS_CONFIRM").accepted
    started.new_mail()
    assert started.signon("FRANCE", "A PAR - BUR", "SET WAIT", "F BRE H", "A MAR - BUR", "A PAR H").accepted
    [copy] = [m for m in started.new_mail() if m["To"] == GM[0]]
    assert _text(copy).endswith(f"{FRANCE}\n")
    r = started.signon("FRANCE", "A PAR - XYZ")
    assert not r.accepted
    assert [m["To"] for m in started.new_mail()] == [PLAYERS["FRANCE"][0]]        # (the refusal only)


def test_without_the_rules_no_copy_is_sent(started):
    assert started.signon("FRANCE", "F BRE H", "A MAR - BUR", "A PAR H").accepted
    assert [m["To"] for m in started.new_mail()] == [PLAYERS["FRANCE"][0]]


def test_broadcast_orders_sends_each_order_set_to_everyone_in_the_game(started):
    """DPjudge's Rules page: BROADCAST_ORDERS "Orders are broadcast to all players immediately after being entered
    ... This rule automatically adds the ALWAYS_CONFIRM rule"; DPjudge mails them to 'All' (the powers and the
    master), not to monitors."""
    assert started.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    assert started.send("mapper@example.org", f"MONITOR {GAME}").accepted
    assert started.master("SET RULE BROADCAST_ORDERS").accepted and started.game(GAME).rules.broadcast_orders
    started.new_mail()
    assert started.signon("FRANCE", "F BRE H", "A MAR - BUR", "A PAR H").accepted
    mails = started.new_mail()
    copies = [m for m in mails if m["To"] != PLAYERS["FRANCE"][0]]          # (France has the reply)
    assert sorted(m["To"] for m in copies) == sorted([a for p, (a, _) in PLAYERS.items() if p != "FRANCE"] +
                                                     [GM[0], "watcher@example.org"])
    for m in copies:
        assert str(m["Subject"]) == f"Diplomacy orders {GAME} S1901M"
        assert _text(m) == (f"{HEAD}\n\nFrance has entered these orders: every order is sent to everyone in game "
                            f"{GAME} (house rule broadcast_orders).\n\n{FRANCE}\n")
    # The master's orders for a power reach France's own address too (and not the master).
    assert started.master("FRANCE:", "F BRE H", "A MAR - BUR", "A PAR H").accepted
    copies = [m for m in started.new_mail() if m["To"] != GM[0]]
    assert len(copies) == 8 and _text(copies[0]).startswith(f"{HEAD}\n\nThe master has entered these orders for "
                                                            "France: every order")
