"""An inline PGP clear-signed message (as Thunderbird, Mutt or gpg --clearsign write it) read as the text signed."""
from judge.mail.body import read_text
from judge.mail.pgp import unsigned

SIGNATURE = ["-----BEGIN PGP SIGNATURE-----", "", "iQEzBAEBCAAdFiEEexampleexampleexampleexampleexampleFAmdnZXR",
             "AAoJEExampleExampleExampleExampleExampleExampleExampleExample", "=Wx3y", "-----END PGP SIGNATURE-----"]


def signed(*text: str, hash_lines: tuple[str, ...] = ("Hash: SHA256",)) -> list[str]:
    return ["-----BEGIN PGP SIGNED MESSAGE-----", *hash_lines, "", *text, *SIGNATURE]


def test_the_armour_and_signature_are_taken_out_and_dashes_unescaped():
    lines = signed("SIGNON Fg1 pw", "A Par - Bur", "- --- a line of dashes", "- -- ", "Pierre")
    assert unsigned(lines) == ["SIGNON Fg1 pw", "A Par - Bur", "--- a line of dashes", "-- ", "Pierre"]


def test_text_around_the_signed_part_is_kept_and_a_message_without_one_is_as_it_is():
    lines = ["Hello", *signed("A Par - Bur"), "list footer"]
    assert unsigned(lines) == ["Hello", "A Par - Bur", "list footer"]
    assert unsigned(["A Par - Bur", "- F Bre - Mao"]) == ["A Par - Bur", "- F Bre - Mao"]


def test_a_part_cut_short_or_without_its_empty_line_is_still_its_text():
    assert unsigned(["-----BEGIN PGP SIGNED MESSAGE-----", "Hash: SHA512", "", "A Par - Bur"]) == ["A Par - Bur"]
    assert unsigned(["-----BEGIN PGP SIGNED MESSAGE-----", "Hash: SHA1", "A Par - Bur", *SIGNATURE]) == \
        ["A Par - Bur"]


def test_a_signed_message_is_read_as_any_other():
    """Its orders read, its signature separator (dash-escaped) a signature, a quote inside it not read."""
    text = "\r\n".join(signed("SIGNON Fg1 pw", "A Par - Bur", "", "On Mon, Judge <judge@localhost> wrote:",
                              "> A Par - Pic", "", "F Bre - Mao", "- -- ", "Pierre", "A Mar - Spa")) + "\r\n"
    lines, stop = read_text(text)
    assert lines == ["SIGNON Fg1 pw", "A Par - Bur", "", "", "F Bre - Mao"]
    assert stop is not None and stop.line == "--" and "signature" in stop.why       # (A Mar - Spa was not read)
