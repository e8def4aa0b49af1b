"""DPjudge's MONITOR over real SMTP (judge serve in-process, a recording relay, the clock injected): a mapping site
that monitors a game from its forming gets the start, each phase's results when the deadline processes it, the
deadline's changes, the master's OFFICIAL broadcast (DPjudge's Game.mailPress sends its monitors the master's
broadcasts, readers "All!") and the draw that ends it, and nothing of the players' press; the master's official
subject reaches the players and the site as the relay saw it."""
from datetime import timedelta

from tests.daemon.test_games_by_mail import GM, HOLDS, POWERS, T0, Post, address, run

SITE = "mapper@example.org"


def test_a_monitor_follows_a_game_to_its_end_and_reads_only_the_masters_press(tmp_path):
    run(tmp_path, _monitored, "mon")


async def _monitored(post: Post):
    await post.mail(GM, "CREATE mon gm-pass\nSET EARLY 0")
    await post.mail(SITE, "MONITOR mon")
    assert "You are monitoring game mon" in post.reply(SITE)
    for power in POWERS:
        await post.mail(address(power), f"JOIN mon pw-{power.lower()} {power[0]}")
    assert post.status().status == "active"
    assert [s for to, s, _ in post.new() if to == SITE] == ["Re: orders", "Diplomacy game mon starting"]

    # Press of every kind, the master's OFFICIAL broadcast (QUIET) and a deadline change.
    await post.signon("FRANCE", "PRESS TO G", "Belgium?", "ENDPRESS", "BROADCAST", "Peace.", "ENDBROADCAST")
    reply = await post.master("OFFICIAL House news", "BROADCAST QUIET", "Play nicely.", "ENDBROADCAST",
                              "SET DEADLINE 2026-01-09 12:00")
    assert "Broadcast sent.\n" in reply and "Your copy" not in reply and "Play nicely." not in reply
    mail = post.new()
    assert sorted((s, body) for to, s, body in mail if to == SITE) == [     # (in either order: one commit's mails)
        ("Diplomacy deadline changed (mon)", "The master has set the deadline of mon to Fri 9 Jan 2026 12:00 UTC.\n"),
        ("House news (mon)", "Play nicely.\n")]
    official = [(to, s, body) for to, s, body in mail if "Play nicely." in body]
    assert sorted(to for to, _, _ in official) == sorted([address(p) for p in POWERS] + [SITE])
    assert {(s, body) for _, s, body in official} == {("House news (mon)", "Play nicely.\n")}

    # The phase processes with every order in: the site gets the results the players get.
    for power in POWERS:
        await post.signon(power, HOLDS[power])
    await post.at(T0 + timedelta(seconds=1))
    results = {to: body for to, s, body in post.new() if s == "Diplomacy results mon S1901M"}
    assert results[SITE] == results[address("FRANCE")] and "@" not in results[SITE]

    # Every power votes a draw: the end reaches the site, its players numbered.
    for power in POWERS:
        await post.signon(power, "VOTE DRAW")
    ends = {to: body for to, _, body in post.new() if "Supply centres at the end:" in body}
    assert set(ends) == {address(p) for p in POWERS} | {GM, SITE}
    assert "  France    first player (from S1901M to the end)\n" in ends[SITE] and "@" not in ends[SITE]
