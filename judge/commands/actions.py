"""What several commands do alike: start a game, open a seat, submit the order lines read so far, reply with a
rendered block. Below every command module, so that none imports another."""
from __future__ import annotations

from judge import reports
from judge.commands.base import CommandError, Session
from judge.commands.order_copies import copy_orders
from judge.deadlines import show
from judge.commands.too_late import too_late
from judge.game import ACTIVE, DUMMY, Game, GameError, OrderSetError
from judge.game.ending import describe_result
from judge.game.hidden_dummies import hidden
from judge.game.phase_codes import phase_code
from judge.game.processing import game_url
from judge.game.standing import power_lines
from judge.rules import DrawVotes
from judge.templating import WIDTH, para, render


def block(s: Session, name: str, **ctx) -> None:
    _, text = render(name, **ctx)
    s.say_block(text)


def start_game(s: Session, game: Game) -> None:
    """Activate a game and tell everyone, as DPjudge does: each player gets their power assignment, and everyone
    (players, observers, monitors, the master) the starting position, which is also the first entry of HISTORY."""
    try:
        game.activate(s.now)
    except GameError as exc:
        raise CommandError(str(exc)) from None
    m, pos = game.map, game.position
    common = {"judge": s.settings.judge_name, "game": game.name, "variant": game.variant, "title": m.title,
              "phase": reports.phase_words(pos.phase), "deadline": game.header_deadline(s.now),
              "long_deadline": show(game.deadline, game.timing, long=True)}
    for p in game.players:
        if p.address:
            units = [str(u) for u in sorted(pos.units_of(p.power), key=lambda u: u.loc)]
            s.effect("mail", ([p.address], "notice/assignment.txt",
                              {**common, "you": m.power_title(p.power), "letter": m.power_letters[p.power],
                               "units": units}))
    # (one text for all, the master too: under hide_dummies a dummy is listed as any played power)
    hide = hidden(game, master=False)
    powers = [{"power": m.power_title(p.power), "status": ACTIVE if hide and not p.address else
               p.status if p.address else DUMMY} for p in game.players]
    # (with the game page's address, as every results mail after it: the first mail a player keeps)
    subject, body = render("notice/start.txt", **common, powers=powers, units=reports.position_blocks(m, pos),
                           ownership=reports.ownership_lines(m, pos), url=game_url(game, s.settings))
    audience = [p.address for p in game.players if p.address] + [game.master_address] + game.observers + \
        game.monitors
    s.effect("started", (audience, subject, body))
    s.say(f"Game {game.name} has started: {pos.phase.describe()}, deadline "
          f"{show(game.deadline, game.timing)}.")


OPEN_TITLE = "a power is open"          # (votes_settled drops the notice when the game then ends)


def open_seat(s: Session, game, power: str, why: str) -> None:
    """A power is open: everyone in the game learns it can be taken over (`why` says how it came to be open; the
    notice says that it is open once). An eliminated power is offered to nobody: the reply says so, and the master
    alone is told (as DPjudge tells only its GameMaster), unless the master's own message opened it."""
    title = game.map.power_title(power)
    if game.eliminated(power):
        gone = f"{title} is eliminated (no unit and no supply centre left): it is not offered for takeover."
        s.say(gone)
        if s.sender.lower() != game.master_address.lower():
            s.effect("notify", ("a power has left", [f"{title} in game {game.name} {why}. {gone}"], "master"))
        return
    s.effect("notify", (OPEN_TITLE, [game.open_notice(power, why)], "all"))


def _deadline_header(s: Session) -> str:
    game = s.game
    return f":: Deadline: {reports.mapper_code(game.position.phase)} {game.header_deadline(s.now)}"


def _undated(game) -> list[str]:
    """The sentence beside a ':: Deadline:' line that gives the mail's time, not a deadline (paused, or no deadline
    at all), as the reply's lines with the blank line after it; none while a deadline runs."""
    words = game.undated_words()
    return [*(para(words).split("\n") if len(words) > WIDTH else [words]), ""] if words else []


def refresh_deadline_header(s: Session) -> None:
    """The ':: Deadline:' line of an order confirmation, and the sentence under it that says why it gives no
    deadline, as the game stands after the whole message: a later line of it (EXTEND, SET DEADLINE, PROCESS, PAUSE,
    RESUME, SET RULE deadlines=...) may have changed them, and mappers read this line, not the prose. A game that
    ended meanwhile has no deadline left: the line goes, as from the end mail."""
    at = s.deadline_line
    if at < 0 or s.game is None:
        return
    game = s.game
    over = game.over or game.position is None
    start = at + 2                                  # (after the header's blank line: flush_orders puts it there)
    sentence = [] if over else _undated(game)
    s.lines[start:start + s.undated_lines] = sentence
    s.undated_lines = len(sentence)
    if over:
        del s.lines[at]
        s.deadline_line = -1
    else:
        s.lines[at] = _deadline_header(s)
    ordered = s.orders_phase
    if ordered is None or (not over and game.position.phase.code == ordered.code):
        return
    # The orders were for a phase that a later line of the message processed (or rolled back): the subject and the
    # orders name that phase, the header line the game's phase now. Say so, below the header lines tools read.
    now = "the game is over" if over else f"the game is now in {game.position.phase.describe()}, which the " \
        "':: Deadline:' line above is for"
    # (the history keeps a calendar of the map's own in the long form, "B.C. 273 MOVEMENT", and an older game's
    # DPjudge count, "B.C. 0 MOVEMENT" for A1M: compared by code)
    if any(phase_code(game, h) == ordered.code for h in game.history):
        said = f"{ordered.describe()} has been processed since these orders were read: {now}."
    elif over:
        return                                  # (ended unplayed, by TERMINATE: its own line says so)
    else:
        said = f"The game has moved since these orders were read: {now}."
    below = at + 1 if over else at + 2 + s.undated_lines         # (after the sentence on an undated header)
    s.lines[below:below] = [*para(said).split("\n"), ""]


def flush_orders(s: Session) -> None:
    """Submit the order lines read so far, one set per power; OrderSetError if any line cannot be used."""
    pending, s.orders = s.orders, {}
    game = s.game
    refused: list[tuple[str, str]] = []
    for power, texts in pending.items():
        notes: list[tuple[str, str]] = []
        try:
            accepted = game.submit_orders(power, texts, s.now, notes)
        except OrderSetError as exc:
            # The master may order several powers in one message: report every refused set, not only the first,
            # each line as written (with the power that the master put in front of it).
            late = too_late(s, game, power, texts, exc.errors)
            if late and ("", late) not in refused:       # (said once for all the powers a master ordered so)
                refused.append(("", late))
            refused.extend((s.written.get((power, text), text), why) for text, why in exc.errors)
            continue
        except GameError as exc:
            # e.g. partial_orders=reject: a refusal like any other, never an internal error.
            raise CommandError(str(exc)) from None
        lines = power_lines(game, power)
        copy_orders(s, power, lines)
        if not s.subject:
            # As DPjudge confirms orders: its subject, and the "::" header that tools read.
            phase = game.position.phase
            s.subject = f"Diplomacy orders {game.name} {phase.code}"
            s.orders_phase = phase
            s.say_block(f":: Judge: {s.settings.judge_name}  Game: {game.name}  Variant: {game.variant}\n"
                        f"{_deadline_header(s)}")
            s.deadline_line = len(s.lines) - 1
            s.say("")
            sentence = _undated(game)                # the header's time is the mail's: say why
            s.lines.extend(sentence)
            s.undated_lines = len(sentence)
        s.say(f"Orders for {game.map.power_title(power)} ({game.position.phase.describe()}):",
              *[f"  {line}" for line in lines])
        missing = sum("no order" in line or "not ordered" in line for line in lines)
        if not accepted:
            s.say("  (no order counts: every unit takes the default)")
        elif missing:
            s.say(f"  ({missing} without an order: {'it takes' if missing == 1 else 'they take'} the default)")
        for text, why in notes:
            s.say(f"  not used: {text} ({why})")
    if refused:
        raise OrderSetError(refused)


def votes_settled(s: Session) -> None:
    """After a message's commands: its votes, and who has a vote, may have changed (VOTE, RESIGN, EJECT, DUMMY,
    TAKEOVER, REVIVE...). If the votes standing now agree, the game ends: the same end mail, result and reply line
    whatever ended it. (Once, after the whole message: the orders or press after the last vote, or a master's EJECT
    followed by more commands, are taken as the game stood, not refused as sent to a finished game.)"""
    game = s.game
    if game is None or s.game_is_new:
        return
    if game.settle_votes(s.now) is None:
        if s.voted and game.vote_news is not None and game.rules.draw_votes is not DrawVotes.SECRET:
            s.say(f"Everyone in the game is told the votes as they stand at {show(game.vote_news, game.timing)}.")
        return
    # A power opened by this message cannot be taken over in a game that is over: its notice would mislead.
    s.effects = [e for e in s.effects if not (e.kind == "notify" and e.payload[0] == OPEN_TITLE)]
    s.effect("ended", None)
    who = "Every survivor agrees" if s.voted else "Every power with a vote now agrees"
    s.say(f"{who}: the game is over ({describe_result(game.result, game.map)}).")
