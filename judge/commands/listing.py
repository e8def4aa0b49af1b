"""LIST, SUMMARY, HISTORY and HELP: what anyone may ask about games (a private game: with its game password)."""
from __future__ import annotations

from datetime import datetime, timezone

from judge import maps, picture
from judge.builds import variant_notes
from judge.deadlines import LIMITS, say_delay
from judge.maps.boards import TEXT_ONLY
from judge.commands.absence import absence_lines
from judge.commands.actions import block
from judge.commands.base import SIGNED_ON, CommandError, Continue, Session
from judge.game import FORMING, PLAYING, Game
from judge.game.disorder import dummy_orders
from judge.game.hidden_dummies import seat_status
from judge.game.phase_codes import year_name
from judge.game.processing import game_url
from judge.game.ending import describe_result, phase_shown
from judge.game.standing import OUT, standing
from judge.reports import WIDTH, mail_file_entry, mapper_code
from judge.game.reveal import roster
from judge.rules import describe, public
from judge.storage.gamedir import GameUnavailable



def _all_games(s: Session) -> list[dict]:
    games = []
    for name in s.store.names():
        try:
            g = s.game if s.game and s.game.name == name else s.store.load(name)
        except (GameUnavailable, FileNotFoundError):
            continue                  # one broken game (the keeper is told) hides nothing else
        if not g.private:
            games.append({"name": g.name, "status": g.status, "over": g.over, "open": g.open_powers(),
                          "variant": g.variant, "seats": _seats(g),
                          "phase": g.position.phase.code if g.position else "",
                          "result": describe_result(g.result, g.map) if g.over else ""})
    return games


def _seats(g: Game) -> str:
    """A forming game's players joined and wanted ("2 of 7 joined"); empty once it has started."""
    return f"{len(g.players)} of {len(g.map.playable_powers)} joined" if g.status == FORMING else ""


def _master_words(g: Game) -> str:
    """The master as others see it: by role, never by address (nobody is shown another's address), with the way
    the judge offers to reach the master while the game runs (press before the start or after the end is refused)."""
    if g.status == PLAYING and g.position is not None:
        return f"the game's master (reach the master with PRESS TO M, signed on or after OBSERVE {g.name})"
    return "the game's master"


def _player_row(g: Game, p, show_status: bool, master: bool) -> dict:
    """A power's line of LIST: its standing, and whether its orders are in only if it has something to order this
    phase (a power off the board shows 'eliminated' alone)."""
    seat = seat_status(g, p, master)         # (hide_dummies: a dummy shows as a silent player)
    status = standing(g, p.power, seat) if p.power else seat
    ordering = show_status and g.needs_orders(p.power)
    allowed = g.rules.extension_count
    # (the master's alone: with extension_anonymous the players must not learn who asked for one)
    extensions = f"{p.extensions} of {allowed} extension{'s' if allowed != 1 else ''} used" \
        if master and allowed and status != OUT else ""
    return {"power": g.map.power_title(p.power), "status": status, "orders": p.submitted if ordering else None,
            "disorder": dummy_orders(g, p) if ordering and seat == p.status else None,
            "wait": p.wait if ordering else None, "late": p.late_count if master and status != OUT else None,
            "extensions": extensions}


class List:
    name, aliases, block_end = "LIST", (), None
    after_end = SIGNED_ON
    syntax = "LIST [game] [game password]"
    help = "Lists the games (open powers marked, finished games apart), or one game's players, phase, deadline " \
           "and house rules."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        if not args:
            games = _all_games(s)
            block(s, "reply/list.txt", judge=s.settings.judge_name, game=None, variants=maps.known(),
                  running=[g for g in games if not g["over"]], finished=[g for g in games if g["over"]])
            return Continue.YES
        s.open_access(args[0], args[1:])
        g = s.game
        master = s.role == "master"
        show_status = (master or g.rules.show_status) and not g.over     # (a finished game waits for no orders)
        deadline = "none (the game is over)" if g.over else "paused" if g.paused else g.deadline_shown(now=s.now)
        info = {"name": g.name, "status": g.status, "phase": phase_shown(g), "deadline": deadline,
                "master": g.master_address if master else _master_words(g),
                "result": describe_result(g.result, g.map) if g.over else "",
                "players": [_player_row(g, p, show_status, master) for p in g.players],
                "observers": len(g.observers), "monitors": len(g.monitors),
                "rules": describe(g.rules if master else public(g.rules), _rule_notes(g.map)),
                "votes": [f"{g.map.power_title(p)}: {g.vote_words(v)}" for p, v in g.votes.items()] if master else [],
                "absences": absence_lines(g, s.now) if master else [],
                "timing": _timing_lines(g),
                "victory": g.victory_centers(), "variant": f"{g.variant} ({g.map.title})",
                "about": variant_about(g.map),
                "seats": _seats(g), "url": game_url(g, s.settings),
                "powers": [g.map.power_title(p) for p in g.map.playable_powers]}
        block(s, "reply/list.txt", judge=s.settings.judge_name, game=info, running=[], finished=[], variants=[])
        return Continue.YES


class Summary:
    name, aliases, block_end = "SUMMARY", (), None
    after_end = SIGNED_ON
    syntax = "SUMMARY <game> [game password]"
    help = "Supply-centre counts by year, who played which power when, and how the game ended."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        if not args:
            raise CommandError("USE SUMMARY <game>")
        s.open_access(args[0], args[1:])
        g = s.game
        powers = list(g.map.powers)
        rows = [{"year": year_name(g, year), "counts": [counts.get(p, 0) for p in powers]}
                for year, counts in g.center_history.items()]     # in the order played (years may count down)
        # Addresses as the house rules reveal and anonymous allow this sender (the reply goes to the sender's
        # address, so a forged From shows nothing to the forger).
        players = roster(g, s.sender, s.role == "master")
        # The year's column as the template makes it (the longest year name, at least "Year", and two spaces)
        room = WIDTH - max([len(r["year"]) for r in rows] + [4]) - 2
        heads = _heads([g.map.power_title(p) for p in powers], room)
        # as many powers a table as fit in the room (each column its widest head and a space)
        per_table = max(1, room // (max([len(h) for h in heads] + [3]) + 1))
        block(s, "reply/summary.txt", game=g.name, heads=heads, per_table=per_table, rows=rows, players=players,
              status=g.status, result=describe_result(g.result, g.map) if g.over else "")
        return Continue.YES


def _heads(names: list[str], room: int = 0) -> list[str]:
    """SUMMARY's column heads: the powers' names, cut only as far as `room` columns need (at least three letters:
    French "Allemagne" is "Allemagn", not "All", a word of its own; DPjudge heads its counts with whole names), and
    longer where two names would begin alike (DPjudge's void map: GulfOfLyon and GulfOfBothnia are "GulfOfL" and
    "GulfOfB", not both "Gul")."""
    fits = max(3, room // max(len(names), 1) - 1)        # (each column is its head and a space)
    heads = []
    for name in names:
        n = fits
        while n < len(name) and any(o != name and o[:n] == name[:n] for o in names):
            n += 1
        heads.append(name[:n])
    return heads


class History:
    name, aliases, block_end = "HISTORY", (), None
    after_end = SIGNED_ON
    syntax = "HISTORY <game> [game password]"
    help = "Every results mail of the game so far, as a mail file (jDip imports it)."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        if not args:
            raise CommandError("USE HISTORY <game>")
        s.open_access(args[0], args[1:])
        g = s.game
        entries = []
        start = s.store.start(g.name)
        if start is not None:
            entries.append(start.read_text(encoding="utf-8").rstrip("\n"))
        for p in s.store.results(g.name):
            text = p.read_text(encoding="utf-8").rstrip("\n")
            if not text.startswith("From "):
                # Archived before results were kept as mails: give it the head it would have had.
                when = datetime.fromtimestamp(p.stat().st_mtime, timezone.utc)
                text = mail_file_entry(s.settings.address, when, f"Diplomacy results {g.name} {p.stem[5:]}",
                                       text).rstrip("\n")
            entries.append(text)
        running = g.position is not None and not g.over
        block(s, "reply/history.txt", judge=s.settings.judge_name, game=g.name, variant=g.variant,
              phase=mapper_code(g.position.phase) if running else "",
              deadline=g.header_deadline(s.now) if running else "", undated=g.undated_words(), entries=entries,
              over=g.over)
        return Continue.YES


def _timing_lines(g: Game) -> list[str]:
    """The game's timing; a grace changed during the phase shows the grace the phase keeps (SET GRACE)."""
    kept = "" if g.phase_grace is None else f" (this phase: {_amount('grace_hours', g.phase_grace)})"
    # (no time of day is shown as SET TIME NONE writes it, not as an empty value after "=")
    return [f"{k} = {'none' if v in ('', None) else _amount(k, v)}" + (kept if k == "grace_hours" else "")
            for k, v in g.timing.to_json().items()]


def _amount(field: str, value) -> str:
    """A delay as the master reads it: a whole number of the field's unit as it is, else in words ('5 minutes'
    for SET MOVEMENT 5m, not 0.08333333333333333 hours)."""
    if field not in LIMITS or value == int(value):
        return f"{value:g}" if isinstance(value, float) else str(value)
    return say_delay(value, LIMITS[field][2])


def variant_rows() -> list[dict]:
    """The variants offered, for HELP (a broken file in the variants folder is left out, not a failed reply)."""
    return [{"name": m.name, "title": m.title, "powers": len(m.powers), "centres": len(m.centers),
             "victory": m.victory_count, "about": variant_about(m)} for m in maps.variants()]


def _rule_notes(m: maps.Map) -> dict[str, str]:
    """What the variant decides beyond the rules' values: its builds, and no picture where it has no drawing (the
    rule's own "png" would promise one that never comes)."""
    notes = variant_notes(m)
    if not picture.has_drawing(m.board):
        notes = {**notes, "map_picture": "no picture: the map has no drawing"}
    return notes


def variant_about(m: maps.Map) -> str:
    """The variant's description for HELP and LIST, saying when its games get no pictures: a board without a
    drawing (a DPjudge file of its own) would otherwise look like the others; one on a drawing that does not fit
    its provinces already says so, and why."""
    if picture.has_drawing(m.board) or TEXT_ONLY in m.description:
        return m.description
    return f"{m.description} {TEXT_ONLY} this map has no drawing.)".strip()
