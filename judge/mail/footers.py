"""The line a mail program writes under its user's text ("Sent from my iPhone", in the languages it is seen in): a
table, so that a client's line is one more row. Nothing under such a line is the sender's."""
from __future__ import annotations

import re


def _whole(rows: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{row})" for row in rows), re.IGNORECASE)


# Matched against the whole line, once the links a client writes into it are taken out (see bare()).
TRAILERS = _whole((
    r"sent from my .{1,80}",                                   # iPhone, iPad, Galaxy, "Huawei phone"...
    r"sent from (?:outlook|mail|windows mail)(?: for .{1,40})?",
    r"get outlook for .{1,40}",
    r"sent from yahoo mail(?: (?:for|on) .{1,40})?",
    r"sent from (?:gmail|samsung|aol|blackberry) mobile.{0,40}",
    r"sent from (?:proton ?mail|spark|bluemail|edison mail|zoho mail|fairemail|k-9 mail)(?: .{1,40})?",
    r"sent with (?:proton ?mail|spark)(?: .{1,60})?",
    r"sent using (?:the )?mail\.com mail app",
    r"sent via .{1,100}",                                      # carriers' phones ("Sent via the Samsung...")
    r"envoy[ée] (?:de|depuis) (?:mon|ma) .{1,40}",             # French
    r"von meinem .{1,40} gesendet",                            # German
    r"enviado desde mi .{1,40}",                               # Spanish
    r"enviado do meu .{1,40}",                                 # Portuguese
    r"inviato da(?:l mio)? .{1,40}",                           # Italian
    r"(?:verzonden|verstuurd) (?:met|vanaf) mijn .{1,40}",     # Dutch
    r"skickat fr[åa]n min .{1,40}",                            # Swedish
    r"sendt fra min .{1,40}",                                  # Danish, Norwegian
    r"l[äa]hetetty .{1,40}(?:sta|st[äa])",                     # Finnish ("Lähetetty iPhonesta")
    r"wys[łl]ane z .{1,40}",                                   # Polish
    r"odesl[áa]no z .{1,40}",                                  # Czech
    r"trimis de pe .{1,40}",                                   # Romanian
    r".{1,40}-?(?:r[óo]l|r[őo]l) k[üu]ldve",                   # Hungarian ("iPhone-ról küldve")
    r"(?:отправлено|надіслано|изпратено) (?:с|з|от) .{1,40}",  # Russian, Ukrainian, Bulgarian
    r"στάλθηκε από .{1,40}",                                   # Greek
    r".{1,40}['’]?(?:[dt][ae]n) g[öo]nderildi",                # Turkish ("iPhone'umdan gönderildi")
    r".{1,40}から送信",                                         # Japanese ("iPhoneから送信")
    r"(?:发自|從|从)我的.{1,40}",                                # Chinese ("发自我的iPhone")
    r"나의 .{1,40}에서 보냄",                                    # Korean
    r"_{10,}",                                                 # Outlook's rule above a quoted message's header
))

# Links as clients write them into a footer: plain text from Outlook ("Sent from Outlook<https://aka.ms/...>"), the
# judge's own reading of an HTML link ("Sent from Outlook (https://aka.ms/...)"), Markdown-like "[https://...]".
_LINK = re.compile(r"\s*(?:<(?:https?|mailto):[^>\s]{1,3000}>|\((?:https?|mailto):[^)\s]{1,3000}\)"
                   r"|\[(?:https?|mailto):[^\]\s]{1,3000}\])", re.IGNORECASE)


def any_case(heads: set[str]) -> frozenset[str]:
    """Each of `heads` in every mix of cases ("se": "se", "Se", "sE", "SE"), for a set lookup without lower()."""
    out = {""}
    for n in range(max(map(len, heads))):
        out = {h + c for h in out for c in {c for head in heads if len(head) > n for c in (head[n], head[n].upper())}}
    return frozenset(h for h in out if h.lower() in heads)


# How a footer starts (its first two letters), or how it ends where the device comes first (Japanese, Turkish): any
# other line is none of them, known at the cost of a set lookup (most lines of a mail are orders).
MAY_START = any_case({"se", "ge", "en", "vo", "in", "ve", "sk", "__", "lä", "la", "wy", "od", "tr", "az", "от",
                      "на", "из", "στ", "发自", "從我", "从我", "나의"})
MAY_FINISH = any_case({"ve", "di", "送信"})


def bare(line: str) -> str:
    """`line` (stripped) without the links a client writes into its footer and a closing full stop ("Von meinem
    Samsung Galaxy Smartphone gesendet.")."""
    if "://" in line:
        line = " ".join(_LINK.sub("", line).split())
    return line.rstrip(" .")


def footer(line: str) -> bool:
    """Is `line` (stripped) a mail program's footer?"""
    if line[:2] in MAY_START or line[-2:] in MAY_FINISH or "://" in line:
        return TRAILERS.fullmatch(bare(line)) is not None
    return False


__all__ = ["MAY_FINISH", "MAY_START", "TRAILERS", "any_case", "bare", "footer"]
