"""Our board tests/data/maps/shut_sea.map shuts the Frost Sea but in spring ('SHUT FRS', and 'IN SPRING: WATER FRS').
A move there in the fall is refused, and the refusal says why: the sea is closed in that season, and when it is open;
so is a move out of it, and support for a move into it; by mail and in the JSON interface's errors, in the manner of
the other refusals. In spring the same moves are fine."""
from __future__ import annotations

from judge import maps
from judge.api import request
from tests.commands.helpers import MAPS, address, start_map_game

CLOSED = "FRS IS CLOSED IN FALL 1901; IT IS OPEN IN SPRING"


def test_moves_into_and_out_of_the_shut_sea_say_it_is_closed_by_mail(map_desk):
    desk = map_desk
    start_map_game(desk, "ss", "shut_sea")
    assert desk.send(address("NORTH"), "SIGNON Nss pw-north\nF GRY - FRS").accepted      # open in spring
    assert desk.send(address("SOUTH"), "SIGNON Sss pw-south\nF SKE - GRY\nF WHS H").accepted
    assert desk.send("gm@example.org", "SIGNON Mss gm-pw\nPROCESS!").accepted
    game = desk.game("ss")
    assert str(game.position.phase) == "F1901M"
    assert sorted((u.power, str(u)) for u in game.position.units.values()) == [("NORTH", "F FRS"), ("SOUTH", "F GRY"),
                                                                               ("SOUTH", "F WHS")]
    refused = desk.send(address("SOUTH"), "SIGNON Sss pw-south\nF WHS - FRS")
    reply = " ".join(desk.reply_to(address("SOUTH")).split())
    assert not refused.accepted
    assert f"UNIT CANNOT REACH DESTINATION: F WHS - FRS ({CLOSED})" in reply
    # Supporting a move there says the same.
    desk.send(address("SOUTH"), "SIGNON Sss pw-south\nF GRY S F WHS - FRS")
    reply = " ".join(desk.reply_to(address("SOUTH")).split())
    assert f"SUPPORTED UNIT CANNOT REACH DESTINATION: F GRY S F WHS - FRS ({CLOSED})" in reply
    # The fleet caught inside may not leave either, and is told why.
    assert not desk.send(address("NORTH"), "SIGNON Nss pw-north\nF FRS - GRY").accepted
    reply = " ".join(desk.reply_to(address("NORTH")).split())
    assert f"UNIT CANNOT REACH DESTINATION: F FRS - GRY ({CLOSED})" in reply


def test_the_json_interface_gives_the_same_reason(tmp_path):
    (tmp_path / "shut_sea.map").write_bytes((MAPS / "shut_sea.map").read_bytes())
    maps.use_folder(tmp_path)
    try:
        state = {"phase": "F1901M", "units": {"NORTH": ["F GRY"], "SOUTH": ["F WHS"]}, "centers": {}}
        orders = {"NORTH": ["F GRY - FRS"], "SOUTH": ["F WHS - FJD"]}
        out = request({"variant": "shut_sea", "state": state, "orders": orders})
        assert out["errors"] == [{"power": "NORTH", "order": "F GRY - FRS",
                                  "error": f"UNIT CANNOT REACH DESTINATION: F GRY - FRS ({CLOSED})"}]
        spring = request({"variant": "shut_sea", "state": {**state, "phase": "S1902M"}, "orders": orders})
        assert spring["errors"] == [] and spring["state"]["units"]["NORTH"] == ["F FRS"]
        inside = {**state, "units": {"NORTH": ["F FRS"], "SOUTH": ["F WHS"]}}
        out = request({"variant": "shut_sea", "state": inside, "orders": {"NORTH": ["F FRS - GRY"]}})
        assert out["errors"] == [{"power": "NORTH", "order": "F FRS - GRY",
                                  "error": f"UNIT CANNOT REACH DESTINATION: F FRS - GRY ({CLOSED})"}]
        assert out["state"]["units"]["NORTH"] == ["F FRS"]
    finally:
        maps.use_folder(None)
