"""The board picture in the mail: results carry it (house rule map_picture), MAP gives the board as it stands,
PREVIEW gives the master the previewed result; nobody sees orders drawn before the deadline."""
import xml.etree.ElementTree as ET

from judge import maps
from tests.commands.helpers import GAME, GM, PLAYERS, Desk, toy_game, toy_variants
from tests.e2e.conftest import READ  # noqa: F401  (the Desk reads mail with it)


def attachments(mail):
    return [(p.get_filename(), p.get_content_type(), p.get_content()) for p in mail.iter_attachments()]


def text_part(mail):
    return mail.get_body(("plain",)).get_content() if mail.is_multipart() else mail.get_content()


def test_results_carry_a_png_and_the_text_is_what_it_is_alone(started, tmp_path_factory):
    from tests.commands.helpers import desk_with
    plain = desk_with(tmp_path_factory.mktemp("plain"), tmp_path_factory, "started")
    assert plain.master("SET RULE map_picture=none").accepted
    for desk in (started, plain):
        assert desk.signon("FRANCE", "A PAR - BUR").accepted
        desk.new_mail()
        assert desk.master("PROCESS!").accepted
    with_picture = started.delivered("Diplomacy results")
    text_only = plain.delivered("Diplomacy results")
    assert set(with_picture) == set(text_only) == {a for a, _ in PLAYERS.values()} | {GM[0]}
    mail = with_picture["france@example.org"]
    assert mail.get_content_type() == "multipart/mixed" and text_only["france@example.org"].get_content_type() == \
        "text/plain"
    [(name, kind, data)] = attachments(mail)
    assert (name, kind) == (f"{GAME}-S1901M.png", "image/png") and data[:8] == b"\x89PNG\r\n\x1a\n"
    assert text_part(mail) == text_only["france@example.org"].get_content()      # the text, unchanged
    archived = (started.folder(GAME) / "results" / "0001-S1901M.txt").read_text()
    assert archived.split("\n\n", 1)[1] == text_part(mail)                          # after its From/Date/Subject


def test_an_svg_picture_when_the_house_rule_says(started):
    assert started.master("SET RULE map_picture=svg").accepted
    started.new_mail()
    assert started.master("PROCESS!").accepted
    [(name, kind, data)] = attachments(started.delivered("Diplomacy results")[GM[0]])
    assert (name, kind) == (f"{GAME}-S1901M.svg", "image/svg+xml")
    ET.fromstring(data)                                            # well-formed XML


def test_map_gives_the_board_as_it_stands_without_the_orders_given(started):
    assert started.signon("FRANCE", "A PAR - BUR").accepted
    assert started.master("SET RULE map_picture=svg").accepted
    assert started.send("someone@example.org", f"MAP {GAME}").accepted
    [reply] = [m for m in started.new_mail() if m["To"] == "someone@example.org"]
    assert "is attached" in text_part(reply)
    [(name, kind, data)] = attachments(reply)
    assert kind == "image/svg+xml"
    svg = ET.fromstring(data)
    orders = svg.find(".//{http://www.w3.org/2000/svg}g[@id='orders']")
    assert orders is not None and len(list(orders.iter())) == 1       # no order drawn: France's move is unseen
    assert started.signon("FRANCE", "MAP").accepted                   # a player, signed on
    [mine] = [m for m in started.new_mail() if m["To"] == "france@example.org"]
    assert attachments(mine)[0][1] == "image/svg+xml"


def test_map_of_a_private_game_needs_its_password(started):
    assert started.master("SET PRIVATE sesame").accepted
    r = started.send("someone@example.org", f"MAP {GAME}")
    assert r.errors[0][1].startswith(f"GAME {GAME} IS PRIVATE")
    assert started.send("someone@example.org", f"MAP {GAME} sesame").accepted


def test_the_masters_preview_comes_with_the_previewed_picture(started):
    assert started.signon("FRANCE", "A PAR - BUR").accepted
    started.new_mail()
    assert started.master("PREVIEW").accepted
    mails = started.new_mail()
    previews = [m for m in mails if "PREVIEW" in str(m["Subject"])]
    assert [m["To"] for m in previews] == [GM[0]]
    [(name, kind, _)] = attachments(previews[0])
    assert name == f"{GAME}-S1901M-preview.png" and kind == "image/png"
    # Nobody but the master got a picture (or anything) showing France's order before the deadline.
    assert all(not m.is_multipart() for m in mails if m["To"] != GM[0])


def test_position_in_text(started):
    assert started.send("someone@example.org", f"POSITION {GAME}").accepted
    reply = started.reply("someone@example.org")
    assert "France:\n  Units:     F BRE, A MAR, A PAR\n  Centres:   BRE, MAR, PAR (3)" in reply
    assert "Russia:\n  Units:     A MOS, F SEV, F STP/SC, A WAR" in reply
    assert "Unowned centres: BEL, BUL, DEN, GRE, HOL, NWY, POR, RUM, SER, SPA, SWE, TUN" in reply


def test_map_of_a_variant_without_a_drawing_is_refused_alone_and_the_rest_of_the_message_is_done(tmp_path):
    desk = Desk(tmp_path)
    desk.use_variants(toy_variants(tmp_path / "variants"))
    try:
        toy_game(desk, "toy1", "toy")
        asker = "someone@example.org"
        r = desk.send(asker, "MAP toy1\nPOSITION toy1\nLIST toy1")
        reply = [m for m in desk.new_mail() if m["To"] == asker][-1]
        text = text_part(reply)
        assert r.accepted and not list(reply.iter_attachments())
        assert "NOT accepted" not in text and "not read" not in text
        # MAP says why it cannot be done; POSITION and LIST, further down, are answered all the same.
        assert ">> MAP toy1\n   THE MAP OF GAME toy1 (Toy) HAS NO DRAWING" in text
        assert "The board of game 'toy1'" in text and "North:\n  Units:     F NBY" in text
        assert "Game:      toy1" in text
        # Signed on, the orders after it are taken too.
        assert desk.send("north@example.org", "SIGNON Ntoy1 npw\nMAP\nF NBY - NSE").accepted
        assert desk.game("toy1").player("NORTH").orders == ["F NBY - NSE"]
    finally:
        maps.use_folder(None)


def test_the_end_of_the_game_comes_with_the_final_board(started):
    assert started.master("SET RULE map_picture=svg").accepted
    assert started.signon("FRANCE", "A PAR - BUR").accepted
    assert started.master("PROCESS!").accepted                       # France is in Burgundy on the final board
    for power in PLAYERS:
        assert started.signon(power, "VOTE DRAW").accepted
    got = started.delivered("complete", same=False)
    assert set(got) == {a for a, _ in PLAYERS.values()} | {GM[0]}
    for mail in got.values():
        [(name, kind, data)] = attachments(mail)
        assert (name, kind) == (f"{GAME}-final.svg", "image/svg+xml")
        assert "Supply centres at the end:" in text_part(mail)
    svg = ET.fromstring(data)
    words = " ".join(svg.itertext())
    assert GAME in words and "Fall 1901" in words                 # the board as it stands: the phase now
    # a vote ends the game during the phase, before its orders: the mail and the picture say so
    title = " ".join("".join(svg.find(".//{http://www.w3.org/2000/svg}g[@id='title']").itertext()).split())
    assert "The game is over in Fall 1901 Movement" in title and "a draw" in title
    assert " ".join(text_part(mail).split("\n\n", 1)[1].split()).startswith(
        f"Game '{GAME}' has been declared a draw between")


def russia_wins(started) -> None:
    """Victory lowered to 5: Rumania is Russia's fifth centre after Fall 1901 Movement (the position then stands in
    Winter 1901, a phase never played). Pictures in SVG."""
    from tests.commands.helpers import HOLDS
    powers = list(PLAYERS)
    assert started.master("SET RULE map_picture=svg", "SET VICTORY 5").accepted
    for power in powers:
        orders = ["F SEV - RUM", "A MOS H", "A WAR H", "F STP/SC H"] if power == "RUSSIA" else HOLDS[power]
        assert started.signon(power, *orders).accepted
    started.clock.advance(minutes=10)
    started.process(GAME)                                       # S1901M: the fleet reaches Rumania
    started.all_hold(*[p for p in powers if p != "RUSSIA"])
    assert started.signon("RUSSIA", "F RUM H", "A MOS H", "A WAR H", "F STP/SC H").accepted
    started.clock.advance(minutes=10)
    started.new_mail()
    started.process(GAME)                                       # F1901M: Rumania is Russia's fifth centre


def title(svg: bytes) -> str:
    return " ".join("".join(ET.fromstring(svg).find(".//{http://www.w3.org/2000/svg}g[@id='title']").itertext())
                    .split())


def test_the_final_board_after_a_solo_is_titled_with_the_phase_that_ended_the_game(started):
    russia_wins(started)
    mails = started.new_mail()
    got = {m["To"]: m for m in mails if "complete" in str(m["Subject"])}
    [(_, _, data)] = attachments(got[GM[0]])
    # the position's phase is Winter 1901, never played: the picture is the board after the Fall
    assert "The game is over after Fall 1901 Movement" in title(data) and "Russia has won alone" in title(data)
    assert "Winter" not in title(data) and "Spring 1902" not in title(data)
    assert " ".join(text_part(got[GM[0]]).split("\n\n")[1].split()) == \
        f"Game '{GAME}' has been won by Russia alone. The game is over (after F1901M)."
    # The results of the Fall: their picture names no next phase (there is none), it says the game is over.
    [results] = [m for m in mails if m["To"] == GM[0] and str(m["Subject"]) == f"Diplomacy results {GAME} F1901M"]
    [(name, _, data)] = attachments(results)
    assert name == f"{GAME}-F1901M.svg" and "the game is over: Russia has won alone" in title(data), title(data)
    assert "next:" not in title(data) and "Winter" not in title(data)


def test_map_and_position_of_a_finished_game_show_the_final_board(started):
    russia_wins(started)
    assert started.send("someone@example.org", f"MAP {GAME}\nPOSITION {GAME}").accepted
    [reply] = [m for m in started.new_mail() if m["To"] == "someone@example.org"]
    [(name, kind, data)] = attachments(reply)
    assert (name, kind) == (f"{GAME}-final.svg", "image/svg+xml")
    assert "The game is over after Fall 1901 Movement" in title(data) and "Winter" not in title(data)
    text = " ".join(text_part(reply).split())
    assert (f"The final board of game {GAME} is attached ({GAME}-final.svg). The game is over after Fall 1901 "
            "Movement: Russia has won alone.") in text
    # POSITION: the board at the end, no deadline, no builds (the Winter is never played)
    assert (f"The board of game '{GAME}': The game is over after Fall 1901 Movement; deadline none (the game is "
            "over).") in text
    assert "Winter" not in text and "builds" not in text and "Russia: Units:" in text


def test_no_final_board_when_the_house_rule_says_none(started):
    assert started.master("SET RULE map_picture=none").accepted
    for power in PLAYERS:
        assert started.signon(power, "VOTE DRAW").accepted
    for mail in started.delivered("complete", same=False).values():
        assert mail.get_content_type() == "text/plain"
