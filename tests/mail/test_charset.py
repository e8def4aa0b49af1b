"""A part's bytes as text: its declared charset when the bytes are that, else UTF-8, else windows-1252."""
import pytest

from judge.mail.charset import decode, html_charset

CAFE = "Café “crème” 5 €"


@pytest.mark.parametrize("label", ["utf-8", "UTF8", "us-ascii", "x-unknown", "", "rot13", "idna"])
def test_windows_text_labelled_otherwise_is_read_as_windows_text(label):
    assert decode(CAFE.encode("cp1252"), label) == CAFE


@pytest.mark.parametrize("label", ["us-ascii", "x-unknown", "windows-1252", "iso-8859-1"])
def test_utf8_text_labelled_otherwise(label):
    # (UTF-8's “ ends in byte 9D, which windows-1252 does not have: the label cannot be right)
    assert decode(CAFE.encode(), label) == CAFE


def test_a_label_that_fits_every_byte_is_believed():
    assert decode("Café".encode("iso-8859-15"), "iso-8859-15") == "Café"
    assert decode("Déjà «vu»".encode("latin-1"), "iso-8859-1") == "Déjà «vu»"


@pytest.mark.parametrize("label", ["iso-8859-1", "ISO-8859-1", "latin1", "windows-1252", "iso-8859-15"])
def test_utf8_labelled_western_is_read_as_utf8(label):
    """A common mislabel: UTF-8 bytes sent as ISO-8859-1 showed as "DÃ©jÃ  vu â€“ no." (valid UTF-8 with characters
    of several bytes is not what Western text looks like)."""
    assert decode("Déjà vu – no.".encode(), label) == "Déjà vu – no."
    assert decode("Ça coûte 5 €, «d’accord»".encode(), label) == "Ça coûte 5 €, «d’accord»"


@pytest.mark.parametrize("text", ["Déjà vu, «non».", "Ã", "Ãx", "Ãtre", "naïve café", "Æsir Ørsted ß"])
def test_real_latin1_text_is_left_alone(text):
    """Latin-1 text that is not valid UTF-8 (nearly all of it) is read as labelled."""
    assert decode(text.encode("latin-1"), "iso-8859-1") == text


def test_a_valid_label_is_believed():
    assert decode("Ça va".encode("iso-8859-15"), "iso-8859-15") == "Ça va"
    assert decode("Москва".encode("koi8-r"), "koi8-r") == "Москва"
    # ISO-8859-1 as browsers read it: Windows' quotes and euro sign where ISO-8859-1 has control characters.
    assert decode(CAFE.encode("cp1252"), "iso-8859-1") == CAFE
    # A broken byte in a multi-byte charset is one replacement, not the whole text read as Western.
    assert decode("東京".encode("shift_jis") + b"\x81", "shift_jis") == "東京\ufffd"


def test_an_html_documents_own_charset():
    assert html_charset(b'<html><head><meta charset="windows-1252"></head>') == "windows-1252"
    assert html_charset(b"<meta http-equiv=Content-Type content='text/html; charset=ISO-8859-1'>") == "ISO-8859-1"
    assert html_charset(b"<html><body>no meta</body></html>") is None
