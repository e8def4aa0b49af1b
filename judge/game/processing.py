"""Processing a game's phase: adjudicate, render the results, advance, and say what to archive and mail."""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Callable

from judge import picture, reports
from judge.picture import source
from judge.adjudicator import PhaseOutcome, adjudicate
from judge.adjudicator.crosscheck import replayable
from judge.config import Settings
from judge.deadlines import show
from judge.game.disorder import default_orders, in_disorder
from judge.game.ending import describe_result, end_sentence, ended_at, final_svg
from judge.game.hidden_dummies import hidden as dummies_hidden
from judge.game.model import Game
from judge.game.outlook import next_step, waiting
from judge.game.phase_codes import phase_code
from judge.game.roles import ACTIVE
from judge.game.standing import final_counts, victory_tie
from judge.orders import unit_key
from judge.position import Position
from judge.rules import DrawVotes, LatePowers, MapPicture
from judge.templating import render
from judge.phrases import listed


log = logging.getLogger("judge")


@dataclass
class Mail:
    to: list[str]
    template: str
    context: dict
    attachments: list[tuple[str, str, bytes]] = field(default_factory=list)   # (file name, MIME type, data)


@dataclass
class Processed:
    """What processing produced: files to write (snapshot first) and mails to send."""
    snapshot: dict | None = None
    results: tuple[str, str] | None = None       # (phase code, results text) for the archive
    pictures: dict[str, bytes] = field(default_factory=dict)   # kept beside the results, by suffix
    crosscheck: tuple[str, dict] | None = None   # engine=both: (phase code, replayable case) when the engines disagreed
    mails: list[Mail] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


# The notices a monitor is sent besides the results and the end (DPjudge: "deadline change notices").
DEADLINE_NOTICES = ("deadline changed", "deadline extended", "paused", "resumed")


def audience(game: Game, monitors: bool = False) -> list[str]:
    """Everyone who receives results: active players, observers and the master; with `monitors`, the game's
    monitors too (DPjudge MONITOR: results, deadline news and the end, nothing else)."""
    addresses = [p.address for p in game.players if p.status == ACTIVE and p.address]
    addresses += game.observers + [game.master_address] + (game.monitors if monitors else [])
    seen, out = set(), []
    for a in addresses:
        if a and a.lower() not in seen:
            seen.add(a.lower())
            out.append(a)
    return out


def notified(game: Game, who: str, sender: str, title: str = "") -> list[str]:
    """The addresses a notice goes to: the "master", the active "players", the "others" (everyone in the game but
    the one whose message it is and the master, who has a notice of their own: a newcomer is not told that their
    power has a new player; observers are, as they were told the power was open), "all but master", or everyone in
    the game. Monitors are among "all" and "all but master" for a notice titled as one of DEADLINE_NOTICES."""
    if who == "master":
        return [game.master_address]
    if who == "players":
        return [p.address for p in game.players if p.status == ACTIVE and p.address]
    everyone = audience(game, monitors=title in DEADLINE_NOTICES)
    if who == "others":
        return [a for a in audience(game) if a.lower() not in (sender.lower(), game.master_address.lower())]
    if who == "all but master":          # (the master is sent a notice of their own, saying more)
        return [a for a in everyone if a.lower() != game.master_address.lower()]
    return everyone


def game_url(game: Game, settings: Settings) -> str:
    """The `:: URL:` line's address: the game's page, where the web pages are served (DPjudge wrote its status
    page's URL)."""
    return f"{settings.web_url}/games/{game.name}" if settings.web_url else ""


def _render(game: Game, settings: Settings, ctx: dict, deadline: str, processed: str, winner: str | None):
    url = game_url(game, settings)
    # A variant without a drawing says so where a picture would come (the house rule map_picture asks for one).
    no_picture = game.map.title if game.rules.map_picture is not MapPicture.NONE and \
        not picture.has_drawing(game.map.board) else ""
    return render("results/phase.txt", judge=settings.judge_name, game=game.name, variant=game.variant,
                  deadline=deadline, url=url, no_picture=no_picture,
                  processed_deadline=processed, winner=reports.power_name(game.map, winner) if winner else "", **ctx)


def process(game: Game, settings: Settings, now: datetime) -> Processed:
    """Process the current phase now, whatever the orders (missing ones take defaults). Mutates `game`."""
    out = Processed(snapshot=game.to_json())
    before = game.play_position
    legal, errors = game.legal_orders()
    outcome = game.past_empty_retreats(adjudicate(game.map, before, legal, game.rules))   # (DPjudge skips those)
    if outcome.disagreements:
        out.crosscheck = (before.phase.code, replayable(game.map, before, {unit_key(o): o for o in legal},
                                                        game.rules, outcome.disagreements))
        out.mails.append(Mail([game.master_address], "notice/crosscheck.txt", {
            "game": game.name, "phase": before.phase.describe(), "differences": outcome.disagreements}))
        out.notes.append(f"engines disagree on {before.phase}")
    disorder, cd = in_disorder(game), in_disorder(game, master=True)       # (the master's notice names no dummy)
    processed = game.header_deadline(now)
    if cd:
        out.mails.append(Mail([game.master_address], "notice/cd.txt", {
            "judge": settings.judge_name, "game": game.name, "phase": reports.phase_words(before.phase),
            "powers": [reports.power_name(game.map, p) for p in cd],
            "defaults": default_orders(before.phase.kind, game, cd)}))
    game.advance(outcome, now)
    if not game.over:
        out.mails.extend(_last_centre_lost(game, before))
    # (DPjudge's HIDE_DUMMIES drops the vassal lines, which name every dummy)
    ctx = reports.results_context(game.map, before, outcome.position, outcome.results, errors, disorder, game.winner,
                                  game.rules.vassal_dummies and not game.rules.hide_dummies, outcome.destroyed,
                                  outcome.removed)
    # The centres were counted for a solo (as Game.advance does) and the victory count was reached, but tied.
    ctx["tied"] = victory_tie(game) if not game.over and outcome.position.centers is not before.centers else ""
    # Over without a winner: the standing votes agreed once the phase was processed (a holdout left the board).
    ctx["ended"] = describe_result(game.result, game.map) if game.over and not game.winner else ""
    subject, body = _render(game, settings, ctx, game.deadline_shown(long=True), processed, game.winner)
    out.results = (before.phase.code, reports.mail_file_entry(settings.address, now, subject, body))
    board, out.pictures = kept_picture(game, f"{game.name}-{before.phase.code}", before, outcome)
    out.mails.append(Mail(audience(game, monitors=True), "raw", {"subject": subject, "body": body}, board))
    if game.over:
        out.mails.extend(end_mails(game, settings))
        out.notes.append(f"{before.phase} processed; the game is over ({describe_result(game.result, game.map)})")
    else:
        out.notes.append(f"{before.phase.code} processed; next phase {game.position.phase.code}")
    return out


def _last_centre_lost(game: Game, before) -> list[Mail]:
    """A player whose power has just lost its last supply centre is told what follows."""
    after = game.position
    out = []
    for p in game.players:
        if p.power and p.address and p.status == ACTIVE and before.centers_of(p.power) and \
                not after.centers_of(p.power):
            power = game.map.power_title(p.power)
            units = after.units_of(p.power)
            out.append(Mail([p.address], "notice/event.txt", {
                "game": game.name, "title": "last supply centre lost",
                "lines": [f"{power} has lost its last supply centre in game {game.name} ({before.phase}).",
                          (f"Its {len(units)} unit{'s are' if len(units) != 1 else ' is'} removed at the next "
                           f"adjustment; then {power} is out of the game." if units else
                           f"{power} is out of the game."),
                          "You still receive the results until the game ends."]}))
    return out


def end_mails(game: Game, settings: Settings) -> list[Mail]:
    """The game is over: everyone gets the result, the final centre counts and who played which power when (by
    address only as the house rules reveal and anonymous allow each recipient: judge.game.reveal)."""
    from judge.game.reveal import roster
    from judge.rules import Anonymous
    m, pos = game.map, game.position
    counts = [{**r, "power": m.power_title(r["power"])} for r in final_counts(game)]
    phase, when = ended_at(game)
    # The phase by its short code, as the players' turns below name phases (a map's own calendar keeps it in the
    # long form, "AUTOMNE 1902 MOVEMENT")
    phase = phase_code(game, phase)
    # No ':: Deadline:' line: the game has none left (DPjudge's end mail repeated the deadline of the phase in
    # progress, which then never came). The ':: Judge:' line stays for players' mail filters, the URL for the
    # final board.
    ctx = {"game": game.name, "outcome": end_sentence(game.result, m), "phase": phase, "when": when, "counts": counts,
           "judge": settings.judge_name, "variant": game.variant, "url": game_url(game, settings),
           "unstarted": pos is None}                  # (TERMINATE while it formed: no board, nobody played)
    board = picture_of(game, f"{game.name}-final", lambda: final_svg(game)) if pos is not None else []
    hidden = game.rules.anonymous is Anonymous.ALWAYS
    return [Mail([address], "notice/end.txt",
                 {**ctx, "players": [] if hidden else roster(game, address, address == game.master_address)}, board)
            for address in audience(game, monitors=True)]


def on_clock(game: Game, settings: Settings, now: datetime) -> Processed | None:
    """What the deadline machinery does for a game at `now` (processing, late notices, civil disorder)."""
    due = game.due(now)
    if due == "process":
        return process(game, settings, now)
    if due == "remind":
        return reminders(game, settings, now)
    if due == "late":
        return late_notices(game, settings, now)
    if due == "disorder":
        return civil_disorder(game, settings, now)
    if due == "votes":
        return vote_news(game)
    return None


def vote_news(game: Game) -> Processed:
    """The votes cast in the last minutes, told to everyone in one notice (house rule draw_votes counts or names)."""
    game.vote_news = None
    out = Processed()
    if game.rules.draw_votes is DrawVotes.SECRET:
        # The master made the votes secret while their news was gathered: it would tell everyone what the rule now
        # in force hides.
        out.notes.append("vote news dropped: the votes are secret now")
        return out
    out.mails.append(Mail(audience(game), "notice/event.txt", {"game": game.name, "title": "votes",
                                                               "lines": game.vote_news_lines()}))
    out.notes.append("vote news sent")
    return out


def reminders(game: Game, settings: Settings, now: datetime) -> Processed | None:
    """Before the deadline: one reminder to each player who has not sent orders yet."""
    out = Processed()
    for p in game.late_players():
        if p.reminded or not p.address:
            continue                            # (a vacant power has nobody to remind: the clock asks for none)
        p.reminded = True
        out.mails.append(Mail([p.address], "notice/reminder.txt", {
            "judge": settings.judge_name, "game": game.name, "phase": reports.phase_words(game.position.phase),
            "deadline": show(game.deadline, game.timing), "power": reports.power_name(game.map, p.power),
            "variant": game.variant}))
    if out.mails:
        out.notes.append(f"{len(out.mails)} reminder{'s' if len(out.mails) != 1 else ''} sent")
    return out


def late_notices(game: Game, settings: Settings, now: datetime) -> Processed | None:
    """Tell late powers (and the master) once per notice interval during the grace period."""
    late = game.owing_players()
    due_count = game.late_notice_count(now)
    sendable = [p for p in late if p.late_notices < due_count]
    if not sendable:
        return None
    out = Processed()
    remedy = {LatePowers.DEFAULT: "late powers' units take default orders",
              LatePowers.PREVIEW: "game master decides",
              LatePowers.RESIGN: "late players are resigned"}[game.rules.late_powers]
    ctx = {"judge": settings.judge_name, "game": game.name, "phase": reports.phase_words(game.position.phase),
           "deadline": show(game.deadline, game.timing), "late": [reports.power_name(game.map, p.power) for p in late],
           "grace": show(game.grace_until(), game.timing), "remedy": remedy}
    for p in sendable:
        p.late_notices = due_count
    # The late players are told they missed the deadline; the master gets the late notice. Under hide_late_powers
    # (DPjudge HIDE_LATE_POWERS) each late player learns of their own lateness only; so under hide_dummies, as
    # DPjudge's HIDE_DUMMIES implies, since the list would leave out a dummy without orders.
    if game.rules.hide_late_powers or dummies_hidden(game, master=False):
        for p in sendable:
            if p.address:
                own = [reports.power_name(game.map, q.power) for q in late if q.address.lower() == p.address.lower()]
                out.mails.append(Mail([p.address], "notice/late.txt", {**ctx, "late": own, "own": True}))
    else:
        out.mails.append(Mail([p.address for p in sendable if p.address], "notice/late.txt", {**ctx, "own": True}))
    out.mails.append(Mail([game.master_address], "notice/late.txt", {**ctx, "own": False}))
    out.notes.append("late notices sent to " + ", ".join(p.power for p in sendable))
    return out


def civil_disorder(game: Game, settings: Settings, now: datetime) -> Processed | None:
    """The grace period is over and some powers are still late: the house rule decides."""
    rule = game.rules.late_powers
    late = game.owing_players()
    if rule is LatePowers.DEFAULT:
        out = process(game, settings, now)
        out.notes.insert(0, "civil disorder: " + ", ".join(p.power for p in late))
        return out
    if rule is LatePowers.PREVIEW:
        if game.preview_sent:
            return None
        game.preview_sent = True
        return preview(game, settings, now)
    # RESIGN: the powers wait for a takeover (and a newcomer since, for their orders: judge.game.membership)
    to_resign = [p for p in late if p.status == ACTIVE and not p.after_grace]
    if not to_resign:
        return None                                        # already resigned: waiting, silently
    return _resign_late(game, to_resign, settings, now)


def _resign_late(game: Game, players: list, settings: Settings, now: datetime) -> Processed:
    """Resign late players as RESIGN would: each is told (they get no more of the game's mail, so this is their
    last word from it), everyone else learns the powers are open, and the master, in one notice, what was done and
    that the powers are open. Their votes go with them: if the votes standing then agree, the game ends as a last
    vote would end it, and nobody is offered a power of a game that is over."""
    when = reports.phase_words(game.position.phase)["long"]
    grace = show(game.grace_until(), game.timing)
    out = Processed()
    powers = [p.power for p in players]
    addresses = [p.address for p in players]               # (resigning forgets them)
    for power in powers:
        game.resign(power, "resigned for lateness")
    ended = game.settle_votes(now)
    over = f"the game is over ({describe_result(ended, game.map)})" if ended is not None else ""
    for power, address in zip(powers, addresses):
        title = game.map.power_title(power)
        if address:
            out.mails.append(Mail([address], "notice/event.txt", {
                "game": game.name, "title": "you have been resigned",
                "lines": [(f"No orders came from you for {title} in game {game.name} ({when}) by the end of its "
                           f"grace period, {grace}. Under the game's house rule late_powers=resign, a player still "
                           f"late then is resigned: you no longer play {title}, and the game's mail no longer comes "
                           "to you."),
                          (f"With your vote gone, every power with a vote agrees: {over}." if over else
                           f"{title} is open for a new player to take over: {game.takeover_line(power)}. "
                           "While it is open, that is also how you may take it back.")]}))
    others = [] if over else notified(game, "all but master", "")
    if others:
        # (not the master: the notice below says it too, so that one event makes one mail to the master, not two)
        out.mails.append(Mail(others, "notice/event.txt", {
            "game": game.name, "title": "a power is open",
            "lines": [game.open_notice(power, "has been resigned for lateness") for power in powers]}))
    titles = [game.map.power_title(p) for p in powers]
    said = listed(titles)
    how = ", ".join(f"TAKEOVER {game.map.power_letters[p]}{game.name} <password> ({t})" for p, t in zip(powers, titles))
    then = [(f"With {said} resigned, every power still with a vote agrees: {over}. Everyone in the game is sent "
             "its end.")] if over else [
        (f"{said} {'is' if len(titles) == 1 else 'are'} now open for takeover, and "
         + ("everyone else in the game has been told so, with how a new player takes" if others else
            "nobody else is left in the game to tell (no other player, no observer). A new player takes")
         + f" {'it' if len(titles) == 1 else 'each'} over: {how}."),
        "The game waits until each power is taken over (TAKEOVER), or until you send PROCESS!."]
    out.mails.append(Mail([game.master_address], "notice/event.txt", {
        "game": game.name, "title": "late players resigned",
        "lines": [(f"The grace period for {when} ended {grace}. Resigned for lateness: {', '.join(titles)} (each "
                   "player has been told)."), *then]}))
    out.notes.append("resigned: " + ", ".join(powers))
    if over:
        out.mails.extend(end_mails(game, settings))
        out.notes.append(over)
    return out


def preview(game: Game, settings: Settings, now: datetime) -> Processed:
    """The master's preview of processing the phase now, with what will in fact process it (judge.game.outlook)."""
    outcome, errors = game.adjudicate()
    disorder = in_disorder(game, master=True)
    ctx = reports.results_context(game.map, game.position, outcome.position, outcome.results, errors, disorder,
                                  outcome.winner, game.rules.vassal_dummies, outcome.destroyed,
                                  outcome.removed)
    _, body = _render(game, settings, ctx, "(not set: this is a preview)", game.header_deadline(now), outcome.winner)
    out = Processed()
    board = picture_of(game, f"{game.name}-{game.position.phase.code}-preview",
                       lambda: picture.results_svg(game.map, game.position, outcome, game=f"{game.name} (preview)"))
    out.mails.append(Mail([game.master_address], "notice/preview.txt",
                          {"game": game.name, "phase_code": game.position.phase.code,
                           "waiting": waiting(game, now), "next": next_step(game, now), "body": body},
                          board))
    return out


def kept_picture(game: Game, name: str, before: Position,
                 outcome: PhaseOutcome) -> tuple[list[tuple[str, str, bytes]], dict[str, bytes]]:
    """A processed phase's picture: the attachment the game's map_picture rule asks for, and what is kept with the
    game's results for its web pages. A mail with a picture keeps what it carried (the SVG, and the PNG drawn from
    it); a text-only one keeps only what the picture is drawn from (a few KB, well under a millisecond), and the
    pages draw the SVG and PNG from that when first asked (judge.web.phase_pictures): drawing them here would cost
    about 20 and 125 ms a phase. A picture that cannot be drawn is left out, never the results."""
    if not picture.has_drawing(game.map.board):
        return [], {}
    kind = game.rules.map_picture
    # The phase that ended the game has no next phase to name: its picture says how the game ended instead.
    ended = f"the game is over: {describe_result(game.result, game.map)}" if game.over else ""
    try:
        if kind is MapPicture.NONE:
            return [], {source.SUFFIX: source.dump(game.map, before, outcome.results, outcome.position, game.name,
                                                   outcome.destroyed + outcome.removed, ended)}
        drawing = picture.results_svg(game.map, before, outcome, game=game.name, subtitle=ended)
        kept = {"svg": drawing.encode("utf-8")}
        if kind is MapPicture.PNG:
            kept["png"] = picture.png(drawing)
    except Exception:  # noqa: BLE001 - logged; the results go out without their picture
        log.exception("could not draw the picture %s", name)
        return [], {}
    if kind is MapPicture.SVG:
        return [(f"{name}.svg", "image/svg+xml", kept["svg"])], kept
    return [(f"{name}.png", "image/png", kept["png"])], kept


def picture_of(game: Game, name: str, svg: Callable[[], str],
               kind: MapPicture | None = None) -> list[tuple[str, str, bytes]]:
    """The board as an attachment, as the game's map_picture rule asks (none when the map has no drawing). A picture
    that cannot be drawn is left out, never the mail: the text is what counts."""
    kind = kind or game.rules.map_picture
    if kind is MapPicture.NONE or not picture.has_drawing(game.map.board):
        return []
    name = re.sub(r"[^A-Za-z0-9_-]+", "_", name)        # (a phase of a map's own calendar: "Þ1912A")
    try:
        drawing = svg()
        if kind is MapPicture.SVG:
            return [(f"{name}.svg", "image/svg+xml", drawing.encode("utf-8"))]
        return [(f"{name}.png", "image/png", picture.png(drawing))]
    except Exception:  # noqa: BLE001 - logged; the results go out without their picture
        log.exception("could not draw the picture %s", name)
        return []


__all__ = ["process", "on_clock", "preview", "audience", "Processed", "Mail"]
