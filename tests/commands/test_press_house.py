"""DPjudge's press rules on who may write when (judge.game.press_house), by mail: BACKSEAT_PRESS, MUST_ORDER,
LATE_SEND and NO_LATE_RECEIVE, as DPjudge's Rules page ("1.2 Press") describes them and its mail handler enforces
them."""
from judge.position import Position
from tests.commands.helpers import GAME, GM, HOLDS, PLAYERS
from tests.commands.test_press import archive

FRANCE, GERMANY, ENGLAND = PLAYERS["FRANCE"][0], PLAYERS["GERMANY"][0], PLAYERS["ENGLAND"][0]


def refused_untouched(desk, power: str, *lines: str) -> str:
    """Send press that must be refused: the refusal, after checking that nothing changed and only the sender heard."""
    desk.new_mail()
    before = desk.status_bytes()
    filed = archive(desk)
    r = desk.signon(power, *lines)
    assert not r.accepted and len(r.errors) == 1 and r.errors[0][0] == lines[0]
    assert desk.status_bytes() == before and archive(desk) == filed
    assert [m["To"] for m in desk.new_mail()] == [PLAYERS[power][0]]        # the reply, nothing else
    return r.errors[0][1]


def past_deadline(desk) -> None:
    """One hour past the deadline (T0 + 72 h), inside the grace period: the phase is not processed yet."""
    desk.clock.advance(hours=73)


# -- MUST_ORDER ---------------------------------------------------------------------------------------------------

def test_must_order_no_press_but_to_the_master_until_the_power_has_ordered(started):
    """DPjudge: "No press (except to the Master) is allowed until a power has submitted orders for the current turn.
    (These need not be that power's final orders...)". Broadcasts are press too."""
    assert started.master("SET RULE MUST_ORDER").accepted
    why = refused_untouched(started, "FRANCE", "PRESS TO G", "Shall we?", "ENDPRESS")
    assert why == (f"FRANCE HAS NO ORDERS IN FOR THIS PHASE: IN GAME {GAME} A POWER SENDS PRESS ONLY ONCE IT HAS SENT "
                   "ORDERS (HOUSE RULE MUST_ORDER; ANY ORDERS WILL DO); TILL THEN ONLY TO THE MASTER (PRESS TO M)")
    assert refused_untouched(started, "FRANCE", "BROADCAST", "Hello.", "ENDBROADCAST") == why
    assert refused_untouched(started, "FRANCE", "PRESS TO G M", "Both?", "ENDPRESS") == why
    assert started.signon("FRANCE", "PRESS TO M", "A question.", "ENDPRESS").accepted
    assert set(started.delivered("press from France")) == {GM[0]}
    # One order is enough (not a complete set), and in the same mail, before the press, too.
    assert started.signon("FRANCE", "A PAR H", "PRESS TO G", "Now then.", "ENDPRESS").accepted
    assert set(started.delivered("press from France")) == {GERMANY}
    assert started.signon("FRANCE", "BROADCAST", "Hello.", "ENDBROADCAST").accepted


def test_must_order_a_power_with_nothing_to_order_may_write(started):
    """DPjudge's latePowers passes over a power with nothing to order in the phase: it is waited for by nobody."""
    game = started.game(GAME)
    game.position = Position.from_json({"phase": "W1901A", "units": {"ENGLAND": ["F LON", "F EDI"],
                                                                     "FRANCE": ["F BRE"]},
                                        "centers": {"ENGLAND": ["LON", "EDI"], "FRANCE": ["BRE", "PAR"]}}, game.map)
    started.judge.store.save(game)
    assert started.master("SET RULE must_order").accepted
    started.new_mail()
    assert started.signon("ENGLAND", "PRESS TO F", "Build wisely.", "ENDPRESS").accepted
    assert set(started.delivered("press from England")) == {FRANCE}
    assert "MUST_ORDER" in refused_untouched(started, "FRANCE", "PRESS TO E", "Thanks.", "ENDPRESS")


def test_must_order_silences_a_late_power_whatever_late_send_says(started):
    """DPjudge's rule list has MUST_ORDER and LATE_SEND deny each other; here late_send is on by default, and a
    late power has no orders in, so MUST_ORDER silences it first. NO_PRESS denies MUST_ORDER."""
    assert started.master("SET RULE must_order").accepted
    assert started.game(GAME).rules.late_send
    past_deadline(started)
    assert "MUST_ORDER" in refused_untouched(started, "FRANCE", "PRESS TO G", "Late.", "ENDPRESS")
    r = started.master("SET RULE press=none must_order")
    assert not r.accepted and r.errors[0][1] == "RULE MUST_ORDER CONFLICTS WITH PRESS=none"


# -- LATE_SEND ----------------------------------------------------------------------------------------------------

def test_a_late_power_sends_no_private_press_after_the_deadline(started):
    """DPjudge: "Private press may be sent by any power that has not submitted orders after a deadline. (Without
    this rule, private press from late powers is forbidden.)" Broadcasts and press to the master still go. (On
    here by default, as before the rule came: DPjudge's default is what !LATE_SEND and the dpjudge preset set.)"""
    assert started.master("SET RULE !LATE_SEND").accepted
    assert started.signon("FRANCE", "PRESS TO G", "Before the deadline.", "ENDPRESS").accepted
    assert started.signon("GERMANY", *HOLDS["GERMANY"]).accepted
    past_deadline(started)
    why = refused_untouched(started, "FRANCE", "PRESS TO G", "After it.", "ENDPRESS")
    assert why == ("THE DEADLINE HAS PASSED AND FRANCE'S ORDERS ARE NOT IN: IN GAME g1 A LATE POWER SENDS NO PRIVATE "
                   "PRESS (HOUSE RULE LATE_SEND IS OFF); SEND YOUR ORDERS FIRST, OR BROADCAST, OR PRESS TO M")
    assert started.signon("FRANCE", "BROADCAST", "To all.", "ENDBROADCAST").accepted
    assert started.signon("FRANCE", "PRESS TO M", "Sorry.", "ENDPRESS").accepted
    # Germany has ordered: it writes to the late France as before (NO_LATE_RECEIVE is off).
    assert started.signon("GERMANY", "PRESS TO F", "Hurry.", "ENDPRESS").accepted
    started.new_mail()
    assert started.signon("FRANCE", *HOLDS["FRANCE"], "PRESS TO G", "Orders in.", "ENDPRESS").accepted
    assert set(started.delivered("press from France")) == {GERMANY}


def test_late_send_lets_a_late_power_write_and_is_on_unless_dpjudges_default_is_asked_for(started):
    from judge.rules import PRESETS, Ruleset
    assert Ruleset().late_send and not PRESETS["dpjudge"].late_send
    past_deadline(started)
    started.new_mail()
    assert started.signon("FRANCE", "PRESS TO G", "Late, but writing.", "ENDPRESS").accepted
    assert set(started.delivered("press from France")) == {GERMANY}


# -- NO_LATE_RECEIVE ----------------------------------------------------------------------------------------------

def test_no_late_receive_refuses_private_press_to_a_late_power(started):
    """DPjudge: "Private press may not be sent to any power that has not submitted orders after a deadline." Its
    mail handler refuses the whole message when any reader is late; a broadcast still reaches the late power."""
    assert started.master("SET RULE late_send no_late_receive").accepted
    assert started.signon("GERMANY", *HOLDS["GERMANY"]).accepted
    assert started.signon("ENGLAND", *HOLDS["ENGLAND"]).accepted
    assert started.signon("GERMANY", "PRESS TO F", "Before the deadline.", "ENDPRESS").accepted
    past_deadline(started)
    why = refused_untouched(started, "GERMANY", "PRESS TO EF", "After it.", "ENDPRESS")
    assert why == ("NO PRIVATE PRESS TO A LATE POWER IN GAME g1 (HOUSE RULE NO_LATE_RECEIVE): THE DEADLINE HAS PASSED "
                   "AND THE ORDERS OF FRANCE ARE NOT IN; BROADCASTS STILL REACH IT")
    assert started.signon("GERMANY", "PRESS TO E", "To England alone.", "ENDPRESS").accepted
    started.new_mail()
    assert started.signon("GERMANY", "BROADCAST", "To all.", "ENDBROADCAST").accepted
    assert FRANCE in started.delivered("broadcast from Germany")
    # The master's press is no player's: it reaches the late France.
    assert started.master("PRESS TO F", "Your orders, please.", "ENDPRESS").accepted
    assert FRANCE in started.delivered("press from")


def test_no_late_receive_limits_the_private_press_that_touch_press_leaves_in_a_broadcast_game(started):
    """DPjudge's PUBLIC_PRESS with TOUCH_PRESS: broadcasts, and private press to powers whose units touch; there
    NO_LATE_RECEIVE still has private press to limit (it conflicted with press=broadcast, as if none were left).
    In 1901 Austria's fleet in Trieste could support Italy's army in Venice to hold: the two touch."""
    assert started.master("SET RULE press=broadcast press_reach=touch no_late_receive").accepted
    assert started.signon("AUSTRIA", *HOLDS["AUSTRIA"]).accepted
    assert started.signon("AUSTRIA", "PRESS TO I", "Before the deadline.", "ENDPRESS").accepted
    past_deadline(started)
    why = refused_untouched(started, "AUSTRIA", "PRESS TO I", "After it.", "ENDPRESS")
    assert why == ("NO PRIVATE PRESS TO A LATE POWER IN GAME g1 (HOUSE RULE NO_LATE_RECEIVE): THE DEADLINE HAS PASSED "
                   "AND THE ORDERS OF ITALY ARE NOT IN; BROADCASTS STILL REACH IT")
    assert started.signon("AUSTRIA", "BROADCAST", "To all.", "ENDBROADCAST").accepted


# -- BACKSEAT_PRESS -----------------------------------------------------------------------------------------------

def test_backseat_press_powers_write_to_the_master_and_observers_broadcast(started):
    """DPjudge: "Map powers have no press capability (except to the Master) and non-map powers have the ability to
    send public (broadcast) press only." Observers broadcast even with observer_press off (DPjudge's BACKSEAT_PRESS
    denies MUTE_OBSERVERS)."""
    assert started.master("SET RULE BACKSEAT_PRESS").accepted
    assert not started.game(GAME).rules.observer_press
    assert started.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    why = refused_untouched(started, "FRANCE", "BROADCAST", "To all.", "ENDBROADCAST")
    assert why == (f"GAME {GAME} PLAYS BACKSEAT PRESS (HOUSE RULE BACKSEAT_PRESS): ITS POWERS WRITE ONLY TO THE MASTER "
                   "(PRESS TO M); ONLY ITS OBSERVERS BROADCAST")
    assert refused_untouched(started, "FRANCE", "PRESS TO G", "Psst.", "ENDPRESS") == why
    assert started.signon("FRANCE", "PRESS TO M", "A question.", "ENDPRESS").accepted
    assert set(started.delivered("press from France")) == {GM[0]}
    assert started.send("watcher@example.org", f"OBSERVE {GAME}\nBROADCAST\nGo France!\nENDBROADCAST").accepted
    assert set(started.delivered("broadcast from", same=False)) == {a for a, _ in PLAYERS.values()} | {GM[0]}
    started.new_mail()
    before = started.status_bytes()
    r = started.send("watcher@example.org", f"OBSERVE {GAME}\nPRESS TO F\nJust you.\nENDPRESS")
    assert r.errors == [("PRESS TO F", f"OBSERVERS MAY NOT SEND PRESS IN GAME {GAME}: ONLY BROADCASTS (HOUSE RULE "
                                       "BACKSEAT_PRESS) AND PRESS TO THE MASTER (PRESS TO M)")]
    assert started.status_bytes() == before and [m["To"] for m in started.new_mail()] == ["watcher@example.org"]
    # The master writes as ever.
    assert started.master("PRESS TO F", "Noted.", "ENDPRESS").accepted


def test_backseat_press_conflicts_with_no_press(started):
    r = started.master("SET RULE NO_PRESS BACKSEAT_PRESS")
    assert r.errors[0][1] == "RULE BACKSEAT_PRESS CONFLICTS WITH PRESS=none"
