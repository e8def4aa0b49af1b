"""The operator's commands: `judge serve` (the daemon), the MTA's `judge deliver`, cron's `judge process`, and `judge
requeue`; and the settings every command reads (config.ini)."""
from __future__ import annotations

import argparse
import traceback
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from judge.owner import EX_NOPERM

if TYPE_CHECKING:
    from judge.config import Settings


def settings_of(args: argparse.Namespace) -> Settings:
    """config.ini as --config names it, else ./config.ini if there is one, else the built-in defaults."""
    from judge import config
    path = args.config
    if path is None and Path("config.ini").exists():
        path = "config.ini"
    return config.load(path)


def _refused(args: argparse.Namespace, settings: Settings, command: str) -> bool:
    """Said and True if this user does not own the judge's folders (judge.owner): nothing is written then."""
    from judge.owner import made_private, wrong_user
    why = wrong_user(settings, getattr(args, "words", None) or [command])
    if why:
        print(f"judge {command}: {why}", file=sys.stderr)
        return True
    for line in made_private(settings):
        print(f"judge {command}: {line}", file=sys.stderr)
    return False


def cmd_deliver(args: argparse.Namespace) -> int:
    """One message on standard input, as an MTA pipes it. 0: handled (and answered); 65: bounce it; 75: retry.
    Whatever the keeper can mend (config.ini, permissions, a folder, the user it runs as) is 75: the MTA keeps the
    message (an MTA takes 78, EX_CONFIG, and an unknown status for permanent failures and bounces the player's
    mail)."""
    from judge import cli_log, pipe
    cli_log.setup("judge deliver", args.debug)
    if sys.stdin is None:
        print("judge deliver: no message: standard input is closed", file=sys.stderr)
        return 66                       # (sysexits.h EX_NOINPUT)
    try:
        settings = settings_of(args)
    except Exception as exc:  # noqa: BLE001 - a config.ini to mend: the message waits in the MTA's queue
        print(f"judge deliver: {pipe.kept_note(exc)}", file=sys.stderr)
        return pipe.EX_TEMPFAIL
    from judge.owner import made_private, wrong_user
    why = wrong_user(settings, getattr(args, "words", None) or ["deliver"])
    if why:                             # the MTA keeps the message until the command runs as the right user
        print(f"judge deliver: {why}; {pipe.KEPT}", file=sys.stderr)
        return pipe.EX_TEMPFAIL
    for line in made_private(settings):
        print(f"judge deliver: {line}", file=sys.stderr)
    try:
        from judge.service import Judge
        pipe.check_folders(settings)
        judge = Judge(settings)
        status, note = pipe.deliver(judge, sys.stdin.buffer, args.sender)
    except Exception as exc:  # noqa: BLE001 - nothing was applied: the message waits in the MTA's queue
        if args.debug:
            traceback.print_exc()
        print(f"judge deliver: {pipe.kept_note(exc)}", file=sys.stderr)
        return pipe.EX_TEMPFAIL
    if note:
        print(f"judge deliver: {note}", file=sys.stderr)
    pipe.send_pending(judge)            # the reply (and anything an earlier run could not send) goes now
    return status


def cmd_requeue(args: argparse.Namespace) -> int:
    """List the messages set aside in the spool, or put them back: in a running `judge serve`'s queue, or, with none
    running, handled now (judge.requeue)."""
    from judge.config import ConfigError
    from judge.daemon.spool import Spool
    try:
        settings = settings_of(args)
    except ConfigError as exc:
        print(f"judge requeue: {exc}", file=sys.stderr)
        return 78
    if _refused(args, settings, "requeue"):
        return EX_NOPERM
    if args.list:
        spool = Spool(settings.inbox_dir)
        spool.expire_set_aside()
        kept = spool.set_aside_messages(args.names or None)
        for name, why in kept:
            print(f"{name}  {why}")
        found = {n for name, _ in kept for n in (name, Spool.key(name))}
        missing = [name for name in args.names if name not in found]
        for name in missing:
            print(f"{name}: no such message set aside", file=sys.stderr)
        print(f"{len(kept)} message(s) set aside in {spool.root / 'bad'}" + (" of those named" if args.names else ""))
        return 1 if missing else 0
    from judge.requeue import requeue
    return requeue(settings, args.names or None, sys.stdout)


def cmd_process(args: argparse.Namespace) -> int:
    """One game's clock work now; with no game, every game that is due (as cron runs it, every minute). Either way
    the mail it causes, and any an earlier run could not send, is sent before the command exits."""
    from judge import cli_log
    from judge.config import ConfigError
    cli_log.setup("judge process", args.debug)
    try:
        settings = settings_of(args)
    except ConfigError as exc:
        print(f"judge process: {exc}", file=sys.stderr)
        return 78
    if _refused(args, settings, "process"):
        return EX_NOPERM
    try:
        return _process_due(settings, args.debug) if not args.game else _process_one(settings, args.game.lower())
    except OSError as exc:              # (a folder it cannot read or write: said in one line, as cron mails it)
        if args.debug:
            raise
        print(f"judge process: cannot go on: {cli_log.one_line(exc)}", file=sys.stderr)
        return 1


def _process_one(settings: Settings, game: str) -> int:
    """`judge process GAME`: that game's clock work now, whether due or not."""
    from judge import pipe
    from judge.commands.base import CommandError
    from judge.service import Judge
    from judge.storage.gamedir import GameUnavailable
    judge = Judge(settings)
    try:
        try:
            notes = judge.process(game)
        except (CommandError, GameUnavailable) as exc:
            print(f"judge process: {exc}", file=sys.stderr)
            return 2
        print("\n".join(notes) if notes else f"{game}: nothing to do now")
        pipe.changed.poke(settings.games_dir, [game])     # a running `judge serve` plans it again
        return 0
    finally:
        pipe.send_pending(judge)


def _process_due(settings: Settings, debug: bool = False) -> int:
    """cron's `judge process`: quiet when nothing was due (cron mails whatever a job prints). The whole judge is
    loaded only when a game is due or mail is due to go: most minutes neither (judge.pipe)."""
    import traceback

    from judge import pipe
    from judge.cli_log import place
    from judge.storage import reported
    made = []

    def whole():
        if not made:
            from judge.service import Judge
            made.append(Judge(settings, pipe.utcnow))
        return made[0]
    try:
        done, failed, faults, stuck = pipe.process_due(settings, whole)
        pipe.expire_set_aside(settings)
        pipe.remove_leftovers(settings)
        for game, notes in done.items():
            print(f"{game}: {'; '.join(notes)}")
        # A game that stays unreadable or failing is said when its problem is new or changed, then once a day, on
        # stderr (which cron mails) and to the keeper; a fault's traceback only then, not every minute.
        say, mended = reported.news(settings.games_dir, failed, pipe.utcnow())
        for game, why in say.items():
            fault = f" (at {place(faults[game])})" if game in faults and not debug else ""
            print(f"judge process: {game}: {why}{fault} (said again once a day while it lasts)", file=sys.stderr)
            if game in faults and debug:
                traceback.print_exception(faults[game], file=sys.stderr)
        if say:
            pipe.tell_keeper(settings, say, faults, stuck)
        for game in mended:
            print(f"{game}: no longer fails")
        return 1 if failed else 0
    finally:
        if made or pipe.mail_due(settings):
            pipe.send_pending(whole())


def cmd_serve(args: argparse.Namespace) -> int:
    """The main job: receive mail over SMTP, process deadlines, send results, until SIGTERM or Ctrl-C."""
    import asyncio
    import logging
    from judge.config import ConfigError
    from judge.daemon.listener import CannotListen
    from judge.daemon.lock import AlreadyRunning
    from judge.daemon.service import Daemon
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    # Lines per job or per picture are no news: APScheduler logs each job it plans, libvips each render.
    logging.getLogger("apscheduler").setLevel(logging.WARNING)
    logging.getLogger("pyvips").setLevel(logging.WARNING)
    try:
        settings = settings_of(args)
    except ConfigError as exc:
        print(f"judge serve: {exc}", file=sys.stderr)
        return 78
    if _refused(args, settings, "serve"):
        return EX_NOPERM
    ready = Path(args.ready_file) if args.ready_file else None
    try:
        daemon = Daemon(settings)
        asyncio.run(daemon.serve_forever(args.host, args.port, ready, args.web_port))
    except AlreadyRunning as exc:
        print(f"judge serve: {exc}", file=sys.stderr)
        return 75
    except CannotListen as exc:
        said = exc.strerror if "[web]" in str(exc.strerror) else str(exc)
        if "[web]" not in said:             # (the web listener names its setting; the mail listener's does not)
            host = args.host if args.host is not None else settings.get("smtp", "host")
            port = args.port if args.port is not None else settings.get("smtp", "port")
            said = f"{exc.strerror or exc} on {host}:{port} (mail: [smtp] host and port, or --host and --port)"
        print(f"judge serve: cannot listen: {said}", file=sys.stderr)
        return 71
    except OSError as exc:                  # (the games, the spool, the outbox: the files, not the network)
        print(f"judge serve: cannot go on: {exc} (the judge's files, not the network: check its folders and their "
              "disks)", file=sys.stderr)
        return 74                           # (sysexits.h EX_IOERR)
    return 0
