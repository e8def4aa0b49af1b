"""The loop guard over real SMTP: a person resending the same refused message is answered, told when it will not be
answered any more and how to be answered sooner, and never locked out by copies that went unanswered; a mail loop
(an auto-responder without the headers that say so, mail software delivering one message again) stops."""
import asyncio
import smtplib

from tests.daemon.conftest import send, settle
from tests.daemon.test_strangers import Judge, run
from tests.daemon.test_games_by_mail import text_of

GM = "gm@example.org"


def replies_to(j: Judge, address: str) -> list[str]:
    return [" ".join(text_of(m).split()) for m in j.relay.to(address)]


def test_a_master_resending_the_same_refused_message_is_answered_and_not_locked_out(tmp_path):
    run(tmp_path, _resending)


async def _resending(j: Judge):
    assert "Game g created" in await j.ask(GM, "CREATE g gm-pass")
    before = len(j.relay.to(GM))
    # The same refused message (a wrong password) six times in half an hour, each its own Message-ID and subject.
    for n in range(6):
        await send(j.port, GM, "SIGNON Mg gm-pasz\nSET GRACE 12", subject=f"grace, try {n + 1}")
        await settle(j.daemon)
        j.clock.advance(minutes=5)
    got = replies_to(j, GM)[before:]
    assert len(got) == 4, got                                   # the fifth and sixth copies: no reply
    assert all("WRONG PASSWORD FOR THE MASTER OF g" in r for r in got)
    assert "THIS SAME MESSAGE HAS NOW BEEN REFUSED 4 TIMES WITHIN AN HOUR. IN CASE A MAIL PROGRAM IS ANSWERING " \
        "THE JUDGE BY ITSELF (A MAIL LOOP), IT WILL NOT BE ANSWERED AGAIN BEFORE Mon 5 Jan 2026 13:00 UTC. TO BE " \
        "ANSWERED SOONER, CHANGE ANY LINE OF IT" in got[3], got[3]
    assert not any("wrong passwords" in str(m["Subject"]) for m in j.relay.to(GM))      # no lock-out notice
    log = (j.tmp_path / "games" / "g" / "access.log").read_text()
    assert log.count("(not answered: the same message again)") == 2
    # The unanswered copies counted no wrong password: with four wrong ones in the hour, the right one works.
    assert "Grace set to 12 hours." in await j.ask(GM, "SIGNON Mg gm-pass\nSET GRACE 12")
    assert j.daemon.judge.store.load("g").timing.grace_hours == 12


def test_an_auto_responder_without_loop_headers_stops_after_four_rounds(tmp_path):
    run(tmp_path, _loop)


async def _loop(j: Judge):
    bot = "vacation@example.org"
    rounds = 0
    while rounds < 20:                          # the responder answers every judge reply, at once, the same way
        before = len(j.relay.to(bot))
        await send(j.port, bot, "I am out of the office until Monday.", subject="Out of office")
        await settle(j.daemon)
        rounds += 1
        if len(j.relay.to(bot)) == before:
            break
    got = replies_to(j, bot)
    assert rounds == 5 and len(got) == 4                        # the fifth round got no reply: the loop is over
    assert "NOT BE ANSWERED AGAIN BEFORE Mon 5 Jan 2026 13:00 UTC" in got[3] and "AGAIN BEFORE" not in got[2]


def test_one_message_delivered_again_and_again_is_answered_once(tmp_path):
    run(tmp_path, _again)


async def _again(j: Judge):
    raw = ("From: someone@example.org\r\nTo: judge@localhost\r\nSubject: hello\r\nMessage-ID: <once@test>\r\n\r\n"
           "PLEASE SEND ME THE RULES\r\n").encode()

    def deliver() -> None:
        with smtplib.SMTP("127.0.0.1", j.port, timeout=10) as s:
            s.sendmail("someone@example.org", ["judge@localhost"], raw)
    for _ in range(3):
        await asyncio.to_thread(deliver)
        await settle(j.daemon)
    assert len(j.relay.to("someone@example.org")) == 1
