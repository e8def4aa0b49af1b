"""Web sign-ons: cookies signed with the judge's secret (judge.storage.secret), the sessions kept (bounded,
expiring), and CSRF tokens.

A session is a random id the browser holds in a cookie signed with the judge's secret (HttpOnly, SameSite=Strict,
scoped to one game's pages); the server keeps what the id stands for (game, power or master) in memory, each for at
most LIFETIME. The table is bounded so that nobody can sign others off by signing on again and again: one web client
keeps at most PER_CLIENT sessions and one power (or the master, or a private game's readers) of a game PER_HOLDER,
each losing its own oldest first; beyond MAX_SESSIONS in all, the game with the most sessions loses its oldest (a
stranger's own games, whatever addresses it signs on from). Nothing a browser holds is a password or a hash: a
session also records a digest of the password hash it was opened with, so a SET PASSWORD, a resignation or an
ejection ends it.
Wrong passwords are not counted here: the sign-on goes through the SIGNON command and the game's failure budget
(judge.storage.failures), exactly as a mail's from another address than the power's own does (one budget for both).
"""
from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
import threading
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Callable


COOKIE = "judge_session"
CSRF_COOKIE = "judge_form"        # an anonymous visitor's form token (the sign-on form), before any session
MAX_SESSIONS = 10_000             # in all (memory): beyond this the game with the most loses its oldest
PER_CLIENT = 100                  # of one web client (a digest of its address): beyond this its own oldest goes
PER_HOLDER = 50                   # of one power, the master or a private game's readers of one game: likewise
LIFETIME = timedelta(hours=12)    # a session ends this long after its sign-on, whatever it does
APPLIED_KEPT = 32                 # form_key()s a session remembers applying: its last forms, whatever the game's mail
MASTER = "MASTER"


def credential(stored_hash: str) -> str:
    """What a session remembers of the password hash it was opened with (a digest: the hash itself stays on disk)."""
    return hashlib.sha256(stored_hash.encode("utf-8")).hexdigest()


@dataclass
class Session:
    id: str
    game: str
    who: str                 # a power, or MASTER
    via_master: bool         # a power signed on with the master's password
    credential: str          # credential() of the hash that let it in
    csrf: str
    expires: datetime
    client: str = ""         # Sessions.client_digest() of the address it was opened from
    # The forms it applied (form_key): a reload of one is answered "sent already" even when so many other messages
    # reached the game meanwhile that the game's own record of the messages it has seen (SEEN_KEPT) has let it go.
    applied: deque = field(default_factory=lambda: deque(maxlen=APPLIED_KEPT))

    def groups(self) -> tuple[tuple[str, ...], ...]:
        """The groups the session counts in: its client's, its holder's, its game's."""
        return ("client", self.client), ("holder", self.game, self.who), ("game", self.game)


class Sessions:
    """The sessions kept, by id; safe to use from the event loop and worker threads."""

    def __init__(self, secret: bytes, clock: Callable[[], datetime], limit: int = MAX_SESSIONS,
                 lifetime: timedelta = LIFETIME, per_client: int | None = None, per_holder: int | None = None):
        self.secret = secret
        self.clock = clock
        self.limit = limit
        self.lifetime = lifetime
        self.per_client = per_client or PER_CLIENT
        self.per_holder = per_holder or PER_HOLDER
        self._kept: OrderedDict[str, Session] = OrderedDict()
        self._groups: dict[tuple[str, ...], OrderedDict[str, None]] = {}     # each Session.groups(): ids, oldest first
        self._lock = threading.Lock()

    # -- signing ---------------------------------------------------------------------------------------------------
    def sign(self, value: str) -> str:
        mac = hmac.new(self.secret, value.encode("ascii"), hashlib.sha256).hexdigest()[:32]
        return f"{value}.{mac}"

    def unsign(self, signed: str | None) -> str | None:
        if not signed or len(signed) > 200 or "." not in signed:
            return None
        value, _, mac = signed.rpartition(".")
        try:
            good = self.sign(value).rpartition(".")[2]
        except UnicodeEncodeError:
            return None
        return value if hmac.compare_digest(good, mac) else None

    # -- sessions --------------------------------------------------------------------------------------------------
    def open(self, game: str, who: str, via_master: bool, stored_hash: str, client: str = "") -> tuple[str, Session]:
        """A new session for the web client `client` (client_digest()); returns the cookie value and the session.
        Over a bound, the oldest session of the client, of the holder, or (over the whole table's) of the game with
        the most sessions is forgotten: never another client's or holder's to make room for these."""
        now = self.clock()
        s = Session(secrets.token_urlsafe(24), game, who, via_master, credential(stored_hash),
                    secrets.token_urlsafe(24), now + self.lifetime, client)
        with self._lock:
            self._drop_expired(now)
            self._kept[s.id] = s
            for group in s.groups():
                self._groups.setdefault(group, OrderedDict())[s.id] = None
            client_group, holder_group, _ = s.groups()
            for group, bound in ((client_group, self.per_client), (holder_group, self.per_holder)):
                while len(self._groups.get(group, ())) > bound:
                    self._forget(next(iter(self._groups[group])))
            while len(self._kept) > self.limit:
                biggest = max((ids for key, ids in self._groups.items() if key[0] == "game"), key=len)
                self._forget(next(iter(biggest)))
        return self.sign(s.id), s

    def get(self, cookie: str | None, game: str) -> Session | None:
        """The live session a cookie stands for on this game's pages, or None."""
        sid = self.unsign(cookie)
        if sid is None:
            return None
        with self._lock:
            s = self._kept.get(sid)
            if s is None:
                return None
            if s.expires <= self.clock():
                self._forget(sid)
                return None
        return s if s.game == game else None

    def end(self, session: Session) -> None:
        with self._lock:
            self._forget(session.id)

    def __len__(self) -> int:
        return len(self._kept)

    def _drop_expired(self, now: datetime) -> None:
        # Sessions are kept in the order they were opened, all with the same lifetime: the expired are at the front.
        while self._kept:
            first = next(iter(self._kept.values()))
            if first.expires > now:
                return
            self._forget(first.id)

    def _forget(self, sid: str) -> None:
        s = self._kept.pop(sid, None)
        if s is None:
            return
        for group in s.groups():
            ids = self._groups.get(group)
            if ids is not None:
                ids.pop(sid, None)
                if not ids:
                    del self._groups[group]

    # -- forms -----------------------------------------------------------------------------------------------------
    def form_token(self, visitor: str) -> str:
        """The CSRF token of a visitor without a session: bound to their form cookie by the secret."""
        return hmac.new(self.secret, b"form:" + visitor.encode("ascii", "replace"), hashlib.sha256).hexdigest()

    def form_ok(self, visitor_cookie: str | None, token: str | None) -> bool:
        visitor = self.unsign(visitor_cookie)
        if visitor is None or not token:
            return False
        return hmac.compare_digest(self.form_token(visitor), token)

    @staticmethod
    def csrf_ok(session: Session, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(session.csrf.encode(), str(token).encode("utf-8", "replace"))

    def client_digest(self, address: str | None) -> str:
        """A web client's name in the table of sessions (its bound, PER_CLIENT): a digest of its address
        (judge.web.client) keyed with the secret (the address itself is never kept). An IPv6 client is its /64
        network, which one host commonly holds whole."""
        try:
            ip = ipaddress.ip_address(address or "")
            ip = getattr(ip, "ipv4_mapped", None) or ip
            text = str(ipaddress.ip_network(f"{ip}/64", strict=False)) if ip.version == 6 else str(ip)
        except ValueError:
            text = "?"                      # no address (a Unix socket): such clients share one budget
        return hmac.new(self.secret, b"client:" + text.encode("ascii"), hashlib.sha256).hexdigest()[:16]

    def new_visitor(self) -> str:
        """A signed form cookie for a visitor who has none."""
        return self.sign(secrets.token_urlsafe(18))


def form_key(session: Session, nonce: str, text: str) -> str:
    """The identity of one submitted form (as a message's key): the same form sent twice (a reload after POST) is
    recognised as applied already, as a mail delivered twice is. Its lines are part of it: a form corrected after going
    back a page carries the old page's nonce, but it is a new message."""
    digest = hashlib.sha256(f"{session.id}:{nonce}:{text}".encode("utf-8", "replace")).hexdigest()
    return "w" + digest[:32]
