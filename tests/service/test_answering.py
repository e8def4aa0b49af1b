"""Every message is answered, once, where the sender asked; robots and the sender-less never."""
import pytest

from tests.commands.helpers import GAME, compose
from tests.service.helpers import replies_to, snapshot_of_disk


def test_accepted_and_refused_messages_get_one_reply_each(started):
    started.new_mail()
    assert started.signon("FRANCE", "A PAR - BUR").accepted
    assert len(replies_to(started, "france@example.org")) == 1
    assert not started.signon("FRANCE", "A PAR - XYZ").accepted
    assert len(replies_to(started, "france@example.org")) == 1


def test_reply_headers(started):
    raw = compose("france@example.org", f"SIGNON F{GAME} fra-pw", subject="Re: g1 - results")
    started.deliver(raw)
    [reply] = replies_to(started, "france@example.org")
    assert reply["Subject"] == "Re: g1 - results"
    assert reply["In-Reply-To"] == reply["References"] and reply["In-Reply-To"].endswith("@example.org>")
    assert reply["X-Loop"] == "judge@localhost" and reply["Auto-Submitted"] == "auto-replied"
    started.deliver(compose("france@example.org", f"SIGNON F{GAME} fra-pw", subject=""))
    assert replies_to(started, "france@example.org")[0]["Subject"] == "Re: your message"



@pytest.mark.parametrize("picture", [False, True])
def test_a_reply_to_a_message_without_a_message_id_is_marked_auto_replied_too(started, picture):
    # RFC 3834: any reply is auto-replied; one to a message that named no Message-ID said auto-generated. (With a
    # picture attached, the multipart reply is written by its own path.)
    lines = f"SIGNON F{GAME} fra-pw\n" + ("MAP\n" if picture else "")
    raw = compose("france@example.org", lines).replace(b"Message-ID:", b"X-Not-An-Id:")
    started.new_mail()
    started.deliver(raw)
    [reply] = replies_to(started, "france@example.org")
    assert reply["In-Reply-To"] is None and reply["Auto-Submitted"] == "auto-replied"
    assert reply.is_multipart() is picture


def test_a_subject_is_not_read_and_says_so(started):
    """Commands in a Subject are never carried out: the reply says so (issue 18); a password in it stays hidden, and
    a password word in prose hides nothing else."""
    started.deliver(compose("france@example.org", "", subject="SIGNON Fg1 fra-pw"))
    [reply] = replies_to(started, "france@example.org")
    text = " ".join(reply.get_content().split())
    assert '(Your subject, "SIGNON Fg1 ********", was not read: the judge reads commands only in the body of a ' \
           'message.)' in text and "EMPTY MESSAGE" in text and "fra-pw" not in str(reply)
    started.deliver(compose("france@example.org", f"SIGNON F{GAME} fra-pw", subject="Re: LIST"))
    [reply] = replies_to(started, "france@example.org")
    assert '(Your subject, "LIST", was not read' in reply.get_content()
    started.deliver(compose("france@example.org", f"SIGNON F{GAME} fra-pw", subject="Re: my pw question"))
    [reply] = replies_to(started, "france@example.org")
    assert reply["Subject"] == "Re: my pw question" and "was not read" not in reply.get_content()
    started.deliver(compose("france@example.org", f"SIGNON F{GAME} fra-pw", subject="orders"))
    assert "was not read" not in replies_to(started, "france@example.org")[0].get_content()


def test_a_refused_reply_says_first_that_nothing_was_done_and_its_subject_note_last(started):
    # README: a refused message's reply "says at its top that nothing was done"; a subject starting with a command
    # put its note above that line, and the refusal read as the second thing said.
    started.deliver(compose("france@example.org", f"SIGNON F{GAME} fra-pw\nA PAR - XYZ\nA MAR H", subject="Create"))
    [reply] = replies_to(started, "france@example.org")
    text = reply.get_content()
    assert text.startswith("Your message was NOT accepted: nothing in it has been changed.\n>> A PAR - XYZ\n"), text
    assert text.index("XYZ") < text.index('(Your subject, "Create", was not read') < text.index("End of judge")
    started.deliver(compose("france@example.org", f"SIGNON F{GAME} fra-pw\nA PAR - BUR", subject="Create"))
    [reply] = replies_to(started, "france@example.org")                  # (accepted: the note after what was done)
    text = reply.get_content()
    assert text.index("A PAR - BUR") < text.index('(Your subject, "Create", was not read')


def test_the_reply_goes_to_reply_to(started):
    raw = (b"From: France <france@example.org>\r\nReply-To: home@example.org\r\nSubject: x\r\n\r\nHELP\r\n")
    assert started.deliver(raw).replied
    assert replies_to(started, "home@example.org")


@pytest.mark.parametrize("body", ["", "\n\n", "> SIGNON Fg1 fra-pw\n> A PAR - BUR\n", "// nothing but a comment"])
def test_an_empty_message_is_answered(started, body):
    r = started.send("france@example.org", body)
    assert r.replied and not r.accepted
    assert "EMPTY MESSAGE: NOTHING TO DO (SEND HELP FOR THE COMMANDS)" in started.reply("FRANCE")


def test_commands_below_a_signature_alone_are_said_to_be_unread(started):
    """Not "EMPTY MESSAGE": the commands were typed under the signature line, and the reply says so."""
    r = started.send("france@example.org", "-- \nSIGNON Fg1 fra-pw\n")
    assert r.replied and not r.accepted
    reply = " ".join(started.reply("FRANCE").split())
    assert 'NOTHING WAS READ: THE READING STOPPED AT THE FIRST LINE, "--", WHICH STARTS A SIGNATURE' in reply, reply
    assert "EMPTY MESSAGE" not in reply, reply


def test_orders_in_an_attachment_are_said_to_be_unread(started):
    """Not "EMPTY MESSAGE": the player put the orders in a file; the reply says where they must go."""
    from email.message import EmailMessage
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "france@example.org", "judge@localhost", "orders"
    msg.set_content("")
    msg.add_attachment("SIGNON Fg1 fra-pw\nA PAR - BUR\n", filename="orders.txt")
    r = started.deliver(msg.as_bytes())
    assert r.replied and not r.accepted
    assert "ATTACHMENTS ARE NOT READ: PUT YOUR COMMANDS IN THE TEXT OF THE MAIL" in started.reply("FRANCE")


@pytest.mark.parametrize("headers, envelope", [
    ("From: italy@example.org\r\n", ""),
    ("From: italy@example.org\r\nAuto-Submitted: auto-replied\r\n", None),
    ("From: italy@example.org\r\nPrecedence: bulk\r\n", None),
    ("From: italy@example.org\r\nPrecedence: list\r\n", None),
    ("From: italy@example.org\r\nX-Loop: judge@localhost\r\n", None),
    ("From: MAILER-DAEMON@example.org\r\n", None),
])
def test_robots_get_no_answer_and_change_nothing(started, headers, envelope):
    before = snapshot_of_disk(started)
    raw = (headers + f"Subject: x\r\n\r\nSIGNON I{GAME} ita-pw\r\nRESIGN\r\n").encode()
    r = started.judge.deliver(raw, envelope)
    assert not r.replied and not r.accepted and r.note.startswith("no reply: ")
    assert started.new_mail() == [] and snapshot_of_disk(started) == before


def test_a_message_without_a_sender_is_not_answered(started):
    r = started.deliver(b"Subject: who am I\r\n\r\nHELP\r\n")
    assert not r.replied and r.note == "MESSAGE HAS NO SENDER ADDRESS" and started.new_mail() == []
