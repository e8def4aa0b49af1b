"""The master's ARCHIVE over real SMTP holds what the master was sent: press between players written while the
house rule master_press_copies was off (README: the master gets copies of private press "only with"
master_press_copies) stays private when the master switches the rule on later; press written after the switch is
the master's to read, as its copy was mailed to the master."""
from tests.daemon.test_games_by_mail import GM, Post, run


def test_switching_master_copies_on_does_not_open_earlier_private_press(tmp_path):
    run(tmp_path, _later_copies, "mc")


async def _later_copies(post: Post):
    await post.start_game()                                  # master_press_copies: off, the default
    await post.signon("FRANCE", "PRESS TO G", "Just between us two.", "ENDPRESS")
    await post.signon("FRANCE", "PRESS TO M", "A word for the master.", "ENDPRESS")
    assert not [to for to, _, body in post.new() if "Just between us two." in body and to == GM]
    await post.master("SET RULE master_press_copies=on")
    await post.signon("FRANCE", "PRESS TO G", "Written under the new rule.", "ENDPRESS")
    assert [to for to, _, body in post.new() if "Written under the new rule." in body and to == GM] == [GM]
    archive = await post.master("ARCHIVE")
    assert "A word for the master." in archive and "Written under the new rule." in archive
    assert "Just between us two." not in archive
    # (the two who wrote and read it still have it)
    assert "Just between us two." in await post.signon("GERMANY", "ARCHIVE")
