"""An observer who then takes part (JOIN, TAKEOVER of an open power, TAKEOVER M of the game) over real SMTP: they
take part now, as OBSERVE tells anyone who does ("NO NEED TO OBSERVE IT"), so they are an observer no more. Before,
they stayed on the observers' list too, and every broadcast (and a forming game's start) came to them twice."""
from collections import Counter

from tests.daemon.test_games_by_mail import GM, POWERS, WATCHER, Post, address, run

NEWCOMER = "newcomer@example.org"
HEIR = "heir@example.org"


def test_an_observer_who_takes_part_gets_one_copy_of_each_mail(tmp_path):
    run(tmp_path, _observers_take_part, "ob")


async def _observers_take_part(post: Post):
    await post.mail(GM, "CREATE ob gm-pass")
    await post.mail(WATCHER, "OBSERVE ob")
    for power in POWERS[:-1]:
        await post.mail(address(power), f"JOIN ob pw-{power.lower()} {power[0]}")
    await post.mail(WATCHER, "JOIN ob pw-watcher T")                  # the seventh: the game starts
    assert post.status().status == "active"
    started = Counter(to for to, subject, _ in post.new() if subject == "Diplomacy game ob starting")
    assert started[WATCHER] == 1, started
    # A newcomer observes, then takes over a power its player resigned; another observes, then is handed the game.
    await post.mail(NEWCOMER, "OBSERVE ob")
    await post.mail(HEIR, "OBSERVE ob")
    await post.signon("ITALY", "RESIGN")
    await post.mail(NEWCOMER, "TAKEOVER Iob pw-new")
    await post.mail(HEIR, "TAKEOVER Mob gm-pass")
    post.new()
    await post.signon("FRANCE", "BROADCAST", "One copy each.", "ENDBROADCAST")
    # (not France's reply, which holds the author's copy: DPjudge's echo)
    got = Counter(to for to, subject, body in post.new() if "One copy each." in body and not subject.startswith("Re:"))
    expected = {address(p) for p in POWERS if p not in ("FRANCE", "ITALY", "TURKEY")} | {WATCHER, NEWCOMER, HEIR}
    assert set(got) == expected and set(got.values()) == {1}, got
    # and LIST counts no observer left (each of the three takes part; LIST leaves out a count of none)
    await post.mail(address("GERMANY"), "LIST ob")
    assert "Observers:" not in post.reply(address("GERMANY"))
