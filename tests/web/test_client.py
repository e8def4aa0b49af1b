"""Which address a web request comes from (judge.web.client): the peer, unless it is a trusted proxy; then the
right-most address of X-Forwarded-For that is not a trusted proxy, and the peer whenever the header cannot be
believed. The requests themselves, through a real proxy to the real server: test_client_behind_proxy.py."""
from __future__ import annotations

import pytest

from judge.web.client import MAX_HOPS, client_address, networks

PROXY = "10.0.0.5"
TRUSTED = networks(["10.0.0.5", "fd00::/8"])


@pytest.mark.parametrize("peer, header, expected", [
    # From a peer not trusted the header is never read, whatever it says.
    ("203.0.113.7", ["198.51.100.1"], "203.0.113.7"),
    ("203.0.113.7", ["10.0.0.5"], "203.0.113.7"),
    # From the proxy: the address it appended, not what the client wrote before it.
    (PROXY, ["198.51.100.1"], "198.51.100.1"),
    (PROXY, ["192.0.2.66, 198.51.100.1"], "198.51.100.1"),
    (PROXY, ["192.0.2.66", "198.51.100.1"], "198.51.100.1"),             # two fields: in the order they came
    # A chain of trusted proxies is passed over to the first address that is not one.
    (PROXY, ["192.0.2.66, 198.51.100.1, fd00::2, 10.0.0.5"], "198.51.100.1"),
    (PROXY, ["fd00::9, 10.0.0.5"], "fd00::9"),                           # all trusted: the first of them
    # No header, an empty one, or garbage where the proxy's entry should be: the proxy itself.
    (PROXY, [], PROXY),
    (PROXY, [""], PROXY),
    (PROXY, ["unknown"], PROXY),
    (PROXY, ["198.51.100.1,"], PROXY),
    (PROXY, ["198.51.100.1, 300.1.1.1"], PROXY),
    (PROXY, ["198.51.100.1, <script>"], PROXY),
    (PROXY, ["[2001:db8::1"], PROXY),
    (PROXY, ["2001:db8::1:443x"], PROXY),
    # Garbage a client wrote before the proxy's entry is never reached.
    (PROXY, ["unknown, \x00\xff, 198.51.100.1"], "198.51.100.1"),
    # Ports and brackets some proxies add.
    (PROXY, ["198.51.100.1:5123"], "198.51.100.1"),
    (PROXY, ["[2001:db8::1]:5123"], "2001:db8::1"),
    (PROXY, ["[2001:db8::1]"], "2001:db8::1"),
    (PROXY, ["2001:db8::1"], "2001:db8::1"),
    # A dual-stack socket's IPv4 peer, and a forwarded IPv4 client written the same way.
    ("::ffff:10.0.0.5", ["198.51.100.1"], "198.51.100.1"),
    (PROXY, ["::ffff:198.51.100.1"], "198.51.100.1"),
    # No peer address (a Unix socket): nothing to trust.
    (None, ["198.51.100.1"], None),
])
def test_the_client_address(peer, header, expected):
    assert client_address(peer, header, TRUSTED) == expected


def test_nothing_trusted_reads_no_header():
    assert client_address(PROXY, ["198.51.100.1"], ()) == PROXY
    assert client_address("127.0.0.1", ["198.51.100.1"], networks([])) == "127.0.0.1"


def test_a_header_too_long_is_not_believed():
    chain = ["192.0.2.1"] + ["10.0.0.5"] * (MAX_HOPS - 1)
    assert client_address(PROXY, [", ".join(chain)], TRUSTED) == "192.0.2.1"
    assert client_address(PROXY, [", ".join(["192.0.2.1"] + chain)], TRUSTED) == PROXY


def test_networks_as_config_ini_writes_them():
    nets = networks([" 127.0.0.1", "::1", "10.0.0.0/8 ", "fd00::/8"])
    assert [str(n) for n in nets] == ["127.0.0.1/32", "::1/128", "10.0.0.0/8", "fd00::/8"]


@pytest.mark.parametrize("entry, why", [
    ("localhost", "'localhost' is not an IP address or network"),
    ("10.0.0.1/8", "'10.0.0.1/8' has host bits set"),
    ("10.0.0.0/33", "'10.0.0.0/33' is not an IP address or network"),
    ("0.0.0.0/0", "'0.0.0.0/0' would trust every address"),
    ("::/0", "'::/0' would trust every address"),
])
def test_networks_refuses_what_is_not_one(entry, why):
    with pytest.raises(ValueError, match="^" + why.replace("(", r"\(").replace(".", r"\.")):
        networks(["127.0.0.1", entry])
