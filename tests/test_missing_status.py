"""A game folder whose status.json is gone (deleted by hand, lost) while the rest stays: the game is unavailable,
as one with a corrupt status file is, not a free name. Through `judge deliver` and cron's `judge process`, each a real
process, as the MTA and cron run them."""
import email

from tests.e2e.conftest import compose
from tests.test_pipe import delivered, judge_run, started_days_ago, write_config

UNAVAILABLE = "GAME g1 IS UNAVAILABLE AT THE MOMENT: NOTHING WAS DONE"


def replies_since(tmp, count: int) -> list[email.message.Message]:
    return [email.message_from_string(m) for m in delivered(tmp)[count:]]


def body(msg: email.message.Message) -> str:
    return msg.get_payload(decode=True).decode() if not msg.is_multipart() else \
        "\n".join(p.get_payload(decode=True).decode() for p in msg.walk() if p.get_content_type() == "text/plain")


def test_a_game_whose_status_file_is_gone_is_unavailable_not_free(tmp_path):
    """Before, its players were told NO SUCH GAME (the keeper nothing), and a stranger's CREATE of the name took
    the folder with the old game's results, access log (its players' addresses) and sign-on counts; HISTORY then
    mailed the old game's history to anyone."""
    cfg = write_config(tmp_path)
    started_days_ago(cfg, days=0, game="g1")
    assert judge_run(cfg, "process").returncode == 0                # (its start's mail sent)
    folder = tmp_path / "games" / "g1"
    (folder / "status.json").unlink()
    kept = {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    count = len(delivered(tmp_path))
    for sender, text in [("f@example.org", "SIGNON Fg1 pw-F"), ("evil@example.org", "CREATE g1 evilpw"),
                         ("evil@example.org", "HISTORY g1")]:
        p = judge_run(cfg, "deliver", stdin=compose(sender, text))
        assert p.returncode == 0, p.stderr
    mails = replies_since(tmp_path, count)
    answers = {str(m["To"]): [] for m in mails}
    for m in mails:
        answers[str(m["To"])].append(body(m))
    assert len(answers["f@example.org"]) == 1 and UNAVAILABLE in answers["f@example.org"][0]
    assert len(answers["evil@example.org"]) == 2 and all(UNAVAILABLE in b for b in answers["evil@example.org"])
    [notice] = answers["keeper@example.org"]
    assert "game g1 is unavailable" in notice and "status.json is missing" in notice.replace("=\n", "")
    assert {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()} == kept   # untouched
    p = judge_run(cfg, "process")                                   # cron says it too
    assert p.returncode == 1 and b"g1: game g1: its status file" in p.stderr and b"is missing" in p.stderr


def test_a_name_whose_folder_holds_only_what_a_refused_create_left_is_free(tmp_path):
    """A CREATE refused or failed before its commit point leaves the name's lock and an empty staging folder:
    that is no game, and the name can be created."""
    cfg = write_config(tmp_path)
    folder = tmp_path / "games" / "g2"
    (folder / ".pending").mkdir(parents=True)
    (folder / ".lock").write_bytes(b"")
    p = judge_run(cfg, "deliver", stdin=compose("gm@example.org", "CREATE g2 gm-pass"))
    assert p.returncode == 0, p.stderr
    assert (folder / "status.json").exists()
    assert any("Game g2 created" in body(email.message_from_string(m)) for m in delivered(tmp_path))
