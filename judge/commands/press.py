"""PRESS ... ENDPRESS and BROADCAST ... ENDBROADCAST (with DPjudge's options), OFFICIAL, ARCHIVE and UNOBSERVE
(UNMONITOR). Routing and signing are judge.game.press_routing's business: these classes only read what was written."""
from __future__ import annotations

import json
import unicodedata

from judge.commands.actions import block
from judge.commands.base import MASTER_ONLY, SIGNED_ON, CommandError, Continue, Session
from judge.game import PLAYING, GameError
from judge.game.phase_codes import phase_code
from judge.game.press_routing import Delivery, Request, mail_context, readable, route
from judge.maps import Map
from judge.phrases import listed
from judge.rules import MasterCopies
from judge.templating import render

OVER_WORDS = "NO MORE PRESS"          # (a finished game's refusal: judge.commands.after_end)


def _request(s: Session, args: list[str], body: list[str], broadcast: bool) -> Request:
    game = s.need_game()
    if s.role in ("power", "master"):
        role = s.role
    elif s.parting:
        role = "power"          # DPjudge's parting shot: press below the RESIGN, as the power just given up
    elif game.is_observer(s.sender):
        role = "observer"
    elif game.is_monitor(s.sender):
        raise CommandError(f"YOU MONITOR GAME {game.name}: A MONITOR SENDS NO PRESS (OBSERVE {game.name} TO WRITE "
                           "TO ITS MASTER)")
    else:
        raise CommandError("YOU MUST SIGN ON BEFORE SENDING PRESS")
    forming = game.position is None
    if forming and role != "master":
        raise CommandError(f"GAME {game.name} HAS NOT STARTED: NO PRESS YET (ONLY THE MASTER'S BROADCASTS)")
    if game.status != PLAYING and role != "master":
        s.not_over(OVER_WORDS)
        raise CommandError(f"GAME {game.name} IS NOT ACTIVE: NO PRESS NOW")
    if not body:
        raise CommandError(f"EMPTY {'BROADCAST' if broadcast else 'PRESS'}")
    # (OFFICIAL is the master's alone, and holds for the rest of the message: judge.commands.press.Official)
    r = Request(role, s.power or s.parting, s.sender, broadcast=broadcast, body=body,
                official=s.official if role == "master" else "")
    words = [w for a in args for w in a.replace(",", " ").split()]
    i, seen_to = 0, False
    while i < len(words):
        w = words[i].upper()
        if w in ("TO", "+") or w.startswith("+"):
            if broadcast:
                raise CommandError("A BROADCAST GOES TO EVERYONE: NO TO (USE PRESS TO <powers>)")
            names, i = _names(words, i + 1 if w in ("TO", "+") else i, first=w[1:] if w.startswith("+") and
                              len(w) > 1 else None)
            _recipients(game, names, r)
            seen_to = True
        elif w == "QUIET":
            if r.quiet:
                raise CommandError("QUIET GIVEN TWICE")
            r.quiet, i = True, i + 1
        elif w in ("GREY", "GRAY", "WHITE"):
            if r.grey is not None:
                raise CommandError("GREY OR WHITE: ONLY ONE OF THEM")
            r.grey, i = w != "WHITE", i + 1
        elif w == "FROM" or (w == "FAKE" and i + 1 < len(words) and words[i + 1].upper() == "FROM"):
            i += 2 if w == "FAKE" else 1
            if i >= len(words):
                raise CommandError("FAKE FROM WHOM? (FAKE FROM <power>)")
            r.fake_from = _power(game, words[i])
            i += 1
        elif w == "FAKE":
            i += 1
            if i < len(words) and words[i].upper() == "BROADCAST":
                r.fake_to, i = list(game.map.powers), i + 1
            elif i < len(words) and words[i].upper() in ("TO", "+"):
                names, i = _names(words, i + 1)
                shown = Request(r.role)
                _recipients(game, names, shown)
                r.fake_to = shown.to
            else:
                raise CommandError("USE FAKE TO <powers>, FAKE BROADCAST OR FAKE FROM <power>")
        else:
            raise CommandError(f"UNKNOWN PRESS OPTION: {words[i].upper()} (TO, GREY, WHITE, FAKE FROM, FAKE TO, "
                               "QUIET)")
    if not broadcast and not seen_to:
        r.broadcast = True                  # PRESS with no TO: to everyone
    if forming and (not r.broadcast or r.fake_from or r.fake_to is not None):
        # (as DPjudge: a forming game has public press only; nobody has a power yet to be written to or signed as)
        raise CommandError(f"GAME {game.name} HAS NOT STARTED: ITS POWERS ARE GIVEN OUT WHEN IT STARTS, SO TILL "
                           "THEN PRESS GOES TO EVERYONE WHO HAS JOINED (BROADCAST ... ENDBROADCAST)")
    return r


def _names(words: list[str], i: int, first: str | None = None) -> tuple[list[str], int]:
    """The power names after TO, up to the next option word."""
    names = [first] if first else []
    while i < len(words) and words[i].upper() not in ("GREY", "GRAY", "WHITE", "FAKE", "FROM", "TO", "QUIET"):
        names.append(words[i])
        i += 1
    if not names:
        raise CommandError("TO WHOM? (PRESS TO <powers>, E.G. PRESS TO FG, PRESS TO FRANCE GERMANY, PRESS TO M)")
    return names, i


def _recipients(game, names: list[str], r: Request) -> None:
    m = game.map
    for name in names:
        up = name.upper()
        if up in ("M", "MASTER", "GM"):
            r.to_master = True
        elif len(name) > 1 and not m.power(name) and all(c in m.power_letters.values() or c == "M" for c in up):
            for c in up:                     # "TO FGM": letters run together
                if c == "M":
                    r.to_master = True
                else:
                    r.to.append(_power(game, c))
        else:
            r.to.append(_power(game, name))
    r.to = list(dict.fromkeys(r.to))


def _power(game, word: str) -> str:
    try:
        return game.power_named(word)
    except GameError as exc:
        raise CommandError(str(exc)) from None


def _send(s: Session, r: Request) -> tuple[list[Delivery], dict]:
    try:
        deliveries, entry = route(s.game, r, s.now)
    except GameError as exc:
        raise CommandError(str(exc)) from None
    s.effect("press", (deliveries, entry))
    return deliveries, entry


def _echo(s: Session, r: Request, deliveries: list[Delivery], entry: dict) -> None:
    """DPjudge's echo, unless QUIET: the author's copy of the press as its readers have it, in the reply."""
    if r.quiet:
        return
    # (a reader's copy, not the master's, which may see through grey and fake press; the master's when only the
    # master reads it)
    master = s.game.master_address.lower()
    # (hide_dummies: press to a dummy alone has no reader, and reads as any power's would)
    seen = next((d for d in deliveries if d.address.lower() != master), deliveries[0] if deliveries else
                Delivery("", entry["shown_from"], entry["shown_to"], entry["broadcast"]))
    subject, text = render("notice/press.txt", **mail_context(s.game, entry, seen))
    s.say(f"Your copy, as its readers have it (subject: {subject}):" if r.official else
          "Your copy, as its readers have it:")
    s.say_block(text)


def _real_recipients(entry: dict, m: Map) -> str:
    """Who really gets the press (not who it claims to go to)."""
    if entry["broadcast"]:
        return "everyone"
    names = [m.power_title(p) for p in entry["to"]] + (["the master"] if entry["to_master"] else [])
    return listed(names)


def _sent(head: str, r, entry: dict) -> str:
    """The confirmation: who gets it, and how it is shown to them (faked, grey) - as sent, not as asked for (the
    house rule may make press grey without the sender asking)."""
    shown = []
    if r.fake_to is not None:
        shown.append(f"shown as sent to {entry['shown_to']}")
    if r.fake_from:
        shown.append(f"signed {entry['shown_from']}")
    elif entry["grey"] and r.role != "observer":
        shown.append("grey")
    return head + (f" ({'; '.join(shown)})" if shown else "") + "."


class Press:
    name, aliases, block_end = "PRESS", (), "ENDPRESS"
    over_words = OVER_WORDS
    after_end = MASTER_ONLY
    syntax = "PRESS [TO <powers>|M] [GREY|WHITE] [FAKE FROM <power>] [FAKE TO <powers>] [QUIET] ... ENDPRESS"
    help = ("Send press to some powers (TO France Germany, TO FG), to the master (TO M), or to everyone without "
            "TO; GREY, WHITE and FAKE as the house rules allow. The reply holds your copy, unless QUIET.")

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        r = _request(s, args, body, broadcast=False)
        deliveries, entry = _send(s, r)
        s.say(_sent("Press sent to " + _real_recipients(entry, s.game.map), r, entry))
        _echo(s, r, deliveries, entry)
        return Continue.YES


class Broadcast:
    name, aliases, block_end = "BROADCAST", (), "ENDBROADCAST"
    over_words = OVER_WORDS
    after_end = MASTER_ONLY
    syntax = "BROADCAST [GREY|WHITE] [FAKE FROM <power>] [FAKE TO <powers>] [QUIET] ... ENDBROADCAST"
    help = "Send a message to every player and observer (and the master). The reply holds your copy, unless QUIET."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        r = _request(s, args, body, broadcast=True)
        deliveries, entry = _send(s, r)
        s.say(_sent("Broadcast sent", r, entry))
        _echo(s, r, deliveries, entry)
        return Continue.YES


OFFICIAL_MOST = 60                     # characters in an OFFICIAL subject (DPjudge's limit)


class Official:
    name, aliases, block_end = "OFFICIAL", (), None
    after_end = MASTER_ONLY
    syntax = "OFFICIAL [subject]"
    help = (f"Master: the PRESS and BROADCAST after it in this message go out with this subject (at most "
            f"{OFFICIAL_MOST} characters) and no press header line; OFFICIAL alone goes back to the usual ones.")

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        if s.role != "master":
            raise CommandError("ONLY THE GAME MASTER MAY SEND OFFICIAL PRESS (SIGNON M<game> <password>, THEN "
                               "OFFICIAL <subject>)")
        s.need_game()
        subject = " ".join(args)              # (the words as written: their case kept, runs of blanks made one)
        if len(subject) > OFFICIAL_MOST:
            raise CommandError(f"OFFICIAL SUBJECT TOO LONG: {len(subject)} CHARACTERS, AT MOST {OFFICIAL_MOST}")
        odd = next((c for c in subject if unicodedata.category(c)[0] == "C"), None)
        if odd is not None:
            # (a control or format character has no place in a Subject header line, and may hide what it says)
            raise CommandError(f"OFFICIAL SUBJECT WITH A CONTROL CHARACTER (U+{ord(odd):04X}): USE PLAIN TEXT")
        s.official = subject
        s.say(f"Press below goes out with the subject '{subject}' and no press header." if subject else
              "Press below goes out with the usual subject and header.")
        return Continue.YES


class Archive:
    name, aliases, block_end = "ARCHIVE", ("PRESSARCHIVE",), None
    after_end = SIGNED_ON
    syntax = "ARCHIVE  (after SIGNON, or ARCHIVE <game> for its broadcasts)"
    help = "Mails back the press you may read: what was sent to you or by you, and every broadcast."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        if args:
            s.name_game(args[0], args[1:])
        game = s.need_game()
        role = s.role if s.role in ("power", "master") else "public"
        entries = []
        for path in s.store.press(game.name):
            try:
                entry = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            copies = game.rules.master_press_copies is not MasterCopies.OFF
            seen = readable(entry, s.sender, role, s.power or "", copies, game.map.power_title)
            if seen is not None:
                # (kept in the long form on a calendar of the map's own: shown by code, as the press mail gave it)
                entries.append({**seen, "phase": phase_code(game, seen.get("phase", ""))})
        block(s, "reply/archive.txt", game=game.name, entries=entries)
        return Continue.YES


class Unobserve:
    name, aliases, block_end = "UNOBSERVE", ("UNWATCH", "UNMONITOR"), None
    after_end = SIGNED_ON
    syntax = "UNOBSERVE <game>  (or UNMONITOR <game>)"
    help = "Stop observing or monitoring a game: no more results or broadcasts from it."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        if not args:
            raise CommandError("USE UNOBSERVE <game> (OR UNMONITOR <game>)")
        game = s.open_game(args[0])
        me = s.sender.lower()
        if game.is_monitor(s.sender):
            game.monitors = [o for o in game.monitors if o.lower() != me]
            s.say(f"You no longer monitor game {game.name}.")
            return Continue.YES
        if not game.is_observer(s.sender):
            raise CommandError(f"YOU ARE NOT OBSERVING OR MONITORING GAME {game.name}")
        game.observers = [o for o in game.observers if o.lower() != me]
        s.say(f"You no longer observe game {game.name}.")
        return Continue.YES
