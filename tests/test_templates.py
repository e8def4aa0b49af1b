"""Every mail template renders under StrictUndefined with the context its caller gives, and needs all of it."""
import jinja2
import pytest

from judge.templating import TEMPLATES, environment, render

PHASE = {"season": "Spring", "year": 1901, "when": "Spring of 1901", "long": "Spring 1901 Movement", "kind": "Movement",
         "code": "S1901M", "mapper": "S1901M"}
NEXT = {"season": "Fall", "year": 1901, "when": "Fall of 1901", "long": "Fall 1901 Movement", "kind": "Movement",
        "named": "Movement", "code": "F1901M", "mapper": "F1901M"}
HEAD = {"judge": "USIN", "game": "g1", "deadline": "Thu 8 Jan 2026 12:00 UTC"}

# For each template: a context in which every branch that shows something is taken, and a line it must produce.
CASES = {
    "notice/keeper.txt": ({"judge": "USIN", "title": "game g1 is unavailable", "lines": ["why", "what next"]},
                          "attention: game g1 is unavailable.\n\nwhy\nwhat next\n"),
    "reply/failed.txt": ({"subject": "Re: orders"}, "Nothing in it has been done."),
    "notice/event.txt": ({"game": "g1", "title": "rollback", "lines": ["one", "two"]}, "one\ntwo\n"),
    "notice/crosscheck.txt": ({"game": "g1", "phase": "Spring 1901 Movement",
                               "differences": ["A PAR - BUR: port [], equations ['bounce']"]},
                              "(rule engine=both). On Spring 1901 Movement they disagree."),
    "notice/late.txt": ({**HEAD, "phase": PHASE, "late": ["Italy", "Turkey"], "grace": "Fri 9 Jan 2026 12:00 UTC",
                         "remedy": "game master decides", "own": True},
                        "Late Powers:      Italy, Turkey"),
    "notice/cd.txt": ({"judge": "USIN", "game": "g1", "phase": PHASE, "powers": ["Italy"], "defaults": "units hold"},
                      "Power in CD:      Italy"),
    "notice/press.txt": ({"game": "g1", "sender": "France", "phase": "S1901M", "body": ["Hello", "there"],
                          "broadcast": False, "recipients": "Germany, Italy", "official": ""},
                         "Message from France in game 'g1' (S1901M) to Germany, Italy:\n\nHello\nthere\n"),
    "notice/preview.txt": ({"game": "g1", "phase_code": "S1901M", "waiting": ["Late: Italy."], "next": "NEXT",
                            "body": "RESULTS BODY"},
                           "Late: Italy.\nIn this preview their units take default orders.\n\nNEXT\n"),
    "notice/reminder.txt": ({**HEAD, "phase": PHASE, "power": "France", "variant": "fleet_rome"},
                            "The deadline for 'g1' is approaching and orders for France have not yet been\nsubmitted."),
    "notice/start.txt": ({**HEAD, "phase": PHASE, "powers": [{"power": "France", "status": "active"}],
                          "variant": "chaos", "title": "Chaos", "long_deadline": "Thursday 8 January 2026 12:00 UTC",
                          "units": [["France: Army Paris."]], "ownership": ["France:     Paris."]},
                         "Starting position for Spring of 1901.  (g1.S1901M)\n\nFrance: Army Paris.\n\n"
                         "Ownership of supply centers:\n\nFrance:     Paris.\n"),
    "notice/orders.txt": ({"judge": "USIN", "game": "g1", "variant": "standard", "phase": "S1901M",
                           "why": "A copy for the master.", "heading": "Orders for France (Spring 1901 Movement):",
                           "lines": ["A PAR H"]},
                          ":: Judge: USIN  Game: g1  Variant: standard\n\nA copy for the master.\n\n"
                          "Orders for France (Spring 1901 Movement):\n  A PAR H\n"),
    "notice/assignment.txt": ({"game": "g1", "phase": PHASE, "you": "France", "letter": "F", "title": "Chaos",
                               "long_deadline": "Thursday 8 January 2026 12:00 UTC", "units": ["A PAR", "F BRE"]},
                              "Sign on with: SIGNON Fg1 <your password>"),
    "reply/help.txt": ({"judge": "USIN", "address": "judge@x.org",
                        "commands": [{"syntax": ["LIST"], "help": ["Lists."]}],
                        "variants": [{"name": "chaos", "title": "Chaos", "powers": 34, "centres": 34, "victory": 18,
                                      "about": "34 powers, one for each centre."}]},
                       "  LIST\n      Lists.\n\nVariants"),
    "reply/history.txt": ({"judge": "USIN", "game": "g1", "variant": "standard", "phase": "S1901M",
                           "deadline": "D", "entries": ["From j@x Mon Jan  5 12:00:00 2026\nSubject: S\n\nTEXT"]},
                          ":: Deadline: S1901M D\n\n"),
    "reply/list.txt": ({"judge": "USIN", "running": [], "finished": [], "game": {
        "name": "g1", "status": "active", "phase": "Spring 1901 Movement", "deadline": "D", "master": "gm@x.org",
        "result": "", "victory": 18, "votes": ["France: DRAW"], "absences": ["France: A to B"], "variant": "standard (Standard)",
        "players": [{"power": "France", "status": "active", "orders": True, "disorder": None, "wait": True, "late": 2,
                     "extensions": "1 of 2 extensions used"}],
        "observers": 2, "monitors": 1, "rules": ["press = white"], "timing": ["grace_hours = 24"], "seats": "",
        "about": "", "url": ""}},
        "  France   active, orders in, waiting, late 2 times, 1 of 2 extensions used"),
    "reply/position.txt": ({"game": "g1", "phase": "Spring 1901 Retreat", "deadline": "D", "unowned": ["BEL"],
                            "powers": [{"power": "France", "owed": "builds 1", "units": ["A PAR"],
                                        "dislodged": ["A BUR (may retreat to GAS)"], "centers": ["BRE", "PAR"]}]},
                           "France (builds 1):\n  Units:     A PAR\n  Dislodged: A BUR (may retreat to GAS)\n"
                           "  Centres:   BRE, PAR (2)"),
    "reply/archive.txt": ({"game": "g1", "entries": [{"phase": "S1901M", "shown_from": "France",
                                                       "shown_to": "Germany", "body": ["Hi"]}]},
                          "-- S1901M: from France to Germany\nHi\n"),
    "notice/end.txt": ({"game": "g1", "judge": "USIN", "unstarted": False,
                        "variant": "standard", "outcome": "declared a draw between France and Germany",
                        "url": "https://judge.example/games/g1",
                        "phase": "F1905M", "counts": [{"power": "France", "centers": 17, "units": 17}],
                        "players": [{"power": "France", "address": "f@x.org", "from": "the start", "to": "the end"}]},
                       # (no ':: Deadline:' line: a finished game has none)
                       ":: Judge: USIN  Game: g1  Variant: standard\n:: URL: https://judge.example/games/g1\n\n"
                       "Game 'g1' has been declared a draw between France and Germany. The game is\n"
                       "over (after F1905M)."),
    "reply/reply.txt": ({"subject": "Re: orders", "lines": ["Signed on."], "rejected": True,
                         "errors": [{"line": "A PAR - XYZ", "error": "UNKNOWN PLACENAME: XYZ"}],
                         "unread": ["SET WAIT"]},
                        ">> A PAR - XYZ\n   UNKNOWN PLACENAME: XYZ"),
    "reply/status.txt": ({"game": "g1", "who": "FRANCE", "phase": "Spring 1901 Movement", "deadline": "D",
                          "powers": [{"power": "France", "status": "active", "wait": True, "owed": "builds 1",
                                      "lines": ["A PAR H"], "submitted": True}]},
                         "France (active, WAIT, builds 1):\n  A PAR H\n"),
    "reply/summary.txt": ({"game": "g1", "heads": ["Aus", "Eng"], "status": "completed",
                           "rows": [{"year": "1901", "counts": [3, 4]}], "result": "England has won alone",
                           "players": [{"power": "England", "address": "e@x.org", "from": "S1901M", "to": "the end"}]},
                          "1901     3   4"),
    "results/phase.txt": ({**HEAD, "processed_deadline": "Mon 5 Jan 2026 12:00 UTC", "winner": "", "phase": PHASE,
                           "variant": "standard", "url": "", "no_picture": "",
                           "next": NEXT, "blocks": [["France: Army Paris -> Burgundy.  (*bounce*)"],
                                                    ["Italy: Army Venice HOLD.  (*dislodged*)"]],
                           "disorder": ["Italy"],
                           "dislodged": ["The Italian army in Venice can retreat to Tuscany or Rome."],
                           "vassals": [], "ownership": ["France:     Paris."], "sizes": ["France:      1 Supply center,  3 Units:"],
                           "unused": [{"power": "Italy", "order": "A VEN - XYZ", "error": "UNKNOWN PLACENAME"}]},
                          "France: Army Paris -> Burgundy.  (*bounce*)\n\nItaly: Army Venice HOLD."),
}
PARTIALS = {"_macros.txt", "results/_tail.txt"}


def shipped() -> set[str]:
    return {p.relative_to(TEMPLATES).as_posix() for p in TEMPLATES.rglob("*.txt")}


def test_every_template_has_a_case():
    assert shipped() - PARTIALS == set(CASES)


def test_the_environment_is_strict():
    assert environment().undefined is jinja2.StrictUndefined


@pytest.mark.parametrize("name", sorted(CASES))
def test_renders_with_a_subject(name):
    ctx, expected = CASES[name]
    subject, body = render(name, **ctx)
    assert subject and "\n" not in subject and "{{" not in subject
    assert expected in body, body
    assert "{{" not in body and "{%" not in body


# Read only in the other branch: the lists of games when no game is asked about; the statuses when there are none.
OTHER_BRANCH = {("reply/list.txt", "running"), ("reply/list.txt", "finished"), ("reply/summary.txt", "status")}


@pytest.mark.parametrize("name, key", [(n, k) for n in sorted(CASES) for k in CASES[n][0]
                                       if (n, k) not in OTHER_BRANCH])
def test_every_context_key_is_needed(name, key):
    """StrictUndefined: a caller that forgets a value gets an error, never a mail with a hole in it."""
    ctx = dict(CASES[name][0])
    del ctx[key]
    with pytest.raises(jinja2.UndefinedError):
        render(name, **ctx)


def test_the_list_of_games_is_needed_without_a_game():
    with pytest.raises(jinja2.UndefinedError):
        render("reply/list.txt", judge="J", game=None, finished=[])


def test_subjects():
    # As DPjudge writes them, so that players' mail filters keep working.
    assert render("notice/late.txt", **CASES["notice/late.txt"][0])[0] == "Diplomacy deadline missed (g1)"
    master = dict(CASES["notice/late.txt"][0], own=False)
    assert render("notice/late.txt", **master)[0] == "Diplomacy late notice (g1)"
    assert render("notice/reminder.txt", **CASES["notice/reminder.txt"][0])[0] == "Diplomacy deadline reminder (g1)"
    assert render("notice/cd.txt", **CASES["notice/cd.txt"][0])[0] == "Diplomacy CD notice (g1)"
    assert render("reply/reply.txt", **CASES["reply/reply.txt"][0])[0] == "Re: orders"
    assert render("results/phase.txt", **CASES["results/phase.txt"][0])[0] == "Diplomacy results g1 S1901M"
    assert render("notice/start.txt", **CASES["notice/start.txt"][0])[0] == "Diplomacy game g1 starting"
    assert render("notice/assignment.txt", **CASES["notice/assignment.txt"][0])[0] == \
        "Diplomacy power assignment (g1)"
    assert render("notice/end.txt", **CASES["notice/end.txt"][0])[0] == "Diplomacy game 'g1' complete"
    press = dict(CASES["notice/press.txt"][0], broadcast=True)
    assert render("notice/press.txt", **press)[0] == "Diplomacy broadcast from France (g1)"
    # The master's OFFICIAL subject (DPjudge's openMail adds the game's name unless the subject has it), and the
    # text alone.
    official = dict(press, official="Rules for g1")
    assert render("notice/press.txt", **official) == ("Rules for g1", "Hello\nthere\n")
    assert render("notice/press.txt", **dict(press, official="(g1) news"))[0] == "(g1) news"
    assert render("notice/press.txt", **dict(press, official="News"))[0] == "News (g1)"


def test_results_name_the_powers_without_orders_as_a_sentence_does():
    # "No orders came from England, France, Germany: ..." read as a list cut short; the end mail and votes say "and".
    for powers, said in ((["Italy"], "Italy: its units"), (["France", "Italy"], "France and Italy: their units"),
                         (["England", "France", "Italy"], "England, France and Italy: their units")):
        _, body = render("results/phase.txt", **dict(CASES["results/phase.txt"][0], disorder=powers))
        assert f"No orders came from {said} took the default (civil disorder)." in " ".join(body.split())


def test_results_header_and_tail():
    _, body = render("results/phase.txt", **CASES["results/phase.txt"][0])
    lines = body.split("\n")
    assert lines[0] == ":: Judge: USIN  Game: g1  Variant: standard"
    assert lines[1] == ":: Deadline: S1901M Mon 5 Jan 2026 12:00 UTC"      # the phase the results are of
    assert "Movement results for Spring of 1901.  (g1.S1901M)" in body
    assert "No orders came from Italy: its units took the default (civil disorder)." in body
    assert "The following units were dislodged:\n\nThe Italian army in Venice can retreat to Tuscany or Rome." in body
    assert "Ownership of supply centers:\n\nFrance:     Paris.\n\nFrance:      1 Supply center," in body
    assert "Italy: A VEN - XYZ  (UNKNOWN PLACENAME)" in body
    assert "The next phase of 'g1' will be Movement for Fall of 1901." in body
    assert lines[2] == ""                                                      # no web pages: no URL line
    linked = render("results/phase.txt", **dict(CASES["results/phase.txt"][0], url="https://j.example/games/g1"))
    assert linked[1].split("\n")[2] == ":: URL: https://j.example/games/g1"      # DPjudge's third '::' line
    won = dict(CASES["results/phase.txt"][0], winner="France")
    assert "The game is over: France has won.  Thank you for playing." in render("results/phase.txt", **won)[1]


def test_empty_alternatives():
    _, body = render("reply/list.txt", judge="J", game=None, running=[], finished=[], variants=["standard", "chaos"])
    assert "  None." in body and "Finished" not in body and "Variants offered: standard, chaos" in body
    assert "No phase has been processed yet." in render("reply/history.txt", judge="J", game="g1", variant="v",
                                                        phase="", deadline="", entries=[])[1]
    assert "No year has been completed yet." in render("reply/summary.txt", game="g1", heads=[], rows=[],
                                                       result="", players=[], status="active")[1]
    status = dict(CASES["reply/status.txt"][0])
    status["powers"] = [{"power": "France", "status": "active", "wait": False, "lines": [], "submitted": None,
                         "owed": ""}]
    assert "France (active):\n  (nothing to order this phase)\n" in \
        render("reply/status.txt", **status)[1]


def test_a_local_template_overrides_and_default_reaches_the_shipped_one(tmp_path):
    (tmp_path / "notice").mkdir()
    (tmp_path / "notice" / "event.txt").write_text(
        "Subject: local {{ game }}\n{% include 'default:notice/event.txt' %}")
    subject, body = render("notice/event.txt", override=str(tmp_path), **CASES["notice/event.txt"][0])
    assert subject == "local g1" and body.startswith("Subject: Diplomacy rollback (g1)\none\n")


def test_a_template_without_a_subject_is_an_error(tmp_path):
    (tmp_path / "bad.txt").write_text("Hello {{ game }}\n")
    with pytest.raises(ValueError, match="does not start with a Subject line"):
        render("bad.txt", override=str(tmp_path), game="g1")


def test_a_long_reason_is_wrapped_under_its_line_and_a_long_word_is_never_cut():
    reason = ("GAME g1 IS PRIVATE: ADD ITS GAME PASSWORD AT THE END OF THE LINE (ASK ITS MASTER FOR IT), OR SIGN ON "
              "FIRST; SEE " + "HTTPS://EXAMPLE.ORG/" + "A-VERY-LONG-PATH" * 6)
    _, text = render("reply/reply.txt", subject="Re: x", lines=[], rejected=True, unread=[],
                     errors=[{"line": "JOIN g1 ********", "error": reason}])
    body = text.split(">> JOIN g1 ********\n")[1].split("\n\nEnd of judge reply.")[0].split("\n")
    assert len(body) > 1 and all(line.startswith("   ") for line in body)
    assert " ".join(line.strip() for line in body) == reason
    assert all(len(line) <= 78 for line in body if "A-VERY-LONG-PATH" not in line)


@pytest.mark.parametrize("line, whole", [
    ("Italy in game g1 has been resigned by its player. A new player may take it over: TAKEOVER Ig1 <password>.",
     "TAKEOVER Ig1 <password>."),
    ("The deadline of game g1 has been extended at Italy's request to Fri 9 Jan 2026 12:00 UTC.",
     "Fri 9 Jan 2026 12:00 UTC."),
    ("The first phase is Movement for Spring of 1901. Orders are due by Wednesday 30 September 2026 12:00 UTC.",
     "Wednesday 30 September 2026 12:00 UTC."),
    ("  Units:     A PAR, A MAR, F BRE, A BUR, A PIC, A GAS, F MAO, F ENG, F NAO, F IRI, A WAL, A LON, A YOR",
     "F IRI"),
    ("See https://example.org/" + "a-very-long-path/" * 6 + " for more.", "https://example.org/"),
])
def test_prose_is_wrapped_to_a_mail_line_keeping_commands_dates_and_units_whole(line, whole):
    from judge.templating import WIDTH, para
    out = para(line).split("\n")
    assert len(out) > 1 and " ".join(" ".join(out).split()) == " ".join(line.split())
    assert any(whole in o for o in out)
    assert all(len(o) <= WIDTH for o in out if "a-very-long-path" not in o)
    if line.startswith("  Units:"):
        assert all(o.startswith(" " * 13) and not o[13].isspace() for o in out[1:])     # under the label's column
    assert para("A short line.\n  indented") == "A short line.\n  indented"
