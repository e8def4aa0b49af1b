"""Draw and concession votes through the Game (judge.game.votes): who must agree, dummies, named draws, concessions,
withdrawing, expiry, eliminated powers, the end of the game and the solo count. Pure: no mail."""
from datetime import timedelta

import pytest

from judge.game import Game, GameError
from judge.game.roles import DUMMY
from tests.test_game import POWERS, T0, everyone_holds, set_position, started

ALL = list(POWERS)


def vote_all(game: Game, vote: str, powers=None) -> None:
    for power in powers if powers is not None else game.voters():
        game.cast_vote(power, game.read_vote(vote.split()))


def three_left(rules: str = "") -> Game:
    """Winter 1905: only France, Germany and Turkey are on the board; Turkey holds no centre, so it must remove its
    last unit and is gone when the phase is processed."""
    game = started(rules)
    set_position(game, {"phase": "W1905A", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A BER"], "TURKEY": ["A ARM"]},
                        "centers": {"FRANCE": ["PAR"], "GERMANY": ["BER"]}})
    return game


def process(game: Game, minutes: int = 1) -> None:
    outcome, _ = game.adjudicate()
    game.advance(outcome, T0 + timedelta(minutes=minutes))


# -- a draw of all survivors (DIAS) ---------------------------------------------------------------------------------
def test_dias_needs_every_active_survivor():
    game = started()
    vote_all(game, "DRAW", ALL[:-1])
    assert game.agreed() is None                                 # six of seven is not enough
    game.cast_vote("TURKEY", game.read_vote(["draw"]))
    assert game.agreed() == {"kind": "draw", "powers": ALL}


def test_dias_counts_only_survivors():
    game = three_left()
    assert game.survivors() == ["FRANCE", "GERMANY", "TURKEY"] and game.voters() == game.survivors()
    vote_all(game, "DRAW", ["FRANCE", "GERMANY"])
    assert game.agreed() is None
    game.cast_vote("TURKEY", "DRAW")
    assert game.agreed() == {"kind": "draw", "powers": ["FRANCE", "GERMANY", "TURKEY"]}


def test_a_dummy_survivor_agrees_and_shares_the_draw():
    game = started()                                             # dummy_votes=agree is the default
    game.vacate("ITALY", DUMMY)
    assert "ITALY" not in game.voters() and "ITALY" in game.survivors()
    with pytest.raises(GameError, match="^ITALY HAS NO VOTE IN GAME g1$"):
        game.cast_vote("ITALY", "DRAW")
    vote_all(game, "DRAW")
    assert game.agreed() == {"kind": "draw", "powers": ALL}      # Italy is in it without voting


def test_a_dummy_is_left_out_with_dummy_votes_exclude():
    game = started("dummy_votes=exclude")
    game.vacate("ITALY", DUMMY)
    vote_all(game, "DRAW")
    assert game.agreed() == {"kind": "draw", "powers": [p for p in ALL if p != "ITALY"]}


def test_a_named_draw_cannot_include_an_excluded_dummy():
    game = started("dummy_votes=exclude draws=any")
    game.vacate("ITALY", DUMMY)
    with pytest.raises(GameError, match="^ITALY HAS NO PLAYER AND NO SHARE IN A DRAW IN GAME g1 "):
        game.read_vote(["DRAW", "France", "Italy"])
    # Naming the six players keeps their names (Italy's seat may get a player again), and agrees with the plain draw
    # while Italy has none.
    six = [p for p in ALL if p != "ITALY"]
    assert game.read_vote(["DRAW"] + six) == "DRAW:" + ",".join(six)
    vote_all(game, "DRAW", six[:-1])
    game.cast_vote(six[-1], game.read_vote(["DRAW"] + six))
    assert game.agreed() == {"kind": "draw", "powers": six}


# -- named draws ------------------------------------------------------------------------------------------------------
def test_named_draws_only_with_draws_any():
    game = started()
    with pytest.raises(GameError, match=r"^GAME g1 ALLOWS ONLY DRAWS INCLUDING ALL SURVIVORS \(VOTE DRAW\)$"):
        game.read_vote(["DRAW", "France", "Germany"])
    game = started("draws=any")
    assert game.read_vote(["DRAW", "germany", "F", "France"]) == "DRAW:FRANCE,GERMANY"   # any spelling, map order
    assert game.read_vote(["DRAW"] + ALL) == "DRAW"                # all of them: the plain draw
    with pytest.raises(GameError, match=r"^A DRAW IS BETWEEN TWO POWERS OR MORE \(VOTE CONCEDE <power> GIVES "):
        game.read_vote(["DRAW", "France"])


def test_a_named_draw_needs_every_survivor_voting_for_the_same_set():
    game = started("draws=any")
    vote_all(game, "DRAW France Germany", ALL[:-1])
    assert game.agreed() is None
    game.cast_vote("TURKEY", game.read_vote(["DRAW", "France", "Germany", "Turkey"]))
    assert game.agreed() is None                                 # a different set is no agreement
    game.cast_vote("TURKEY", game.read_vote(["DRAW", "Germany", "France"]))
    assert game.agreed() == {"kind": "draw", "powers": ["FRANCE", "GERMANY"]}


def test_a_named_draw_is_among_survivors():
    game = three_left("draws=any")
    with pytest.raises(GameError, match="^ITALY IS NOT ON THE BOARD: A DRAW IS AMONG SURVIVORS$"):
        game.read_vote(["DRAW", "France", "Italy"])
    with pytest.raises(GameError, match="^UNKNOWN POWER: NARNIA$"):
        game.read_vote(["DRAW", "Narnia"])


# -- concessions ------------------------------------------------------------------------------------------------------
def test_a_concession_needs_every_other_survivor():
    game = started()
    others = [p for p in ALL if p != "FRANCE"]
    vote_all(game, "CONCEDE France", others[:-1])
    assert game.agreed() is None
    game.cast_vote(others[-1], game.read_vote(["concede", "french"]))
    # France's own vote is not needed (France has none in the votes).
    assert "FRANCE" not in game.votes and game.agreed() == {"kind": "concession", "powers": ["FRANCE"]}


def test_a_dummy_concedes_with_the_others():
    game = started()
    game.vacate("ITALY", DUMMY)
    vote_all(game, "CONCEDE F", [p for p in game.voters() if p != "FRANCE"])
    assert game.agreed() == {"kind": "concession", "powers": ["FRANCE"]}


def test_concession_refusals():
    game = started()
    with pytest.raises(GameError, match="^YOU CANNOT CONCEDE TO YOURSELF$"):
        game.cast_vote("FRANCE", game.read_vote(["CONCEDE", "France"]))
    with pytest.raises(GameError, match="^USE VOTE CONCEDE <power>$"):
        game.read_vote(["CONCEDE"])
    with pytest.raises(GameError, match="^USE VOTE CONCEDE <power>$"):
        game.read_vote(["CONCEDE", "France", "Germany"])
    game = three_left()
    with pytest.raises(GameError, match="^ITALY IS NOT ON THE BOARD: NOTHING TO CONCEDE TO$"):
        game.read_vote(["CONCEDE", "Italy"])
    game = started("no_concessions")
    with pytest.raises(GameError, match="^GAME g1 ALLOWS NO CONCESSIONS$"):
        game.read_vote(["CONCEDE", "France"])


def test_unknown_votes():
    game = started()
    with pytest.raises(GameError, match=r"^UNKNOWN VOTE: SOLO \(VOTE DRAW"):
        game.read_vote(["solo"])
    with pytest.raises(GameError, match="^VOTE WHAT?"):
        game.read_vote([])


# -- withdrawing, expiry, elimination -------------------------------------------------------------------------------
def test_a_withdrawn_vote_no_longer_counts():
    game = started()
    vote_all(game, "DRAW", ALL[:-1])
    game.cast_vote("FRANCE", None)
    game.cast_vote("TURKEY", "DRAW")
    assert "FRANCE" not in game.votes and game.agreed() is None
    game.cast_vote("FRANCE", "DRAW")
    assert game.agreed() is not None


def test_a_new_vote_replaces_the_old_one():
    game = started("draws=any")
    game.cast_vote("FRANCE", "DRAW")
    game.cast_vote("FRANCE", game.read_vote(["CONCEDE", "Germany"]))
    assert game.votes == {"FRANCE": "CONCEDE:GERMANY"}


@pytest.mark.parametrize("expiry, kept", [("never", True), ("phase", False)])
def test_vote_expiry(expiry, kept):
    game = started(f"vote_expiry={expiry}")
    game.cast_vote("FRANCE", "DRAW")
    everyone_holds(game, T0)
    process(game)
    assert str(game.position.phase) == "F1901M"
    assert game.votes == ({"FRANCE": "DRAW"} if kept else {})


def test_an_eliminated_power_loses_its_vote():
    game = three_left()
    game.cast_vote("TURKEY", "DRAW")
    game.cast_vote("FRANCE", "DRAW")
    process(game)                                 # Turkey's last unit is removed in civil disorder
    assert str(game.position.phase) == "S1906M" and game.survivors() == ["FRANCE", "GERMANY"]
    assert game.votes == {"FRANCE": "DRAW"}
    with pytest.raises(GameError, match=r"^TURKEY IS ELIMINATED \(NO UNIT AND NO SUPPLY CENTRE LEFT\): IT HAS NO "
                                         r"VOTE IN GAME g1$"):
        game.cast_vote("TURKEY", "DRAW")
    game.cast_vote("GERMANY", "DRAW")
    assert game.agreed() == {"kind": "draw", "powers": ["FRANCE", "GERMANY"]}


def test_a_vote_naming_an_eliminated_power_is_dropped():
    """A vote for a draw with Turkey, or a concession to it, cannot pass once Turkey is gone: kept, it would end
    the game in a draw with a power that is no longer on the board."""
    game = three_left("draws=any")
    game.cast_vote("FRANCE", game.read_vote(["DRAW", "France", "Turkey"]))
    game.cast_vote("GERMANY", game.read_vote(["CONCEDE", "Turkey"]))
    process(game)
    assert game.votes == {}
    game.cast_vote("FRANCE", game.read_vote(["DRAW", "France", "Germany"]))
    assert game.votes == {"FRANCE": "DRAW"}                   # now France and Germany are every survivor


def test_standing_votes_that_agree_after_an_elimination_end_the_game():
    game = three_left()
    game.cast_vote("FRANCE", "DRAW")
    game.cast_vote("GERMANY", "DRAW")
    process(game)
    assert game.over and game.result["kind"] == "draw"


def test_a_named_draw_of_the_powers_left_agrees_with_the_plain_draw():
    """France named France and Germany while Turkey was on the board; once Turkey is gone, that is the draw of all
    survivors, so Germany's plain DRAW agrees with it."""
    game = three_left("draws=any")
    game.cast_vote("FRANCE", game.read_vote(["DRAW", "France", "Germany"]))
    process(game)
    assert game.survivors() == ["FRANCE", "GERMANY"] and game.votes == {"FRANCE": "DRAW:FRANCE,GERMANY"}
    game.cast_vote("GERMANY", "DRAW")
    assert game.agreed() == {"kind": "draw", "powers": ["FRANCE", "GERMANY"]}


# -- the end ----------------------------------------------------------------------------------------------------------
def test_finish_records_the_result_and_stops_the_clock():
    game = started()
    everyone_holds(game, T0)
    process(game)
    game.pause(T0 + timedelta(hours=1))
    vote_all(game, "DRAW")
    game.finish(game.agreed(), T0 + timedelta(hours=2))
    assert game.over and game.status == "completed" and game.winner is None
    # voted during F1901M, after S1901M was processed: the game ended in F1901M
    assert game.result == {"kind": "draw", "powers": ALL, "phase": "F1901M", "when": "in",
                           "at": (T0 + timedelta(hours=2)).isoformat()}
    assert (game.deadline, game.paused_since) == (None, None)
    assert game.due(T0 + timedelta(days=30)) is None and game.next_wakeup(T0) is None
    with pytest.raises(GameError, match="^GAME g1 IS OVER: NO MORE VOTES$"):
        game.cast_vote("FRANCE", None)
    with pytest.raises(GameError, match="^GAME g1 IS NOT ACTIVE$"):
        game.submit_orders("FRANCE", ["A PAR H"], T0 + timedelta(hours=3))


def test_a_vote_in_the_first_phase_ends_the_game_in_that_phase():
    game = started()
    vote_all(game, "DRAW")
    game.finish(game.agreed(), T0)
    assert (game.result["phase"], game.result["when"]) == ("S1901M", "in")   # nothing processed: "over in S1901M"


def test_who_played_which_power_when():
    game = started()
    game.resign("ITALY")
    everyone_holds(game, T0, *[p for p in ALL if p != "ITALY"])
    game.takeover("ITALY", "new@example.org", "scrypt$new")
    game.submit_orders("ITALY", ["A VEN H"], T0)
    process(game)
    game.finish({"kind": "terminated", "powers": []}, T0 + timedelta(hours=1))
    assert game.status == "terminated"
    italy = game.tenures_of("ITALY")
    assert italy == [{"power": "ITALY", "address": "italy@example.org", "from": "S1901M", "to": "S1901M",
                      "why": "resigned"},
                     {"power": "ITALY", "address": "new@example.org", "from": "S1901M", "to": ""}]
    # Listed power by power in the map's order: the newcomer right after the player they replaced.
    assert [t["power"] for t in game.tenures] == ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "ITALY",
                                                  "RUSSIA", "TURKEY"]


def test_a_replacement_keeps_no_record_of_the_last_player():
    game = started("extension_count=2")
    game.player("ITALY").late_count, game.player("ITALY").extensions = 3, 2
    game.absences.append({"who": "ITALY", "from": T0.isoformat(), "to": (T0 + timedelta(days=5)).isoformat()})
    game.cast_vote("ITALY", "DRAW")
    game.resign("ITALY")
    assert game.absences_of("ITALY") == []             # the old player's absence moves no later deadline
    italy = game.takeover("ITALY", "new@example.org", "scrypt$new")
    assert (italy.late_count, italy.extensions) == (0, 0)
    assert game.votes == {}                            # nor does the newcomer vote as the last player did
    vote_all(game, "DRAW", [p for p in ALL if p != "ITALY"])
    assert game.agreed() is None


def test_a_power_made_a_dummy_loses_its_players_vote():
    game = started()
    game.cast_vote("ITALY", "DRAW")
    game.vacate("ITALY", DUMMY)
    assert game.votes == {}


# -- the solo ---------------------------------------------------------------------------------------------------------
def test_victory_lowers_the_solo_count():
    """Russia takes Rumania in 1901: five centres, a solo only when the master has set VICTORY 5."""
    for victory, over in ((None, False), (5, True), (6, False)):
        game = started()
        game.victory = victory
        everyone_holds(game, T0, *[p for p in ALL if p != "RUSSIA"])
        game.submit_orders("RUSSIA", ["F SEV - RUM", "A MOS H", "A WAR H", "F STP/SC H"], T0)
        process(game)
        process(game, 2)                                  # Fall 1901: everyone holds
        assert len(game.position.centers_of("RUSSIA")) == 5
        assert game.over is over, victory
        if over:
            assert game.winner == "RUSSIA" and game.victory_centers() == 5
            assert game.result == {"kind": "solo", "powers": ["RUSSIA"], "phase": "F1901M", "when": "after",
                                   "at": (T0 + timedelta(minutes=2)).isoformat()}


def test_a_tie_at_a_lowered_victory_count_wins_nothing():
    game = started()
    game.victory = 4
    everyone_holds(game, T0, "AUSTRIA", "ENGLAND", "FRANCE", "ITALY", "TURKEY")
    game.submit_orders("RUSSIA", ["F SEV - RUM", "A MOS H", "A WAR H", "F STP/SC H"], T0)
    game.submit_orders("GERMANY", ["F KIE - DEN", "A BER H", "A MUN H"], T0)
    process(game)
    process(game, 2)
    # Russia has five, Germany four: both reach the count, Russia alone has the most and wins.
    assert [len(game.position.centers_of(p)) for p in ("GERMANY", "RUSSIA")] == [4, 5] and game.winner == "RUSSIA"
    game = started()
    game.victory = 4
    everyone_holds(game, T0, "AUSTRIA", "ENGLAND", "ITALY", "RUSSIA", "TURKEY")
    game.submit_orders("FRANCE", ["F BRE - MAO", "A PAR H", "A MAR - SPA"], T0)
    game.submit_orders("GERMANY", ["F KIE - DEN", "A BER H", "A MUN H"], T0)
    process(game)
    process(game, 2)
    assert [len(game.position.centers_of(p)) for p in ("FRANCE", "GERMANY", "RUSSIA")] == [4, 4, 4]
    assert not game.over and game.winner is None          # three powers tie at four: nobody has won
