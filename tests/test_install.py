"""The judge as an operator installs it: the wheel built from this checkout, installed with its dependencies in a
fresh venv outside the checkout, run from an empty folder. (`pip install .` and pipx build and install this same
wheel.) Slow for a test (a build and an install, about 15-30 s together) and worth it: every other test runs the
checkout, which has every file whether or not an install carries it; this is the only one that would see a module,
a template or a data file left out of the package."""
from __future__ import annotations

import email
import email.policy
import json
import os
import re
import shutil
import signal
import smtplib
import subprocess
import sys
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

import judge

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Installed:
    wheel: Path
    bin: Path
    empty: Path                       # the operator's folder: empty until the judge writes there
    src: Path                         # the copy of the checkout the wheel was built from


def _source_files() -> list[str]:
    """The checkout's files as a clone has them: tracked, plus new ones not ignored (a module just added counts)."""
    try:
        out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                             capture_output=True, check=True, timeout=60).stdout
    except (OSError, subprocess.CalledProcessError):
        skip = {".git", ".venv", "build", "dist", "__pycache__", ".pytest_cache", "games"}
        return [str(p.relative_to(ROOT)) for p in ROOT.rglob("*")
                if p.is_file() and not skip & set(p.relative_to(ROOT).parts) and ".egg-info" not in str(p)]
    return [name for name in out.decode().split("\0") if name]


def _run(args: list, **kwargs) -> subprocess.CompletedProcess:
    p = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=600, **kwargs)
    assert p.returncode == 0, f"{args}: {p.stdout}{p.stderr}"
    return p


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Installed:
    root = tmp_path_factory.mktemp("install")
    # Built from a copy: no build/ folder of the checkout (setuptools reuses what it finds there) can add a file.
    src = root / "src"
    for name in _source_files():
        if (ROOT / name).is_file():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, src / name)
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", root / "dist", src])
    [wheel] = (root / "dist").glob("judge-*.whl")
    venv = root / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", venv])
    # This venv's pip installs into the fresh one: the wheel and its dependencies, as the package index has them.
    _run([sys.executable, "-m", "pip", "--python", venv / "bin" / "python", "install", "--quiet", wheel])
    empty = root / "operator"
    empty.mkdir()
    return Installed(wheel, venv / "bin", empty, src)


def _env() -> dict:
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}


def judge_cmd(inst: Installed, *args: str, stdin: str | bytes = "") -> subprocess.CompletedProcess:
    return subprocess.run([str(inst.bin / "judge"), *args], input=stdin, capture_output=True, cwd=inst.empty,
                          env=_env(), timeout=300, text=isinstance(stdin, str))


def test_the_wheel_carries_every_module_template_and_data_file(installed):
    """Every file of the package (a subpackage without __init__.py, like judge/mail was, is left out of a wheel
    whole), every template and every DATC case, at the place the installed judge looks for it."""
    expected = set()
    for name in _source_files():
        path = Path(name)
        if path.name.startswith(".") or "__pycache__" in path.parts or path.suffix in (".md", ".pyc"):
            continue
        if path.parts[0] == "judge":
            expected.add(name)
        elif path.parts[0] == "templates":
            expected.add(f"judge/{name}")
        elif path.parent == Path("tests/data/datc"):
            expected.add(f"judge/datc_cases/{path.name}")
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    assert sorted(expected - names) == []
    assert {"judge/mail/__init__.py", "judge/templates/reply/help.txt", "judge/examples/spring-1901.json",
            "judge/picture/fonts/DejaVuSans.ttf", "judge/maps/standard.geometry.json"} <= names


def test_the_source_archive_builds_the_same_wheel(installed, tmp_path):
    """`pip install judge-<version>.tar.gz` (an sdist, as a package index may offer it) builds its wheel from what the
    archive carries: the templates and DATC cases live outside judge/, so the archive must carry them too."""
    _run([sys.executable, "setup.py", "-q", "sdist", "-d", tmp_path / "sdist"], cwd=installed.src)
    [archive] = (tmp_path / "sdist").glob("judge-*.tar.gz")
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", tmp_path / "dist", archive])
    [wheel] = (tmp_path / "dist").glob("judge-*.whl")
    from_archive = set(zipfile.ZipFile(wheel).namelist())
    assert sorted(set(zipfile.ZipFile(installed.wheel).namelist()) - from_archive) == []
    assert "judge/templates/reply/help.txt" in from_archive and "judge/datc_cases/FORMAT.md" in from_archive


def test_the_installed_judge_works_from_an_empty_folder(installed):
    p = judge_cmd(installed, "--version")
    assert p.returncode == 0 and p.stdout == f"judge {judge.__version__}\n"

    p = judge_cmd(installed, "example")
    assert p.returncode == 0, p.stderr
    result = json.loads(p.stdout[p.stdout.index("{"):])
    units = result["state"]["units"]
    assert sorted(units["FRANCE"]) == ["A BUR", "A SPA", "F MAO"]
    assert "A VIE" in units["AUSTRIA"] and "A WAR" in units["RUSSIA"]          # both bounced in Galicia

    request = (ROOT / "judge" / "examples" / "spring-1901.json").read_text()
    p = judge_cmd(installed, "map", "-", "-o", "board.png", stdin=request)
    assert p.returncode == 0, p.stderr
    png = (installed.empty / "board.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(png[16:20], "big") == 1200   # IHDR width

    p = judge_cmd(installed, "datc")
    assert p.returncode == 0 and p.stdout.startswith("DATC 3.1: 164/164 passed"), p.stdout + p.stderr

    help_mail = b"From: newcomer@example.org\r\nTo: judge@localhost\r\nSubject: help\r\n" \
                b"Message-ID: <install-test@example.org>\r\n\r\nHELP\r\n"
    p = judge_cmd(installed, "deliver", stdin=help_mail)
    assert p.returncode == 0, p.stderr
    [reply] = (installed.empty / "maildir" / "new").iterdir()                  # sent before the command exited
    msg = email.message_from_bytes(reply.read_bytes(), policy=email.policy.default)
    assert msg["To"] == "newcomer@example.org" and msg["Subject"] == "Re: help"
    assert "SIGNON" in msg.get_content() and "JOIN" in msg.get_content()

    p = judge_cmd(installed, "process")                    # cron's run, the light way: nothing due, nothing said
    assert p.returncode == 0 and p.stdout == "" and p.stderr == "", p.stdout + p.stderr


def test_the_installed_judge_prints_the_config_ini_of_its_defaults(installed, tmp_path):
    """The wheel carries no config.ini: `judge config` prints the checkout's, and the installed judge reads it."""
    p = judge_cmd(installed, "config")
    assert p.returncode == 0 and p.stderr == "", p.stderr
    assert p.stdout == (ROOT / "config.ini").read_text(encoding="utf-8")
    assert not (installed.empty / "config.ini").exists()          # printed, not written
    ini = tmp_path / "config.ini"
    ini.write_text(p.stdout.replace("name = JUDGE", "name = MINE"), encoding="utf-8")
    read = "import sys; from judge import config; print(config.load(sys.argv[1]).judge_name)"
    shown = subprocess.run([str(installed.bin / "python"), "-c", read, str(ini)], capture_output=True, text=True,
                           env=_env(), cwd=tmp_path, timeout=120, check=False)
    assert shown.returncode == 0 and shown.stdout == "MINE\n", shown.stderr


def test_the_installed_config_ini_names_only_commands_an_install_has(installed):
    """Its lines said `bin/judge variants`: a checkout's launcher, which no install has (`judge: command not
    found` for an operator who tried it). Every command it names is a `judge` subcommand that runs."""
    text = judge_cmd(installed, "config").stdout
    assert "bin/judge" not in text
    assert "(judge variants lists them)" in text
    p = judge_cmd(installed, "variants")
    assert p.returncode == 0 and "standard" in p.stdout, p.stderr


def test_the_installed_judge_serve_says_where_it_listens_and_where_mail_goes(installed, tmp_path):
    folder = tmp_path / "operator"                # empty, as the operator's folder is at the first start
    folder.mkdir()
    ready = tmp_path / "ready"
    log = tmp_path / "serve.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([str(installed.bin / "judge"), "serve", "--port", "0", "--web-port", "0",
                                 "--ready-file", str(ready)],
                                cwd=folder, stdout=out, stderr=out, env=_env())
    try:
        end = time.monotonic() + 60
        while not ready.exists() or not ready.read_text().strip():
            assert proc.poll() is None, log.read_text()
            assert time.monotonic() < end, "judge serve did not start"
            time.sleep(0.05)
        port = ready.read_text().split()[1]
        # Mail in over SMTP to the installed server (its own SMTP protocol), two messages on one connection, the
        # second pipelined whole; each gets its reply in the Maildir.
        with smtplib.SMTP("127.0.0.1", int(port), timeout=60) as client:
            assert client.ehlo()[0] == 250 and client.has_extn("pipelining")
            assert client.rcpt("nobody@localhost")[0] == 503                 # (no MAIL yet)
            client.sendmail("player@example.org", ["judge@localhost"],
                            b"From: player@example.org\r\nSubject: help\r\n\r\nHELP\r\n")
            client.send(b"MAIL FROM:<second@example.org>\r\nRCPT TO:<judge@localhost>\r\nDATA\r\n"
                        b"From: second@example.org\r\nSubject: list\r\n\r\n..LIST\r\n.\r\n")
            assert [client.getreply()[0] for _ in range(4)] == [250, 250, 354, 250]
        maildir = folder / "maildir" / "new"
        end = time.monotonic() + 60
        while len(list(maildir.glob("*"))) < 2:
            assert time.monotonic() < end, log.read_text()
            time.sleep(0.05)
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=60) == 0
    replies = [email.message_from_bytes(f.read_bytes(), policy=email.policy.default) for f in maildir.glob("*")]
    assert sorted(str(r["To"]) for r in replies) == ["player@example.org", "second@example.org"]
    text = log.read_text()
    games, maildir = folder / "games", folder / "maildir"
    assert f"judge listening for mail on 127.0.0.1:{port} (SMTP), games in {games}," in text
    assert f"outgoing mail goes to the Maildir {maildir} (no relay configured)" in text
    assert "Traceback" not in text


# Words that follow "judge" in README's log lines and prose, not commands: "judge listening for mail on ...".
_NOT_COMMANDS = {"listening", "writes"}


def test_every_command_the_readme_shows_is_one_the_installed_judge_has(installed):
    """README's examples said `bin/judge map ...`, `bin/judge datc`: a checkout's launcher, which an operator who
    installed the wheel does not have. Each command a README example or `code` span runs is `judge <command>`, and
    the installed judge knows it."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    code = [line.split(" #")[0].strip() for line in text.split("\n") if line.startswith("    ")]
    code += re.findall(r"`([^`\n]+)`", text)
    assert not [c for c in code if c.startswith("bin/judge ")], "README runs bin/judge where an install has judge"
    run = re.compile(r"(?:^|\s)(?<!-u )(?:\S*/)?judge(?: --config \S+| --debug| --version)* ([a-z]+)\b")
    named = {m.group(1) for c in code for m in run.finditer(c)} - _NOT_COMMANDS
    assert {"serve", "deliver", "process", "requeue", "config", "map", "datc", "adjudicate", "example"} <= named
    for command in sorted(named):
        p = judge_cmd(installed, command, "--help")
        assert p.returncode == 0 and f"usage: judge {command}" in p.stdout, (command, p.stdout, p.stderr)
