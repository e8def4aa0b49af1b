"""Mail that names no game (HELP, LIST, a stranger's question) delivered again with the same Message-ID (an MTA
retrying, a client sending twice) is answered once, under `judge serve` and `judge deliver` alike, as mail for a
game is; a new message (another Message-ID, or none: a script's) is answered as always."""
import asyncio
import smtplib

from tests.daemon.conftest import Daemon, Relay, settings_for, settle
from tests.test_pipe import deliver, delivered, write_config


def message(sender: str, body: str, message_id: str | None) -> bytes:
    mid = f"Message-ID: <{message_id}>\r\n" if message_id else ""
    return f"From: {sender}\r\nTo: judge@localhost\r\nSubject: {body}\r\n{mid}\r\n{body}\r\n".encode()


def replies(mails: list[str], subject: str) -> int:
    return sum(f"Subject: Re: {subject}\n" in m for m in mails)


def test_the_pipe_answers_a_message_about_no_game_once(tmp_path):
    cfg = write_config(tmp_path)
    for body in ("HELP", "LIST"):
        raw = message("a@example.org", body, f"{body.lower()}-1@example.org")
        for _ in range(2):
            p = deliver(cfg, raw)
            assert p.returncode == 0, p.stderr
        assert replies(delivered(tmp_path), body) == 1
    # The same text in a new message is a new question; without a Message-ID it is answered every time.
    assert deliver(cfg, message("a@example.org", "HELP", "help-2@example.org")).returncode == 0
    assert replies(delivered(tmp_path), "HELP") == 2
    for _ in range(2):
        assert deliver(cfg, message("b@example.org", "HELP", None)).returncode == 0
    assert sum("To: b@example.org" in m for m in delivered(tmp_path)) == 2
    # Another sender's message with the same Message-ID (forged, or a coincidence) does not silence this one.
    assert deliver(cfg, message("c@example.org", "HELP", "help-1@example.org")).returncode == 0
    assert sum("To: c@example.org" in m for m in delivered(tmp_path)) == 1


def test_serve_answers_a_message_about_no_game_once(tmp_path):
    asyncio.run(_serve(tmp_path))


async def _serve(tmp):
    relay = Relay()
    await relay.start()
    daemon = Daemon(settings_for(tmp, relay.port), send_interval=0.05)
    _, port = await daemon.start("127.0.0.1", 0)

    def smtp_send(raw: bytes) -> None:
        with smtplib.SMTP("127.0.0.1", port, timeout=30) as s:
            s.sendmail("a@example.org", ["judge@localhost"], raw)
    try:
        for body in ("HELP", "LIST"):
            raw = message("a@example.org", body, f"{body.lower()}-1@example.org")
            for _ in range(2):
                await asyncio.to_thread(smtp_send, raw)
                await settle(daemon)
            assert [str(m["Subject"]) for m in relay.to("a@example.org")].count(f"Re: {body}") == 1
        await asyncio.to_thread(smtp_send, message("a@example.org", "HELP", "help-2@example.org"))
        await settle(daemon)
        assert [str(m["Subject"]) for m in relay.to("a@example.org")].count("Re: HELP") == 2
    finally:
        await daemon.stop()
        await relay.stop()
