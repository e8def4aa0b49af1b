"""The house rules a DPjudge map carries: RULE lines, and DIRECTIVES stanzas, which DPjudge keeps per game type (a bare
`DIRECTIVES` stanza applies to every game, `STANDARD DIRECTIVES` to ordinary games, `PAYOLA DIRECTIVES` and the like
only to games of that type). This judge plays ordinary games: it applies the first two and sets the others aside.
Each RULE is a row of our rules table (judge/rules.py) under DPjudge's name, and becomes the variant's default."""
from __future__ import annotations

from judge.maps import MapError
from judge.maps.dpjudge_board import Board, Line, refuse
from judge.rules import RULES_BY_NAME

PLAYED = ("ALL", "STANDARD")            # the stanzas an ordinary game applies ("ALL": a bare DIRECTIVES stanza)
GAME_TYPES = ("STANDARD", "PAYOLA", "DPPD", "SOLITAIRE", "XTALBALL")    # DPjudge's game types
BUILD_ANY = "BUILD_ANY"                 # DPjudge's rule, our variant key `builds`


def stanza_header(reader: Board, line: Line) -> None:
    """`DIRECTIVES`, `<TYPE> DIRECTIVES` or `END DIRECTIVES`: the lines between go to that game type."""
    words, where = line.words, line.where
    if len(words) > 2:
        raise MapError(f"{where}: a DIRECTIVES line is 'DIRECTIVES', '<game type> DIRECTIVES' or 'END DIRECTIVES'")
    head = words[0].upper()
    if len(words) == 1:
        reader.stanza = "ALL"
    elif head == "END":
        reader.stanza = None
    elif head in GAME_TYPES:
        reader.stanza = head
    else:
        raise MapError(f"{where}: {words[0]} DIRECTIVES: no such game type (DPjudge's are "
                       f"{', '.join(GAME_TYPES)})")


def stanza_line(reader: Board, line: Line) -> None:
    """A line inside a DIRECTIVES stanza: played if the stanza is for every game or ordinary ones, else kept aside."""
    if reader.stanza not in PLAYED:
        reader.set_aside.setdefault(reader.stanza or "", []).append(" ".join(line.words))
        return
    if line.words[0].upper() not in ("RULE", "RULES"):
        refuse(line.where, f"{line.words[0]} in a DIRECTIVES stanza (this judge reads RULE lines there)")
    rule_line(reader, line)


def rule_line(reader: Board, line: Line) -> None:
    for word in line.words[1:]:
        reader.rules.append((word.upper(), line.where))


def document_rules(board: Board) -> list[str]:
    """The map's rules as our rule words (BUILD_ANY sets the variant's `builds` instead), each checked against our
    table: a rule this judge does not have is refused with its line."""
    out: dict[str, str] = {}
    for word, where in board.rules:
        name = word.lstrip("!")
        if name == BUILD_ANY:
            board.builds = "homes" if word.startswith("!") else "any"
            continue
        rule = RULES_BY_NAME.get(name.lower())
        if rule is None or not isinstance(rule.default, bool):
            refuse(where, f"RULE {word} (the map rules this judge plays are those of its rules table with "
                          "DPjudge's names: SET RULE and LIST show them)")
        out[name.lower()] = "off" if word.startswith("!") else "on"
    for kind, lines in board.set_aside.items():
        rules = [w for text in lines for w in text.split()[1:] if text.split()[0].upper() in ("RULE", "RULES")]
        board.notes.append(f"Its {kind.lower()} directives ({', '.join(rules) or 'other lines'}) are set aside: "
                           "this judge plays ordinary games.")
    return [f"{k}={v}" for k, v in out.items()]
