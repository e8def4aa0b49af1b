"""What the pipe set-up's operator reads of a problem: `judge deliver` and `judge process` as the MTA and cron run
them say it on stderr in one line (the cause, the file, the place in the code), with the traceback only under
`judge --debug`; and the keeper's notice sends him to the logs this set-up has (the MTA's), not the daemon's."""
import email
import email.policy

from tests.e2e.conftest import compose
from tests.test_pipe import deliver, delivered, game_for, judge_run


def a_game_whose_lock_is_a_folder(tmp):
    """A game the judge cannot lock (an OSError for root too, unlike a permission): its mail is deferred."""
    game_for(tmp)
    lock = tmp / "games" / "piped" / ".lock"
    lock.unlink()
    lock.mkdir()
    return tmp / "config.ini", compose("a@example.org", "SIGNON Apiped pw-A\nA PAR-BUR")


def test_a_deferred_message_is_one_line_on_stderr_naming_the_file(tmp_path):
    cfg, raw = a_game_whose_lock_is_a_folder(tmp_path)
    run = deliver(cfg, raw)
    assert run.returncode == 75
    said = run.stderr.decode()
    assert said.count("\n") == 1 and "Traceback" not in said, said
    assert said.startswith("judge deliver: temporary failure, message kept for retry: IsADirectoryError: ")
    assert f"{tmp_path / 'games' / 'piped' / '.lock'}" in said and ".py:" in said.split("(at ")[1]


def test_judge_debug_adds_the_traceback(tmp_path):
    cfg, raw = a_game_whose_lock_is_a_folder(tmp_path)
    run = judge_run(cfg, "--debug", "deliver", stdin=raw)
    assert run.returncode == 75
    said = run.stderr.decode()
    assert "Traceback (most recent call last)" in said and "IsADirectoryError" in said


def test_the_keepers_notice_names_the_mtas_log(tmp_path):
    cfg, raw = a_game_whose_lock_is_a_folder(tmp_path)
    assert deliver(cfg, raw).returncode == 75
    [notice] = [email.message_from_string(m, policy=email.policy.default) for m in delivered(tmp_path)
                if "To: keeper@example.org" in m and "deferred" in m]
    text = " ".join(notice.get_content().split())
    assert "the MTA's log" in text and "judge's log" not in text
    assert "judge --debug" in text and ".lock" in text


def test_judge_process_says_a_folder_it_cannot_read_in_one_line(tmp_path):
    """A game folder replaced by a file of that name under cron: one line, not a traceback, and exit 1."""
    cfg, _ = a_game_whose_lock_is_a_folder(tmp_path)
    run = judge_run(cfg, "process", "piped")
    said = run.stderr.decode()
    assert run.returncode == 1 and said.count("\n") == 1 and "Traceback" not in said, said
    assert said.startswith("judge process: cannot go on: IsADirectoryError: ") and ".lock" in said
