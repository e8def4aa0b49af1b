"""Messages whose commands ask for nothing, over SMTP to `judge serve`: one that starts with SIGNOFF (or another
of its spellings), and one with only ORDERS. Each is answered, as every message is, and the reply says that nothing
was done and why; before, it was "End of judge reply." alone."""
from tests.daemon.client_mail import Table, plain, play
from tests.daemon.test_games_by_mail import text_of

STRANGER = "stranger@example.org"


async def _scenario(t: Table) -> None:
    before = t.files()
    for n, body in enumerate(("SIGNOFF\nLIST", "quit\nHELP", "ORDERS")):
        reply = text_of(await t.ask(plain(STRANGER, body, f"message {n}")))
        said = " ".join(reply.replace("End of judge reply.", "").split())
        assert said.startswith("Nothing was done:"), (body, reply)
        if n < 2:
            assert body.split()[0] in said and "no line below it was read" in said, said
        else:
            assert "ORDERS alone means nothing" in said, said
    assert t.files() == before


def test_a_message_asking_for_nothing_is_told_so(tmp_path):
    play(tmp_path, _scenario)
