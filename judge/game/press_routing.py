"""Who may write to whom, and how press is signed: one pure function from (sender, request, house rules) to the
deliveries. The PRESS and BROADCAST commands only parse; the archive keeps what each reader may see."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Callable

from judge.game import press_house, press_reach
from judge.game.hidden_dummies import dummies, hidden
from judge.game.phase_codes import phase_code
from judge.game.roles import ACTIVE, GameError
from judge.rules import MasterCopies, Press as PressKind, PressReach

MASTER_NAME = "the Game Master"
ANONYMOUS = "an anonymous power"
OBSERVER = "an observer"           # players never see an observer's address


@dataclass
class Request:
    """A press message as written: its options (DPjudge's PRESS/BROADCAST options) and body."""
    role: str                                  # "power", "master" or "observer"
    power: str = ""                            # the sender's power (role "power")
    sender: str = ""                           # the sender's address (role "observer")
    broadcast: bool = False                    # BROADCAST (or PRESS to everyone)
    to: list[str] = field(default_factory=list)    # powers written to (PRESS TO ...)
    to_master: bool = False                    # TO M / TO MASTER
    grey: bool | None = None                   # GREY asked for (True), WHITE asked for (False), neither (None)
    fake_from: str = ""                        # FAKE FROM <power>
    fake_to: list[str] | None = None           # FAKE TO <powers> (FAKE BROADCAST: every power)
    body: list[str] = field(default_factory=list)
    quiet: bool = False                        # QUIET: no copy for the author (DPjudge's echo)
    official: str = ""                         # the master's OFFICIAL subject: no press header line


@dataclass
class Delivery:
    """One copy of a press message: to whom, and what it says about its sender and recipients."""
    address: str
    shown_from: str
    shown_to: str                              # "everyone" or "France, Germany"
    broadcast: bool = False                    # it reads as a broadcast (a real one, or a FAKE BROADCAST)


def route(game, r: Request, now: datetime | None = None) -> tuple[list[Delivery], dict]:
    """The copies to send and the archive entry (what happened, with what each reader saw); GameError when the
    house rules do not allow it (DPjudge refuses the whole message and tells no one). `now`: whether the deadline
    has passed (ftf_press, and the late powers' rules of judge.game.press_house)."""
    rules = game.rules
    kind = rules.press
    only_master = r.to_master and not r.to and not r.broadcast
    if rules.ftf_press and r.role != "master" and not only_master and not _face_to_face_open(game, now):
        raise GameError(f"GAME {game.name} PLAYS FACE-TO-FACE PRESS (HOUSE RULE FTF_PRESS): PLAYERS WRITE TO EACH "
                        "OTHER ONLY IN A MOVEMENT PHASE BEFORE ITS DEADLINE; NOW ONLY TO THE MASTER (PRESS TO M)")
    may_broadcast = rules.observer_press or rules.backseat_press
    if r.role == "observer" and not only_master and not (may_broadcast and r.broadcast):
        raise GameError(f"OBSERVERS MAY NOT SEND PRESS IN GAME {game.name}" +
                        (f": ONLY BROADCASTS (HOUSE RULE {'OBSERVER' if rules.observer_press else 'BACKSEAT'}_PRESS) "
                         "AND PRESS TO THE MASTER (PRESS TO M)" if may_broadcast else
                         ": ONLY TO THE MASTER (PRESS TO M; HOUSE RULE OBSERVER_PRESS IS OFF)"))
    if r.role != "master" and not only_master:
        if kind is PressKind.NONE:
            raise GameError(f"NO PRESS IS ALLOWED IN GAME {game.name} (BUT TO THE MASTER: PRESS TO M)")
        if kind is PressKind.BROADCAST and not r.broadcast and rules.press_reach is PressReach.ALL:
            # (with touch or remote press DPjudge's PUBLIC_PRESS adds broadcasts to the private press they allow)
            raise GameError(f"GAME {game.name} ALLOWS BROADCASTS ONLY, NO PRIVATE PRESS")
    press_house.check(game, r, now)
    press_reach.check(game, r)
    grey = _signing(game, r)
    if (r.fake_from or r.fake_to is not None) and not rules.fake_press:
        raise GameError(f"GAME {game.name} DOES NOT ALLOW FAKE PRESS")
    if r.fake_from and r.fake_from not in game.map.powers:
        raise GameError(f"FAKE FROM {r.fake_from}: NOT A POWER (PRESS CANNOT CLAIM TO COME FROM THE MASTER)")
    title = game.map.power_title
    true_from = MASTER_NAME if r.role == "master" else (title(r.power) if r.role == "power" else r.sender)
    signed = OBSERVER if r.role == "observer" else true_from
    # An observer's press is unsigned already; grey would call it "an anonymous power", which it is not.
    shown_from = title(r.fake_from) if r.fake_from else (ANONYMOUS if grey and r.role != "observer" else signed)
    active = {p.power: p for p in game.players if p.power and p.status == ACTIVE and p.address}
    if r.broadcast:
        powers = [p for p in game.map.powers if p in active]
    else:
        powers = [p for p in r.to if p in active]
    powers = [p for p in powers if p != r.power]
    # hide_dummies: a dummy written to is named as a reader, as a silent player would be, though no copy goes out
    secret = [p for p in r.to if p != r.power and p in dummies(game)] \
        if hidden(game, r.role == "master") and not r.broadcast else []
    shown_to = "everyone" if r.broadcast else ", ".join(title(p) for p in r.to) + (
        (" and the master" if r.to else "the master") if r.to_master else "")
    shown_broadcast = r.broadcast
    real_to = shown_to               # who it is written to (FAKE TO changes only what the readers are told)
    if r.fake_to is not None:
        shown_broadcast = r.fake_to == list(game.map.powers)
        shown_to = "everyone" if shown_broadcast else ", ".join(title(p) for p in r.fake_to)
    faked_to = real_to != shown_to
    out = [Delivery(active[p].address, shown_from, shown_to, shown_broadcast) for p in powers]
    if game.position is None and r.broadcast:
        # A forming game (only its master writes): everyone who has joined so far; powers come at the start.
        out += [Delivery(p.address, shown_from, shown_to, True) for p in game.players if p.address and not p.power]
    if r.broadcast:
        # (an observer who took part before JOIN and TAKEOVER ended their observing, in a game saved then, is on
        # both lists: one copy, as a player or the master)
        taking_part = {d.address.lower() for d in out} | {game.master_address.lower(), r.sender.lower()} | {
            active[r.power].address.lower() if r.power in active else ""}
        out += [Delivery(a, shown_from, shown_to, True) for a in game.observers if a.lower() not in taking_part]
        if r.role == "master":
            # DPjudge sends its monitors the master's broadcasts ("All!", as its results), and nobody else's press
            taking_part |= {a.lower() for a in game.observers}
            out += [Delivery(a, shown_from, shown_to, True) for a in game.monitors if a.lower() not in taking_part]
    readers = len(out)
    if r.role != "master" and _master_reads(rules, r):
        # The master always knows who wrote (DPjudge's masters see grey and fake press for what it is).
        master_from = true_from if shown_from in (true_from, OBSERVER) and r.role != "observer" else \
            f"{true_from} (shown as: {shown_from})"
        # (and whom it really went to: DPjudge's masters read "[sent to ...]" beside a faked list of readers)
        out.append(Delivery(game.master_address, master_from, _seen_through(real_to, shown_to) if faked_to else
                            shown_to, r.broadcast if faked_to else shown_broadcast))
    if not secret and (not out or not (readers or r.to_master or r.broadcast)):
        # (the master's copy of press between players, master_press_copies, is no reader the sender wrote to)
        if r.to and set(r.to) == {r.power} and not r.broadcast:
            raise GameError(f"PRESS TO {r.power} ONLY: THAT IS YOU (NAME THE POWERS TO WRITE TO)")
        if game.position is None:
            raise GameError(f"NOBODY HAS JOINED OR OBSERVES GAME {game.name} YET: NOBODY TO SEND THIS PRESS TO")
        raise GameError("NOBODY TO SEND THIS PRESS TO (NO ACTIVE PLAYER AMONG THE RECIPIENTS)")
    entry = {"phase": "FORMING" if game.position is None else str(game.position.phase),
             "from": r.power or ("MASTER" if r.role == "master" else r.sender),
             "shown_from": shown_from, "to": [p for p in r.to if p in powers or p in secret] if secret else powers,
             "to_master": r.to_master, "broadcast": r.broadcast,
             "shown_to": shown_to, "grey": grey, "body": list(r.body),
             "master_copy": r.role != "master" and _master_reads(rules, r)}
    if faked_to:
        entry["real_to"] = real_to
    if r.official:
        entry["official"] = r.official
    return out, entry


def _master_reads(rules, r: Request) -> bool:
    """Does the master get a copy of a player's or observer's press? When written to it; a broadcast unless
    press_master (DPjudge's PRESS_MASTER); press between players with master_press_copies on or hidden (EAVESDROP)."""
    return r.to_master or (r.broadcast and not rules.press_master) or rules.master_press_copies is not MasterCopies.OFF


def mail_context(game, entry: dict, d: Delivery) -> dict:
    """notice/press.txt's context for one copy (the author's echo included)."""
    return {"game": game.name, "sender": d.shown_from, "phase": phase_code(game, entry["phase"]), "body": entry["body"],
            "broadcast": d.broadcast, "recipients": d.shown_to, "official": entry.get("official", "")}


def _face_to_face_open(game, now: datetime | None) -> bool:
    """ftf_press: press between players only while a movement phase has its deadline to come (DPjudge's rule)."""
    pos = game.position
    if pos is None or pos.phase.kind != "M":
        return False
    return now is None or game.deadline is None or now < game.deadline


def _signing(game, r: Request) -> bool:
    """Is the press grey (unsigned)? The house rule decides, the sender's choice where it allows one."""
    kind = game.rules.press
    if r.role == "master":
        return False
    if r.broadcast and game.rules.yellow_press and r.role == "power":
        # (DPjudge's YELLOW_PRESS: a broadcast is never signed, neither by its sender nor as another power)
        if r.grey is False or r.fake_from:
            raise GameError(f"GAME {game.name} SENDS EVERY BROADCAST UNSIGNED (HOUSE RULE YELLOW_PRESS): NO "
                            f"{'WHITE' if r.grey is False else 'FAKE FROM'} ON A BROADCAST (PRESS TO <powers> "
                            "GOES TO SOME POWERS AS THE PRESS RULE SAYS)")
        return True
    if kind is PressKind.GREY:
        if r.grey is False:
            raise GameError(f"GAME {game.name} HAS GREY PRESS ONLY: WHITE IS NOT AVAILABLE")
        return True
    if r.grey and kind is not PressKind.WHITE_GREY and not game.rules.fake_press:
        raise GameError(f"GAME {game.name} DOES NOT ALLOW GREY PRESS")
    return bool(r.grey)


def readable(entry: dict, reader: str, role: str, power: str, master_copies: bool,
             titles: Callable[[str], str] = str.title) -> dict | None:
    """The archive entry as this reader saw it, or None if it was not theirs to see. `reader` is the address,
    `role` one of power/master/observer/public; `titles` names a power as the map shows it (Map.power_title)."""
    if role == "master":
        # (what the master was sent when it was written: press between players written while the house rule
        # master_press_copies was off stays theirs when the master switches it on)
        if entry.get("master_copy", master_copies) or entry["from"] == "MASTER":
            return {**entry, "shown_from": entry["shown_from"] if entry["from"] == "MASTER" else
                    _master_view(entry, titles), "shown_to": _recipients_view(entry)}
        return None
    if role == "power" and entry["from"] == power:
        # (one's own grey or fake press: 'from an anonymous power' would read as someone else's)
        return {**entry, "shown_from": _master_view(entry, titles), "shown_to": _recipients_view(entry)}
    if entry["broadcast"] or (role == "power" and power in entry["to"]):
        return entry
    return None


def _master_view(entry: dict, titles: Callable[[str], str]) -> str:
    true = titles(entry["from"]) if entry["from"] not in ("MASTER",) and "@" not in entry["from"] else entry["from"]
    return true if true == entry["shown_from"] else f"{true} (shown as: {entry['shown_from']})"


def _seen_through(real_to: str, shown_to: str) -> str:
    """Recipients as the sender and the master know them: who really got it, and whom it claimed (FAKE TO)."""
    return f"{real_to} (shown as: {shown_to})"


def _recipients_view(entry: dict) -> str:
    # (entries archived before real_to was kept show what their readers saw, as they always did)
    return _seen_through(entry["real_to"], entry["shown_to"]) if entry.get("real_to") else entry["shown_to"]
