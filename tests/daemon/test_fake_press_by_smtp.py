"""Fake recipients (FAKE TO, FAKE BROADCAST) over real SMTP: the readers see the list the sender made up, but the
master's copy and ARCHIVE, and the sender's own ARCHIVE, say whom the press really went to, as DPjudge's master
copy does ("[sent to ...]" beside the claimed readers). Before, the master read a press sent to Germany alone as a
broadcast to everyone, and the sender's archive kept only the made-up list."""
from tests.daemon.test_games_by_mail import GM, Post, address, run


def flat(text: str) -> str:
    """A mail's text with its wrapped lines joined (the press header is wrapped to a mail line's width)."""
    return " ".join(text.split())


def test_the_master_and_the_sender_see_whom_faked_press_really_went_to(tmp_path):
    run(tmp_path, _fake_to, "fk")


async def _fake_to(post: Post):
    await post.start_game("SET RULE fake_press master_press_copies")
    post.new()
    assert "Press sent to Germany (shown as sent to everyone)." in flat(
        await post.signon("FRANCE", "PRESS TO G FAKE BROADCAST", "Only Germany reads this.", "ENDPRESS"))
    assert "Press sent to Germany and England (shown as sent to England)." in flat(
        await post.signon("FRANCE", "PRESS TO G E FAKE TO E", "Two read this.", "ENDPRESS"))
    press = [(to, subject, flat(body)) for to, subject, body in post.new() if not subject.startswith("Re:")]
    lone = {to: (subject, body) for to, subject, body in press if "Only Germany reads this." in body}
    assert set(lone) == {address("GERMANY"), GM}
    # Germany is told what France made up: a broadcast.
    assert lone[address("GERMANY")][0] == "Diplomacy broadcast from France (fk)"
    assert "Message from France in game 'fk' (S1901M) to everyone:" in lone[address("GERMANY")][1]
    # The master is told the truth: private press to Germany, shown as a broadcast.
    assert lone[GM][0] == "Diplomacy press from France (fk)"
    assert "Message from France in game 'fk' (S1901M) to Germany (shown as: everyone):" in lone[GM][1]
    pair = {to: body for to, subject, body in press if "Two read this." in body}
    assert set(pair) == {address("GERMANY"), address("ENGLAND"), GM}
    for reader in ("GERMANY", "ENGLAND"):
        assert "(S1901M) to England:" in pair[address(reader)]
    assert "(S1901M) to Germany, England (shown as: England):" in pair[GM]
    # The archives: the sender's and the master's with the truth, a reader's as it was shown.
    for archive in (flat(await post.signon("FRANCE", "ARCHIVE")), flat(await post.master("ARCHIVE"))):
        assert "-- S1901M: from France to Germany (shown as: everyone) Only Germany reads this." in archive
        assert "-- S1901M: from France to Germany, England (shown as: England) Two read this." in archive
    germany = flat(await post.signon("GERMANY", "ARCHIVE"))
    assert "-- S1901M: from France to everyone Only Germany reads this." in germany
    assert "-- S1901M: from France to England Two read this." in germany
    assert "shown as" not in germany
