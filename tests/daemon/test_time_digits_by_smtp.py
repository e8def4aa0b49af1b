"""SET TIME as a master may type it, over SMTP to `judge serve`: with a Japanese or Arabic keyboard the digits come
in another script (fullwidth `１８:００`, Arabic-Indic `١٨:٠٠`), which the HH:MM pattern takes (Python's \\d is any
script's digit). The time the judge keeps, tells every player and lists is the plain HH:MM (the README's `SET TIME
<HH:MM>`), never the characters as typed; a plain `9:05` is kept as `09:05`, as a time of day is written."""
from tests.daemon.client_mail import GAME, GM, GM_PW, Table, address, plain, play
from tests.daemon.test_games_by_mail import text_of

ENGLAND = address("ENGLAND")


async def _set_time(t: Table, typed: str, kept: str) -> None:
    before = len(t.j.relay.to(ENGLAND))
    reply = text_of(await t.ask(plain(GM, f"SIGNON M{GAME} {GM_PW}\nSET TIME {typed}")))
    assert f"Time set to {kept}." in reply, reply
    assert t.game().timing.time_of_day == kept
    told = "\n".join(text_of(m) for m in t.j.relay.to(ENGLAND)[before:])
    assert f"Time of day of deadlines: {kept} " in told, told
    assert typed not in told.replace(kept, "")
    listed = text_of(await t.ask(plain(GM, f"SIGNON M{GAME} {GM_PW}\nLIST {GAME}")))
    assert f"time_of_day = {kept}" in listed and typed not in listed.replace(kept, ""), listed


async def _scenario(t: Table) -> None:
    await _set_time(t, "１８:００", "18:00")          # fullwidth digits (a Japanese input method)
    await _set_time(t, "٢٠:٣٠", "20:30")             # Arabic-Indic digits
    await _set_time(t, "9:05", "09:05")


def test_set_time_keeps_and_tells_plain_digits_whatever_digits_were_typed(tmp_path):
    play(tmp_path, _scenario)
