"""The security tester's MAP mail, as an MTA pipes it to `judge deliver`: one small mail from anyone made one reply
of 5.5 MB (60 pictures); and a second game named in it was answered about the first."""
from tests.e2e.conftest import compose
from tests.test_pipe import deliver, delivered, game_for


def test_sixty_maps_in_one_mail_are_refused_with_a_short_reply(tmp_path):
    game_for(tmp_path)
    cfg = tmp_path / "config.ini"
    raw = compose("stranger@example.org", "MAP piped\n" * 60)
    assert len(raw) < 1000
    p = deliver(cfg, raw)
    assert p.returncode == 0, p.stderr
    [reply] = [m for m in delivered(tmp_path) if "To: stranger@example.org" in m]
    assert len(reply) < 2000 and "multipart" not in reply
    assert "MAP MAY BE ASKED FOR ONCE PER MESSAGE" in reply and "NOT accepted" in reply


def test_a_second_game_in_one_mail_is_refused(tmp_path):
    judge = game_for(tmp_path)
    judge.deliver(compose("gm@example.org", "CREATE other gm-pass"))
    cfg = tmp_path / "config.ini"
    p = deliver(cfg, compose("stranger@example.org", "MAP piped\nPOSITION other"))
    assert p.returncode == 0, p.stderr
    [reply] = [m for m in delivered(tmp_path) if "To: stranger@example.org" in m]
    assert "ONE MESSAGE IS ONE GAME'S BUSINESS: ALREADY WORKING ON piped" in reply and "multipart" not in reply
