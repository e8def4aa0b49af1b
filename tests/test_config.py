"""config.ini -> Settings: embedded defaults, the shipped file, and errors that name file:section:key."""
from pathlib import Path

import pytest

from judge import config
from judge.config import KEYS, ConfigError, load, render_ini

SHIPPED = Path(__file__).resolve().parents[1] / "config.ini"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "judge.ini"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_shipped_config_is_render_ini():
    assert SHIPPED.read_text(encoding="utf-8") == render_ini()


def test_render_ini_shows_every_key_with_its_default_and_why(tmp_path):
    text = render_ini()
    for key in KEYS:
        assert f"# {key.why}\n{key.name} = {key.default}".rstrip() in text, key.name
    loaded = load(write(tmp_path, text))
    defaults = load(None)
    for key in KEYS:
        if key.kind != "path":
            assert loaded.get(key.section, key.name) == defaults.get(key.section, key.name), key.name


def test_embedded_defaults(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    s = load(None)
    assert s.source == "<embedded defaults>"
    assert (s.judge_name, s.address) == ("JUDGE", "judge@localhost")
    assert s.games_dir == tmp_path / "games" and s.outbox_dir == tmp_path / "outbox"
    assert s.inbox_dir == tmp_path / "inbox"
    assert s.get("deadlines", "movement_hours") == 72 and s.get("relay", "starttls") is False
    assert s.get("smtp", "recipients") == []


def test_a_file_overrides_some_keys(tmp_path):
    path = write(tmp_path, "[judge]\nname = USIN\ngames_dir = data/games\n\n[deadlines]\ngrace_hours = 12\n"
                           "days = mtwtf--\n\n[relay]\nstarttls = yes\n\n[smtp]\nrecipients = a@x.org, b@x.org,\n")
    s = load(path)
    assert s.source == str(path)
    assert s.judge_name == "USIN" and s.games_dir == (tmp_path / "data" / "games").resolve()   # relative to the file
    assert s.get("deadlines", "grace_hours") == 12 and s.get("deadlines", "movement_hours") == 72
    assert s.get("deadlines", "days") == "mtwtf--"           # checked, kept as written (Timing upper-cases it)
    assert s.get("relay", "starttls") is True and s.get("smtp", "recipients") == ["a@x.org", "b@x.org"]


@pytest.mark.parametrize("text, expected", [
    ("yes", True), ("On", True), ("1", True), ("true", True), ("no", False), ("OFF", False), ("0", False),
    ("false", False),
])
def test_booleans(tmp_path, text, expected):
    assert load(write(tmp_path, f"[relay]\nstarttls = {text}\n")).get("relay", "starttls") is expected


@pytest.mark.parametrize("text, where, why", [
    ("[judge]\ncolour = red\n", "judge:colour", "unknown setting"),
    ("[DEFAULT]\nport = 99\n", "DEFAULT:port", "unknown setting"),
    ("[DEFAULT]\nport = 99\n[smtp]\nhost = h\n", "DEFAULT:port", "unknown setting"),
    ("[deadlines]\ngrace_hours = soon\n", "deadlines:grace_hours", "'soon' is not valid"),
    ("[smtp]\nport = 25.5\n", "smtp:port", "'25.5' is not valid"),
    ("[relay]\nstarttls = maybe\n", "relay:starttls", "'maybe' is not valid (expected yes or no)"),
    ("[judge]\ntimezone = Mars/Olympus_Mons\n", "judge:timezone", "unknown time zone 'Mars/Olympus_Mons'"),
    ("[judge]\ntimezone = localtime\n", "judge:timezone", "'localtime' depends on how this host is set up"),
    ("[judge]\ntimezone = right/UTC\n", "judge:timezone", "'right/UTC' depends on how this host is set up"),
    ("[judge]\ntimezone = posixrules\n", "judge:timezone", "'posixrules' depends on how this host is set up"),
    ("[deadlines]\ndays = MTWTF\n", "deadlines:days", "expected seven letters MTWTFSS"),
    ("[deadlines]\ndays = MTWTFSX\n", "deadlines:days", "expected seven letters MTWTFSS"),
    ("[deadlines]\ndays = -------\n", "deadlines:days", "expected seven letters MTWTFSS"),
    ("[deadlines]\ntime_of_day = 24:00\n", "deadlines:time_of_day", "expected HH:MM"),
    ("[deadlines]\nmovement_hours = 0\n", "deadlines:movement_hours", "must be from 5 minutes to 2160 hours"),
    ("[deadlines]\nretreat_hours = -1\n", "deadlines:retreat_hours", "must be from 5 minutes to 2160 hours"),
    ("[deadlines]\ngrace_hours = 99999999999\n", "deadlines:grace_hours", "must be from 0 hours to 2160 hours"),
    ("[deadlines]\nearly_minutes = 99999999\n", "deadlines:early_minutes", "must be from -1 minutes to 10080 minutes"),
    ("[rules]\ndefault = datc frobnicate=on\n", "rules:default", "UNKNOWN RULE: FROBNICATE"),
    ("[judge]\naddress = judge\n", "judge:address", "not an e-mail address"),
    ("[limits]\ncreate_per_sender = -1\n", "limits:create_per_sender", "must be from 0 to 1000"),
    ("[limits]\nobservers_per_game = 10001\n", "limits:observers_per_game", "must be from 0 to 10000"),
    ("[limits]\njoin_per_sender = many\n", "limits:join_per_sender", "'many' is not valid"),
    # (a port out of range was taken: the listener wrapped 99999 to 34463, where no MTA was pointed)
    ("[smtp]\nport = 99999\n", "smtp:port", "not a port number (0 to 65535"),
    ("[smtp]\nport = -1\n", "smtp:port", "not a port number (0 to 65535"),
    ("[relay]\nport = 0\n", "relay:port", "not a port number (1 to 65535)"),
])
def test_errors_name_file_section_and_key(tmp_path, text, where, why):
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as err:
        load(path)
    message = str(err.value)
    assert message.startswith(f"{path}:{where}: ") and why in message, message


def test_an_unknown_section_is_named_as_such(tmp_path):
    path = write(tmp_path, "[jugde]\nname = X\n")
    with pytest.raises(ConfigError, match=r"^.*: unknown section \[jugde\] \(the sections are \[deadlines\]"):
        load(path)


def test_a_file_not_in_utf_8_is_one_line_of_error(tmp_path):
    path = tmp_path / "config.ini"
    path.write_bytes(b"\xff\xfe[\x00j\x00]\x00\n")
    with pytest.raises(ConfigError, match=r": cannot read: not UTF-8 \(byte 0xff at position 0\)$"):
        load(path)


def test_an_unreadable_file(tmp_path):
    missing = tmp_path / "nope.ini"
    with pytest.raises(ConfigError, match=f"^{missing}: cannot read: "):
        load(missing)


def test_a_file_that_is_not_ini(tmp_path):
    path = write(tmp_path, "name = X\n")
    with pytest.raises(ConfigError, match=f"^{path}: File contains no section headers"):
        load(path)


def test_a_key_given_twice(tmp_path):
    path = write(tmp_path, "[judge]\nname = A\nname = B\n")
    with pytest.raises(ConfigError, match=f"^{path}: "):
        load(path)


def test_with_values_keeps_the_original():
    s = load(None)
    t = s.with_values(judge_name="OTHER", deadlines_time_of_day="20:00")
    assert (t.judge_name, t.get("deadlines", "time_of_day")) == ("OTHER", "20:00")
    assert s.judge_name == "JUDGE" and t.source == s.source


def test_every_key_has_a_known_kind_and_a_valid_default():
    assert {k.kind for k in KEYS} <= {"str", "int", "float", "bool", "path", "list"}
    assert len({(k.section, k.name) for k in KEYS}) == len(KEYS)
    config._check(load(None))


def test_the_timezone_is_kept_as_the_database_spells_it(tmp_path):
    assert load(write(tmp_path, "[judge]\ntimezone = america/new_york\n")).get("judge", "timezone") == \
        "America/New_York"


@pytest.mark.parametrize("given, zone", [("US/Pacific", "America/Los_Angeles"), ("posix/Europe/Paris", "Europe/Paris"),
                                         ("Asia/Calcutta", "Asia/Kolkata")])
def test_an_old_zone_name_an_earlier_release_took_still_starts_the_judge(tmp_path, given, zone):
    # After an upgrade, config.ini's timezone = US/Pacific stopped every `judge deliver` (exit 78) until edited. It
    # names the same zone: it is read as that zone (a game's SET ZONE still asks for the zone's own name).
    assert load(write(tmp_path, f"[judge]\ntimezone = {given}\n")).get("judge", "timezone") == zone


def test_web_settings_and_their_ranges(tmp_path):
    s = load(None)
    # judge-web.md: url's default is http://<host>:<port>, whatever the host (a loopback one too); IPv6 in brackets
    # (RFC 3986's IP-literal).
    assert (s.get("web", "host"), s.get("web", "port"), s.web_url) == ("127.0.0.1", 8080, "http://127.0.0.1:8080")
    for host, url in (("192.0.2.7", "http://192.0.2.7:8080"), ("judge.example.org", "http://judge.example.org:8080"),
                      ("2001:db8::7", "http://[2001:db8::7]:8080"), ("0.0.0.0", "http://0.0.0.0:8080"),
                      ("localhost", "http://localhost:8080"), ("::1", "http://[::1]:8080"),
                      ("[::1]", "http://[::1]:8080"), ("127.0.1.1", "http://127.0.1.1:8080")):
        (tmp_path / "h.ini").write_text(f"[web]\nhost = {host}\n")
        assert load(tmp_path / "h.ini").web_url == url, host
    ini = tmp_path / "c.ini"
    ini.write_text("[web]\nport = 0\n")
    assert load(ini).web_url == ""                                   # no pages: no link in mails
    ini.write_text("[web]\nport = 0\nurl = https://judge.example.org/\n")
    assert load(ini).web_url == "https://judge.example.org"
    for bad, key in (("port = 70000", "web:port"), ("port = -1", "web:port"), ("url = ftp://x", "web:url"),
                     ("url = https://x/?a=1", "web:url")):
        ini.write_text(f"[web]\n{bad}\n")
        with pytest.raises(ConfigError, match=key):
            load(ini)


def test_trusted_proxies(tmp_path):
    assert load(None).get("web", "trusted_proxies") == []           # nobody's X-Forwarded-For is read
    ini = write(tmp_path, "[web]\ntrusted_proxies = 127.0.0.1, ::1 ,10.0.0.0/8,\n")
    assert load(ini).get("web", "trusted_proxies") == ["127.0.0.1", "::1", "10.0.0.0/8"]
    for bad, why in (("proxy.example.org", "'proxy.example.org' is not an IP address or network"),
                     ("127.0.0.1 10.0.0.1", "'127.0.0.1 10.0.0.1' is not an IP address or network"),
                     ("192.168.1.1/24", "'192.168.1.1/24' has host bits set"),
                     ("0.0.0.0/0", "'0.0.0.0/0' would trust every address")):
        write(tmp_path, f"[web]\ntrusted_proxies = ::1, {bad}\n")
        with pytest.raises(ConfigError) as err:
            load(ini)
        assert str(err.value).startswith(f"{ini}:web:trusted_proxies: {why}"), str(err.value)


@pytest.mark.parametrize("key, value", [
    ("max_connections", "0"), ("reserved_files", "8"), ("idle_seconds", "0"), ("stress_idle_seconds", "0"),
    ("max_recipients", "0"), ("max_errors", "0"), ("max_connections", "1000000"),
])
def test_smtp_limits_have_ranges(tmp_path, key, value):
    path = write(tmp_path, f"[smtp]\n{key} = {value}\n")
    with pytest.raises(ConfigError, match=f"judge.ini:smtp:{key}: must be from"):
        load(path)


def test_the_stress_idle_limit_is_not_longer_than_the_idle_limit(tmp_path):
    with pytest.raises(ConfigError, match="smtp:stress_idle_seconds: it must not be longer than idle_seconds"):
        load(write(tmp_path, "[smtp]\nidle_seconds = 10\nstress_idle_seconds = 20\n"))
    same = load(write(tmp_path, "[smtp]\nidle_seconds = 20\nstress_idle_seconds = 20\n"))
    assert same.get("smtp", "stress_idle_seconds") == 20
