"""config.ini -> a frozen Settings; every key has an embedded default, and errors name file:section:key."""
from __future__ import annotations

import configparser
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable


class ConfigError(ValueError):
    """A config value the judge cannot use; the message names file:section:key."""


@dataclass(frozen=True)
class Key:
    section: str
    name: str
    default: str
    why: str
    kind: str = "str"            # str, int, float, bool, path, list
    range: tuple[int, int] | None = None     # the lowest and highest value allowed (numbers)


KEYS: tuple[Key, ...] = (
    Key("judge", "name", "JUDGE", "The judge's name, shown in the '::' header lines of every results mail."),
    Key("judge", "address", "judge@localhost", "The address players write to; replies come from it."),
    Key("judge", "keeper", "", "The judge keeper's address: copies of internal errors go there (empty: nobody)."),
    Key("judge", "games_dir", "games", "Where game folders live (relative to this file).", "path"),
    Key("judge", "outbox_dir", "outbox", "Outgoing mail waits here, one file per message, until sent.", "path"),
    Key("judge", "inbox_dir", "inbox", "Incoming mail is spooled here before it is answered.", "path"),
    Key("judge", "timezone", "UTC", "Time zone for deadlines unless a game sets its own: a zone name such as "
                                    "Europe/Paris (any case), UTC or Etc/GMT-1; not localtime, posix/ or right/."),
    Key("judge", "variant", "standard", "The variant CREATE makes when none is named (judge variants lists them)."),
    Key("judge", "variants_dir", "", "A folder of more variants: our JSON files or DPjudge .map files (relative to "
                                     "this file; empty: only the shipped variants)."),
    Key("rules", "default", "datc", "House rules for new games: rule words as in the README (a preset first)."),
    Key("deadlines", "movement_hours", "72", "Time from a phase's start to its deadline: movement phases.", "float"),
    Key("deadlines", "retreat_hours", "24", "... retreat phases.", "float"),
    Key("deadlines", "adjustment_hours", "24", "... adjustment phases.", "float"),
    Key("deadlines", "time_of_day", "", "Deadlines fall at this HH:MM (empty: exactly after the delay).", "str"),
    Key("deadlines", "days", "MTWTFSS", "Days deadlines may fall on (a dash for a day without): MTWTF-- skips "
                                        "weekends.", "str"),
    Key("deadlines", "grace_hours", "24", "After the deadline, late powers get this long before civil disorder.",
        "float"),
    Key("deadlines", "reminder_hours", "24", "A reminder goes to powers without orders this long before the "
                                             "deadline (0: none).", "float"),
    Key("deadlines", "late_notice_hours", "6", "Late notices repeat this often during the grace period (0: once).",
        "float"),
    Key("deadlines", "early_minutes", "10", "When all orders are in and nobody waits, process this many minutes "
                                            "later (so orders can still change); negative: never early.", "float"),
    Key("smtp", "host", "127.0.0.1", "Where `judge serve` listens for mail (behind a real MTA)."),
    Key("smtp", "port", "8025", "Port `judge serve` listens on.", "int"),
    Key("smtp", "hostname", "judge.localhost", "The host name the SMTP server announces."),
    Key("smtp", "recipients", "", "Addresses accepted at RCPT, comma-separated (empty: the judge address only).",
        "list"),
    Key("smtp", "max_message_bytes", "1048576", "Larger messages are refused.", "int"),
    Key("smtp", "rate_per_hour", "120", "Messages accepted from one sender (an envelope sender and From address) "
        "per hour, by judge serve and judge deliver together, counted in games/.limits (a restart keeps the count; "
        "0 to 100000; 0: no limit).", "int",
        (0, 100_000)),
    Key("smtp", "rate_per_envelope", "600", "Messages accepted per hour under one envelope sender, whatever their "
        "From: each From under it counts against rate_per_hour on its own (players behind a mailing list or "
        "forwarder that rewrites the envelope sender), all of them together against this (0 to 1000000; 0: the "
        "From is not looked at, one count of rate_per_hour per envelope sender).", "int", (0, 1_000_000)),
    Key("smtp", "max_connections", "100", "SMTP connections open at once; one more is answered 421 and closed. "
                                          "Lowered at start-up to fit the process's file limit (ulimit -n) less "
                                          "reserved_files.", "int", (1, 100_000)),
    Key("smtp", "reserved_files", "64", "File descriptors kept for the judge's own work (games, spool, outbox, "
                                        "relay), never given to SMTP connections.", "int", (16, 100_000)),
    Key("smtp", "idle_seconds", "300", "A connection silent this long is closed with 421 (RFC 5321: at least 5 "
                                       "minutes).", "float", (1, 3600)),
    Key("smtp", "stress_idle_seconds", "5", "Under stress (3/4 of the connections taken, or file descriptors "
                                            "short) the idle limit drops to this, as in Postfix's stress mode.",
        "float", (1, 3600)),
    Key("smtp", "one_cpu", "yes", "`judge serve` keeps its Python threads on one CPU (Linux): handing the interpreter "
                                  "lock between CPUs cost more than a second CPU gave; password checks and pictures "
                                  "still use every CPU. no: the system places the threads.", "bool"),
    Key("smtp", "max_recipients", "100", "Recipients accepted in one message; more are answered 452 (RFC 5321: "
                                         "at least 100).", "int", (1, 100_000)),
    Key("smtp", "max_errors", "20", "Error replies one connection may get before it is closed with 421.",
        "int", (1, 1000)),
    Key("limits", "create_per_sender", "5", "Games one address may create in an hour (0 to 1000; 0: no limit).",
        "int", (0, 1000)),
    Key("limits", "create_per_hour", "30", "Games the whole judge creates in an hour, whoever asks (0 to 10000; 0: "
                                         "no limit).", "int", (0, 10000)),
    Key("limits", "creators", "", "Who may create games: addresses and domains (alice@example.org, example.org), "
                                  "comma-separated (empty: anyone).", "list"),
    Key("limits", "join_per_sender", "10", "Forming games one address may join in an hour (0 to 1000; 0: no limit).",
        "int", (0, 1000)),
    Key("limits", "observe_per_sender", "20", "Games one address may start observing or monitoring in an hour (0 to "
                                            "1000; 0: no limit).", "int", (0, 1000)),
    Key("limits", "observers_per_game", "50", "Observers and monitors one game may have, together (0 to 10000; 0: no "
                                            "limit).", "int", (0, 10000)),
    Key("relay", "host", "", "SMTP relay for outgoing mail (empty: deliver to the local maildir instead)."),
    Key("relay", "port", "25", "Relay port.", "int"),
    Key("relay", "starttls", "no", "Use STARTTLS with the relay.", "bool"),
    Key("relay", "user", "", "Relay login user (empty: no login)."),
    Key("relay", "password", "", "Relay login password."),
    Key("relay", "timeout", "30", "Seconds the judge waits for each answer of the relay; a relay that does not answer "
                                  "in time gets no mail for a minute (it waits in the outbox).", "float", (1, 600)),
    Key("relay", "maildir", "maildir", "With no relay, outgoing mail is delivered to this Maildir.", "path"),
    Key("web", "host", "127.0.0.1",
        "Where `judge serve` serves the games' web pages (behind a reverse proxy for TLS)."),
    Key("web", "port", "8080", "Port of the web pages (0: no web pages).", "int"),
    Key("web", "url", "", "The pages' public address, written into mails (e.g. https://judge.example.org; empty: "
                          "http://<host>:<port>, an IPv6 host in brackets; no link when the port is 0)."),
    Key("web", "max_connections", "100", "Web connections open at once; one more is answered 503 (busy) and "
                                         "closed, so that visitors never take the file descriptors games and mail "
                                         "need.", "int", (1, 100_000)),
    Key("web", "trusted_proxies", "", "Reverse proxies in front of the pages, comma-separated addresses or networks "
                                      "(127.0.0.1, ::1, 10.0.0.0/8): from them a visitor is the address their "
                                      "X-Forwarded-For names, for its own bound of sessions (empty: nobody's "
                                      "header is read).", "list"),
)


@dataclass(frozen=True)
class Settings:
    values: dict[str, Any] = field(default_factory=dict)
    source: str = "<embedded defaults>"
    base: Path = field(default_factory=Path.cwd)

    def get(self, section: str, name: str) -> Any:
        return self.values[f"{section}.{name}"]

    # The values used most, by name.
    @property
    def judge_name(self) -> str:
        return self.get("judge", "name")

    @property
    def address(self) -> str:
        return self.get("judge", "address")

    @property
    def games_dir(self) -> Path:
        return self.get("judge", "games_dir")

    @property
    def outbox_dir(self) -> Path:
        return self.get("judge", "outbox_dir")

    @property
    def inbox_dir(self) -> Path:
        return self.get("judge", "inbox_dir")

    @property
    def web_url(self) -> str:
        """The public base URL of the web pages, without a trailing slash ('' when there are none to link to)."""
        url = self.get("web", "url")
        if url:
            return url.rstrip("/")
        port = self.get("web", "port")
        host = self.get("web", "host")
        if not port:
            return ""           # (port 0: no pages are served, so there is nothing to link to)
        # judge-web.md's default, whatever the host (a loopback one too): http://<host>:<port>, as programs expect.
        return f"http://{'[' + host + ']' if ':' in host and not host.startswith('[') else host}:{port}"

    @property
    def variants_dir(self) -> Path | None:
        folder = self.get("judge", "variants_dir")
        return (self.base / folder).resolve() if folder else None

    def with_values(self, **changes: Any) -> "Settings":
        """A copy with some values replaced; keys are 'section_name' (e.g. judge_games_dir=...)."""
        values = dict(self.values)
        for k, v in changes.items():
            section, _, name = k.partition("_")
            values[f"{section}.{name}"] = v
        return Settings(values, self.source, self.base)


def _bool(text: str) -> bool:
    t = text.strip().lower()
    if t in ("1", "yes", "on", "true"):
        return True
    if t in ("0", "no", "off", "false"):
        return False
    raise ValueError("expected yes or no")


def _number(text: str) -> float:
    value = float(text)
    return int(value) if value == int(value) else value


def _convert(key: Key, text: str, base: Path) -> Any:
    conv: dict[str, Callable[[str], Any]] = {
        "str": str.strip, "int": int, "float": _number, "bool": _bool,
        "path": lambda t: (base / t.strip()).resolve(),
        "list": lambda t: [x.strip() for x in t.split(",") if x.strip()],
    }
    return conv[key.kind](text)


def load(path: str | Path | None = None) -> Settings:
    """Read config.ini (missing keys take their defaults; None: embedded defaults, relative to the cwd). The judge's
    variants are then those shipped and those in the settings' variants folder (judge.maps.use_folder)."""
    base = Path(path).resolve().parent if path else Path.cwd()
    source = str(path) if path else "<embedded defaults>"
    parser = configparser.ConfigParser(interpolation=None)
    if path is not None:
        try:
            with open(path, encoding="utf-8") as fh:
                parser.read_file(fh)
        except OSError as exc:
            raise ConfigError(f"{source}: cannot read: {exc.strerror}") from None
        except UnicodeDecodeError as exc:         # (an editor's UTF-16 or Latin-1)
            raise ConfigError(f"{source}: cannot read: not UTF-8 (byte 0x{exc.object[exc.start]:02x} at position "
                              f"{exc.start})") from None
        except configparser.Error as exc:
            raise ConfigError(f"{source}: {exc.message.splitlines()[0]}") from None
    known = {(k.section, k.name) for k in KEYS}
    # configparser copies [DEFAULT] keys into every section: a key there would silently change every section's key
    # of that name (or be ignored when no section exists), so it is refused under its own section's name.
    for name in parser.defaults():
        raise ConfigError(f"{source}:{parser.default_section}:{name}: unknown setting")
    sections = {k.section for k in KEYS}
    for section in parser.sections():
        if section not in sections:
            raise ConfigError(f"{source}: unknown section [{section}] (the sections are "
                              f"{', '.join(f'[{x}]' for x in sorted(sections))})")
        for name in parser[section]:
            if (section, name) not in known:
                raise ConfigError(f"{source}:{section}:{name}: unknown setting")
    values = {}
    for key in KEYS:
        text = parser.get(key.section, key.name, fallback=key.default)
        try:
            values[f"{key.section}.{key.name}"] = _convert(key, text, base)
        except ValueError as exc:
            raise ConfigError(f"{source}:{key.section}:{key.name}: {text!r} is not valid ({exc})") from None
    settings = Settings(values, source, base)
    _check(settings)
    return settings


def _check(s: Settings) -> None:
    from judge.deadlines import parse_days, parse_time_of_day
    from judge.rules import parse_rules
    from judge.zones import config_zone

    def fail(section: str, name: str, why: str) -> None:
        raise ConfigError(f"{s.source}:{section}:{name}: {why}")

    for section, name, check in (("rules", "default", lambda v: parse_rules(v.split())),
                                 ("deadlines", "days", parse_days),
                                 ("deadlines", "time_of_day", parse_time_of_day),
                                 ("judge", "timezone", config_zone)):
        try:
            check(s.get(section, name))
        except ValueError as exc:
            fail(section, name, str(exc))
    s.values["judge.timezone"] = config_zone(s.get("judge", "timezone"))     # as the tz database spells it
    from judge.deadlines import LIMITS, check_limit
    for name in LIMITS:
        try:
            check_limit(name, s.get("deadlines", name))
        except ValueError as exc:
            fail("deadlines", name, str(exc))
    for key in KEYS:
        if key.range is not None and not key.range[0] <= s.get(key.section, key.name) <= key.range[1]:
            fail(key.section, key.name, f"must be from {key.range[0]} to {key.range[1]}")
    if not 0 <= s.get("web", "port") <= 65535:
        fail("web", "port", "not a port number (0 to 65535; 0: no web pages)")
    if not 0 <= s.get("smtp", "port") <= 65535:          # (99999 was taken, and the listener wrapped it to 34463)
        fail("smtp", "port", "not a port number (0 to 65535; 0: a free one)")
    if not 1 <= s.get("relay", "port") <= 65535:
        fail("relay", "port", "not a port number (1 to 65535)")
    url = s.get("web", "url")
    if url and (not re.fullmatch(r"https?://[^\s/?#]+(/[^\s?#]*)?", url) or len(url) > 200):
        fail("web", "url", "not an http:// or https:// address without query or fragment (at most 200 characters)")
    from judge.web.client import networks
    try:
        networks(s.get("web", "trusted_proxies"))
    except ValueError as exc:
        fail("web", "trusted_proxies", str(exc))
    if s.get("smtp", "stress_idle_seconds") > s.get("smtp", "idle_seconds"):
        fail("smtp", "stress_idle_seconds", "it must not be longer than idle_seconds")
    if "@" not in s.address:
        fail("judge", "address", "not an e-mail address")
    folder = s.variants_dir
    if folder is not None and not folder.is_dir():
        fail("judge", "variants_dir", f"{folder} is not a folder")
    from judge import maps
    maps.use_folder(folder)
    try:
        maps.load(s.get("judge", "variant"))
    except maps.MapError as exc:
        fail("judge", "variant", str(exc))


def render_ini() -> str:
    """The shipped config.ini: every key with its default and why (a test keeps the file equal to this)."""
    lines = ["# The judge's settings. Every key is shown with its default; delete a line to use the default.", ""]
    section = None
    for key in KEYS:
        if key.section != section:
            if section is not None:
                lines.append("")
            lines.append(f"[{key.section}]")
            section = key.section
        lines.append(f"# {key.why}")
        lines.append(f"{key.name} = {key.default}".rstrip())
    return "\n".join(lines) + "\n"
