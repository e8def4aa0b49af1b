"""JSON text a user gives the judge, through the installed `judge` command as another program runs it: a document that
gives one key twice in an object is refused, naming the key and the object it is in (Python's decoder keeps the last
and drops the other without a word); a name with a line break is quoted escaped in an error, the same on the command
line as from the API; a number too long or a document too large is refused plainly, its memory bounded."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from judge import api
from judge.json_input import LARGEST, DuplicateKey, loads

# The console script pip installed beside this interpreter (the command a user types), else the checkout's bin/judge.
INSTALLED = Path(sys.executable).with_name("judge")
CHECKOUT = [sys.executable, str(Path(__file__).parent.parent / "bin" / "judge")]
JUDGE = [str(INSTALLED)] if INSTALLED.exists() else CHECKOUT
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}

# (Turkey's army took Sevastopol from Armenia)
STATE = ('{"phase": "F1901R", "units": {"AUSTRIA": ["A BUD"], "TURKEY": ["A SEV"]}, '
         '"dislodged": {"RUSSIA": {"A SEV": ["UKR"]}}}')
VALID = '{"state": %s, "orders": {"RUSSIA": ["A SEV R UKR"]}}' % STATE
AFTER = {"AUSTRIA": ["A BUD"], "RUSSIA": ["A UKR"], "TURKEY": ["A SEV"]}      # (VALID's units after it)

# (request text, the message): each text is VALID with one key written twice; Python's json would read each of them
# as a valid request (the last of the two kept), so each was adjudicated as if the first had never been written.
TWICE = [
    ('{"state": %s, "orders": {}, "orders": {"RUSSIA": ["A SEV R UKR"]}}' % STATE,
     "DUPLICATE KEY: 'orders' (twice in the top-level object)"),
    ('{"state": {"phase": "S1901M"}, "state": %s, "orders": {}}' % STATE,
     "DUPLICATE KEY: 'state' (twice in the top-level object)"),
    (VALID.replace('"units": {"AUSTRIA": ["A BUD"],', '"units": {"AUSTRIA": ["A BUD"], "AUSTRIA": ["A VIE"],'),
     "DUPLICATE KEY: 'AUSTRIA' (twice in state.units)"),
    (VALID.replace('{"A SEV": ["UKR"]}', '{"A SEV": ["UKR"], "A SEV": []}'),
     "DUPLICATE KEY: 'A SEV' (twice in state.dislodged.RUSSIA)"),
    (VALID.replace('"orders": {"RUSSIA": ["A SEV R UKR"]}', '"orders": {"RUSSIA": ["A SEV R UKR"], "RUSSIA": []}'),
     "DUPLICATE KEY: 'RUSSIA' (twice in orders)"),
    (VALID.replace('"phase": "F1901R"', '"phase": "F1901R", "phase": "S1901M"'),
     "DUPLICATE KEY: 'phase' (twice in state)"),
]


def judge(args, stdin=""):
    return subprocess.run(JUDGE + args, input=stdin, capture_output=True, text=True, timeout=120, env=ENV)


def said_alone_and_in_a_batch(text: str, message: str) -> None:
    """`text` refused with `message`: alone (status 2, the message on stderr) and as a --batch line (its error line,
    and the valid line after it still answered)."""
    p = judge(["adjudicate"], text)
    assert (p.returncode, p.stdout, p.stderr) == (2, "", f"judge adjudicate: {message}\n")
    p = judge(["adjudicate", "--batch"], text + "\n" + VALID + "\n")
    assert p.returncode == 2 and json.loads(p.stdout.splitlines()[0]) == {"error": f"line 1: {message}"}
    assert "state" in json.loads(p.stdout.splitlines()[1])


def test_the_valid_request_these_are_made_from_is_adjudicated():
    p = judge(["adjudicate", "--compact"], VALID)
    assert p.returncode == 0 and p.stderr == "", p.stderr
    assert json.loads(p.stdout)["state"]["units"] == AFTER


@pytest.mark.parametrize("text,message", TWICE)
def test_a_request_giving_a_key_twice_is_refused_naming_the_key_and_where(tmp_path, text, message):
    p = judge(["adjudicate"], text)
    assert (p.returncode, p.stdout, p.stderr) == (2, "", f"judge adjudicate: {message}\n")
    path = tmp_path / "req.json"
    path.write_text(text)
    p = judge(["map", str(path), "-o", str(tmp_path / "out.svg")])
    assert (p.returncode, p.stderr) == (2, f"judge map: {message}\n") and not (tmp_path / "out.svg").exists()


def test_a_batch_answers_each_line_giving_a_key_twice_with_its_error_and_goes_on():
    lines = [VALID] + [text for text, _ in TWICE] + [VALID]
    p = judge(["adjudicate", "--batch"], "\n".join(lines) + "\n")
    out = p.stdout.splitlines()
    assert p.returncode == 2 and len(out) == len(lines), p.stderr
    assert json.loads(out[0]) == json.loads(out[-1]) and "state" in json.loads(out[0])
    for n, (line, (_, message)) in enumerate(zip(out[1:-1], TWICE), 2):
        assert json.loads(line) == {"error": f"line {n}: {message}"}
    assert p.stderr.splitlines() == [f"judge adjudicate: line {n}: {m}" for n, (_, m) in enumerate(TWICE, 2)]


def test_a_key_twice_deep_inside_lists_is_found_and_its_place_named():
    text = '{"state": {"phase": "S1901M"}, "orders": {"FRANCE": ["A PAR H", {"a": 1, "b": [{"x": 1, "x": 2}]}]}}'
    p = judge(["adjudicate"], text)
    assert p.returncode == 2 and p.stderr == "judge adjudicate: DUPLICATE KEY: 'x' (twice in orders.FRANCE[1].b[0])\n"


def test_colons_inside_strings_are_not_taken_for_keys():
    """The check counts colons: a colon in an order or a key (fewer keys than colons) is read again, and passes."""
    text = '{"state": {"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}}, "orders": {"FRANCE": ["A PAR: H"]}}'
    p = judge(["adjudicate", "--compact"], text)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["errors"][0]["order"] == "A PAR: H"
    assert loads('{"a:b": {"c": "::"}, "d": [":"]}') == {"a:b": {"c": "::"}, "d": [":"]}


def test_the_same_key_in_different_objects_is_no_duplicate():
    assert loads('{"a": {"a": 1}, "b": [{"a": 2}, {"a": 3}]}') == {"a": {"a": 1}, "b": [{"a": 2}, {"a": 3}]}


def test_the_first_key_given_twice_in_the_text_is_the_one_named():
    with pytest.raises(DuplicateKey, match=r"^DUPLICATE KEY: 'y' \(twice in x\)$"):
        loads('{"x": {"y": 1, "y": 2}, "x": 3, "z": {"w": 1, "w": 2}}')
    with pytest.raises(DuplicateKey, match=r"^DUPLICATE KEY: 'a\\nb' \(twice in \['s t'\]\)$"):
        loads('{"s t": {"a\\nb": 1, "a\\nb": 2}}')


def test_a_variant_file_giving_a_key_twice_is_named_and_the_others_listed(tmp_path):
    more = tmp_path / "more"
    more.mkdir()
    (more / "twice.json").write_text('{"base": "standard", "title": "A", '
                                     '"start": {"ITALY": ["A VEN", "F NAP", "A ROM"], "ITALY": ["A VEN", "F NAP", "F ROM"]}}')
    (tmp_path / "config.ini").write_text("[judge]\nvariants_dir = more\n")
    p = subprocess.run(JUDGE + ["--config", str(tmp_path / "config.ini"), "variants"], capture_output=True, text=True,
                       timeout=120, env=ENV, cwd=tmp_path)
    assert p.returncode == 1 and "Traceback" not in p.stderr
    assert "twice.json: DUPLICATE KEY: 'ITALY' (twice in start)" in p.stderr, p.stderr
    assert p.stdout.split()[0] == "standard" and "twice" not in p.stdout


NAMED = [
    ({"state": {"phase": "S1901M"}, "ord\ners": {}}, "UNKNOWN REQUEST FIELD: 'ord\\ners'"),
    ({"state": {"phase": "S1901M", "uni\nts": {}}}, "UNKNOWN STATE FIELD: 'uni\\nts'"),
    ({"state": {"phase": "S1901M"}, "rules": ["dp\njudge"]}, "UNKNOWN RULE: 'DP\\nJUDGE'"),
    ({"state": {"phase": "S1901M"}, "rules": {"safe\u2028convoys": 1}}, "UNKNOWN RULE: 'SAFE\\u2028CONVOYS'"),
    ({"state": {"phase": "S1901M"}, "orders": {"FRA\nNCE": []}}, "UNKNOWN POWER: 'FRA\\nNCE'"),
]


@pytest.mark.parametrize("doc,message", NAMED)
def test_a_name_with_a_line_break_is_shown_escaped_the_same_by_the_command_and_the_api(doc, message):
    with pytest.raises(ValueError) as raised:
        api.request(doc)
    assert str(raised.value) == message
    p = judge(["adjudicate"], json.dumps(doc))
    assert (p.returncode, p.stderr) == (2, f"judge adjudicate: {message}\n")


def test_names_that_differ_only_by_a_line_break_or_a_backslash_are_told_apart():
    """On the command line "a\nb" was said as "a b" (its line break joined with a space), so the two looked alike."""
    fields = ("a b", "a\nb", "a\\nb", "'a\\nb'", "a\tb")
    lines = [judge(["adjudicate"], json.dumps({"state": {"phase": "S1901M"}, f: 1})).stderr for f in fields]
    assert len(set(lines)) == len(lines) and all(line.count("\n") == 1 for line in lines), lines
    assert lines[0] == "judge adjudicate: UNKNOWN REQUEST FIELD: a b\n"        # (a name that prints: as it is)


def test_a_drawing_giving_a_key_twice_is_refused_not_drawn_from_its_last(tmp_path):
    """A variant's drawing in the variants folder (heartland's, renamed "hill") with "width" written twice: the
    picture was drawn 1200 wide from the second, the first dropped unsaid."""
    import judge.maps
    shipped = Path(judge.maps.__file__).parent
    more = tmp_path / "more"
    more.mkdir()
    board = json.loads((shipped / "heartland.json").read_text())
    (more / "hill.json").write_text(json.dumps({**board, "name": "hill"}))
    drawing = json.loads((shipped / "heartland.geometry.json").read_text())
    text = json.dumps({**drawing, "map": "hill"})
    assert text.startswith('{"map": "hill", ') and '"width": ' in text
    (more / "hill.geometry.json").write_text(text.replace('{"map": "hill", ', '{"map": "hill", "width": 600, ', 1))
    (tmp_path / "config.ini").write_text("[judge]\nvariants_dir = more\n")
    p = subprocess.run(JUDGE + ["--config", str(tmp_path / "config.ini"), "adjudicate"], capture_output=True,
                       text=True, timeout=120, env=ENV, cwd=tmp_path,
                       input='{"variant": "hill", "state": {"phase": "S1901M"}, "picture": "svg"}')
    assert (p.returncode, p.stdout) == (2, ""), p.stdout[:300]
    assert p.stderr == "judge adjudicate: hill.geometry.json: DUPLICATE KEY: 'width' (twice in the top-level object)\n"


def test_a_number_too_long_to_read_is_said_plainly_not_as_python_advice():
    """Python refuses to convert an integer of more than 4,300 digits, and its message told the user to call
    sys.set_int_max_str_digits(); the request was also called "not a JSON document", which it is."""
    limit = getattr(sys, "get_int_max_str_digits", lambda: 0)()
    if not limit:
        pytest.skip("this Python converts integers of any length")
    text = '{"state": {"phase": "S1901M"}, "rules": {"convoy_paradox": %s}}' % ("9" * (limit + 1))
    message = f"NUMBER TOO LONG: A NUMBER MAY HAVE AT MOST {limit} DIGITS"
    said_alone_and_in_a_batch(text, message)


TOO_LARGE = f"REQUEST TOO LARGE: MORE THAN {LARGEST // 2 ** 20} MB ({LARGEST} BYTES)"


def padded(size: int) -> str:
    """VALID written in exactly `size` bytes (spaces before its closing brace: JSON whitespace)."""
    assert VALID.endswith("}") and VALID.isascii()
    return VALID[:-1] + " " * (size - len(VALID)) + "}"


def test_a_document_of_the_largest_size_is_read_and_one_byte_more_refused_unread(tmp_path):
    """A 300 MB request took 1.8 GB of memory and 48 s (a MemoryError traceback under a memory limit): one of more than
    LARGEST bytes is refused after reading LARGEST + 1 of them, alone, in a batch and for judge map."""
    largest, over = padded(LARGEST), padded(LARGEST + 1)
    p = judge(["adjudicate", "--compact"], largest)
    assert p.returncode == 0 and json.loads(p.stdout)["state"]["units"] == AFTER
    p = judge(["adjudicate", "--compact"], over)
    assert (p.returncode, p.stdout, p.stderr) == (2, "", f"judge adjudicate: {TOO_LARGE}\n")
    path = tmp_path / "big.json"
    path.write_text(over)
    p = judge(["map", str(path), "-o", str(tmp_path / "x.svg")])
    assert (p.returncode, p.stderr) == (2, f"judge map: {TOO_LARGE}\n")
    p = judge(["adjudicate", "--batch"], "\n".join([VALID, over, largest, VALID]) + "\n")
    out = p.stdout.splitlines()
    assert p.returncode == 2 and len(out) == 4, p.stderr
    assert json.loads(out[1]) == {"error": f"line 2: {TOO_LARGE}"}
    assert json.loads(out[0]) == json.loads(out[2]) == json.loads(out[3]) and "state" in json.loads(out[3])


def test_a_line_that_never_ends_is_answered_at_once_in_bounded_memory():
    """/dev/zero as a batch: one endless line. Its error line comes out before the rest is read past, and the
    process holds no more than about one document while it reads on (it held all it had read)."""
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    with open("/dev/zero", "rb") as zeros:
        p = subprocess.Popen(JUDGE + ["adjudicate", "--batch"], stdin=zeros, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, env=ENV)
    try:
        first = p.stdout.readline()
        assert json.loads(first) == {"error": f"line 1: {TOO_LARGE}"}
        status = Path(f"/proc/{p.pid}/status")
        if status.exists():
            import time
            time.sleep(1.0)                         # (reading past: a few hundred MB of zeros by now)
            rss = next(int(x.split()[1]) for x in status.read_text().splitlines() if x.startswith("VmHWM:"))
            assert rss < 4 * LARGEST // 1024, rss   # kB: a few times one document, never what was read
    finally:
        p.kill()
        p.wait()
        p.stdout.close()


def test_random_documents_are_refused_exactly_when_an_object_repeats_a_key():
    """Against a plain reference (every object's members listed, any repeat looked for), on seeded random texts with
    and without repeats and with colons inside strings (which send the check to its second reading)."""
    import random
    rng = random.Random(1901)
    words = ["a", "b", "A SEV", "x:y", ":", "", "PAR"]

    def text(depth):
        kind = rng.random()
        if depth > 3 or kind < 0.3:
            return json.dumps(rng.choice(words + [1, None, True, 2.5]))
        if kind < 0.55:
            return "[" + ", ".join(text(depth + 1) for _ in range(rng.randint(0, 3))) + "]"
        keys = [rng.choice(words) for _ in range(rng.randint(0, 4))]
        return "{" + ", ".join(f"{json.dumps(k)}: {text(depth + 1)}" for k in keys) + "}"

    def repeats(pairs):
        if len({k for k, _ in pairs}) != len(pairs):
            found.append(True)
        return dict(pairs)

    seen = {True: 0, False: 0}
    for _ in range(3000):
        doc, found = text(0), []
        expected = json.loads(doc, object_pairs_hook=repeats)
        try:
            assert loads(doc) == expected and not found, doc
            seen[False] += 1
        except DuplicateKey as exc:
            assert found and str(exc).startswith("DUPLICATE KEY: "), doc
            seen[True] += 1
    assert min(seen.values()) > 300, seen           # (both kinds were met often)


def test_nan_and_infinity_are_not_json_and_are_refused_as_text_that_is_not():
    """RFC 8259 has no NaN, Infinity or -Infinity; Python's decoder reads them as numbers, so a request with one was
    taken as JSON and refused later for a value it never had ("RULE ABSENCE_DAYS: 'nan' IS NOT A WHOLE NUMBER")."""
    for word in ("NaN", "Infinity", "-Infinity"):
        text = '{"state": {"phase": "S1901M"}, "rules": {"absence_days": %s}}' % word
        with pytest.raises(ValueError, match=f"^{word} IS NOT JSON"):
            loads(text)
        message = f"not a JSON document: {word} IS NOT JSON (a JSON number is finite: NaN and Infinity are not)"
        said_alone_and_in_a_batch(text, message)
    assert loads('["NaN", 1e5, -0.5]') == ["NaN", 1e5, -0.5]        # (the words in a string, and finite numbers)
