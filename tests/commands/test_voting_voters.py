"""Votes decided again when the powers with a vote change, by mail: a player who had not voted RESIGNs, is EJECTed or
made a DUMMY, and the votes standing end the game as a last vote would (the end mail, the result, LIST, no deadline
left); a TAKEOVER gives a vote back and ends nothing."""
from tests.commands.helpers import GAME, GM, PLAYERS

POWERS = list(PLAYERS)
ALL_SEVEN = "Austria, England, France, Germany, Italy, Russia and Turkey"


def end_mails(desk) -> dict:
    """The end-of-game mail by recipient (one each)."""
    out = {}
    for m in desk.new_mail():
        if "Supply centres at the end:" in m.get_content():
            to = str(m["To"])
            assert to not in out, f"{to} got the end mail twice"
            out[to] = m.get_content()
    return out


def all_but_turkey_vote(desk, *vote: str) -> None:
    for power in POWERS[:-1]:
        assert desk.signon(power, "VOTE " + " ".join(vote)).accepted
    assert desk.game(GAME).status == "active"
    desk.new_mail()


def test_the_last_holdout_resigning_ends_the_game_in_a_draw(started):
    all_but_turkey_vote(started, "DRAW")
    assert started.signon("TURKEY", "RESIGN").accepted
    reply = " ".join(started.reply("TURKEY").split())
    assert "You have resigned Turkey in game g1." in reply
    assert f"Every power with a vote now agrees: the game is over (a draw between {ALL_SEVEN})." in reply
    got = end_mails(started)
    # Everyone still in the game is sent the end, as after a last vote; Turkey's former player is not.
    assert set(got) == {a for p, (a, _) in PLAYERS.items() if p != "TURKEY"} | {GM[0]}
    assert " ".join(got[GM[0]].split("\n\n")[1].split()) == \
        f"Game '{GAME}' has been declared a draw between {ALL_SEVEN}. The game is over (in S1901M)."
    game = started.game(GAME)
    assert (game.status, game.deadline, game.result["kind"], game.result["powers"]) == \
        ("completed", None, "draw", POWERS)
    assert started.judge.store.wakeup(GAME) is None
    # Nobody is offered a power of a game that is over.
    assert not any("a power is open" in str(m["Subject"]) for m in started.new_mail())
    assert started.send("someone@example.org", "LIST").accepted
    assert f"Finished games:\n  {GAME:<20}  " in started.reply("someone@example.org")


def test_a_draw_among_some_passes_when_the_holdout_is_ejected(started):
    assert started.master("SET RULE draws=any draw_votes=names").accepted
    all_but_turkey_vote(started, "DRAW Austria England France Germany Italy Russia")
    assert started.master("EJECT TURKEY").accepted
    assert "Every power with a vote now agrees: the game is over (a draw between Austria, England, France, Germany, " \
           "Italy and Russia)." in " ".join(started.reply(GM[0]).split())
    got = end_mails(started)
    assert GM[0] in got and PLAYERS["TURKEY"][0] not in got
    result = started.game(GAME).result
    assert (result["kind"], result["powers"]) == ("draw", POWERS[:-1])


def test_a_concession_passes_when_the_holdout_is_made_a_dummy(started):
    for power in POWERS[:-1]:
        if power != "GERMANY":
            assert started.signon(power, "VOTE CONCEDE Germany").accepted
    assert started.game(GAME).status == "active"
    started.new_mail()
    assert started.master("DUMMY TURKEY").accepted
    got = end_mails(started)
    assert " ".join(got[GM[0]].split("\n\n")[1].split()) == \
        f"Game '{GAME}' has been conceded to Germany. The game is over (in S1901M)."
    assert started.game(GAME).result["powers"] == ["GERMANY"]


def test_the_master_may_send_more_after_the_eject_in_one_message(started):
    """Decided once the whole message is done: the commands after the EJECT are not refused as after the end."""
    all_but_turkey_vote(started, "DRAW")
    assert started.master("EJECT TURKEY", "SET RULE draw_votes=names").accepted
    assert started.game(GAME).status == "completed"


def test_a_takeover_gives_a_vote_back_and_ends_nothing(started):
    assert started.signon("TURKEY", "RESIGN").accepted
    for power in POWERS[:-2]:
        assert started.signon(power, "VOTE DRAW").accepted
    assert started.send("new@example.org", f"TAKEOVER T{GAME} new-pw").accepted
    assert started.signon("RUSSIA", "VOTE DRAW").accepted            # Turkey's newcomer has not voted
    game = started.game(GAME)
    assert game.status == "active" and game.result is None
    assert end_mails(started) == {}
    assert started.send("new@example.org", f"SIGNON T{GAME} new-pw\nVOTE DRAW").accepted
    assert started.game(GAME).status == "completed"
