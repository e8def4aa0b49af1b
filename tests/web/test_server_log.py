"""Malformed requests over a real socket (a URL over 8 KB, a NUL in it, a bad header character, a body that cannot be
decoded): each is answered 400, and the log gets at most one line a minute counting them, with neither the
client's address nor a traceback (the README: no visitor's address is written)."""
from __future__ import annotations

import logging
import socket

from tests.web.conftest import Served

FORM = (b"POST /games/demo/signon HTTP/1.1\r\nHost: judge\r\nContent-Type: application/x-www-form-urlencoded\r\n"
        b"Content-Encoding: gzip\r\nContent-Length: 5\r\n\r\nabcde")
MALFORMED = [b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: judge\r\n\r\n",
             b"GET /games/a\x00b HTTP/1.1\r\nHost: judge\r\n\r\n",
             b"GET / HTTP/1.1\r\nHost: judge\r\nX-Note: a\x01b\r\n\r\n",
             FORM]
# Form bodies not in their charset: bytes that are not UTF-8, a charset nobody knows (a 500 and a traceback before).
FORMS = [b"POST /games/demo/" + page + b" HTTP/1.1\r\nHost: judge\r\nContent-Type: application/x-www-form-urlencoded"
         + charset + b"\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body
         for page in (b"signon", b"orders", b"signoff")
         for charset, body in ((b"", b"power=\xff&csrf=x"), (b"; charset=bogus-cs", b"power=F&csrf=x"))]
MALFORMED += FORMS
# Multipart bodies aiohttp cannot take apart (each a 500 and a traceback before): no boundary, a boundary the body
# never gives, a part without a name, a truncated part, a nested multipart, an unknown transfer encoding.
PARTS = [(b"", b"a=b"), (b"; boundary=zz", b"a=b"),
         (b"; boundary=zz", b"--zz\r\nContent-Disposition: form-data\r\n\r\nx\r\n--zz--\r\n"),
         (b"; boundary=zz", b"--zz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx"),
         (b"; boundary=zz", b"--zz\r\nContent-Disposition: form-data; name=\"a\"\r\nContent-Type: multipart/mixed; "
                            b"boundary=yy\r\n\r\n--yy\r\n\r\nq\r\n--yy--\r\n--zz--\r\n"),
         (b"; boundary=zz", b"--zz\r\nContent-Disposition: form-data; name=\"a\"\r\nContent-Transfer-Encoding: weird"
                            b"\r\n\r\nx\r\n--zz--\r\n")]
MALFORMED += [b"POST /games/demo/" + page + b" HTTP/1.1\r\nHost: judge\r\nContent-Type: multipart/form-data" + params
              + b"\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body
              for page in (b"signon", b"orders", b"signoff") for params, body in PARTS]


def raw(port: int, data: bytes) -> bytes:
    """What the server answers `data` sent as is, up to its close (or a few seconds)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as c:
        c.sendall(data)
        out = b""
        try:
            while chunk := c.recv(65536):
                out += chunk
                if b"\r\n\r\n" in out and out.startswith(b"HTTP/1.1 4"):
                    break                          # (our own 400 keeps the connection open)
        except socket.timeout:
            pass
    return out


def test_malformed_requests_are_answered_400_and_counted_without_an_address(tmp_path, caplog):
    caplog.set_level(logging.DEBUG, logger="aiohttp")
    caplog.set_level(logging.DEBUG, logger="judge.web")
    served = Served(tmp_path)
    try:
        served.start_game("demo")
        caplog.clear()
        for data in MALFORMED * 3:
            answer = raw(served.port, data)
            assert answer.split(b"\r\n", 1)[0].split()[1] == b"400", (data[:40], answer[:200])
        told = [r for r in caplog.records if "malformed" in r.getMessage()]
        assert [r.getMessage().split()[0] for r in told] == ["1"]           # the first at once, the rest later
        assert served.visitor().get("/games/demo").status == 200            # the server serves on
    finally:
        served.stop()
    web = [r for r in caplog.records if r.name.startswith(("aiohttp", "judge.web"))]
    for r in web:
        assert "127.0.0.1" not in r.getMessage() and not r.exc_info and r.levelno < logging.ERROR, r.getMessage()
    told = [r.getMessage() for r in web if "malformed" in r.getMessage()]
    assert [line.split()[0] for line in told] == ["1", str(len(MALFORMED) * 3 - 1)], told      # the rest at the stop


def test_at_most_one_line_a_minute_each_with_the_count_since_the_last(caplog):
    """(The minute made a tenth of a second.) A burst: its first at once, the rest in one line when the minute is
    over; nothing more while none come; the next burst starts again."""
    import asyncio

    from judge.web.server_log import ServerLog

    async def bursts():
        log = ServerLog(logging.getLogger("test.server"), every=0.1)
        for _ in range(5):
            log.malformed()
        await asyncio.sleep(0.3)
        for _ in range(2):
            log.malformed()
        await asyncio.sleep(0.3)

    caplog.set_level(logging.DEBUG, logger="test.server")
    asyncio.run(bursts())
    assert [r.getMessage().split()[0] for r in caplog.records if r.name == "test.server"] == ["1", "4", "1", "1"]
