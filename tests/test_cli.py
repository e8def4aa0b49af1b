"""The command line, run as a user runs it: bin/judge in a subprocess."""
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
JUDGE = [sys.executable, str(ROOT / "bin" / "judge")]
# Output buffered as a user's shell has it (this machine's PYTHONUNBUFFERED would hide a result left unflushed).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
REQUEST = {"state": {"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR"]}},
           "orders": {"FRANCE": ["A PAR - BUR"]}}


def run(args, stdin=""):
    return subprocess.run(JUDGE + args, input=stdin, capture_output=True, text=True, timeout=120, env=ENV)


def test_adjudicate_file_and_stdin(tmp_path):
    path = tmp_path / "req.json"
    path.write_text(json.dumps(REQUEST))
    for args, stdin in ((["adjudicate", str(path)], ""), (["adjudicate"], json.dumps(REQUEST))):
        p = run(args, stdin)
        assert p.returncode == 0, p.stderr
        assert json.loads(p.stdout)["state"]["units"] == {"FRANCE": ["A BUR"]}


def test_bad_input_exits_non_zero_with_one_line():
    p = run(["adjudicate"], "{not json")
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.startswith("judge adjudicate: not a JSON document")
    p = run(["adjudicate"], json.dumps({"state": {"phase": "S1901X"}}))
    assert p.returncode == 2 and p.stderr.count("\n") == 1 and "BAD PHASE" in p.stderr


def test_batch_keeps_order_and_survives_bad_lines():
    lines = [json.dumps(REQUEST), "garbage", json.dumps({**REQUEST, "orders": {"FRANCE": ["A PAR - PIC"]}}), ""]
    p = run(["adjudicate", "--batch"], "\n".join(lines))
    out = [json.loads(x) for x in p.stdout.splitlines()]
    assert len(out) == 3 and p.returncode == 2
    assert out[0]["state"]["units"] == {"FRANCE": ["A BUR"]}
    assert out[1]["error"].startswith("line 2:")
    assert out[2]["state"]["units"] == {"FRANCE": ["A PIC"]}


def test_batch_answers_every_line_even_a_blank_or_too_deep_one():
    """Result line N answers request line N: a blank line gets a blank line, and a document nested deeper than the
    decoder goes an error line (a RecursionError stopped the batch with a traceback; a blank line was skipped, so
    every later result moved up a line)."""
    deep = "[" * 100_000 + "]" * 100_000          # (deeper than any Python's decoder goes: 3.13 reads 5,000)
    lines = [json.dumps(REQUEST), "", deep, json.dumps(REQUEST)]
    p = run(["adjudicate", "--batch"], "\n".join(lines) + "\n")
    assert p.stdout.split("\n")[1] == "" and len(p.stdout.split("\n")) == 5       # (4 lines, then the end)
    out = [json.loads(x) if x else None for x in p.stdout.split("\n")[:4]]
    assert p.returncode == 2 and "Traceback" not in p.stderr, p.stderr
    assert out[1] is None                                                # a blank line for a blank line
    assert out[2] == {"error": "line 3: not a JSON document: nested too deeply"}
    assert out[0] == out[3] and "state" in out[3]
    blank_end = run(["adjudicate", "--batch"], json.dumps(REQUEST) + "\n\n")    # (a file ending in a blank line)
    assert blank_end.returncode == 0 and blank_end.stdout.endswith("}\n\n")


def test_a_too_deep_document_is_one_line_of_error(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    for args in (["adjudicate", str(path)], ["map", str(path), "-o", str(tmp_path / "x.svg")]):
        p = run(args)
        assert p.returncode == 2 and p.stderr.count("\n") == 1 and "nested too deeply" in p.stderr, p.stderr


def test_an_error_naming_a_field_with_a_line_break_stays_on_one_line():
    for doc in ({**REQUEST, "x\ny\nz": 1}, {**REQUEST, "rules": ["a\nb"]},
                {**REQUEST, "state": {**REQUEST["state"], "x\ny": 1}}):
        p = run(["adjudicate"], json.dumps(doc))
        assert p.returncode == 2 and p.stderr.count("\n") == 1, p.stderr


def test_compact_is_the_batch_line():
    compact = run(["adjudicate", "--compact"], json.dumps(REQUEST))
    batch = run(["adjudicate", "--batch"], json.dumps(REQUEST) + "\n")
    assert compact.returncode == batch.returncode == 0
    assert compact.stdout == batch.stdout == json.dumps(json.loads(compact.stdout), separators=(",", ":")) + "\n"


def test_a_long_batch_ends_with_every_result_written():
    """`judge adjudicate` ends its process without the interpreter's tear-down once the output is out: every line of
    a long batch arrives, the same as the interface gives in this process, and the status says how it went."""
    from judge import api
    lines = [json.dumps({**REQUEST, "orders": {"FRANCE": [f"A PAR - {to}"]}}) for to in ("BUR", "PIC", "GAS")] * 400
    p = run(["adjudicate", "--batch"], "\n".join(lines) + "\n")
    assert p.returncode == 0 and p.stderr == ""
    assert p.stdout.splitlines() == [api.request_text(json.loads(line)) for line in lines]
    p = run(["adjudicate", "--batch"], "\n".join(lines + ["garbage"]))
    assert p.returncode == 2 and len(p.stdout.splitlines()) == 1201


def test_a_result_that_cannot_be_written_is_said_and_fails(tmp_path):
    """A full disk (/dev/full) under the output, of one request or of a batch: a message and status 1."""
    path = tmp_path / "req.json"
    path.write_text(json.dumps(REQUEST))
    for args in (["adjudicate", str(path)], ["adjudicate", "--batch", str(path)]):
        with open("/dev/full", "w") as full:
            p = subprocess.run(JUDGE + args, stdout=full, stderr=subprocess.PIPE, text=True, timeout=120, env=ENV)
        assert p.returncode == 1, p.stderr
        assert p.stderr.startswith("judge adjudicate: cannot write the result:") and "No space left" in p.stderr
        assert p.stderr.count("\n") == 1


def test_input_that_cannot_be_read_is_said_in_a_line(tmp_path):
    """No such file, a folder, bytes that are not UTF-8: one line each, never a traceback; in a batch a line that is
    not UTF-8 is that line's error and the lines around it are answered."""
    for bad in (tmp_path / "missing.json", tmp_path):
        for command in ("adjudicate", "map"):
            p = run([command, str(bad)] + (["-o", str(tmp_path / "x.svg")] if command == "map" else []))
            assert p.returncode == 2 and p.stderr.count("\n") == 1, p.stderr
            assert p.stderr.startswith(f"judge {command}: cannot read the request:")
    latin = json.dumps(REQUEST).replace("A PAR - BUR", "A PAR - BUR \u00e9").encode("latin-1")
    path = tmp_path / "latin.json"
    path.write_bytes(latin)
    for args in (["adjudicate", str(path)], ["map", str(path), "-o", str(tmp_path / "x.svg")]):
        p = run(args)
        assert p.returncode == 2 and p.stderr.count("\n") == 1 and "utf-8" in p.stderr, p.stderr
    p = subprocess.run(["sh", "-c", '"$0" "$@" <&-', *JUDGE, "adjudicate", "--batch"], capture_output=True, text=True,
                       timeout=120, env=ENV)         # (no standard input at all)
    assert p.returncode == 2 and p.stderr == "judge adjudicate: cannot read the request: standard input is closed\n"
    path.write_bytes(b"\n".join([json.dumps(REQUEST).encode(), latin, json.dumps(REQUEST).encode()]) + b"\n")
    p = run(["adjudicate", "--batch", str(path)])
    out = [json.loads(x) for x in p.stdout.splitlines()]
    assert p.returncode == 2 and len(out) == 3
    assert out[0]["state"]["units"] == out[2]["state"]["units"] == {"FRANCE": ["A BUR"]}
    assert out[1]["error"].startswith("line 2:") and "utf-8" in out[1]["error"]


def test_a_reader_that_goes_away_ends_the_batch_quietly(tmp_path):
    """`judge adjudicate --batch < FILE | head -1`: the closed pipe ends it with status 0 and nothing on stderr."""
    path = tmp_path / "requests.jsonl"
    path.write_text("\n".join([json.dumps(REQUEST)] * 3000) + "\n")
    with open(path) as requests:
        p = subprocess.Popen(JUDGE + ["adjudicate", "--batch"], stdin=requests, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=ENV)
        assert json.loads(p.stdout.readline())["state"]["units"] == {"FRANCE": ["A BUR"]}
        p.stdout.close()                # the reader goes away after one result
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0 and err == b""


def test_deliver_with_no_standard_input_says_so_and_changes_nothing(tmp_path):
    p = subprocess.run(["sh", "-c", '"$0" "$@" <&-', *JUDGE, "deliver", "--sender", "me@example.org"],
                       capture_output=True, text=True, timeout=120, env=ENV, cwd=tmp_path)
    assert p.returncode == 66 and p.stderr == "judge deliver: no message: standard input is closed\n"
    assert list(tmp_path.iterdir()) == []


def test_datc_command_prints_the_score():
    p = run(["datc"])
    assert p.returncode == 0
    assert p.stdout.splitlines()[0] == "DATC 3.1: 164/164 passed"


def test_the_shipped_example():
    p = run(["example"])
    assert p.returncode == 0
    body = p.stdout.split("\n", 1)[1]
    assert json.loads(body)["state"]["phase"] == "F1901M"


def test_map_draws_the_result_or_the_position_before(tmp_path):
    import xml.etree.ElementTree as ET
    path = tmp_path / "req.json"
    path.write_text(json.dumps(REQUEST))
    p = run(["map", str(path), "-o", str(tmp_path / "after.png")])
    assert p.returncode == 0, p.stderr
    png = (tmp_path / "after.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(png[16:20], "big") == 1200      # IHDR width
    for args, where in (([], "BUR"), (["--before"], "PAR")):
        out = tmp_path / "map.svg"
        assert run(["map", str(path), "-o", str(out), *args]).returncode == 0
        ids = {e.get("id") for e in ET.parse(out).iter() if e.get("id")}
        assert f"unit-{where}" in ids and ("order-PAR" in ids) == (not args)
    p = run(["map", str(path), "-o", str(tmp_path / "map.gif")])
    assert p.returncode == 2 and ".png or .svg" in p.stderr
    path.write_text(json.dumps({**REQUEST, "picture": "png"}))
    p = run(["map", str(path), "-o", str(tmp_path / "x.svg")])
    assert p.returncode == 2 and p.stderr.count("\n") == 1 and "BAD PICTURE" in p.stderr


def test_a_variant_is_a_name_from_the_catalogue_never_a_path(tmp_path):
    """`variant` in a request (adjudicate, map) and config.ini's [judge] variant read no file outside the catalogue."""
    (tmp_path / "secret.json").write_text(json.dumps({"name": "top-secret-name"}))
    (tmp_path / "listed.json").write_text("[1, 2]")
    for name in ("secret", "listed"):
        rel = os.path.relpath(tmp_path / name, ROOT / "judge" / "maps")
        path = tmp_path / "req.json"
        path.write_text(json.dumps({**REQUEST, "variant": rel}))
        for args in (["adjudicate", str(path)], ["map", str(path), "-o", str(tmp_path / "x.svg")]):
            p = run(args)
            assert p.returncode == 2 and p.stderr.count("\n") == 1, p.stderr
            assert "UNKNOWN VARIANT" in p.stderr and "top-secret-name" not in p.stderr and "Traceback" not in p.stderr
        (tmp_path / "config.ini").write_text(f"[judge]\nvariant = {rel}\n")
        p = run(["--config", str(tmp_path / "config.ini"), "variants"])
        assert p.returncode != 0 and "judge:variant: UNKNOWN VARIANT" in p.stderr, p.stderr
        assert "top-secret-name" not in p.stderr and "Traceback" not in p.stderr


def test_serve_on_a_taken_port_names_it(tmp_path):
    """Exit 71 and one line naming the mail listener's address and where it comes from (it said only "Address
    already in use"), leaving nothing running."""
    import socket
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    try:
        p = subprocess.run(JUDGE + ["serve", "--port", str(port), "--web-port", "0"], capture_output=True, text=True,
                           timeout=120, env=ENV, cwd=tmp_path)
    finally:
        taken.close()
    assert p.returncode == 71, p.stderr
    assert p.stderr.strip().splitlines()[-1] == (f"judge serve: cannot listen: Address already in use on "
                                                 f"127.0.0.1:{port} (mail: [smtp] host and port, or --host and --port)")


def test_serve_on_a_taken_web_port_names_the_web_setting(tmp_path):
    # An upgraded judge whose config.ini has no [web] serves the pages on 8080 by default: when that port was taken,
    # it said only aiohttp's "error while attempting to bind on address ...", not which setting to change.
    import socket
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    (tmp_path / "config.ini").write_text(f"[web]\nport = {port}\n")
    try:
        p = subprocess.run(JUDGE + ["--config", str(tmp_path / "config.ini"), "serve", "--port", "0"],
                           capture_output=True, text=True, timeout=120, env=ENV, cwd=tmp_path)
    finally:
        taken.close()
    assert p.returncode == 71, p.stderr
    assert p.stderr.strip().splitlines()[-1] == (
        f"judge serve: cannot listen: Address already in use on 127.0.0.1:{port} (the web pages: [web] host and "
        "port in config.ini; port = 0 serves none)"), p.stderr


def test_serve_says_a_storage_error_at_start_as_one_not_as_a_listening_error(tmp_path):
    """A folder of the judge that cannot be used (here the outbox is a file): exit 74 and one line saying which
    file and that it is not the network. Before, every OSError of start-up was said as "cannot listen: ... on
    127.0.0.1:8025 (mail: [smtp] host and port ...)", exit 71, sending the operator to the wrong setting."""
    (tmp_path / "outbox").write_text("not a folder")
    p = subprocess.run(JUDGE + ["serve", "--port", "0", "--web-port", "0"], capture_output=True, text=True,
                       timeout=120, env=ENV, cwd=tmp_path)
    assert p.returncode == 74, p.stderr
    last = p.stderr.strip().splitlines()[-1]
    assert last.startswith("judge serve: cannot go on: [Errno 20] Not a directory: ") and "outbox" in last, last
    assert "listen" not in p.stderr


# -- what a tester found (each a defect before; the API's side is in test_api) ----------------------------------------

GOOD = json.dumps({"state": {"phase": "S1901M", "units": {}, "centers": {}}})


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_a_value_nested_as_deep_as_json_goes_is_one_bounded_error_and_the_batch_goes_on():
    """989 lists deep passes json.loads, and quoting it in the error crashed: a RecursionError traceback, exit 1,
    and the batch's later lines were never answered."""
    deep = [f'{{"state":{{"phase":{_nested(989)},"units":{{}},"centers":{{}}}}}}',
            f'{{"state":{{"phase":"S1901M"}},"rules":{{"safe_convoys":{_nested(989)}}}}}']
    p = run(["adjudicate", "--batch"], "\n".join([GOOD, *deep, GOOD]) + "\n")
    out = [json.loads(x) for x in p.stdout.splitlines()]
    assert p.returncode == 2 and len(out) == 4 and out[0] == out[3] and "state" in out[3], p.stderr[-300:]
    assert out[1]["error"].startswith("line 2: BAD PHASE: [[[") and out[2]["error"].startswith("line 3: RULE SAFE_")
    assert "Traceback" not in p.stderr and len(p.stderr.splitlines()) == 2
    assert max(len(line) for line in p.stderr.splitlines()) < 200
    for doc in deep:
        p = run(["adjudicate"], doc)
        assert p.returncode == 2 and p.stderr.count("\n") == 1 and len(p.stderr) < 200, p.stderr[-300:]


def test_an_error_quotes_only_the_start_of_a_long_value():
    """A 10 MB phase made a 10 MB line on stderr."""
    for doc in ({"state": {"phase": "S" * 10_000_000}}, {"state": {"phase": "S1901M"}, "picture": "x" * 100_000},
                {"state": {"phase": "S1901M", "units": {"FRANCE": ["A " + "P" * 100_000]}}},
                {"state": {"phase": "S1901M"}, "orders": {"P" * 100_000: []}}):
        p = run(["adjudicate"], json.dumps(doc))
        assert p.returncode == 2 and p.stderr.count("\n") == 1 and len(p.stderr) < 200, p.stderr[:300]
        assert "..." in p.stderr


def test_a_batch_with_any_malformed_line_ends_with_status_2_having_answered_every_line():
    unknown = json.dumps({"state": {"phase": "S1901M"}, "variant": "nope"})
    p = run(["adjudicate", "--batch"], f"{unknown}\n{GOOD}\n")
    out = [json.loads(x) for x in p.stdout.splitlines()]
    assert p.returncode == 2 and out[0]["error"].startswith("line 1: UNKNOWN VARIANT: 'nope'") and "state" in out[1]
    assert run(["adjudicate"], unknown).returncode == 2


def test_null_is_a_field_left_out():
    for field in ("picture", "variant", "orders", "rules"):
        p = run(["adjudicate", "--compact"], json.dumps({**json.loads(GOOD), field: None}))
        assert p.returncode == 0 and p.stdout == run(["adjudicate", "--compact"], GOOD).stdout, (field, p.stderr)


def test_closed_standard_output_is_said_in_one_line(tmp_path):
    path = tmp_path / "req.json"
    path.write_text(json.dumps(REQUEST))
    for args in (["adjudicate", str(path)], ["adjudicate", "--batch", str(path)]):
        p = subprocess.run(["sh", "-c", '"$0" "$@" >&-', *JUDGE, *args], capture_output=True, text=True,
                           timeout=120, env=ENV, check=False)
        assert p.returncode == 1 and p.stderr == "judge adjudicate: cannot write the result: standard output is " \
                                                 "closed\n", p.stderr


def test_with_standard_error_closed_no_error_line_goes_among_the_results():
    # (print() to a closed stderr writes to stdout: "judge adjudicate: line 2: ..." became a result line)
    p = subprocess.run(["sh", "-c", '"$0" "$@" 2>&-', *JUDGE, "adjudicate", "--batch"], input=f"{GOOD}\nnot json\n",
                       capture_output=True, text=True, timeout=120, env=ENV, check=False)
    out = [json.loads(x) for x in p.stdout.splitlines()]
    assert p.returncode == 2 and len(out) == 2 and out[1]["error"].startswith("line 2: ")


def test_years_below_1000_go_round(tmp_path):
    """S0001M was answered with next phase F1M, which the judge then refused; the long form the same."""
    for phase, following in (("S0001M", "F0001M"), ("SPRING 0001 MOVEMENT", "FALL 0001 MOVEMENT"),
                             ("F0999M", "S1000M")):
        p = run(["adjudicate", "--batch"], json.dumps({"state": {"phase": phase, "units": {"FRANCE": ["A PAR"]}}}))
        result = json.loads(p.stdout)
        assert p.returncode == 0 and result["phase"] == phase and result["state"]["phase"] == following
        again = run(["adjudicate"], json.dumps({"state": result["state"]}))
        assert again.returncode == 0 and json.loads(again.stdout)["phase"] == following, again.stderr
    p = run(["adjudicate"], json.dumps({"state": {"phase": "FALL 9999 MOVEMENT", "units": {"FRANCE": ["A PAR"]}}}))
    assert p.returncode == 2 and p.stderr.startswith("judge adjudicate: BAD PHASE: FALL 9999 MOVEMENT IS THE LAST")


def test_dislodged_units_the_board_cannot_hold_are_refused():
    own = {"phase": "S1901R", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR"]},
           "dislodged": {"FRANCE": {"A PAR": ["BUR"]}}}
    twice = {**own, "units": {"GERMANY": ["A PAR"]}, "dislodged": {"FRANCE": {"A PAR": ["BUR", "BUR"]}}}
    for state, message in ((own, "TWO UNITS OF FRANCE IN PAR"), (twice, "RETREATS OF A PAR NAME BUR TWICE")):
        doc = json.dumps({"state": state, "orders": {"FRANCE": ["A PAR R BUR"]}})
        p = run(["adjudicate"], doc)
        assert p.returncode == 2 and p.stderr.startswith(f"judge adjudicate: {message}"), p.stderr
        p = run(["adjudicate", "--batch"], doc + "\n" + GOOD + "\n")
        assert p.returncode == 2 and message in json.loads(p.stdout.splitlines()[0])["error"]
        assert "state" in json.loads(p.stdout.splitlines()[1])


def test_the_picture_field_is_the_svg_element_and_a_file_keeps_its_declaration(tmp_path):
    p = run(["adjudicate"], json.dumps({**REQUEST, "picture": "svg"}))
    assert p.returncode == 0 and json.loads(p.stdout)["picture"].startswith("<svg ")
    path = tmp_path / "req.json"
    path.write_text(json.dumps({**REQUEST, "picture": None}))
    for args in ([], ["--before"]):
        out = tmp_path / "map.svg"
        assert run(["map", str(path), "-o", str(out), *args]).returncode == 0
        assert out.read_text().startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg ')


def _serve_until_exit_or_listening(tmp_path, args):
    """Run `judge serve` with `args`; (exit code, stderr), or (None, the ready file's text) if it began to listen
    (then it is stopped: a port out of range must never become some other port)."""
    import signal
    import time
    ready = tmp_path / "ready"
    p = subprocess.Popen(JUDGE + ["serve", "--ready-file", str(ready)] + args, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=ENV, cwd=tmp_path)
    deadline = time.monotonic() + 60
    while p.poll() is None and not ready.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    if p.poll() is None:
        p.send_signal(signal.SIGTERM)
        p.communicate(timeout=60)
        return None, ready.read_text() if ready.exists() else "(still running, not listening)"
    return p.returncode, p.communicate()[1]


def test_serve_refuses_a_port_out_of_range_on_the_command_line(tmp_path):
    """A port is 0 to 65535, on the command line as in config.ini: `--port 99999` listened on 34463 (99999 modulo
    65536) without a word, and `--web-port 70000` ended in an OverflowError traceback."""
    for args in (["--port", "99999", "--web-port", "0"], ["--port", "0", "--web-port", "70000"],
                 ["--port", "-5", "--web-port", "0"], ["--port", "25x", "--web-port", "0"]):
        code, err = _serve_until_exit_or_listening(tmp_path, args)
        assert code == 2, (args, err)
        last = err.strip().splitlines()[-1]
        assert "Traceback" not in err and last.startswith("judge serve: error: argument --"), err
        assert "not a port number (0 to 65535; 0: a free one)" in err, err
    assert not (tmp_path / "games").exists()            # refused before anything was made


def test_datc_says_an_unknown_rule_or_a_missing_folder_in_one_line(tmp_path):
    """An unknown rule word ended in a ValueError traceback; a folder that does not exist was read as no cases and
    reported '0/164 passed', as if every case had failed."""
    p = run(["datc", "--rules", "bogus"])
    assert p.returncode == 2 and p.stdout == "" and p.stderr == "judge datc: UNKNOWN RULE: BOGUS\n", p.stderr
    p = run(["datc", "--data", str(tmp_path / "nowhere")])
    assert p.returncode == 2 and p.stdout == "", p.stdout
    assert p.stderr == f"judge datc: no such folder of DATC cases: {tmp_path / 'nowhere'}\n", p.stderr


def test_fuzz_refuses_no_workers_and_a_negative_count():
    """`--jobs 0` ran one worker and printed '0 job(s)'; `--phases -1` ran nothing and called it a run."""
    for args, word in ((["--jobs", "0"], "--jobs"), (["--phases", "-1"], "--phases")):
        p = run(["fuzz", "--phases", "1"] + args)
        assert p.returncode == 2 and p.stdout == "", p.stdout
        assert f"argument {word}: not a whole number of at least" in p.stderr and "Traceback" not in p.stderr


def test_help_says_that_judge_alone_runs_the_daemon(tmp_path):
    """`judge` with no command starts `judge serve`; its --help did not say so, and an operator typing `judge` to
    see the commands got a daemon instead."""
    import signal
    import time
    p = run(["--help"])
    assert p.returncode == 0 and "With no command it runs `judge serve`" in " ".join(p.stdout.split()), p.stdout
    (tmp_path / "config.ini").write_text("[smtp]\nport = 0\n[web]\nport = 0\n")
    log = tmp_path / "serve.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(JUDGE, cwd=tmp_path, stdout=out, stderr=out, env=ENV)
    try:
        end = time.monotonic() + 60
        while "judge listening for mail on" not in log.read_text():
            assert proc.poll() is None and time.monotonic() < end, log.read_text()
            time.sleep(0.05)
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=60) == 0


def test_a_batch_line_that_is_not_json_is_said_as_the_same_request_alone_says_it():
    """`judge adjudicate` alone calls text that is not JSON "not a JSON document: ..."; a --batch line said only the
    decoder's words ("line 2: Expecting value: line 1 column 1 (char 0)": two line numbers, one of them wrong)."""
    for text, reason in (("{not json", "Expecting property name enclosed in double quotes"), ("[" * 100_000,
                                                                                              "nested too deeply")):
        alone = run(["adjudicate"], text)
        assert alone.returncode == 2 and alone.stderr.startswith(f"judge adjudicate: not a JSON document: {reason}")
        p = run(["adjudicate", "--batch"], json.dumps(REQUEST) + "\n" + text + "\n")
        out = [json.loads(x) for x in p.stdout.splitlines()]
        said = alone.stderr[len("judge adjudicate: "):-1]
        assert p.returncode == 2 and out[1] == {"error": f"line 2: {said}"}, out[1]
