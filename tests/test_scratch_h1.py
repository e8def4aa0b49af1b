import email, email.policy
from tests.test_pipe import deliver, delivered, game_for

def send(tmp_path, raw):
    p = deliver(tmp_path / "config.ini", raw)
    print("RC", p.returncode, p.stderr.decode()[-2000:])
    for m in delivered(tmp_path)[-1:]:
        r = email.message_from_string(m, policy=email.policy.default)
        print(r.get_content())

H = "From: France <f@example.org>\r\nTo: judge@localhost\r\nSubject: orders\r\nMessage-ID: <{n}@example.org>\r\nMIME-Version: 1.0\r\n"

def test_all(tmp_path):
    game_for(tmp_path)
    html = ("<html><head><style>.x{display:none}</style></head><body><div>SIGNON Fpiped pw-F</div>"
            "<div class=\"x\">A Par - Bur</div><div>F Bre - Mao</div></body></html>")
    send(tmp_path, (H.format(n=1) + "Content-Type: text/html; charset=utf-8\r\n\r\n" + html).encode())
    pgp = "-----BEGIN PGP MESSAGE-----\r\n\r\nhQEMA1234567890ABCDEFGHIJ\r\n=abcd\r\n-----END PGP MESSAGE-----\r\n"
    send(tmp_path, (H.format(n=2) + "Content-Type: text/plain\r\n\r\n" + pgp).encode())
    mime = ('Content-Type: multipart/encrypted; protocol="application/pgp-encrypted"; boundary="B"\r\n\r\n'
            "--B\r\nContent-Type: application/pgp-encrypted\r\n\r\nVersion: 1\r\n--B\r\n"
            "Content-Type: application/octet-stream; name=\"encrypted.asc\"\r\n\r\n" + pgp + "--B--\r\n")
    send(tmp_path, (H.format(n=3) + mime).encode())
    body = ("SIGNON Fpiped pw-F\r\nF Bre - Mao\r\n\r\nOn Tue, 24 Nov 2026 at 10:00, Alice Example <alice@example.org>\r\n"
            "wrote:\r\n\r\nA Par - Bur\r\n")
    send(tmp_path, (H.format(n=4) + "Content-Type: text/plain\r\n\r\n" + body).encode())
    body = "SIGNON Fpiped pw-F\r\n* 1. A Par - Bur\r\n"
    send(tmp_path, (H.format(n=5) + "Content-Type: text/plain\r\n\r\n" + body).encode())
