"""Where the sender's own text ends: the lines mail clients write before a quoted earlier message (in the languages
they are seen in) and after a message (an app's "Sent from..."). Tables, so that a client's line is one more row."""
from __future__ import annotations

import re


def _whole(rows: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{row})" for row in rows), re.IGNORECASE)


# A client's line under the sender's text: nothing after it is the sender's (matched against the whole line).
TRAILERS = _whole((
    r"sent from my .{1,80}",                                   # iPhone, iPad, Galaxy, "Huawei phone"...
    r"sent from (?:outlook|mail|windows mail)(?: for .{1,40})?",
    r"get outlook for .{1,40}",
    r"sent from yahoo mail(?: (?:for|on) .{1,40})?",
    r"sent from (?:gmail|samsung|aol|blackberry) mobile.{0,40}",
    r"sent from (?:proton ?mail|spark|bluemail|edison mail|zoho mail|fairemail|k-9 mail)(?: .{1,40})?",
    r"sent with (?:proton ?mail|spark)(?: .{1,60})?",
    r"sent using (?:the )?mail\.com mail app",
    r"envoy[ée] (?:de|depuis) (?:mon|ma) .{1,40}",             # French
    r"von meinem .{1,40} gesendet",                            # German
    r"enviado desde mi .{1,40}",                               # Spanish
    r"enviado do meu .{1,40}",                                 # Portuguese
    r"inviato da(?:l mio)? .{1,40}",                           # Italian
    r"verzonden (?:met|vanaf) mijn .{1,40}",                   # Dutch
    r"skickat fr[åa]n min .{1,40}",                            # Swedish
    r"_{10,}",                                                 # Outlook's rule above a quoted message's header
))

# A line that starts a quoted or forwarded earlier message: nothing after it is the sender's.
QUOTE_STARTS = _whole((
    (r"-{2,} ?(?:original message|original-nachricht|urspr[üu]ngliche nachricht|message d['’]origine"
     r"|messaggio originale|mensaje original|mensagem original|oorspronkelijk bericht|forwarded message"
     r"|weitergeleitete nachricht|message transf[ée]r[ée]|messaggio inoltrato|mensaje reenviado) ?-{2,}"),
    r"begin forwarded message:|anfang der weitergeleiteten nachricht:|d[ée]but du message r[ée]exp[ée]di[ée] ?:",
))

# The first line of a quoted message's header block (Outlook writes one above the quoted text, in its user's
# language; Gmail's plain text stars the names: "*From:* ...").
_FROM = re.compile(r"^\*?(?:from|von|de|da|van|fr[åa]n|fra|od)\s?:\*?\s*\S", re.IGNORECASE)
_FIELD = re.compile(r"^\*?(?:sent|date|to|cc|subject|gesendet|datum|an|betreff|envoy[ée]|[àa]|objet|inviato|data"
                    r"|oggetto|enviado(?: el)?|fecha|para|asunto|verzonden|aan|onderwerp|skickat|till|[äa]mne)\s?:",
                    re.IGNORECASE)
_ADDRESS = re.compile(r"\S@\S")
HEADER_LOOKAHEAD = 4                  # lines after a From line where the block's next field is looked for

# The line a reply puts above the message it quotes ("On Mon, 5 Jan 2026, Judge <judge@...> wrote:"); German
# clients put the name after the verb ("Am 05.01.2026 um 12:00 schrieb Judge <judge@...>:").
ATTRIBUTION = _whole((
    r".{0,300}\bwrote ?:",
    r".{0,300}\ba [ée]crit ?:",
    r".{0,300}\bschrieb\b.{0,300}:",
    r".{0,300}\bescribi[óo] ?:",
    r".{0,300}\bha scritto ?:",
    r".{0,300}\bescreveu ?:",
    r".{0,300}\bschreef\b.{0,300}:",
))


def _any_case(heads: set[str]) -> frozenset[str]:
    """Each start in every mix of cases ("se": "se", "Se", "sE", "SE"), for a set lookup without lower()."""
    out = {""}
    for n in range(max(map(len, heads))):
        out = {h + c for h in out for c in {c for head in heads if len(head) > n for c in (head[n], head[n].upper())}}
    return frozenset(h for h in out if h.lower() in heads)


# How every line above starts (its first two letters; a wrapped attribution's first three): any other line is none
# of them, known at the cost of a set lookup (most lines of a mail are orders, and matching each against every
# table cost a plain mail a fifth of its reading time). tests/mail/test_endings.py checks the tables' examples.
MAY_END = _any_case({"se", "ge", "en", "vo", "in", "ve", "sk", "__", "--", "be", "an", "dé", "de", "fr", "da", "va",
                     "od", "*f", "*v", "*d"})
MAY_ATTRIBUTE = _any_case({"on ", "le ", "am ", "el ", "il ", "em ", "op "})


def ends_reading(line: str, lines: list[str], after: int) -> bool:
    """Is `line` (stripped) a client's footer, or the start of a quoted message (lines[after:] follow it)?"""
    return line[:2] in MAY_END and bool(QUOTE_STARTS.fullmatch(line) or TRAILERS.fullmatch(line)
                                                or header_block(line, lines, after))


def header_block(line: str, lines: list[str], after: int) -> bool:
    """Does `line` (stripped) start a quoted message's header: a From line with an address, or a From line followed
    by the block's other fields (Sent:, To:, Subject:... or their translations) in lines[after:]?"""
    if not _FROM.match(line):
        return False
    if _ADDRESS.search(line):
        return True
    ahead = [f.strip() for f in lines[after:after + 2 * HEADER_LOOKAHEAD] if f.strip()]
    return any(_FIELD.match(f) for f in ahead[:HEADER_LOOKAHEAD])


def attribution(line: str, following: str | None) -> int:
    """How many lines an attribution at `line` (stripped) takes: 0 (none), 1, or 2 (a long one the client wrapped,
    `following` being the next line)."""
    if line.endswith(":") and ATTRIBUTION.fullmatch(line):
        return 1
    if following is not None and line[:3] in MAY_ATTRIBUTE and following.rstrip().endswith(":") and \
            len(line) + len(following) < 400 and ATTRIBUTION.fullmatch(line + " " + following.strip()):
        return 2
    return 0


__all__ = ["ATTRIBUTION", "MAY_ATTRIBUTE", "MAY_END", "QUOTE_STARTS", "TRAILERS", "attribution", "ends_reading",
           "header_block"]
