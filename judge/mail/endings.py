"""Where the sender's own text ends: the lines mail clients write before a quoted earlier message (in the languages
they are seen in) and after a message (an app's "Sent from...", in footers.py). Tables, so that a client's line is
one more row."""
from __future__ import annotations

import re

from judge.mail.footers import MAY_FINISH, MAY_START, TRAILERS, any_case, footer


def _whole(rows: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{row})" for row in rows), re.IGNORECASE)


# A line that starts a quoted or forwarded earlier message: nothing after it is the sender's.
QUOTE_STARTS = _whole((
    (r"-{2,} ?(?:original message|original-nachricht|urspr[üu]ngliche nachricht|message d['’]origine"
     r"|messaggio originale|mensaje original|mensagem original|oorspronkelijk bericht|forwarded message"
     r"|weitergeleitete nachricht|message transf[ée]r[ée]|messaggio inoltrato|mensaje reenviado"
     r"|ursprungligt meddelande|oprindelig meddelelse|opprinnelig melding|alkuper[äa]inen viesti"
     r"|oryginalna wiadomo[śs][ćc]|p[ůu]vodn[íi] zpr[áa]va|eredeti [üu]zenet|mesajul original"
     r"|исходное сообщение|пересылаемое сообщение|оригинальное сообщение|вихідне повідомлення"
     r"|[öo]zg[üu]n ileti|orijinal mesaj|αρχικό μήνυμα) ?-{2,}"),
    r"begin forwarded message:|anfang der weitergeleiteten nachricht:|d[ée]but du message r[ée]exp[ée]di[ée] ?:",
))

# The first line of a quoted message's header block (Outlook writes one above the quoted text, in its user's
# language; Gmail's plain text stars the names: "*From:* ...").
_FROM = re.compile(r"^\*?(?:from|von|de|da|van|fr[åa]n|fra|od|от|kimden|差出人|發件人|发件人|lähettäjä|feladó)"
                   r"\s?[:：]\*?\s*\S", re.IGNORECASE)
_FIELD = re.compile(r"^\*?(?:sent|date|to|cc|subject|gesendet|datum|an|betreff|envoy[ée]|[àa]|objet|inviato|data"
                    r"|oggetto|enviado(?: el)?|fecha|para|asunto|verzonden|aan|onderwerp|skickat|till|[äa]mne"
                    r"|sendt|til|emne|wys[łl]ano|do|temat|odesl[áa]no|komu|p[řr]edm[ěe]t|l[äa]hetetty|vastaanottaja"
                    r"|aihe|отправлено|дата|кому|копия|тема|g[öo]nderildi|tarih|kime|bilgi|konu"
                    r"|送信日時|日付|宛先|件名|寄件日期|发送时间|收件人|主题|主旨)\s?[:：]", re.IGNORECASE)
_ADDRESS = re.compile(r"\S@\S")
# Any client's header block, in any language: a field naming an address, then other fields ("Name: value").
_ANY_FIELD = re.compile(r"^\*?[^\W\d_][\w.-]{0,24}(?: [\w.-]{1,24})?\s?[:：]\*?(?:\s|$)")
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
    r".{0,300}\bgeschreven ?:",                                  # Dutch: "... het volgende geschreven:"
    r".{0,300}\bskrev\b.{0,300}:",                               # Swedish, Danish, Norwegian
    r".{0,300}\bnapisa[łl](?:\(a\)|a)? ?:",                      # Polish
    r".{0,300}\bnapsal(?:\(a\)|a)? ?:",                          # Czech
    r".{0,300}\bkirjoitti ?:",                                   # Finnish
    r".{0,300}\b[şs]unlar[ıi] yazd[ıi] ?:|.{0,300}\b[şs]unu yazd[ıi] ?:",     # Turkish
    r".{0,300}\bнаписал(?:\(а\)|а)? ?:",                          # Russian
    r".{0,300}写道 ?[:：]",                                        # Chinese
))
# An attribution without a verb (Gmail in Russian or Japanese: "пт, 27 нояб. 2026 г. в 19:01, <judge@localhost>:"):
# a line ending in ':' that names an address or a time, taken for one only when a '>' quote follows it.
_NAMES_SENDER = re.compile(r"\S@\S|\d{1,2}[:.]\d{2}")


# How every line above starts (its first two letters; a wrapped attribution's first three): any other line is none
# of them, known at the cost of a set lookup (most lines of a mail are orders, and matching each against every
# table cost a plain mail a fifth of its reading time). tests/mail/test_endings.py checks the tables' examples.
_QUOTE_HEADS = any_case({"--", "be", "an", "dé", "de", "fr", "da", "va", "od", "vo", "*f", "*v", "*d", "от", "ki",
                         "差出", "發件", "发件", "lä", "fe"})
MAY_END = _QUOTE_HEADS | MAY_START          # (a footer may also be known by its end: MAY_FINISH, or a link)
MAY_ATTRIBUTE = any_case({"on ", "le ", "am ", "el ", "il ", "em ", "op ", "den"})


def ends_reading(line: str, lines: list[str], after: int) -> bool:
    """Is `line` (stripped) a client's footer, or the start of a quoted message (lines[after:] follow it)?"""
    if footer(line):
        return True
    if line[:2] in _QUOTE_HEADS and (QUOTE_STARTS.fullmatch(line) or header_block(line, lines, after)):
        return True
    return "@" in line and _any_header_block(line, lines, after)


def _fields_ahead(lines: list[str], after: int) -> list[str]:
    """The first non-blank lines of lines[after:] where a header block's next fields are looked for."""
    return [f.strip() for f in lines[after:after + 2 * HEADER_LOOKAHEAD] if f.strip()][:HEADER_LOOKAHEAD]


def header_block(line: str, lines: list[str], after: int) -> bool:
    """Does `line` (stripped) start a quoted message's header: a From line with an address, or a From line followed
    by the block's other fields (Sent:, To:, Subject:... or their translations) in lines[after:]?"""
    if not _FROM.match(line):
        return _any_header_block(line, lines, after)
    if _ADDRESS.search(line):
        return True
    return any(_FIELD.match(f) for f in _fields_ahead(lines, after))


def _any_header_block(line: str, lines: list[str], after: int) -> bool:
    """A header block in a language no table knows: a field naming an address followed by two more fields."""
    if not (_ANY_FIELD.match(line) and _ADDRESS.search(line)):
        return False
    return sum(1 for f in _fields_ahead(lines, after) if _ANY_FIELD.match(f)) >= 2


def verbless_attribution(line: str) -> bool:
    """Might `line` (stripped) be an attribution without a verb (only one if a '>' quote follows it, and it is no
    command or order: the caller's to check)?"""
    return line.endswith((":", "\uff1a")) and len(line) < 400 and _NAMES_SENDER.search(line) is not None


def attribution(line: str, following: str | None) -> int:
    """How many lines an attribution at `line` (stripped) takes: 0 (none), 1, or 2 (a long one the client wrapped,
    `following` being the next line). A wrapped one starts as an attribution does ("On ...", "Le ..."); or, in the
    languages where the date or the name comes first, its first line names an address or a time and its second is
    an attribution's end of itself ("pt., 24 lis 2026 o 10:00 Alice <alice@example.org>" / "napisał(a):"; that
    second line alone was one already, so only the first half is newly taken). Never more than two lines."""
    if line.endswith((":", "\uff1a")) and ATTRIBUTION.fullmatch(line):
        return 1
    if following is None or not following.rstrip().endswith((":", "\uff1a")) or len(line) + len(following) >= 400:
        return 0
    second = following.strip()
    if line[:3] in MAY_ATTRIBUTE or _NAMES_SENDER.search(line) and ATTRIBUTION.fullmatch(second):
        return 2 if ATTRIBUTION.fullmatch(line + " " + second) else 0
    return 0


def may_wrap_attribution(following: str) -> bool:
    """Might a line followed by `following` be the first half of a wrapped attribution (the second ends as one)?"""
    return following.rstrip()[-1:] in (":", "\uff1a")


__all__ = ["ATTRIBUTION", "MAY_ATTRIBUTE", "MAY_END", "MAY_FINISH", "QUOTE_STARTS", "TRAILERS", "attribution",
           "ends_reading", "footer", "header_block", "may_wrap_attribution", "verbless_attribution"]
