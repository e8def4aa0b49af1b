"""The retreat phase."""
from judge.adjudicator.retreats import resolve_retreats
from judge.orders import Disband, Retreat
from tests.conftest import position


def test_retreats_and_defaults(m):
    # (France took Munich from Burgundy, England Kiel from Heligoland, Austria Warsaw from Galicia)
    pos = position(m, {"FRANCE": ["A PAR", "A MUN"], "ENGLAND": ["F KIE"], "AUSTRIA": ["A WAR"]}, "F1901R",
                   dislodged={"GERMANY": {"A MUN": ["BOH", "SIL"], "A KIE": ["DEN"]}, "RUSSIA": {"A WAR": ["SIL"]}})
    mun, kie, war = (pos.dislodged[p].unit for p in ("MUN", "KIE", "WAR"))
    results, units = resolve_retreats(pos, {"MUN": Retreat(mun, "SIL"), "WAR": Retreat(war, "SIL"),
                                            "KIE": Retreat(kie, "DEN")})
    marks = {str(r.order): r.marks for r in results}
    assert marks == {"A MUN R SIL": ("bounce", "destroyed"), "A WAR R SIL": ("bounce", "destroyed"),
                     "A KIE R DEN": ()}
    assert set(units) == {"PAR", "MUN", "KIE", "WAR", "DEN"}


def test_unordered_units_disband(m):
    pos = position(m, {"RUSSIA": ["F ANK"]}, "S1901R", dislodged={"TURKEY": {"F ANK": ["ARM"]}})   # (from BLA)
    results, units = resolve_retreats(pos, {})
    assert [(r.order, r.marks) for r in results] == [(Disband(pos.dislodged["ANK"].unit), ())]
    assert units == {"ANK": pos.units["ANK"]}       # (the Russian fleet that took it stays)
