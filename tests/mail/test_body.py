"""A body's lines as the judge reads them: format=flowed text joined as its writer wrote it (RFC 3676), and a
press's text kept as written."""
import pytest

from judge.mail.body import clean_lines, read_text, unflow
from judge.mail.inbound import read

JUDGE = "judge@localhost"


def flowed(body: str, delsp: str = "") -> bytes:
    params = "; format=flowed" + (f"; delsp={delsp}" if delsp else "")
    return (f"From: p@example.org\r\nTo: {JUDGE}\r\nSubject: orders\r\nMessage-ID: <f1@example.org>\r\n"
            f"Content-Type: text/plain; charset=utf-8{params}\r\n\r\n{body}").encode("utf-8")


def test_flowed_lines_are_joined_as_written():
    body = ("SIGNON Rg1 pw\r\nA WAR - UKR // this is a long remark that goes well past seventy-two \r\n"
            "characters and so it wraps\r\nA MOS H\r\n")
    assert read(flowed(body), None, JUDGE).lines == ["SIGNON Rg1 pw", "A WAR - UKR", "A MOS H"]


def test_delsp_and_space_stuffing_and_the_signature():
    assert unflow("Hello wor \r\nld\r\n From here\r\n-- \r\nme", delsp=True) == "Hello world\nFrom here\n-- \nme"
    assert unflow("a \r\nb") == "a b"
    # A quoted line goes on only in a line of the same depth.
    assert unflow("> quoted \r\n> more\r\nmine") == "> quoted more\nmine"


def test_a_message_not_flowed_keeps_its_lines():
    raw = flowed("A WAR - UKR \r\nA MOS H\r\n").replace(b"; format=flowed", b"")
    assert read(raw, None, JUDGE).lines == ["A WAR - UKR", "A MOS H"]


def test_a_press_is_read_as_written():
    text = ("SIGNON Rg1 pw\nPRESS TO G\nI agree. // really, trust me\n> you said: attack Vienna\n"
            "On reflection, this is what my ambassador wrote:\n    We stand with you.\n__________\n"
            "Sent from my winter palace\nENDPRESS\nA WAR H // a comment\n> quoted\n")
    assert clean_lines(text) == ["SIGNON Rg1 pw", "PRESS TO G", "I agree. // really, trust me",
                                 "> you said: attack Vienna", "On reflection, this is what my ambassador wrote:",
                                 "    We stand with you.", "__________", "Sent from my winter palace", "ENDPRESS",
                                 "A WAR H"]


def test_an_attribution_above_an_unmarked_quote_ends_the_reading():
    """Outlook and some phones quote without '>': after "On ... wrote:" everything is the earlier message."""
    text = "A PAR H\n\nOn Mon, 5 Jan 2026, Judge <judge@localhost> wrote:\n\nSIGNON Fg1 old\nA PAR - PIC"
    assert clean_lines(text) == ["A PAR H"]
    # Quoted with '>', the sender may go on below the quote.
    assert clean_lines("A PAR H\njudge@localhost wrote:\n> x\n\nF BRE H") == ["A PAR H", "", "F BRE H"]
    # Wrapped over two lines by the client, the same.
    assert clean_lines("A PAR H\nOn Mon, 5 Jan 2026 at 12:00, Judge <\njudge@localhost> wrote:\nold") == ["A PAR H"]


def test_clients_lines_end_the_reading():
    for end in ("Sent from Outlook", "Von meinem iPhone gesendet", "-----Mensaje original-----",
                "From: JUDGE\nSent: Monday, January 5, 2026\nTo: France"):
        assert clean_lines(f"A PAR H\n\n{end}\nA PAR - PIC") == ["A PAR H"], end


@pytest.mark.parametrize("mark", ["\ufeff", "\u200b", "\u200c", "\u200d", "\u2060", "\u00ad"])
def test_invisible_characters_are_taken_out_of_commands_and_orders_not_press(mark):
    text = f"{mark}SIGN{mark}ON Fg1 pw\nA {mark}PAR H\nPRESS TO G\nHi{mark}!\n{mark}ENDPRESS\n{mark}-- \nsig"
    assert clean_lines(text) == ["SIGNON Fg1 pw", "A PAR H", "PRESS TO G", f"Hi{mark}!", "ENDPRESS"]


@pytest.mark.parametrize("below, told", [
    ("A PAR - BUR", True), ("F Bre -> Mao", True), ("a mun s a par - bur", True), ("BUILD A PAR", True),
    ("PAR - BUR", True), ("SIGNON Fg1 pw", True), ("signon Fg1 pw", True), ("SET WAIT", True),
    ("> A PAR - BUR", False), ("  A PAR - BUR", False), ("Orders for France:", False), ("Help me out here", False),
    ("A good move, that.", False), ("Subject: Re: SIGNON Fg1", False), ("See you at the deadline.", False),
])
def test_the_reading_stop_is_told_when_commands_may_be_below_it(below, told):
    """Below "On ... wrote:" (no '>' quote follows), only lines a player may have meant as orders are worth a word."""
    lines, stop = read_text(f"SIGNON Fg1 pw\nOn Mon, 5 Jan 2026, Ally <a@example.org> wrote:\n\n{below}\n")
    assert lines == ["SIGNON Fg1 pw"]
    assert (stop is not None) is told, stop
    if told:
        assert stop.line == "On Mon, 5 Jan 2026, Ally <a@example.org> wrote:" and "quoted" in stop.why


def test_a_message_stopped_at_its_first_line_is_told_of_whatever_is_below():
    assert read_text("-----Original Message-----\nSee you at the deadline.")[1].line == "-----Original Message-----"
    assert read_text("Sent from my iPhone\n\n")[1] is None and read_text("A PAR H\n-- \nJohn Smith")[1] is None


def test_orders_below_a_signature_are_told_of():
    """Below "-- " nothing is read; the reply is to say so when a line there looks like an order or a command."""
    lines, stop = read_text("SIGNON Fg1 pw\nA PAR - BUR\n-- \nPierre Dupont\nA MAR - SPA\n")
    assert lines == ["SIGNON Fg1 pw", "A PAR - BUR"] and stop is not None
    assert stop.line == "--" and stop.why == "starts a signature"
    assert read_text("A PAR H\n--\nPierre\nF BRE - MAO")[1].line == "--"              # (without its space too)
    assert read_text("-- \nPierre Dupont\nParis")[1].line == "--"               # (nothing read: told of any text)


@pytest.mark.parametrize("attribution", [
    "пт, 27 нояб. 2026 г. в 19:01, <judge@localhost>:", "2026年11月27日(金) 19:01 Judge <judge@localhost>:",
    "Den fre 27 nov. 2026 kl 19:01 skrev <judge@localhost>:",
    "Op 27 nov. 2026 om 19:01 heeft judge@localhost het volgende geschreven:",
])
def test_an_attribution_above_a_quote_is_not_read_and_the_quote_neither(attribution):
    text = f"SIGNON Fg1 pw\nA PAR - BUR\n\n{attribution}\n\n> A PAR - PIC\n> UNKNOWN PLACENAME\n\nF BRE - MAO\n"
    assert read_text(text) == (["SIGNON Fg1 pw", "A PAR - BUR", "", "", "", "F BRE - MAO"], None)


@pytest.mark.parametrize("line", ["A PAR - BUR 19:01:", "SIGNON Fg1 pw@19:01:", "set deadline 19:01:"])
def test_a_command_ending_in_a_colon_above_a_quote_is_still_read(line):
    """An attribution without a verb is a guess: never one for a line that reads as an order or a command."""
    assert read_text(f"{line}\n> quoted\nA MAR H")[0] == [line, "A MAR H"]


def test_no_order_on_the_standard_map_ends_the_reading_or_is_left_out():
    """Orders in every form players write them, for every pair of provinces by name and abbreviation, in capitals and
    small letters: each one is read (a footer, quote or attribution pattern that took one would drop it)."""
    from judge.maps.catalog import load

    places = [p for province in load("standard").provinces.values() for p in (province.abbr, province.name)]
    orders = [form.format(x=x, y=y) for x in places for y in places[::7]
              for form in ("A {x} - {y}", "F {x} S A {y} - {x}", "{x} -> {y}", "A {x} H", "F {x} C A {y} - {x}")]
    orders += [f"{verb} {unit} {x}" for verb in ("BUILD", "REMOVE", "DISBAND") for unit in ("A", "F") for x in places]
    text = "\n".join(orders + [o.lower() for o in orders]) + "\n"
    lines, stop = read_text(text)
    assert stop is None and lines == orders + [o.lower() for o in orders]


def test_an_earlier_message_quoted_below_a_signature_is_no_sign_of_orders_typed_there():
    """Outlook quotes the earlier message without '>' under the signature: its orders are no news; an order typed
    between the signature and the quote is."""
    quote = "From: France <f@example.org>\nSent: Monday, January 5, 2026 12:00\nTo: judge@localhost\n\nSIGNON Fg1 pw"
    for end in ("-- ", "Sent from Outlook"):
        lines, stop = read_text(f"SIGNON Fg1 pw\nA PAR - BUR\n{end}\nPierre\n\n{quote}\nA PAR - PIC\n")
        assert lines == ["SIGNON Fg1 pw", "A PAR - BUR"] and stop is None, end
        lines, stop = read_text(f"SIGNON Fg1 pw\nA PAR - BUR\n{end}\nPierre\nF BRE - MAO\n\n{quote}\nA PAR - PIC\n")
        assert stop is not None and stop.line == end.strip(), end
    text = "A PAR - BUR\n-- \nPierre\n\nOn Mon, 5 Jan 2026, France <f@example.org> wrote:\n> A PAR - PIC\nF BRE - MAO"
    assert read_text(text)[1] is None


def test_control_characters_are_never_passed_on():
    # (an ESC sequence in press would drive the reader's terminal; a NUL would cut a line short in some readers)
    lines, _ = read_text("A PAR H\x00\x1b[31m\r\n\x0c\nPRESS TO G\nhi \x1b[2J\x07 there\x85!\nENDPRESS\n")
    assert lines == ["A PAR H\ufffd\ufffd[31m", "", "PRESS TO G", "hi \ufffd[2J\ufffd there !", "ENDPRESS"]
    assert not any(0 <= ord(c) < 32 or 127 <= ord(c) < 160 for line in lines for c in line)
    assert read_text("A PAR H\n\tF BRE - MAO\n")[0] == ["A PAR H", "F BRE - MAO"]       # (a tab is kept as before)


@pytest.mark.parametrize("line, lines", [
    # DPjudge's guide's own three examples: the character after the two backslashes stands for a line break
    ("\\\\: signon Emygame mypasswd:list:signoff", ["signon Emygame mypasswd", "list", "signoff"]),
    ("\\\\\\ summary mygame\\history mygame", ["summary mygame", "history mygame"]),
    ("  \\\\; signon Egame passwd;f lon - eng;press to f;This means war!!;endpress",
     ["signon Egame passwd", "f lon - eng", "press to f", "This means war!!", "endpress"]),
])
def test_a_line_of_lines_for_phones_without_a_line_break_is_read_as_those_lines(line, lines):
    assert clean_lines(f"{line}\nSTATUS\n") == lines + ["STATUS"]


@pytest.mark.parametrize("line", ["\\\\x signon Egame pw", "\\\\", "\\\\ 1 list", "A PAR H \\\\; STATUS"])
def test_a_line_with_no_break_character_after_its_two_backslashes_is_left_as_written(line):
    """A letter or digit (or nothing) after the backslashes is no break character: the line stays one line, and
    is refused as the command it is not; two backslashes later in a line mean nothing."""
    assert clean_lines(line) == [line.strip()]
