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


# -- encrypted mail: known, so that its sender hears why nothing was read ---------------------------------------------
def test_encrypted_armour_counts_only_where_it_is_read():
    from judge.mail.pgp import encrypted_text
    armour = "-----BEGIN PGP MESSAGE-----"
    text = f"SIGNON Fg1 pw\n{armour}\n\nhQEMA\n-----END PGP MESSAGE-----\n"
    assert encrypted_text(text, read_text(text)[0])
    quoted = f"A Par - Bur\nOn Mon, Ally wrote:\n> {armour}\n> hQEMA\n"
    signed_below = f"A Par - Bur\n-- \n{armour}\n"
    for text in (quoted, signed_below, "A Par - Bur\nthe line -----BEGIN PGP MESSAGE----- in a sentence\n"):
        assert not encrypted_text(text, read_text(text)[0]), text


def test_pgp_mime_and_smime_encryption_are_known_where_a_client_puts_them():
    import email
    import email.policy

    from judge.mail.pgp import encrypted_mime

    def parsed(raw: str):
        return email.message_from_string(raw, policy=email.policy.default)
    sealed = ('Content-Type: multipart/encrypted; protocol="application/pgp-encrypted"; boundary="s"\n\n'
              "--s\nContent-Type: application/pgp-encrypted\n\nVersion: 1\n--s\n"
              "Content-Type: application/octet-stream\n\n-----BEGIN PGP MESSAGE-----\n--s--\n")
    assert encrypted_mime(parsed(sealed))
    # (a client that wraps it, as for protected headers: still this message's own text)
    assert encrypted_mime(parsed('Content-Type: multipart/mixed; boundary="w"\n\n--w\n' + sealed + "--w--\n"))
    assert encrypted_mime(parsed("Content-Type: application/pkcs7-mime; smime-type=enveloped-data\n\nMIAG\n"))
    # S/MIME signed only (opaque signing is no encryption), and an encrypted message forwarded whole, are not
    assert not encrypted_mime(parsed("Content-Type: application/pkcs7-mime; smime-type=signed-data\n\nMIAG\n"))
    forwarded = ('Content-Type: multipart/mixed; boundary="w"\n\n--w\nContent-Type: text/plain\n\nA Par - Bur\n'
                 "--w\nContent-Type: message/rfc822\n\n" + sealed + "--w--\n")
    assert not encrypted_mime(parsed(forwarded))
    assert not encrypted_mime(parsed("Content-Type: text/plain\n\nA Par - Bur\n"))
