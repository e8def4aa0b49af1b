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


def test_mistyped_set_password_and_command_subjects_piped_to_judge_deliver(tmp_path):
    """SET with a near miss of PASSWORD or PRIVATE is refused (UNKNOWN SETTING) and echoed: in the reply's Subject,
    its subject note, the refused line, the unread rest and the access log, the new password is masked; a Subject
    that is a command line is masked as that line in a body is."""
    game_for(tmp_path)
    cfg = tmp_path / "config.ini"
    secrets = ("newsecret42", "zz6secret", "zz7secret", "secretq1", "zz8secret")
    cases = [("SIGNON Rpiped pw-R\nset pasword newsecret42", "SET PASWORD newsecret42",
              ["Re: SET PASWORD ********", '"SET PASWORD ********", was not read', ">> set pasword ********",
               "UNKNOWN SETTING: PASWORD"]),
             ("SIGNON Rpiped wrong-pw\nSET PASSWROD zz6secret\nSET PRIVTE zz7secret\nSET PASSWORD zz7secret",
              "SIGNONRpiped secretQ1",
              ["Re: SIGNONRpiped ********", "   SET PASSWROD ********\n", "   SET PRIVTE ********\n",
               "   SET PASSWORD ********\n"]),
             ("SIGNON Rpiped pw-R\nSET PASWRD zz8secret", "OBSERVE piped secretQ1",
              ["Re: OBSERVE piped ********", '"OBSERVE piped ********", was not read', ">> SET PASWRD ********"])]
    for body, subject, shown in cases:
        p = deliver(cfg, mail(body, subject))
        assert p.returncode == 0, p.stderr
        reply = email.message_from_string(delivered(tmp_path)[-1], policy=email.policy.default)
        text = f"Subject: {reply['Subject']}\n{reply.get_content()}"
        assert "NOT accepted" in text and all(s in text for s in shown), text
        assert not any(s in (text + (p.stdout + p.stderr).decode()).lower() for s in secrets), text
    log = (tmp_path / "games" / "piped" / "access.log").read_text()
    assert "REFUSED 'set pasword ********': UNKNOWN SETTING: PASWORD" in log, log
    for path in tmp_path.rglob("*"):
        if path.is_file() and path.name != "config.ini":
            assert not any(s.encode() in path.read_bytes().lower() for s in secrets), path
