"""What the end of a game reveals, over real SMTP, under the house rule reveal's default 'none' (DPjudge's NO_REVEAL)
and 'players': a game with an observer, a player who changed address and one who resigned and was replaced,
ended by the master. The final mail and SUMMARY show addresses to whom the rule says (the master always), nobody
else; France's old address never appears again after SET ADDRESS; and after every step no mail shows anyone an
address the rule does not let them see (tests/e2e/conftest.py: owners_in_games, check_mail_privacy)."""
import re

import pytest

from tests.daemon.test_games_by_mail import GM, POWERS, WATCHER, Post, address, run

OLD, NEW = "france@example.org", "france2@example.org"
STRANGER = "someone@example.org"


@pytest.mark.parametrize("reveal", ["none", "players"])      # 'all' (and anonymous) at the commands' level:
#                                                              tests/commands/test_voting.py
def test_what_the_end_reveals_over_smtp(tmp_path, reveal):
    async def scenario(post: Post):
        await _game(post, reveal)
    run(tmp_path, scenario, "rv")


async def _game(post: Post, reveal: str):
    await post.start_game(*([f"SET RULE reveal={reveal}"] if reveal != "none" else []))     # none: the default
    await post.mail(WATCHER, "OBSERVE rv")
    assert f"The judge has written to {NEW}: a code" in await post.signon("FRANCE", f"SET ADDRESS {NEW}")
    [code] = [re.search(rf"SET ADDRESS {NEW} ([A-Z0-9]+)", body)[1] for to, _, body in post.new() if to == NEW]
    assert "Address changed to france2@example.org." in await post.signon("FRANCE", f"SET ADDRESS {NEW} {code}")
    moved = len(post.relay.messages)                      # the confirmations (to the new and old address) are sent
    assert "You have resigned Italy" in await post.signon("ITALY", "RESIGN")
    await post.mail("newitaly@example.org", "TAKEOVER Irv pw-new")
    await post.master("TERMINATE")
    ends = {to: body for to, _, body in post.new() if "Supply centres at the end:" in body}
    assert set(ends) == {address(p) for p in POWERS if p not in ("FRANCE", "ITALY")} | {
        NEW, "newitaly@example.org", GM, WATCHER}
    players_see = reveal in ("players", "all")
    # The master's copy: every address, the new one for France, Italy's two players in turn.
    assert "  France    france2@example.org (from S1901M to the end)\n" in ends[GM]
    assert ("  Italy     italy@example.org (from S1901M to S1901M)\n"
            "  Italy     newitaly@example.org (from S1901M to the end)\n") in ends[GM]
    for to, body in ends.items():
        shown = to == GM or (players_see and to != WATCHER) or reveal == "all"
        assert ("germany@example.org" in body) is shown, (to, reveal)
        if not shown:
            assert "@" not in body and "  Italy     second player (from S1901M to the end)\n" in body, body
    # SUMMARY, from whoever asks: a stranger, the observer, the player who left, a player, the master.
    for asker, shown in ((STRANGER, reveal == "all"), (WATCHER, reveal == "all"),
                         ("italy@example.org", players_see), (address("GERMANY"), players_see)):
        await post.mail(asker, "SUMMARY rv")
        summary = post.reply(asker)
        assert ("turkey@example.org" in summary) is shown, (asker, reveal)
        assert "The game is over: terminated by the master." in summary
    assert "  France    france2@example.org" in await post.master("SUMMARY rv")
    # The old address, in no mail since the change: not in the final mails, not in any SUMMARY.
    assert not [m["Subject"] for _, _, m in post.relay.messages[moved:] if OLD in m.as_string()]
