"""A game -> what its pages show (pure: the caller reads the files). Never an address, a password or a hash."""
from __future__ import annotations

import re
import urllib.parse
from datetime import datetime
from typing import Any

from markupsafe import Markup, escape

from judge.builds import variant_notes
from judge.deadlines import show
from judge.game import Game
from judge.game.press_routing import readable
from judge.game.disorder import dummy_orders
from judge.game.ending import describe_result, ended_at, phase_shown
from judge.game.hidden_dummies import seat_status, tenures_shown
from judge.game.phase_codes import file_codes, phase_code, year_name
from judge.game.reveal import ordinal, tenure_end
from judge.game.roles import ACTIVE, DUMMY, FORMING, MASTER, PLAYING, VACANT
from judge.game.standing import OUT, final_counts, standing
from judge.picture.chart import centre_chart
from judge.position import Phase, initial_position
from judge.reports import mapper_code
from judge.rules import RULES, Anonymous, _show, public

# Anything shaped like an address (a press body, a reply echoing SET ADDRESS, LIST's master line) is hidden on pages.
_ADDRESS = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*")
HIDDEN = "[address hidden]"
# S1901M; a calendar of its own: A1425M, B-1M (after B.C. 0), a season's letter of any kind (Þ1901A, ?1901M: a
# link writes it percent-encoded, see `segment`), or the name an older judge gave its files (A_D_1425_...)
PHASE = re.compile(r"^(?:\D-?[0-9]{1,10}[MRA]|[A-Za-z0-9_-]{1,40})\Z")


def redact(text: str, keep: str = "") -> str:
    """The text with every e-mail address replaced: pages are public, mail is not. `keep`: an address that is public
    anyway (the judge's own, on the 'From ' lines of a results file)."""
    return _ADDRESS.sub(lambda m: m.group(0) if keep and m.group(0).lower() == keep.lower() else HIDDEN, text)


def results_html(text: str) -> Markup:
    """Results text for a <pre>, escaped, each '->' in a span the stylesheet keeps whole: a phone's narrow column
    wrapped inside it ('Army Serbia -' / '> Bulgaria.'), which no longer read as an order line. (Copied, the text
    is the mail's, unchanged: no invisible joiner in it.)"""
    return Markup(str(escape(text)).replace("-&gt;", '<span class="arrow">-&gt;</span>'))


def segment(code: str) -> str:
    """A phase's code as one segment of a link's path: every character but ASCII letters, digits and "-_.~" written
    %XX in UTF-8 (a season's letter may be "Þ", "/", "?" or "#": raw, the link would lead elsewhere)."""
    return urllib.parse.quote(code, safe="")


def phase_names(result_stems: list[str], game: Game) -> list[str]:
    """'0003-F1901M' -> 'F1901M', in order: a phase as its results name it (an older judge kept a calendar of the
    map's own under the long form, '0001-A_D_1425_MOVEMENT': that is A1425M)."""
    return file_codes(game, [stem.partition("-")[2] for stem in result_stems])


def mapper_name(game: Game, shown: str) -> str:
    """A phase as a results mail's ':: Deadline:' line names it: Mapper's spelling, a winter adjustment W1901A
    written F1901B (judge.reports.mapper_code); so that name too opens the phase's page. A calendar of the map's own
    is written as it is."""
    if game.map.flow is not None:
        return shown
    try:
        return mapper_code(Phase.parse(shown))
    except ValueError:
        return shown


def deadline(game: Game, now: datetime) -> dict[str, Any]:
    """The deadline as the game's players read it, in the game's zone (named), and as ISO for the reader's zone;
    while the grace period runs, its end too (`grace`, `grace_iso`), as the late notice gives it."""
    if game.paused:
        return {"text": "paused", "zone": game.timing.timezone, "iso": "", "grace": "", "grace_iso": "",
                "waiting": False}
    grace = game.grace_end(now)
    waiting = game.past_grace(now)             # (the game waits: as STATUS and LIST say)
    return {"text": show(game.deadline, game.timing), "zone": game.timing.timezone,
            "iso": game.deadline.isoformat() if game.deadline else "",
            "grace": show(grace, game.timing) if grace else "", "grace_iso": grace.isoformat() if grace else "",
            "waiting": waiting}


def stale_at(game: Game, now: datetime) -> datetime | None:
    """When a page about the game drawn `now` says something no longer true with no file changed: its deadline
    passes (the grace period begins), or the grace period ends."""
    if game.paused or game.deadline is None or game.over:
        return None
    return game.deadline if now < game.deadline else game.grace_end(now)


def listing(games: list[Game]) -> dict[str, Any]:
    """The front page: the public games as LIST shows them (forming with open seats, running, finished)."""
    rows = []
    for g in games:
        if g.private:
            continue
        joined = sum(1 for p in g.players if p.address)
        rows.append({"name": g.name, "variant": g.variant, "title": g.map.title, "status": g.status, "over": g.over,
                     "phase": phase_shown(g),
                     "forming": g.status == FORMING, "joined": joined, "seats": len(g.map.powers),
                     "open": [g.map.power_title(p) for p in g.open_powers()],
                     "result": describe_result(g.result, g.map) if g.over else ""})
    return {"forming": [r for r in rows if r["forming"]],
            "running": [r for r in rows if not r["forming"] and not r["over"]],
            "finished": [r for r in rows if r["over"]]}


def players(game: Game, master: bool = False, master_signed_on: bool = False) -> list[dict[str, Any]]:
    """Who plays what, as the rules allow: each power's seat and the turns of its players, never an address. Whether
    a power's orders are in, and its waits, only where the show_status rule (or the master) lets everyone see.
    `master_signed_on`: the master reads the page, who sees which powers are dummies (hide_dummies) and no more."""
    sees_dummies = master or master_signed_on
    tenures = tenures_shown(game, sees_dummies)
    # As LIST: a power's orders are shown only while the game waits for some, and for a power that has something to
    # order this phase ('-' for one that has not); a finished game has no orders column at all.
    see = (master or game.rules.show_status) and game.status == PLAYING and game.position is not None
    out = []
    for p in game.players:
        if not p.power:
            continue
        # (hide_dummies: a dummy shows as played, its last player's turn not ended)
        turns = [t for t in tenures if t["power"] == p.power]
        seat = seat_status(game, p, sees_dummies)
        # (a finished game takes no TAKEOVER: its empty seat is only that)
        status = {ACTIVE: "playing", VACANT: "vacant" if game.over else "open for takeover",
                  DUMMY: "dummy (civil disorder)"}.get(seat, seat)
        if standing(game, p.power, p.status) == OUT:
            status = OUT                         # (as LIST and the picture's legend say: off the board)
        ordering = see and game.needs_orders(p.power)
        disorder = dummy_orders(game, p) if seat == p.status else None
        out.append({"power": game.map.power_title(p.power), "status": status,
                    "orders": (disorder or ("in" if p.submitted else "not yet")) if ordering
                    else ("-" if see else None),
                    "wait": p.wait if ordering else None,
                    "turns": [{"n": ordinal(i + 1), "from": phase_code(game, t["from"]) or "the start",
                               "to": tenure_end(game, t)}
                              for i, t in enumerate(turns)]})
    return out


def centres(game: Game) -> dict[str, Any] | None:
    """The centre chart (SVG) and its figures as a table, from the start and each completed year."""
    if game.position is None:
        return None
    m = game.map
    start = initial_position(m, game.rules)          # (under mobilize nothing is owned at the start)
    # "start" before the first year, whatever the calendar (a year before it would be "1900" on the standard map,
    # "1994" on the modern one, and has no name on a calendar that counts in steps or down)
    rows = [("start", {p: len(start.centers_of(p)) for p in m.powers})]
    rows += [(year_name(game, year), dict(counts))
             for year, counts in game.center_history.items()]    # (in the order played)
    now = {p: len(game.position.centers_of(p)) for p in m.powers}
    if now != rows[-1][1]:
        rows.append((f"{year_name(game, game.position.phase.year)} now", now))
    chart = centre_chart(m, rows, game.victory_centers())
    return {"plot": chart.plot, "legend": chart.legend, "powers": [m.power_title(p) for p in m.powers],
            "rows": [{"label": label, "counts": [counts.get(p, 0) for p in m.powers]} for label, counts in rows]}


def house_rules(game: Game) -> list[dict[str, str]]:
    """Every house rule in words: its value and what it means; the ones changed from the judge's defaults first."""
    rules = public(game.rules)               # (a page anyone reads: a hidden EAVESDROP stays hidden)
    changed = rules.differences()
    notes = variant_notes(game.map)
    rows = [{"name": r.name, "value": _show(getattr(rules, r.name)),
             "meaning": r.meaning + (f" Here {notes[r.name]}." if r.name in notes else ""),
             "changed": r.name in changed} for r in RULES]
    return sorted(rows, key=lambda r: not r["changed"])


def public_press(entries: list[dict], game: Game) -> list[dict[str, Any]]:
    """The press anyone may read (broadcasts), as their readers saw it: signed as shown, never the true sender; its
    phase by code, as the press mail gave it."""
    out = []
    for e in entries:
        seen = readable(e, "", "public", "", False)
        if seen is not None:
            out.append({"phase": phase_code(game, seen.get("phase", "")), "from": redact(seen["shown_from"]),
                        "to": redact(seen["shown_to"]), "body": redact("\n".join(seen.get("body", [])))})
    return out


def ended_words(game: Game) -> str:
    """When a finished game ended: 'after Fall 1901 Movement' (processing that phase ended it), or 'during Fall 1902
    Movement, before its orders were processed' (a vote or the master: that phase was never played)."""
    phase, when = ended_at(game)
    try:
        words = Phase.parse(phase, game.map.flow).describe() if phase else ""
    except ValueError:
        words = phase
    if not words:
        return ""
    return f"after {words}" if when == "after" else f"during {words}, before its orders were processed"


def ending(game: Game, phases: list[str], last_picture: bool) -> dict[str, Any] | None:
    """How the game ended and the final centre counts; who played what is in players() (turns, never names). `last`:
    the last phase processed, as its page names it (never the phase after it, which was not played)."""
    if not game.over:
        return None
    counts = [{"power": game.map.power_title(r["power"]), "centres": r["centers"], "units": r["units"]}
              for r in final_counts(game)]
    return {"result": describe_result(game.result, game.map), "when": ended_words(game),
            "last": phases[-1] if phases else None, "last_picture": last_picture and bool(phases),
            "counts": counts, "anonymous": game.rules.anonymous is Anonymous.ALWAYS}


def game_page(game: Game, phases: list[str], latest: str | None, press: list[dict], has_board: bool,
              signed_on: str | None, now: datetime, last_picture: bool = False) -> dict[str, Any]:
    """`last_picture`: the last phase processed kept a picture (a finished game's page shows it beside the end)."""
    return {"game": summary(game), "deadline": deadline(game, now), "phases": phases, "has_board": has_board,
            "latest": redact(latest) if latest else None, "latest_phase": phases[-1] if phases else None,
            "players": players(game, master_signed_on=signed_on == MASTER), "centres": centres(game),
            "rules": house_rules(game),
            "press": public_press(press, game), "ending": ending(game, phases, last_picture), "signed_on": signed_on,
            "observers": len(game.observers), "monitors": len(game.monitors)}


def summary(game: Game) -> dict[str, Any]:
    return {"name": game.name, "variant": game.variant, "title": game.map.title, "about": game.map.description,
            "status": game.status,
            "over": game.over, "private": game.private, "victory": game.victory_centers(),
            "phase": phase_shown(game),
            "phase_code": game.position.phase.code if game.position else "",
            "result": describe_result(game.result, game.map) if game.over else "",
            "ended": ended_words(game) if game.over else "",
            "forming": game.status == FORMING, "joined": sum(1 for p in game.players if p.address),
            "seats": len(game.map.powers),
            "open": [] if game.over else [game.map.power_title(p) for p in game.open_powers()],
            "power_titles": {p: game.map.power_title(p) for p in game.map.powers}}     # (for the `who` filter)


def phase_page(game: Game, phases: list[str], phase: str, text: str, has_picture: bool) -> dict[str, Any]:
    i = phases.index(phase)
    return {"game": summary(game), "phase": phase, "text": redact(text), "has_picture": has_picture,
            "previous": phases[i - 1] if i > 0 else None, "next": phases[i + 1] if i + 1 < len(phases) else None,
            "phases": phases}


def who_words(who: str, titles: dict[str, str]) -> str:
    """Who is signed on, in words: the master, or the power by its name on the map (`titles`: summary()'s)."""
    return "the master" if who == "MASTER" else titles.get(who) or who.title()


def signon_choices(game: Game) -> list[dict[str, str]]:
    """The powers one may sign on as (their letter as SIGNON takes it), and the master."""
    letters = game.map.power_letters
    out = [{"value": letters.get(p.power, p.power[:1]), "label": game.map.power_title(p.power)}
           for p in game.players if p.power]
    return out + [{"value": "M", "label": "Master"}]


def expires_words(when: datetime, game: Game) -> str:
    """When a web sign-on ends, written as the game's deadlines are (its time zone, the same form)."""
    return show(when, game.timing)
