"""Passwords never echoed: every spelling of a sign-on, and subjects."""
import pytest

from judge.redact import MASK, hide_in_subject, hide_password


@pytest.mark.parametrize("line, shown", [
    ("SIGNON Fdemo secret", "SIGNON Fdemo"), ("SIGNON: Fdemo secret", "SIGNON: Fdemo"),
    ("SIGN ON Fdemo secret", "SIGN ON Fdemo"), ("sign-on Fdemo secret", "sign-on Fdemo"),
    ("SIGNON Fdemo,secret", "SIGNON Fdemo,"), ("SIGNONFdemo secret", "SIGNONFdemo"),
    ("signon Fdemo secret extra words", "signon Fdemo"), ("LOGIN Fdemo secret", "LOGIN Fdemo"),
    ("TAKEOVER Fdemo secret", "TAKEOVER Fdemo"), ("TAKE OVER Fdemo secret", "TAKE OVER Fdemo"),
    ("JOIN demo secret FGE", "JOIN demo"), ("CREATE demo secret", "CREATE demo"),
    ("SET PASSWORD secret", "SET PASSWORD"), ("PASSWORD: secret", "PASSWORD:"), ("pw secret", "pw"),
    ("SET PRIVATE secret", "SET PRIVATE"), ("set private: secret", "set private:"),
])
def test_the_password_is_masked(line, shown):
    out = hide_password(line)
    assert "secret" not in out and out.startswith(shown) and out.endswith(MASK)


@pytest.mark.parametrize("line", ["A PAR - BUR", "SIGNON Fdemo", "HELP", "LIST demo", "F BRE - MAO", "JOINED",
                                  "private under broadcast", "Private talk, please"])   # (press lines: no password)
def test_lines_without_a_password_are_left_alone(line):
    assert hide_password(line) == line


def test_subjects():
    assert "secret" not in hide_in_subject("Re: my orders SIGNON Fdemo secret")
    assert hide_in_subject("Re: my orders SIGNON Fdemo secret").startswith("Re: my orders SIGNON Fdemo")
    assert "hunter2" not in hide_in_subject("my password: hunter2")
    assert hide_in_subject("Spring orders") == "Spring orders"
    # A password word in prose hides what it gives, not the rest of the subject (issue 18).
    assert hide_in_subject("Re: my pw question") == "Re: my pw question"
    assert hide_in_subject("Re: lost my password, help") == "Re: lost my password, help"
    assert hide_in_subject("my pw is hunter2 ok") == f"my pw is {MASK} ok"
    assert hide_in_subject("pw=hunter2") == f"pw={MASK}" and "x1" not in hide_in_subject("SET PASSWORD x1")
