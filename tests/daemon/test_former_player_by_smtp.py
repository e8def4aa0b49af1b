"""A removed player whose power has since been taken over signs on with their old password, over SMTP to `judge
serve`. The README: "a removed player who signs on is told so". Before, they were told so only while the power
stayed vacant; once a newcomer took it over, the same sign-on got "WRONG PASSWORD", and the player, who typed the
password they always had, could only think it mistyped. Nothing changes either way; the new player's own wrong
password is still a wrong password."""
from tests.daemon.client_mail import GAME, GM, GM_PW, PASSWORDS, Table, address, plain, play, signon
from tests.daemon.test_games_by_mail import text_of

TURKEY, NEWCOMER = address("TURKEY"), "newcomer@example.org"


async def _scenario(t: Table) -> None:
    await t.ask(plain(GM, f"SIGNON M{GAME} {GM_PW}\nEJECT Turkey"))
    vacant = await t.refused(plain(TURKEY, f"{signon('TURKEY')}\nA Con - Bul", "orders 1"))
    assert f"YOU NO LONGER PLAY TURKEY IN {GAME}" in vacant, vacant
    taken = text_of(await t.ask(plain(NEWCOMER, f"TAKEOVER T{GAME} new-secret")))
    assert "You now play Turkey" in taken, taken

    text = await t.refused(plain(TURKEY, f"{signon('TURKEY')}\nA Con - Bul", "orders 2"))
    assert f"YOU NO LONGER PLAY TURKEY IN {GAME} (REMOVED BY THE MASTER IN S1901M)" in text, text
    assert "WRONG PASSWORD" not in text and PASSWORDS["TURKEY"] not in text and NEWCOMER not in text, text

    # The power's player now, from their own address, with a wrong password: a wrong password.
    text = await t.refused(plain(NEWCOMER, f"SIGNON T{GAME} {PASSWORDS['TURKEY']}\nA Con - Bul"))
    assert f"WRONG PASSWORD OR NO PLAYER FOR TURKEY IN {GAME}" in text, text
    # And a stranger trying the old password: a wrong password too.
    text = await t.refused(plain("stranger@example.org", f"{signon('TURKEY')}\nA Con - Bul"))
    assert f"WRONG PASSWORD OR NO PLAYER FOR TURKEY IN {GAME}" in text, text


def test_a_removed_player_is_told_so_after_the_power_is_taken_over(tmp_path):
    play(tmp_path, _scenario)
