"""Mail from the judge's own address, piped to `judge deliver` as the MTA pipes it: cron mailing `judge process`'s
stderr to the judge's user (the envelope sender the judge's address, no Auto-Submitted field), or a loop. Never
answered; kept in inbox/bad and forwarded to the keeper, once an hour however many come."""
import email
import email.policy
import os
from pathlib import Path

from tests.test_pipe import delivered, judge_run, write_config

JUDGE, ALIAS, KEEPER = "judge@example.org", "diplomacy@example.org", "keeper@example.org"
NOTICE = "mail from the judge's own address, probably cron's or a loop"


def cron_mail(minute: int) -> bytes:
    """What cron mails when `judge process` prints on stderr (Debian's cron; Postfix qualifies its From)."""
    return (f"From: root@example.org (Cron Daemon)\r\nTo: judge@example.org\r\n"
            f"Subject: Cron <judge@mail> /srv/judge/.venv/bin/judge --config /srv/judge/config.ini process\r\n"
            f"MIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: 8bit\r\n"
            f"X-Cron-Env: <SHELL=/bin/sh>\r\nX-Cron-Env: <LOGNAME=judge>\r\n"
            f"Message-ID: <2026112720{minute:02d}00.4242@mail.example.org>\r\n\r\n"
            f"judge process: piped: the game's status file cannot be read: Permission denied (said again once a day "
            f"while it lasts)\r\n# minute {minute}\r\n").encode()


def judged(tmp: Path) -> Path:
    write_config(tmp)
    cfg = tmp / "config.ini"
    cfg.write_text(cfg.read_text().replace("address = judge@localhost", f"address = {JUDGE}")
                   .replace("\nrecipients =\n", f"\nrecipients = {JUDGE}, {ALIAS}\n"))
    assert f"recipients = {JUDGE}, {ALIAS}" in cfg.read_text()
    return cfg


def mails(tmp: Path) -> list[email.message.EmailMessage]:
    return [email.message_from_string(m, policy=email.policy.default) for m in delivered(tmp)]


def set_aside(tmp: Path) -> list[str]:
    bad = tmp / "inbox" / "bad"
    return sorted(n for n in os.listdir(bad) if not n.endswith(".why")) if bad.exists() else []


def test_crons_mail_is_not_answered_but_kept_and_forwarded_to_the_keeper_once(tmp_path):
    cfg = judged(tmp_path)
    for minute in (1, 2, 3):
        run = judge_run(cfg, "deliver", "--sender", JUDGE, stdin=cron_mail(minute))
        assert run.returncode == 0, run.stderr
    sent = mails(tmp_path)
    assert [m["To"] for m in sent] == [KEEPER], [(m["To"], m["Subject"]) for m in sent]      # nobody answered
    [notice] = sent
    assert NOTICE in notice["Subject"]
    text = " ".join(notice.get_content().split())
    assert "judge process: piped: the game's status file cannot be read: Permission denied" in text
    assert f"its envelope sender is the judge's own address ({JUDGE})" in text
    assert "set MAILTO" in text
    assert len(set_aside(tmp_path)) == 3                # none lost: each kept for the keeper
    listed = judge_run(cfg, "requeue", "--list").stdout.decode()
    assert listed.count("mail from the judge's own address") == 3, listed


def test_mail_whose_from_is_one_of_the_judges_addresses_is_not_answered(tmp_path):
    cfg = judged(tmp_path)
    loop = (f"From: Diplomacy judge <{ALIAS}>\r\nTo: {JUDGE}\r\nSubject: Re: Diplomacy results\r\n"
            f"Message-ID: <loop-1@example.net>\r\n\r\nHELP\r\n").encode()
    run = judge_run(cfg, "deliver", "--sender", "forwarder@example.net", stdin=loop)
    assert run.returncode == 0, run.stderr
    sent = mails(tmp_path)
    assert [m["To"] for m in sent] == [KEEPER]
    assert f"its From is the judge's own address ({ALIAS})" in " ".join(sent[0].get_content().split())
    assert len(set_aside(tmp_path)) == 1


def test_a_players_mail_is_still_answered(tmp_path):
    cfg = judged(tmp_path)
    help_ = (f"From: p@example.net\r\nTo: {JUDGE}\r\nSubject: help\r\nMessage-ID: <p-1@example.net>\r\n\r\n"
             f"HELP\r\n").encode()
    assert judge_run(cfg, "deliver", "--sender", "p@example.net", stdin=help_).returncode == 0
    assert [m["To"] for m in mails(tmp_path)] == ["p@example.net"]
    assert set_aside(tmp_path) == []


def test_the_keepers_copy_of_a_forged_message_shows_no_password(tmp_path):
    """A player's mail with the judge's address forged in its From is forwarded to the keeper as cron's would be:
    its lines are shown as every reply shows them, the passwords and codes in them masked."""
    cfg = judged(tmp_path)
    raw = (f"From: {JUDGE}\r\nTo: {JUDGE}\r\nSubject: orders\r\nMessage-ID: <forged-1@example.org>\r\n\r\n"
           "SIGNON Fpiped hunter2secret\r\nA Par - Bur\r\nSET PASSWORD newsecret77\r\n").encode()
    run = judge_run(cfg, "deliver", "--sender", "player@example.org", stdin=raw)
    assert run.returncode == 0, run.stderr
    [notice] = mails(tmp_path)
    text = notice.get_content()
    assert NOTICE in notice["Subject"] and "A Par - Bur" in text and "SIGNON Fpiped ********" in text, text
    assert "hunter2secret" not in text and "newsecret77" not in text, text
