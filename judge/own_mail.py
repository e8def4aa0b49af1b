"""Mail from the judge's own address: never answered, set aside and forwarded to the keeper. Most often cron mailing
`judge process`'s stderr to the judge's user, whose mail the MTA pipes to `judge deliver` (no Auto-Submitted field,
the judge's address as envelope sender); else a loop. Answering it would mail the judge itself ("UNRECOGNIZED
COMMAND"), and dropping it would lose what cron had to say."""
from __future__ import annotations

from judge.config import Settings
from judge.daemon.spool import Spool
from judge.delivery import Delivery
from judge.keeper import Keeper
from judge.mail import inbound
from judge.redact import hide_codes, hide_password

FORWARD_LINES = 40          # of its text, in the keeper's notice (the whole message is kept in inbox/bad)
FORWARD_WIDTH = 200         # characters a line


def own_addresses(settings: Settings) -> set[str]:
    """The judge's address and the others it takes mail for ([smtp] recipients), lower-case."""
    return {a.lower() for a in [settings.address, *(settings.get("smtp", "recipients") or [])] if a}


def from_itself(settings: Settings, msg: inbound.Incoming, envelope_sender: str | None) -> str:
    """Why `msg` is mail from the judge's own address ("" if it is not)."""
    own = own_addresses(settings)
    if envelope_sender and envelope_sender.strip().strip("<>").lower() in own:
        return f"its envelope sender is the judge's own address ({envelope_sender})"
    for who in (msg.author(), msg.sender.strip().lower()):
        if who in own:
            return f"its From is the judge's own address ({who})"
    return ""


def set_aside(settings: Settings, keeper: Keeper, raw: bytes, envelope_sender: str | None, key: str | None,
              msg: inbound.Incoming, why: str) -> Delivery:
    """Keep the message in inbox/bad for the keeper (14 days, like any set-aside message) and forward its start to
    him, once an hour at most however many come (a loop, or cron every minute): nothing is answered."""
    if not raw:             # (the daemon hands over the message as read: its text is kept)
        raw = (f"From: {msg.headers.get('from', msg.sender)}\r\nSubject: {msg.subject}\r\n\r\n"
               + "\r\n".join(msg.lines) + "\r\n").encode("utf-8", "replace")
    name = key or inbound.message_key(raw)
    folder = settings.inbox_dir / "bad"
    try:
        Spool(settings.inbox_dir).keep_aside(raw, envelope_sender, f"mail from the judge's own address: {why}",
                                                   name)
        kept = f"It is kept in {folder} as {name} (`judge requeue --list`), deleted after 14 days."
    except OSError as exc:
        kept = f"It could not be kept ({exc}): what is shown here is all there is of it."
    # (shown as any reply shows a message's lines: a forged From may carry a player's sign-on, with its password)
    text = [hide_codes(hide_password(line))[:FORWARD_WIDTH] for line in msg.lines[:FORWARD_LINES]]
    more = len(msg.lines) - len(text)
    keeper.tell("own address", "mail from the judge's own address, probably cron's or a loop", [
        (f"A message came from the judge's own address: {why}. It was not answered (its answer would go to the "
         "judge itself). Cron mails what `judge process` prints to the judge's user: set MAILTO in the judge's "
         "crontab to your own address."), kept, "",
        f"From: {msg.headers.get('from', msg.sender)}", f"Subject: {msg.subject}", "",
        *text, *([f"[... {more} more line(s)]"] if more > 0 else []), "",
        "Another such message within the hour is kept the same way without a notice."])
    return Delivery(note=f"no reply: mail from the judge's own address, set aside for the keeper as {name}")
