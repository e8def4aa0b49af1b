"""VOTE (and njudge's SET DRAW / NODRAW / CONCEDE) by mail: what the voter and the others learn under each draw_votes
rule, the end of the game by a draw or a concession with its mail to everyone, a finished game, SET VICTORY and the
solo, TERMINATE."""
import logging

import pytest

from tests.commands.helpers import GAME, GM, HOLDS, PLAYERS

POWERS = list(PLAYERS)
EVERYONE = {a for a, _ in PLAYERS.values()} | {GM[0]}
ALL_SEVEN = "Austria, England, France, Germany, Italy, Russia and Turkey"


def end_mails(desk, same: bool = True) -> dict:
    """The end-of-game mail, by recipient: one each, the same text for all but the master (who sees the players'
    addresses; the others, by the house rule reveal's default, do not)."""
    out = {}
    for m in desk.new_mail():
        if "Supply centres at the end:" in m.get_content():
            to = str(m["To"])
            assert to not in out, f"{to} got the end mail twice"
            out[to] = m.get_content()
    assert not same or len({text for to, text in out.items() if to != GM[0]}) <= 1
    return out


def notices(desk, title: str) -> dict:
    return {to: m.get_content() for to, m in desk.delivered(title).items()}


def news(desk) -> dict:
    """The vote news, gathered for ten minutes (so that a round of votes is one mail each), by recipient."""
    assert notices(desk, "votes") == {}                   # nothing yet: the news waits for more votes
    desk.clock.advance(minutes=10)
    desk.process(GAME)
    return notices(desk, "votes")


# -- what a vote tells whom -------------------------------------------------------------------------------------------
def test_secret_votes_tell_only_the_voter_and_the_master_on_asking(started):
    started.new_mail()
    assert started.signon("FRANCE", "VOTE DRAW").accepted
    mails = started.new_mail()
    assert [str(m["To"]) for m in mails] == [PLAYERS["FRANCE"][0]]        # the reply; nobody else hears of it
    assert "France votes for a draw including all survivors." in mails[0].get_content()
    assert started.master(f"LIST {GAME}").accepted
    assert "Votes (shown to the master):\n  France: a draw including all survivors\n" in started.reply(GM[0])


def test_the_masters_list_words_each_vote_as_the_voter_was_told_it(started):
    # (it showed the stored tokens: "DRAW:FRANCE,GERMANY", "CONCEDE:RUSSIA")
    assert started.master("SET RULE draws=any").accepted
    assert started.signon("ENGLAND", "VOTE CONCEDE Russia").accepted
    assert "England votes for conceding the game to Russia." in " ".join(started.reply("ENGLAND").split())
    assert started.signon("FRANCE", "VOTE DRAW France Germany").accepted
    assert "France votes for a draw between France and Germany." in " ".join(started.reply("FRANCE").split())
    assert started.master(f"LIST {GAME}").accepted
    listed = started.reply(GM[0])
    assert "  England: conceding the game to Russia\n" in listed and "CONCEDE:" not in listed
    assert "  France: a draw between France and Germany\n" in listed and "DRAW:" not in listed


def test_a_player_listing_the_game_sees_no_votes(started):
    assert started.signon("FRANCE", "VOTE DRAW").accepted
    assert started.signon("GERMANY", f"LIST {GAME}").accepted
    reply = started.reply("GERMANY")
    assert "Votes" not in reply and "France: DRAW" not in reply


def test_counts_tell_everyone_how_many_not_who(started):
    assert started.master("SET RULE draw_votes=counts").accepted
    assert started.signon("FRANCE", "VOTE DRAW").accepted
    got = news(started)
    assert set(got) == EVERYONE
    text = got[GM[0]]
    assert text == ("The votes have changed.\n"
                    "1 of the 7 powers with a vote is for a draw including all survivors.\n")
    assert "France" not in text
    assert started.signon("FRANCE", "VOTE NONE").accepted
    assert news(started)[GM[0]] == "The votes have changed.\nNo vote stands.\n"


def test_counts_are_among_the_powers_that_vote(started):
    assert started.master("SET RULE draw_votes=counts", "DUMMY ITALY").accepted
    assert started.signon("GERMANY", "VOTE DRAW").accepted
    assert "1 of the 6 powers with a vote is for" in news(started)[GM[0]]


def test_names_tell_everyone_who_votes_for_what(started):
    assert started.master("SET RULE draw_votes=names draws=any").accepted
    assert started.signon("FRANCE", "VOTE DRAW France Germany").accepted
    got = news(started)
    assert set(got) == EVERYONE
    lines = got["italy@example.org"].splitlines()
    assert lines[0] == "The votes now stand:"
    assert lines[1:] == ["  Austria: no vote", "  England: no vote", "  France: a draw between France and Germany",
                         "  Germany: no vote", "  Italy: no vote", "  Russia: no vote", "  Turkey: no vote"]
    assert started.signon("FRANCE", "VOTE NONE").accepted
    assert news(started)[GM[0]].splitlines()[:4] == [
        "The votes now stand:", "  Austria: no vote", "  England: no vote", "  France: no vote"]


def test_withdrawing_a_vote_that_is_not_there_tells_nobody(started):
    assert started.master("SET RULE draw_votes=names").accepted
    started.new_mail()
    assert started.signon("FRANCE", "VOTE NONE").accepted
    assert "France has no vote standing: nothing to withdraw." in started.reply("FRANCE")
    assert started.new_mail() == []


def test_vote_replies(started):
    assert started.master("SET RULE draws=any").accepted
    cases = [("VOTE DRAW", "France votes for a draw including all survivors."),
             ("VOTE DRAW F G I", "France votes for a draw between France, Germany and Italy."),
             ("VOTE CONCEDE Germany", "France votes for conceding the game to Germany."),
             ("VOTE WITHDRAW", "France withdraws its vote."),
             ("SET DRAW", "France votes for a draw including all survivors."),
             ("SET NODRAW", "France withdraws its vote."),
             ("SET CONCEDE English", "France votes for conceding the game to England."),
             ("SET NOCONCEDE", "France withdraws its vote.")]
    for line, said in cases:
        assert started.signon("FRANCE", line).accepted, line
        assert said in started.reply("FRANCE"), line


def test_vote_refusals(started):
    before = started.status_bytes()
    cases = [("VOTE", "VOTE WHAT? VOTE DRAW | VOTE DRAW <powers> | VOTE CONCEDE <power> | VOTE NONE"),
             ("VOTE DRAW France Germany", f"GAME {GAME} ALLOWS ONLY DRAWS INCLUDING ALL SURVIVORS (VOTE DRAW)"),
             ("VOTE CONCEDE France", "YOU CANNOT CONCEDE TO YOURSELF"),
             ("VOTE CONCEDE Narnia", "UNKNOWN POWER: NARNIA"),
             ("VOTE PEACE", "UNKNOWN VOTE: PEACE (VOTE DRAW, VOTE DRAW <powers>, VOTE CONCEDE <power>, VOTE NONE)")]
    for line, error in cases:
        r = started.signon("FRANCE", line)
        assert r.errors == [(line, error)], line
    assert started.master("VOTE DRAW").errors[0][1].startswith("THE MASTER HAS NO VOTE")
    assert started.send("someone@example.org", f"LIST {GAME}\nVOTE DRAW").errors[0][1].startswith(
        "YOU MUST SIGN ON AS A POWER FIRST")
    assert started.status_bytes() == before
    assert started.master("SET RULE no_concessions").accepted
    assert started.signon("FRANCE", "VOTE CONCEDE Germany").errors[0][1] == f"GAME {GAME} ALLOWS NO CONCESSIONS"
    assert started.master("DUMMY ITALY").accepted
    # A dummy has no player: its old password no longer signs on, so nobody votes for it.
    r = started.send(PLAYERS["ITALY"][0], f"SIGNON I{GAME} {PLAYERS['ITALY'][1]}\nVOTE DRAW")
    assert r.errors[0][1] == f"YOU NO LONGER PLAY ITALY IN {GAME} (MADE A DUMMY BY THE MASTER IN S1901M)"
    assert started.game(GAME).votes == {}


# -- the end of a game ------------------------------------------------------------------------------------------------
def test_a_draw_ends_the_game_and_everyone_gets_the_end_mail(started):
    assert started.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    for power in POWERS[:-1]:
        assert started.signon(power, "VOTE DRAW").accepted
    assert started.game(GAME).status == "active"
    started.new_mail()
    assert started.signon("TURKEY", "VOTE DRAW").accepted
    got = end_mails(started)
    assert set(got) == EVERYONE | {"watcher@example.org"}
    text = got["watcher@example.org"]
    # Nothing was processed: the game ended during its first phase. No ':: Deadline:' line: there is none left.
    # (the URL line: judge-web.md's default [web] url, http://<host>:<port> of the default 127.0.0.1 and 8080)
    assert text.startswith(f":: Judge: JUDGE  Game: {GAME}  Variant: standard\n"
                           f":: URL: http://127.0.0.1:8080/games/{GAME}\n\nGame '{GAME}' ")
    assert " ".join(text.split("\n\n", 1)[1].split()).startswith(
        f"Game '{GAME}' has been declared a draw between {ALL_SEVEN}. The game is over (in S1901M). Supply")
    assert ("Supply centres at the end:\n  Russia     4 centres,  4 units\n  Austria    3 centres,  3 units\n"
            in text)
    # Who played which power, without an address (house rule reveal=none, the default); the master's copy has them.
    for power, (address, _) in PLAYERS.items():
        assert f"  {power.title():<9} first player (from S1901M to the end)\n" in text and "@" not in text
        assert f"  {power.title():<9} {address} (from S1901M to the end)\n" in got[GM[0]]
    game = started.game(GAME)
    assert (game.status, game.deadline, game.result["kind"]) == ("completed", None, "draw")
    assert started.judge.store.wakeup(GAME) is None


def test_the_last_vote_is_told_the_result(started):
    for power in POWERS[:-1]:
        assert started.signon(power, "VOTE DRAW").accepted
    assert started.signon("TURKEY", "VOTE DRAW").accepted
    assert (f"Every survivor agrees: the game is over (a draw between {ALL_SEVEN})."
            in " ".join(started.reply("TURKEY").split()))


def test_the_last_vote_with_orders_press_and_wait_after_it_does_them_all_then_ends(started):
    # The vote's lines and the rest of the message are one commit: the last vote once had the lines after it
    # refused as sent to a finished game, and so the whole message, the vote too, while the reply said it was over.
    for power in POWERS[:-1]:
        assert started.signon(power, "VOTE DRAW").accepted
    started.new_mail()
    r = started.signon("TURKEY", "VOTE DRAW", "A CON H", "PRESS TO F", "Well played.", "ENDPRESS", "SET WAIT")
    assert r.accepted and r.errors == []
    game = started.game(GAME)
    assert (game.status, game.result["kind"]) == ("completed", "draw")
    assert game.player("TURKEY").orders == ["A CON H"]
    mails = started.new_mail()
    press = [m for m in mails if m["To"] == PLAYERS["FRANCE"][0] and "Well played." in m.get_content()]
    assert len(press) == 1
    ended = [m for m in mails if "Supply centres at the end:" in m.get_content()]
    assert {str(m["To"]) for m in ended} == EVERYONE
    reply = next(m for m in mails if m["To"] == PLAYERS["TURKEY"][0] and "Signed on as Turkey" in m.get_content())
    text = " ".join(reply.get_content().split())
    assert "IS OVER" not in text and "NOT accepted" not in text
    assert "Press sent to France." in text and "Turkey will WAIT for the deadline." in text
    assert text.index("Turkey will WAIT") < text.index(f"Every survivor agrees: the game is over (a draw between "
                                                        f"{ALL_SEVEN}).")
    assert "told the votes as they stand" not in text           # (no news to come: the game is over)


def test_an_eliminated_power_is_told_why_it_has_no_vote(started):
    from judge import maps
    from judge.position import Position
    store = started.judge.store
    with store.lock(GAME):
        game = store.load(GAME)
        # Italy lost Venice, its last centre, and its last unit: off the board, though its player still signs on.
        game.position = Position.from_json({"phase": "S1902M", "units": {"FRANCE": ["A VEN", "A PAR"],
                                                                        "AUSTRIA": ["A VIE"]},
                                            "centers": {"FRANCE": ["VEN", "PAR"], "AUSTRIA": ["VIE"]}}, maps.load())
        store.save(game, started.judge.clock())
    before = started.status_bytes()
    for line in ("VOTE DRAW", "VOTE NONE", "SET CONCEDE France"):
        r = started.signon("ITALY", line)
        assert r.errors == [(line, f"ITALY IS ELIMINATED (NO UNIT AND NO SUPPLY CENTRE LEFT): IT HAS NO VOTE IN "
                                   f"GAME {GAME}")], line
    assert started.status_bytes() == before
    assert started.signon("FRANCE", "VOTE DRAW").accepted          # (a survivor still votes)


def test_a_finished_game_refuses_orders_votes_and_press(started):
    for power in POWERS:
        assert started.signon(power, "VOTE DRAW").accepted
    before = started.status_bytes()
    r = started.signon("FRANCE", "A PAR - BUR")
    assert r.errors == [("A PAR - BUR", f"GAME {GAME} IS OVER (A DRAW BETWEEN AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, "
                                        "RUSSIA AND TURKEY): NO MORE ORDERS")]
    r = started.signon("FRANCE", "VOTE NONE")
    assert r.errors == [("VOTE NONE", f"GAME {GAME} IS OVER (A DRAW BETWEEN {ALL_SEVEN.upper()}): NO MORE VOTES")]
    r = started.signon("FRANCE", "PRESS TO G", "too late?", "ENDPRESS")
    assert r.errors == [("PRESS TO G", f"GAME {GAME} IS OVER (A DRAW BETWEEN {ALL_SEVEN.upper()}): NO MORE PRESS")]
    over = f"GAME {GAME} IS OVER (A DRAW BETWEEN {ALL_SEVEN.upper()}): NOTHING MORE TO CHANGE"
    assert started.master("PAUSE").errors[0][1] == over
    assert started.master("TERMINATE").errors[0][1] == over
    assert started.status_bytes() == before


def test_a_concession_ends_the_game(started):
    for power in POWERS:
        if power not in ("ENGLAND", "GERMANY"):
            assert started.signon(power, "VOTE CONCEDE Germany").accepted
    assert started.game(GAME).status == "active"
    started.new_mail()
    assert started.signon("ENGLAND", "SET CONCEDE G").accepted
    got = end_mails(started)
    assert set(got) == EVERYONE
    assert " ".join(got[GM[0]].split("\n\n")[1].split()) == \
        f"Game '{GAME}' has been conceded to Germany. The game is over (in S1901M)."
    assert started.game(GAME).result["powers"] == ["GERMANY"]
    assert started.send("someone@example.org", "LIST").accepted
    assert f"Finished games:\n  {GAME:<20}  the game was conceded to Germany" in started.reply("someone@example.org")


@pytest.mark.parametrize("how", ["votes", "terminate"])
def test_a_game_ended_by_votes_or_terminate_is_in_the_operators_log(started, caplog, how):
    # A processed phase has its line in judge serve's log; a game ended by a message had none.
    caplog.set_level(logging.INFO, logger="judge")
    for power in POWERS[:-1] if how == "votes" else []:
        assert started.signon(power, "VOTE DRAW").accepted
    assert not [r for r in caplog.records if "the game is over" in r.getMessage()]
    if how == "votes":
        assert started.signon("TURKEY", "VOTE DRAW").accepted
    else:
        assert started.master("TERMINATE").accepted
    said = [r.getMessage() for r in caplog.records if "the game is over" in r.getMessage()]
    assert len(said) == 1 and said[0].startswith(f"{GAME}: the game is over: "), said
    assert said[0].endswith(f"(by a message from {PLAYERS['TURKEY'][0] if how == 'votes' else GM[0]})")


def test_a_dummy_agrees_to_a_draw(started):
    assert started.master("DUMMY ITALY").accepted
    for power in POWERS:
        if power != "ITALY":
            assert started.signon(power, "VOTE DRAW").accepted
    assert started.game(GAME).result["powers"] == POWERS


def test_a_dummy_is_left_out_of_the_draw_with_dummy_votes_exclude(started):
    assert started.master("SET RULE dummy_votes=exclude", "DUMMY ITALY").accepted
    for power in POWERS:
        if power != "ITALY":
            assert started.signon(power, "VOTE DRAW").accepted
    assert started.game(GAME).result["powers"] == [p for p in POWERS if p != "ITALY"]


# -- dummy_votes=exclude and named draws: a dummy never shares a draw, however the draw was named ------------------
SIX = [p for p in POWERS if p != "ITALY"]
SIX_NAMES = " ".join(p.title() for p in SIX)


def test_a_named_draw_with_a_power_made_a_dummy_cannot_pass_with_dummy_votes_exclude(started):
    """The six others vote for a draw that names Italy while Italy still has a player; Italy never votes. When the
    master makes Italy a dummy, every power with a vote agrees, but the rule leaves a dummy out of every draw."""
    assert started.master("SET RULE dummy_votes=exclude draws=any draw_votes=names").accepted
    for power in SIX:
        assert started.signon(power, "VOTE DRAW France Germany Italy").accepted
    assert started.master("DUMMY ITALY").accepted
    game = started.game(GAME)
    assert game.status == "active" and game.result is None, game.result
    assert "the game is over" not in started.reply(GM[0])
    # What the votes say now tells why this draw is stuck.
    text = " ".join(news(started)[GM[0]].split())
    assert ("France: a draw between France, Germany and Italy, which cannot pass while Italy has no player (house "
            "rule dummy_votes=exclude)") in text, text
    # The same powers voting for a draw Italy has no part in end the game.
    for power in SIX:
        assert started.signon(power, "VOTE DRAW France Germany").accepted
    assert started.game(GAME).result["powers"] == ["FRANCE", "GERMANY"]


def test_a_draw_named_by_its_powers_and_the_plain_draw_agree_with_dummy_votes_exclude(started):
    """France names the six players' powers while Italy has a player; once Italy is a dummy, the plain draw of the
    others is that same draw: they agree, and the draw is among those six."""
    assert started.master("SET RULE dummy_votes=exclude draws=any").accepted
    assert started.signon("FRANCE", f"VOTE DRAW {SIX_NAMES}").accepted
    assert started.master("DUMMY ITALY").accepted
    for power in SIX:
        if power != "FRANCE":
            assert started.signon(power, "VOTE DRAW").accepted
    assert started.game(GAME).result["powers"] == SIX


def test_a_draw_named_without_a_dummy_still_leaves_out_its_new_player(started):
    """France names the six players' powers while Italy is a dummy; Italy then gets a player again, and everyone
    else votes for the plain draw, which now includes Italy: France did not vote for that draw."""
    assert started.master("SET RULE dummy_votes=exclude draws=any", "DUMMY ITALY").accepted
    assert started.signon("FRANCE", f"VOTE DRAW {SIX_NAMES}").accepted
    assert ("France votes for a draw between Austria, England, France, Germany, Russia and Turkey."
            in " ".join(started.reply("FRANCE").split()))
    assert started.master("REVIVE ITALY").accepted
    assert started.send("new@example.org", f"TAKEOVER I{GAME} new-pw").accepted
    assert started.send("new@example.org", f"SIGNON I{GAME} new-pw\nVOTE DRAW").accepted
    for power in SIX:
        if power != "FRANCE":
            assert started.signon(power, "VOTE DRAW").accepted
    assert started.game(GAME).result is None
    assert started.signon("FRANCE", "VOTE DRAW").accepted
    assert started.game(GAME).result["powers"] == POWERS


def test_no_concession_to_a_dummy_with_dummy_votes_exclude(started):
    """The rule leaves a dummy out of votes and draws: the whole game is not its to take either. A concession
    naming it is refused, saying why, and the game and its votes stay as they were."""
    assert started.master("SET RULE dummy_votes=exclude", "DUMMY ITALY").accepted
    before = started.status_bytes()
    r = started.signon("FRANCE", "VOTE CONCEDE ITALY")
    assert r.errors == [("VOTE CONCEDE ITALY", f"ITALY HAS NO PLAYER AND NO PART IN VOTES IN GAME {GAME}: THE GAME "
                                               "CANNOT BE CONCEDED TO IT (HOUSE RULE DUMMY_VOTES=EXCLUDE)")]
    assert started.status_bytes() == before
    assert started.signon("FRANCE", "VOTE CONCEDE GERMANY").accepted            # to a player's power: as ever


def test_a_concession_to_a_power_made_a_dummy_cannot_pass_with_dummy_votes_exclude(started):
    """Five powers concede to Italy while it has a player; Italy and then Turkey, who never voted, are made
    dummies. Every power left with a vote has conceded to Italy, but a dummy takes no game under the rule: the
    game goes on, and the vote news says why those votes are stuck."""
    assert started.master("SET RULE dummy_votes=exclude draw_votes=names").accepted
    five = [p for p in POWERS if p not in ("ITALY", "TURKEY")]
    for power in five:
        assert started.signon(power, "VOTE CONCEDE ITALY").accepted
    assert started.master("DUMMY ITALY", "DUMMY TURKEY").accepted
    game = started.game(GAME)
    assert game.status == "active" and game.result is None, game.result
    text = " ".join(news(started)[GM[0]].split())
    assert ("France: conceding the game to Italy, which cannot pass while Italy has no player (house rule "
            "dummy_votes=exclude)") in text, text


def test_a_dummy_may_be_conceded_to_with_dummy_votes_agree(started):
    """Under the default rule a dummy agrees to any concession, and nothing bars one to it (the rule table says
    nothing against it)."""
    assert started.master("DUMMY ITALY").accepted
    for power in POWERS:
        if power != "ITALY":
            assert started.signon(power, "VOTE CONCEDE ITALY").accepted
    assert started.game(GAME).result["powers"] == ["ITALY"]


def test_the_plain_draw_says_who_it_leaves_out_with_dummy_votes_exclude(started):
    assert started.master("SET RULE dummy_votes=exclude draw_votes=counts", "DUMMY ITALY").accepted
    assert started.signon("FRANCE", "VOTE DRAW").accepted
    said = " ".join(started.reply("FRANCE").split())
    assert "France votes for a draw including every survivor with a player (not Italy)." in said, said
    assert ("1 of the 6 powers with a vote is for a draw including every survivor with a player (not Italy)."
            in " ".join(news(started)[GM[0]].split()))


def test_the_end_mail_after_phases_with_a_replacement(started):
    started.all_hold()
    started.clock.advance(minutes=10)
    started.process(GAME)                                       # S1901M
    assert started.signon("ITALY", "RESIGN").accepted
    assert started.send("new@example.org", f"TAKEOVER I{GAME} new-pw").accepted
    assert started.master("PROCESS!").accepted                  # F1901M; no adjustments: S1902M
    for power in POWERS[:-1]:
        if power != "ITALY":
            assert started.signon(power, "VOTE DRAW").accepted
    assert started.send("new@example.org", f"SIGNON I{GAME} new-pw\nVOTE DRAW").accepted
    started.new_mail()
    assert started.signon("TURKEY", "VOTE DRAW").accepted
    got = end_mails(started)
    assert set(got) == EVERYONE - {PLAYERS["ITALY"][0]} | {"new@example.org"}
    text = got[GM[0]]
    # the vote came in Spring 1902, after F1901M was processed: the game ended in S1902M
    # (the URL line: judge-web.md's default [web] url, http://<host>:<port> of the default 127.0.0.1 and 8080)
    assert text.startswith(f":: Judge: JUDGE  Game: {GAME}  Variant: standard\n"
                           f":: URL: http://127.0.0.1:8080/games/{GAME}\n\nGame '{GAME}' ")
    assert " ".join(text.split("\n\n", 1)[1].split()).startswith(
        f"Game '{GAME}' has been declared a draw between {ALL_SEVEN}. The game is over (in S1902M). Supply")
    assert ("  Germany   germany@example.org (from S1901M to the end)\n"
            "  Italy     italy@example.org (from S1901M to F1901M)\n"
            "  Italy     new@example.org (from F1901M to the end)\n"
            "  Russia    russia@example.org (from S1901M to the end)\n") in text
    assert ("  Italy     first player (from S1901M to F1901M)\n"
            "  Italy     second player (from F1901M to the end)\n") in got["new@example.org"]
    assert started.send("someone@example.org", f"SUMMARY {GAME}").accepted
    summary = started.reply("someone@example.org")
    assert f"The game is over: a draw between {ALL_SEVEN}." in " ".join(summary.split())
    assert "  Italy     second player (from F1901M to the end)" in summary and "@" not in summary


@pytest.mark.parametrize("anonymous, reveal, player, stranger", [
    ("no", "none", False, False), ("until_end", "none", False, False),
    ("no", "players", True, False), ("until_end", "players", True, False),
    ("no", "all", True, True), ("until_end", "all", True, True),
    ("always", "all", False, False), ("always", "players", False, False),
])
def test_what_the_end_reveals_to_whom(started, anonymous, reveal, player, stranger):
    """The house rules anonymous and reveal decide whose addresses the end mail and SUMMARY show; the master
    always sees them (SUMMARY signed on), and anonymous=always leaves the roster out of the end mail."""
    assert started.master(f"SET RULE anonymous={anonymous} reveal={reveal}").accepted
    assert started.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    for power in POWERS[:-1]:
        assert started.signon(power, "VOTE DRAW").accepted
    started.new_mail()
    assert started.signon("TURKEY", "VOTE DRAW").accepted
    got = end_mails(started, same=False)
    assert ("Who played which power:" in got["turkey@example.org"]) is (anonymous != "always")
    assert ("france@example.org" in got["turkey@example.org"]) is player
    assert ("france@example.org" in got["watcher@example.org"]) is stranger
    for asker, sees in (("turkey@example.org", player), ("watcher@example.org", stranger),
                        ("someone@example.org", stranger)):
        assert started.send(asker, f"SUMMARY {GAME}").accepted
        assert ("france@example.org" in started.reply(asker)) is sees, asker
    assert started.master(f"SUMMARY {GAME}").accepted
    assert "france@example.org" in started.reply(GM[0])


def test_terminate_sends_the_end_mail(started):
    started.new_mail()
    assert started.master("TERMINATE").accepted
    got = end_mails(started)
    assert set(got) == EVERYONE
    assert " ".join(got[GM[0]].split("\n\n")[1].split()) == \
        f"Game '{GAME}' has been ended by its master. The game is over (in S1901M)."
    assert started.game(GAME).status == "terminated"


def test_a_game_terminated_while_it_formed_says_it_never_started(forming):
    # Before, its end mail read as a played game's: "The game is over." over an empty "Supply centres at the end:".
    assert forming.send("france@example.org", f"JOIN {GAME} fra-pw F").accepted
    assert forming.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    forming.new_mail()
    assert forming.master("TERMINATE").accepted
    got = {str(m["To"]): m.get_content() for m in forming.new_mail() if "complete" in str(m["Subject"])}
    assert set(got) == {"france@example.org", "watcher@example.org", GM[0]}
    for text in got.values():
        body = " ".join(text.split("\n\n", 1)[1].split())
        assert body == (f"Game '{GAME}' has been ended by its master before it started: no power was given out and "
                        "no phase was played.")


def test_the_end_mail_says_a_power_its_player_resigned_was_then_vacant(started):
    # Turkey's RESIGN leaves only agreeing votes and so ends the game: the end mail and SUMMARY read "Turkey  first
    # player (from S1901M to S1901M)" as if that player had left it to nobody's notice, or to someone unnamed.
    for power in POWERS[:-1]:
        assert started.signon(power, "VOTE DRAW").accepted
    started.new_mail()
    assert started.signon("TURKEY", "RESIGN").accepted
    got = end_mails(started)
    assert "  Turkey    first player (from S1901M to S1901M, then vacant)\n" in got[PLAYERS["ITALY"][0]]
    assert "  Turkey    turkey@example.org (from S1901M to S1901M, then vacant)\n" in got[GM[0]]
    assert "  Italy     first player (from S1901M to the end)\n" in got[PLAYERS["ITALY"][0]]
    assert started.send("someone@example.org", f"SUMMARY {GAME}").accepted
    assert "  Turkey    first player (from S1901M to S1901M, then vacant)\n" in started.reply("someone@example.org")


def test_the_end_mail_puts_the_winner_of_a_concession_first_and_keeps_its_columns(started):
    """Turkey is conceded the game at five centres, as many as Russia; Italy is down to one centre and one unit."""
    started.set_board({"phase": "S1903M", "units": {
        "AUSTRIA": ["A VIE", "A BUD", "F TRI"], "ENGLAND": ["F LON", "F EDI", "A LVP"],
        "FRANCE": ["F BRE", "A PAR", "A MAR"], "GERMANY": ["F KIE", "A BER", "A MUN"], "ITALY": ["A VEN"],
        "RUSSIA": ["F STP/SC", "A MOS", "A WAR", "F SEV", "A RUM"], "TURKEY": ["F ANK", "A CON", "A SMY"]},
        "centers": {"AUSTRIA": ["VIE", "BUD", "TRI"], "ENGLAND": ["LON", "EDI", "LVP"], "FRANCE": ["BRE", "PAR", "MAR"],
                    "GERMANY": ["KIE", "BER", "MUN"], "ITALY": ["VEN"], "RUSSIA": ["STP", "MOS", "WAR", "SEV", "RUM"],
                    "TURKEY": ["ANK", "CON", "SMY", "BUL", "GRE"]}})
    for power in POWERS:
        if power != "TURKEY":
            assert started.signon(power, "VOTE CONCEDE Turkey").accepted
    text = end_mails(started)[GM[0]]
    assert started.game(GAME).result["powers"] == ["TURKEY"]
    rows = text.split("Supply centres at the end:\n")[1].split("\n\n")[0].split("\n")
    # The winner first, then by centres (at a tie the map's order of powers), Italy last.
    assert [row.split()[0] for row in rows] == ["Turkey", "Russia", "Austria", "England", "France", "Germany", "Italy"]
    counts = {row.split()[0]: row.split()[1:] for row in rows}
    assert counts["Turkey"] == ["5", "centres,", "3", "units"] and counts["Italy"] == ["1", "centre,", "1", "unit"]
    # One column for the centres and one for the units, whether a count is singular or plural.
    assert len({row.index("centre") for row in rows}) == 1 and len({row.index("unit") for row in rows}) == 1, rows


# -- the solo ---------------------------------------------------------------------------------------------------------
def test_set_victory_and_a_solo_at_the_lowered_count(started):
    assert started.master("SET VICTORY 5").accepted
    assert "A solo victory now takes 5 supply centres." in started.reply(GM[0])
    assert started.send("someone@example.org", f"LIST {GAME}").accepted
    assert "Victory:   5 supply centres" in started.reply("someone@example.org")
    for power in POWERS:
        orders = ["F SEV - RUM", "A MOS H", "A WAR H", "F STP/SC H"] if power == "RUSSIA" else HOLDS[power]
        assert started.signon(power, *orders).accepted
    started.clock.advance(minutes=10)
    started.process(GAME)                                       # S1901M: the fleet reaches Rumania
    started.all_hold(*[p for p in POWERS if p != "RUSSIA"])
    assert started.signon("RUSSIA", "F RUM H", "A MOS H", "A WAR H", "F STP/SC H").accepted
    started.clock.advance(minutes=10)
    started.new_mail()
    started.process(GAME)                                       # F1901M: Rumania is Russia's fifth centre
    game = started.game(GAME)
    assert (game.status, game.winner) == ("completed", "RUSSIA")
    got = end_mails(started)
    assert set(got) == EVERYONE
    assert " ".join(got[GM[0]].split("\n\n")[1].split()) == \
        f"Game '{GAME}' has been won by Russia alone. The game is over (after F1901M)."
    assert "  Russia     5 centres,  4 units\n" in got[GM[0]]
    assert started.judge.store.wakeup(GAME) is None


def test_a_victory_count_reached_but_tied_is_told(started):
    """SET VICTORY 5 in Fall 1901: France takes Belgium and Germany Holland, five centres each. A tie wins nothing
    (the game goes on), and the master, with everyone, is told why the count reached ends nothing."""
    board = {"phase": "F1901M", "units": {p: [u.split(" H")[0] for u in HOLDS[p]] for p in POWERS},
             "centers": {"FRANCE": ["BRE", "PAR", "MAR", "SPA"], "GERMANY": ["KIE", "BER", "MUN", "DEN"]}}
    board["units"]["FRANCE"].append("A BUR")
    board["units"]["GERMANY"].append("A RUH")
    started.set_board(board)
    assert started.master("SET VICTORY 5").accepted
    assert "Note:" not in started.reply(GM[0])                 # nobody has five yet
    started.all_hold(*[p for p in POWERS if p not in ("FRANCE", "GERMANY")])
    assert started.signon("FRANCE", *HOLDS["FRANCE"], "A BUR - BEL").accepted
    assert started.signon("GERMANY", *HOLDS["GERMANY"], "A RUH - HOL").accepted
    started.new_mail()
    started.clock.advance(minutes=10)
    started.process(GAME)
    game = started.game(GAME)
    # (five units on five centres each: nobody builds, so next is Spring 1902)
    assert (game.status, game.winner, str(game.position.phase)) == ("active", None, "S1902M")
    results = {to: " ".join(m.get_content().split()) for to, m in started.delivered("results").items()}
    assert set(results) == EVERYONE
    tie = "France and Germany each hold 5 supply centres, at least the 5 needed to win: the count is reached but tied"
    assert tie in results[GM[0]] and "a tie wins nothing, so the game goes on." in results[GM[0]]
    assert started.master("SET VICTORY 5").accepted
    assert f"Note: {tie}" in " ".join(started.reply(GM[0]).split())
    assert started.master("SET VICTORY 6").accepted
    assert "Note:" not in started.reply(GM[0])


def test_set_victory_at_or_below_the_leaders_count_says_when_it_wins(started):
    # Russia starts with four centres, the others three: SET VICTORY 4 made no note, and the master could not tell
    # that the game now ends at the next change of hands (or that it did not end at once).
    assert started.master("SET VICTORY 4").accepted
    said = " ".join(started.reply(GM[0]).split())
    assert ("Note: Russia already holds 4 supply centres, at least the 4 needed to win: it wins alone the next time "
            "supply centres change hands, if it still holds 4 or more, and more than any other power, then.") in said
    assert started.game(GAME).status == "active"
    assert started.master("SET VICTORY 5").accepted
    assert "Note:" not in started.reply(GM[0])


@pytest.mark.parametrize("line", ["SET VICTORY", "SET VICTORY 0", "SET VICTORY 35", "SET VICTORY half"])
def test_set_victory_errors(started, line):
    assert started.master(line).errors[0][1] == "USE SET VICTORY <centres> (1 TO 34)"
    assert started.signon("FRANCE", "SET VICTORY 5").errors[0][1].startswith("ONLY THE GAME MASTER")


def test_the_end_mail_counts_in_the_singular_too():
    from judge.templating import render
    _, body = render("notice/end.txt", game=GAME, outcome="won by Russia alone", phase="F1907M", players=[],
                     judge="J", variant="standard", url="", unstarted=False,
                     counts=[{"power": "Russia", "centers": 18, "units": 17}, {"power": "Turkey", "centers": 1,
                                                                             "units": 1},
                             {"power": "Italy", "centers": 0, "units": 0}])
    assert ("  Russia    18 centres, 17 units\n  Turkey     1 centre,   1 unit\n  Italy      0 centres,  0 units\n"
            in body)


def test_a_round_of_votes_makes_one_notice_each(started):
    """Seven votes in a few seconds were seven mails to everyone; now the news waits ten minutes and goes once
    (issue 18)."""
    assert started.master("SET RULE draw_votes=counts").accepted
    for power in POWERS[:6]:
        assert started.signon(power, "VOTE DRAW").accepted
        assert "Everyone in the game is told the votes as they stand at Mon 5 Jan 2026 12:10 UTC." in \
            " ".join(started.reply(power).split())
        started.clock.advance(seconds=1)
    assert started.judge.store.wakeup(GAME) == started.game(GAME).vote_news
    got = news(started)
    assert set(got) == EVERYONE
    assert got[GM[0]] == "The votes have changed.\n6 of the 7 powers with a vote are for a draw including all " \
                         "survivors.\n"
    started.clock.advance(hours=1)
    started.process(GAME)
    assert notices(started, "votes") == {}                       # told once


def test_one_clock_run_does_everything_due_at_that_moment(started):
    # cron's `judge process` runs once a minute: news of a vote and the early processing due at the same moment used
    # to take two runs (the news in one, the results a minute later), where `judge serve` does both at once.
    assert started.master("SET RULE draw_votes=counts").accepted
    for power, orders in HOLDS.items():
        lines = [*orders, "VOTE DRAW"] if power == "FRANCE" else orders
        assert started.signon(power, *lines).accepted
    started.new_mail()
    started.clock.advance(minutes=10)                      # the vote news and the early processing are both due
    notes = started.process(GAME)
    assert notes[:2] == ["vote news sent", "S1901M processed; next phase F1901M"], notes
    assert started.game(GAME).position.phase.code == "F1901M"
    subjects = [str(m["Subject"]) for m in started.new_mail()]
    assert any("votes" in s for s in subjects) and any("S1901M" in s for s in subjects), subjects
    assert started.process(GAME) == []                     # and nothing left for the next run


def test_players_are_counted_in_words_per_power():
    # "player 1" beside each of seven powers read as one person playing them all.
    from judge.game.reveal import ordinal
    assert [ordinal(n) for n in (1, 2, 3, 10, 11, 12, 13, 21, 22, 23, 101, 111)] == [
        "first", "second", "third", "tenth", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th"]


def test_a_long_result_in_list_wraps_under_its_column(started):
    # A draw of all seven does not fit on LIST's line: what follows on the next line stands under the result, not
    # at the left where a game's name stands (it would read as a finished game called "Italy,").
    for power in POWERS:
        assert started.signon(power, "VOTE DRAW").accepted
    assert started.game(GAME).result["powers"] == POWERS
    assert started.send("someone@example.org", "LIST").accepted
    listing = started.reply("someone@example.org")
    rows = listing.split("Finished games:\n")[1].split("\n\n")[0].split("\n")
    column = len(f"  {GAME:<20}  ")
    assert rows[0].startswith(f"  {GAME:<20}  a draw between Austria, ") and len(rows) > 1, rows
    assert all(r[:column].isspace() and not r[column].isspace() for r in rows[1:]), rows
    assert " ".join(" ".join(rows).split()) == \
        f"{GAME} a draw between Austria, England, France, Germany, Italy, Russia and Turkey"


def test_a_message_of_several_votes_says_when_the_news_goes_once(started):
    # SET DRAW, SET NODRAW, SET CONCEDE and VOTE NONE in one message: four votes, one notice to come at one time;
    # the reply says that time once, not after each vote.
    assert started.master("SET RULE draw_votes=counts").accepted
    assert started.signon("FRANCE", "SET DRAW", "SET NODRAW", "SET CONCEDE Russia", "VOTE NONE").accepted
    reply = " ".join(started.reply("FRANCE").split())
    assert reply.count("Everyone in the game is told the votes as they stand at") == 1, reply
    for said in ("France votes for a draw including all survivors.", "France votes for conceding the game to Russia.",
                 "France withdraws its vote."):
        assert said in reply
