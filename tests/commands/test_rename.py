"""RENAME <game> <new name> <master password> by mail (judge.commands.rename). DPjudge's guide: "RENAME gamename
newgamename password ... Avoid as much as possible using this command after the game already started, as players
may not notice the name change": here it is refused once the game has started."""
from tests.commands.helpers import GAME, GM, PLAYERS, LETTER
from tests.e2e.conftest import game_files


def _said(mail) -> str:
    return " ".join(mail.get_content().split())


def test_rename_a_forming_game_and_tell_who_joined(forming):
    france, fpw = PLAYERS["FRANCE"]
    assert forming.send(france, f"JOIN {GAME} {fpw} F").accepted
    assert forming.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    forming.new_mail()
    assert forming.send(GM[0], f"RENAME {GAME} Newname {GM[1]}").accepted
    assert "Game g1 is now called newname: JOIN, SIGNON and every other command name it newname from now on." in \
        " ".join(forming.reply_to(GM[0]).split())
    notices = forming.delivered("game renamed")
    assert set(notices) == {france, "watcher@example.org"}
    assert "The master has renamed game g1: it is now called newname." in _said(notices[france])
    games = forming.settings.games_dir
    assert not (games / GAME).exists() and forming.game("newname").name == "newname"
    # The game goes on under its new name: the rest join it, and it starts.
    for power, (address, password) in PLAYERS.items():
        if power != "FRANCE":
            assert forming.send(address, f"JOIN newname {password} {LETTER[power]}").accepted
    assert forming.game("newname").status == "active"
    assert forming.send(france, f"SIGNON Fnewname {fpw}\nA PAR - BUR").accepted
    # The old name is free.
    r = forming.send(france, f"SIGNON F{GAME} {fpw}")
    assert r.errors[0][1] == f"NO SUCH GAME: {GAME} (LIST SHOWS THE GAMES OF THIS JUDGE)"
    assert forming.send("other@example.org", f"CREATE {GAME} other-pw").accepted


def test_rename_refusals_change_nothing(forming, started):
    for desk in (forming, started):
        before = game_files(desk.settings.games_dir)
        assert desk.send(GM[0], f"RENAME {GAME} other wrong-pw").errors[0][1] == \
            f"WRONG PASSWORD FOR THE MASTER OF {GAME}"
        assert desk.send(GM[0], f"RENAME {GAME} 9bad {GM[1]}").errors[0][1] == \
            "BAD GAME NAME: 9bad (A LETTER, THEN UP TO 19 LETTERS, DIGITS, - OR _): NOT RENAMED"
        assert desk.send(GM[0], f"RENAME {GAME} x {GM[1]} more").errors[0][1].startswith("RENAME TAKES THREE WORDS")
        assert game_files(desk.settings.games_dir) == before
    r = started.send(GM[0], f"RENAME {GAME} other {GM[1]}")
    assert r.errors[0][1].startswith(f"GAME {GAME} HAS STARTED: ITS PLAYERS' ORDERS AND MAIL NAME IT, SO IT KEEPS")
    assert forming.send(GM[0], f"RENAME {GAME} {GAME} {GM[1]}").errors[0][1] == \
        f"GAME {GAME} IS CALLED {GAME} ALREADY: NOT RENAMED"
    assert forming.send("x@example.org", "CREATE taken x-pw").accepted
    assert forming.send(GM[0], f"RENAME {GAME} taken {GM[1]}").errors[0][1] == \
        "GAME taken ALREADY EXISTS: NOT RENAMED"


def test_a_rename_cut_short_before_its_save_leaves_the_game_readable(forming):
    """A crash after the folder took its new name, before the game was saved under it: the status file still names
    the old game; the file RENAME left says it is this game, not a copy of another."""
    store = forming.judge.store
    with store.lock(GAME):
        store.rename(GAME, "moved")
    assert store.load("moved").name == "moved"
    assert store.wakeups() == ({"moved": None}, {})
