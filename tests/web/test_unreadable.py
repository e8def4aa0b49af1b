"""Requests aiohttp cannot read, sent over a raw socket to the judge's pages: each is answered 400 with the headers
every page of ours carries, a fixed page of our own that quotes nothing of the request, the connection closed, and
no traceback or request text in the log."""
from __future__ import annotations

import logging
import time

from tests.web.conftest import Served
from tests.web.test_server_log import raw

MARK = b"Zq7xMark"            # in the bad part of each request: it must come back in no answer
UNREADABLE = [
    b"GE" + MARK + b"<T / HTTP/1.1\r\nHost: judge\r\n\r\n",                            # a method with a bad character
    b"GET /" + MARK + b" HTTP/9.9\r\nHost: judge\r\n\r\n",                             # no such HTTP version
    b"POST / HTTP/1.1\r\nHost: judge\r\nTransfer-Encoding: " + MARK + b"\r\n\r\n",      # no such coding
    b"GET / HTTP/1.1\r\nHost: judge\r\nBad " + MARK + b": <script>x</script>\r\n\r\n",  # a space in a header's name
    b"GET / HTTP/1.1\r\nHost: judge\r\nX-Note: " + MARK + b"\x01\r\n\r\n",              # a control character
    b"GET / HTTP/1.1\r\nHost: judge\r\nX-Big: " + MARK * 1200 + b"\r\n\r\n",             # a header over 8 KB
    b"GET /" + MARK * 1200 + b" HTTP/1.1\r\nHost: judge\r\n\r\n",                       # a URL over 8 KB
    b"GET / HTTP/1.1\r\nHost: judge\r\nContent-Length: " + MARK + b"\r\n\r\n",          # a length that is no number
    b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03" + MARK + b"\x00" * 40,               # TLS spoken to the HTTP port
]
HEADERS = ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options", "Cache-Control")


def parsed(answer: bytes) -> tuple[int, dict[str, str], bytes]:
    head, _, body = answer.partition(b"\r\n\r\n")
    status, *lines = head.decode("latin-1").split("\r\n")
    return int(status.split()[1]), {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines)}, body


def test_unreadable_requests_get_our_page_and_headers_and_nothing_of_the_request(tmp_path, caplog):
    caplog.set_level(logging.DEBUG, logger="aiohttp")
    caplog.set_level(logging.DEBUG, logger="judge")
    served = Served(tmp_path)
    try:
        served.start_game("demo")
        ours = served.visitor().get("/no/such/page")           # one of our own error pages, to compare with
        assert ours.status == 404
        caplog.clear()                  # (from here: what the unreadable requests log)
        bodies = set()
        for data in UNREADABLE:
            answer = raw(served.port, data)
            status, headers, body = parsed(answer)
            assert status == 400, (data[:60], answer[:300])
            for name in HEADERS:
                assert headers.get(name.lower()) == ours.headers[name], (data[:60], name, headers)
            assert headers["x-frame-options"] == "DENY" and headers["x-content-type-options"] == "nosniff"
            assert "frame-ancestors 'none'" in headers["content-security-policy"]
            assert headers["content-type"] == "text/html; charset=utf-8"
            assert MARK.lower() not in answer.lower() and b"<script>x" not in answer
            assert b"<h1>400 Bad request</h1>" in body and b"The request could not be read" in body, body
            assert int(headers["content-length"]) == len(body)        # all of it came, and the server closed
            bodies.add(body)
        assert len(bodies) == 1                                        # one fixed page, whatever was sent
        assert served.visitor().get("/games/demo").status == 200      # and the server serves on
    finally:
        served.stop()
    for r in caplog.records:
        text = r.getMessage() + (r.exc_text or "")
        assert not r.exc_info and r.levelno < logging.ERROR and "Traceback" not in text, text
        assert MARK.decode().lower() not in text.lower() and "127.0.0.1:" not in text, text
    told = [r.getMessage() for r in caplog.records if "malformed" in r.getMessage()]
    assert sum(int(line.split()[0]) for line in told) == len(UNREADABLE), told


def _closed_within(sock, seconds: float) -> tuple[bool, bytes]:
    """Whether the server closed the connection within `seconds`, and what it sent before."""
    import socket
    import time
    sock.settimeout(0.5)
    got, end = b"", time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            continue
        except ConnectionResetError:
            return True, got
        if not chunk:
            return True, got
        got += chunk
    return False, got


def test_a_request_that_stops_halfway_is_not_waited_for_without_end(tmp_path, monkeypatch):
    """A client that sends half a request (its headers, or a form's body) and then nothing held the connection, and
    a file descriptor, for an hour (headers: aiohttp's keep-alive time) or for ever (a body): a few thousand such
    clients took every descriptor the judge needs for its games and mail. Now a request must come whole within
    REQUEST_SECONDS, and an idle connection is closed after as long; a form's body that stops is answered 408 and
    nothing is done."""
    import socket

    from judge.web import unreadable
    from tests.e2e.conftest import game_files
    from tests.web.conftest import password
    monkeypatch.setattr(unreadable, "REQUEST_SECONDS", 1.0)
    served = Served(tmp_path)
    opened: list[socket.socket] = []        # (closed whatever happens: a socket left open fails a later test)
    try:
        served.start_game("demo")
        v = served.visitor()
        assert v.signon("demo", "F", password("FRANCE")).status == 303
        page = v.get("/games/demo/orders")
        files = game_files(served.settings.games_dir)
        heads = socket.create_connection(("127.0.0.1", served.port))
        heads.sendall(b"GET /games/demo HTTP/1.1\r\nHost: judge\r\n")
        body = f"csrf={page.field('csrf')}&nonce=slow&lines=A+PAR+-+BUR".encode()
        form = socket.create_connection(("127.0.0.1", served.port))
        form.sendall(b"POST /games/demo/orders HTTP/1.1\r\nHost: judge\r\nCookie: " +
                     "; ".join(f"{k}={c}" for k, c in v.cookies.items()).encode() +
                     b"\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: " +
                     str(len(body) + 100).encode() + b"\r\n\r\n" + body)
        idle = socket.create_connection(("127.0.0.1", served.port))
        opened += [heads, form, idle]
        for sock, what in ((heads, "half the headers"), (form, "a body cut short"), (idle, "nothing at all")):
            closed, got = _closed_within(sock, 8)
            assert closed, f"{what}: the connection is still held"
            sock.close()
            if sock is form:
                status, _, text = parsed(got)
                assert status == 408 and b"nothing was done" in text, got[:300]
        assert v.get("/games/demo").status == 200
        served.settle()
        assert game_files(served.settings.games_dir) == files
    finally:
        for sock in opened:
            sock.close()
        served.stop()


def test_connections_beyond_the_cap_are_answered_busy_and_the_held_ones_still_served(tmp_path, caplog):
    """Web connections were not bounded at all (SMTP has max_connections): visitors holding many could take every file
    descriptor the judge needs for its games and mail. Beyond [web] max_connections one more is answered 503 with
    our page and headers and closed at once, said in the log once; when one closes, the next is served."""
    import socket
    caplog.set_level(logging.WARNING, logger="judge")
    served = Served(tmp_path, web_max_connections=3)
    held = []
    try:
        served.start_game("demo")
        ours = served.visitor().get("/no/such/page")
        held = [socket.create_connection(("127.0.0.1", served.port)) for _ in range(3)]
        for sock in held:                               # (each is open on the server's side before the next counts)
            sock.sendall(b"GET /games/demo HTTP/1.1\r\nHost: judge\r\n\r\n")
            sock.settimeout(10)
            assert _answer(sock).startswith(b"HTTP/1.1 200")
        for _ in range(2):
            with socket.create_connection(("127.0.0.1", served.port)) as extra:
                closed, got = _closed_within(extra, 8)
            assert closed, "a connection beyond the cap is held"
            status, headers, body = parsed(got)
            assert status == 503 and headers["retry-after"] == "60" and headers["connection"] == "close", got[:400]
            for name in HEADERS:
                assert headers.get(name.lower()) == ours.headers[name], name
            assert b"please try again in a minute" in body and int(headers["content-length"]) == len(body)
        assert sum("max_connections" in r.getMessage() for r in caplog.records) == 1      # said once
        # One held connection still answers; one closed makes room for the next visitor.
        held[0].sendall(b"GET / HTTP/1.1\r\nHost: judge\r\n\r\n")
        assert _answer(held[0]).startswith(b"HTTP/1.1 200")
        held.pop().close()
        end = time.monotonic() + 10
        while time.monotonic() < end:
            try:
                if served.visitor().get("/games/demo").status == 200:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        assert served.visitor().get("/games/demo").status == 200
    finally:
        for sock in held:
            sock.close()
        served.stop()


def _answer(sock) -> bytes:
    """One whole answer on a kept-alive connection: its head, then as many bytes of body as its Content-Length says
    (one recv may hold only part of it, and the rest would be read as the next answer)."""
    got = b""
    while b"\r\n\r\n" not in got:
        chunk = sock.recv(65536)
        assert chunk, got
        got += chunk
    head, _, body = got.partition(b"\r\n\r\n")
    length = int(parsed(head + b"\r\n\r\n")[1]["content-length"])
    while len(body) < length:
        chunk = sock.recv(65536)
        assert chunk, (head, body)
        body += chunk
    return head + b"\r\n\r\n" + body
