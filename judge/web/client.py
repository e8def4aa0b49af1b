"""Which address a web request comes from: the connecting peer, or, when that peer is a reverse proxy the operator
trusts (config.ini [web] trusted_proxies), the address the proxy says it forwarded for in X-Forwarded-For.

Only the proxy's own entry can be believed: whatever a client sends in the header the proxy keeps and appends to, so
the header is read from the right, past the trusted proxies, to the first address that is not one of them. From any
peer not trusted the header is not read at all (anyone can write it). RFC 7239 `Forwarded` is not read: the usual
proxies (nginx, Caddy, HAProxy) set X-Forwarded-For and pass a client's own `Forwarded` through untouched, so
reading it would let any client name itself. The address found is only ever used to key a digest
(judge.web.session.client_digest): it is neither logged nor stored."""
from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Sequence

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network
MAX_HOPS = 30            # entries read from the right at most: a longer chain of trusted proxies is not believed


def networks(entries: Iterable[str]) -> tuple[Network, ...]:
    """The trusted proxies as written in config.ini: addresses (10.0.0.5, ::1) or networks (10.0.0.0/8, fd00::/8).
    ValueError naming the first entry that is neither, or that would trust every address."""
    out = []
    for entry in entries:
        try:
            net = ipaddress.ip_network(entry.strip())
        except ValueError as exc:
            why = "has host bits set" if "host bits" in str(exc) else "is not an IP address or network"
            raise ValueError(f"{entry.strip()!r} {why} (e.g. 127.0.0.1, ::1 or 10.0.0.0/8)") from None
        if net.prefixlen == 0:
            # Trusting every address would let any visitor name its own address, and so escape its budget.
            raise ValueError(f"{entry.strip()!r} would trust every address; name the proxies' own")
        out.append(net)
    return tuple(out)


def client_address(peer: str | None, forwarded_for: Sequence[str], trusted: Sequence[Network]) -> str | None:
    """The client's address: `peer` (None for a socket without one) unless it is trusted, then the right-most
    address of the X-Forwarded-For header values `forwarded_for` (in the order received) that is not trusted. A
    malformed entry reached before it, an empty or too long header: the peer (the proxy itself)."""
    me = _address(peer)
    if me is None or not trusted or not _trusted(me, trusted):
        return peer
    hops = [part for value in forwarded_for for part in value.split(",")]
    if not hops or len(hops) > MAX_HOPS:
        return peer
    found = None
    for text in reversed(hops):
        found = _address(_bare(text))
        if found is None:
            return peer             # (a proxy would not write this: someone did, so nothing of it is believed)
        if not _trusted(found, trusted):
            return str(found)
    return str(found)               # every hop a trusted proxy: the first of them asked for itself


def _trusted(ip: Address, trusted: Sequence[Network]) -> bool:
    return any(ip in net for net in trusted)


def _address(text: str | None) -> Address | None:
    try:
        ip = ipaddress.ip_address(text or "")
    except ValueError:
        return None
    return getattr(ip, "ipv4_mapped", None) or ip      # (a dual-stack socket's IPv4 client is ::ffff:a.b.c.d)


def _bare(entry: str) -> str:
    """An entry without the port or brackets some proxies add: "[2001:db8::1]:443" and "192.0.2.1:80" are read as
    their address; an IPv6 address's own colons are kept."""
    text = entry.strip()
    if text.startswith("["):
        inner, close, rest = text[1:].partition("]")
        return inner if close and (not rest or rest[:1] == ":" and rest[1:].isdigit()) else ""
    host, colon, port = text.rpartition(":")
    return host if colon and "." in host and ":" not in host and port.isdigit() else text
