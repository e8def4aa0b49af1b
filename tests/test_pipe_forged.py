"""The security tester's lock-out, as an MTA pipes the mail to `judge deliver`: five messages forged 'from' Turkey's
address with wrong passwords; the real player, refused, finds a code in the reply (which only Turkey's mail holds)
and signs on with it."""
import re

from tests.e2e.conftest import compose
from tests.test_pipe import deliver, delivered, game_for


def test_a_forged_from_does_not_lock_the_player_out_of_mail(tmp_path):
    game_for(tmp_path)
    cfg = tmp_path / "config.ini"
    for n in range(5):
        assert deliver(cfg, compose("t@example.org", f"SIGNON Tpiped wrong{n}")).returncode == 0
    p = deliver(cfg, compose("t@example.org", "SIGNON Tpiped pw-T\nF ANK H"))
    assert p.returncode == 0, p.stderr
    reply = " ".join(delivered(tmp_path)[-1].split())
    assert "To: t@example.org" in reply and "FROM YOUR ADDRESS" in reply
    code = re.search(r"PUT THE LINE UNLOCK Tpiped ([A-Z0-9]{10}) BEFORE YOUR SIGNON LINE", reply)[1]
    p = deliver(cfg, compose("t@example.org", f"UNLOCK Tpiped {code}\nSIGNON Tpiped pw-T\nF ANK H"))
    assert p.returncode == 0, p.stderr
    last = delivered(tmp_path)[-1]
    assert "To: t@example.org" in last and "Signed on as Turkey in game piped." in last, last
