"""`judge deliver` as an MTA runs it, given mistyped sign-ons: the reply (body and Subject), the judge's output and
every file it writes are without the password, and nothing stored changes."""
import email
import email.policy
from email.message import EmailMessage

from tests.e2e.conftest import game_files
from tests.test_pipe import deliver, delivered, game_for

PASSWORD = "pw-R"           # Russia's in game "piped" (tests/test_pipe.py)


def mail(body: str, subject: str) -> bytes:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "Russia <r@example.org>", "judge@localhost", subject
    msg["Message-ID"] = f"<{abs(hash(body + subject))}@example.org>"
    msg.set_content(body)
    return msg.as_bytes(policy=email.policy.SMTP)


def test_mistyped_sign_ons_piped_to_judge_deliver(tmp_path):
    game_for(tmp_path)
    cfg, games = tmp_path / "config.ini", tmp_path / "games"
    before = game_files(games)
    cases = [("SINGON Rpiped pw-R\nA Mos - Ukr", "orders", "SINGON Rpiped ********"),
             ("Rpiped pw-R\nA Mos - Ukr", "orders again", "Rpiped ********"),
             ("A Mos - Ukr", "SINGON Rpiped pw-R", "A Mos - Ukr")]
    for body, subject, shown in cases:
        p = deliver(cfg, mail(body, subject))
        assert p.returncode == 0 and PASSWORD.lower() not in (p.stdout + p.stderr).decode().lower(), p.stderr
        reply = email.message_from_string(delivered(tmp_path)[-1], policy=email.policy.default)
        text = str(reply["Subject"]) + reply.get_content()
        assert PASSWORD.lower() not in text.lower() and f">> {shown}" in text, text
        assert "NOT accepted" in text and game_files(games) == before
    assert str(reply["Subject"]) == "Re: SINGON Rpiped ********"
    for path in tmp_path.rglob("*"):
        if path.is_file() and path.name != "config.ini":
            assert PASSWORD.lower().encode() not in path.read_bytes().lower(), path
