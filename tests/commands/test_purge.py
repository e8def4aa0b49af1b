"""PURGE <game> <master password> by mail (judge.commands.purge): DPjudge's guide: "the game must either be in the
preparation phase or forming and no player may have joined yet ... a game, once started, is not the property of the
GM, but of all involved"; TERMINATE ends such a game. Nothing is deleted: the folder is kept aside."""
from tests.commands.helpers import GAME, GM, PLAYERS, compose
from tests.e2e.conftest import game_files


def _said(desk, address: str) -> str:
    return " ".join(desk.reply_to(address).split())


def test_purge_removes_a_game_nobody_joined_and_keeps_its_folder(forming):
    folder = forming.folder(GAME)
    files = sorted(p.relative_to(folder) for p in folder.rglob("*") if p.is_file() and p.name != ".lock")
    forming.clock.advance(hours=1)
    r = forming.send(GM[0], f"PURGE {GAME} {GM[1]}")
    assert r.accepted
    said = _said(forming, GM[0])
    kept = f"{GAME}-{forming.clock.now:%Y%m%d-%H%M%S}"
    assert f"Game {GAME} purged: it is no longer on this judge, and the name {GAME} is free for a new game." in said
    assert f"Nothing was deleted: the judge keeper has its folder, as _purged/{kept} in the games folder." in said
    assert GM[1] not in said
    # The folder is gone from the games, whole in _purged/ (its access log says who purged it).
    games = forming.settings.games_dir
    assert not folder.exists()
    aside = games / "_purged" / kept
    assert sorted(p.relative_to(aside) for p in aside.rglob("*") if p.is_file() and p.name != ".lock") == files
    assert f"{GM[0]} PURGE" in (aside / "access.log").read_text()
    # As if it had never been: LIST, a sign-on, and a CREATE of the same name by someone else.
    assert forming.send("someone@example.org", "LIST").accepted
    assert GAME not in forming.reply_to("someone@example.org").split()
    r = forming.send(GM[0], f"SIGNON M{GAME} {GM[1]}")
    assert r.errors[0][1] == f"NO SUCH GAME: {GAME} (LIST SHOWS THE GAMES OF THIS JUDGE)"
    assert forming.send("other@example.org", f"CREATE {GAME} other-pw").accepted
    game = forming.game(GAME)
    assert game.master_address == "other@example.org" and game.players == []
    # The name can be purged again; both folders are kept.
    assert forming.send("other@example.org", f"PURGE {GAME} other-pw").accepted
    assert len(list((games / "_purged").iterdir())) == 2


def test_purge_is_refused_once_a_player_has_joined(forming):
    assert forming.send(PLAYERS["FRANCE"][0], f"JOIN {GAME} {PLAYERS['FRANCE'][1]}").accepted
    before = game_files(forming.settings.games_dir)
    r = forming.send(GM[0], f"PURGE {GAME} {GM[1]}")
    assert r.errors[0][1] == (f"1 PLAYER HAS JOINED GAME {GAME}: IT IS NOT THE MASTER'S ALONE ANY MORE, SO IT IS NOT "
                              f"PURGED. A PLAYER LEAVES WITH RESIGN {GAME} <THEIR PASSWORD>; ONCE NOBODY IS LEFT, "
                              "PURGE REMOVES IT")
    assert game_files(forming.settings.games_dir) == before
    # Once the player has left, it can go.
    assert forming.send(PLAYERS["FRANCE"][0], f"RESIGN {GAME} {PLAYERS['FRANCE'][1]}").accepted
    assert forming.send(GM[0], f"PURGE {GAME} {GM[1]}").accepted
    assert not forming.folder(GAME).exists()


def test_purge_is_refused_for_a_started_game(started):
    before = game_files(started.settings.games_dir)
    r = started.send(GM[0], f"PURGE {GAME} {GM[1]}")
    assert r.errors[0][1].startswith(f"GAME {GAME} HAS STARTED: IT BELONGS TO ITS PLAYERS AS MUCH AS TO ITS MASTER, "
                                     "SO IT IS NOT PURGED. TERMINATE ENDS IT")
    assert game_files(started.settings.games_dir) == before
    assert started.master("TERMINATE").accepted
    assert started.send(GM[0], f"PURGE {GAME} {GM[1]}").errors[0][1].startswith(f"GAME {GAME} HAS STARTED")


def test_purge_refusals_change_nothing_and_hide_the_password(forming):
    before = game_files(forming.settings.games_dir)
    r = forming.send(GM[0], f"PURGE {GAME} wrong-guess")
    assert r.errors[0][1] == f"WRONG PASSWORD FOR THE MASTER OF {GAME}"
    assert "wrong-guess" not in forming.reply_to(GM[0])
    assert forming.send(PLAYERS["ITALY"][0], f"PURGE {GAME} {GM[1]} extra").errors[0][1] == \
        "PURGE TAKES TWO WORDS, THE GAME AND ITS MASTER'S PASSWORD: NOTHING WAS DONE"
    assert forming.send(GM[0], "PURGE nosuch pw").errors[0][1] == \
        "NO SUCH GAME: nosuch (LIST SHOWS THE GAMES OF THIS JUDGE)"
    assert forming.send(GM[0], f"PURGE {GAME}").errors[0][1] == "INCOMPLETE COMMAND: USE PURGE <game> <master password>"
    assert game_files(forming.settings.games_dir) == before
    assert forming.game(GAME).master_address == GM[0]


def test_purge_ends_the_message_and_says_so(forming):
    r = forming.send(GM[0], f"PURGE {GAME} {GM[1]}\nCREATE {GAME} again-pw\nLIST")
    assert r.accepted
    said = _said(forming, GM[0])
    assert "PURGE ends the message: the 2 line(s) after it were not read." in said and "again-pw" not in said
    assert not forming.folder(GAME).exists()


def test_settings_made_before_a_purge_in_the_same_message_go_with_the_game(forming):
    before = game_files(forming.settings.games_dir)
    r = forming.deliver(compose(GM[0], f"SIGNON M{GAME} {GM[1]}\nSET VICTORY 20\nPURGE {GAME} {GM[1]}"))
    assert r.accepted                         # (SET VICTORY changes only the game in memory: no effect to refuse)
    assert not forming.folder(GAME).exists() and game_files(forming.settings.games_dir) != before


def test_help_names_purge(desk):
    assert desk.send("someone@example.org", "HELP").accepted
    assert "PURGE <game> <master password>" in desk.reply_to("someone@example.org")


def test_purge_through_the_pipe(tmp_path):
    """`judge deliver` as an MTA runs it: the game goes, its folder is kept aside, and the name is free."""
    from judge import config
    from judge.service import Judge
    from tests.test_pipe import deliver, delivered, write_config
    cfg = write_config(tmp_path)
    judge = Judge(config.load(cfg))
    assert judge.deliver(compose("gm@example.org", "CREATE piped gm-pass")).accepted
    done = deliver(cfg, compose("gm@example.org", "PURGE piped gm-pass"))
    assert done.returncode == 0, done.stderr
    assert "Game piped purged" in delivered(tmp_path)[-1]
    games = judge.settings.games_dir
    assert not (games / "piped").exists() and [p.name.split("-")[0] for p in (games / "_purged").iterdir()] == \
        ["piped"]
    done = deliver(cfg, compose("other@example.org", "CREATE piped other-pw"))
    assert done.returncode == 0 and "Game piped created" in delivered(tmp_path)[-1]
    assert Judge(config.load(cfg)).store.load("piped").master_address == "other@example.org"
