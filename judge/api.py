"""The JSON adjudication interface (shared/spec/judge-json.md): adjudicate(state, orders, rules) -> result."""
from __future__ import annotations

from judge import maps
from judge.adjudicator import adjudicate as adjudicate_phase
from judge.hints import Any
from judge.maps.calendar import MAX_YEAR
from judge.orders import order_power
from judge.orders.sets import legal_orders
from judge.orders.validate import Validator
from judge.position import Phase, Position
from judge.result_text import result_text
from judge.rules import Engine, Ruleset, parse_rules
from judge.shown import shown, shown_text


def read_rules(rules: Any, m: maps.Map | None = None) -> Ruleset:
    """The request's rules: a list of words ('dpjudge', 'convoy_paradox=1982'), a {name: value} object, or None; on
    top of the house rules the variant carries (a DPjudge map's RULE lines), if any.

    Rule sets are immutable and most requests name the same few (`"rules": []` above all), so each is built once and
    remembered, keyed by the variant's rules and the request's words (bounded; a request that is refused is not kept).
    """
    key = _rules_key(rules, m.rules if m is not None else ())
    ruleset = _RULESETS.get(key) if key is not None else None
    if ruleset is None:
        ruleset = _read_rules(rules, m)
        if key is not None:
            if len(_RULESETS) >= _RULESETS_LIMIT:
                _RULESETS.clear()
            _RULESETS[key] = ruleset
    return ruleset


_RULESETS: dict[tuple, Ruleset] = {}
_RULESETS_LIMIT = 1000


def _rules_key(rules: Any, base: tuple[str, ...]) -> tuple | None:
    """What a rule set is remembered by: the words, each value with its type (1, 1.0 and True are equal keys in
    Python but are read differently); None for anything else (read every time, never kept)."""
    if rules is None:
        return (base, None)
    try:
        if isinstance(rules, list) and all(type(w) is str for w in rules):
            return (base, list, tuple(rules))
        if isinstance(rules, dict) and all(type(k) is str for k in rules):
            key = (base, dict, tuple((k, type(v), v) for k, v in rules.items()))
            hash(key)
            return key
    except TypeError:                   # a list or an object among the values
        pass
    return None


def _read_rules(rules: Any, m: maps.Map | None) -> Ruleset:
    base = parse_rules(m.rules) if m is not None and m.rules else Ruleset()
    if rules is None:
        return base
    if isinstance(rules, dict):
        return parse_rules((_rule_word(k, v) for k, v in rules.items()), base)
    if isinstance(rules, list):
        return parse_rules(rules, base)
    raise ValueError("RULES MUST BE A LIST OF RULE NAMES")


def _rule_word(name: Any, value: Any) -> str:
    """One entry of a rules object as the word parse_rules reads ("safe_convoys=1"). Only a name and a single value
    can make one: anything else is refused here, named briefly (writing a list as text could recurse without end)."""
    if type(name) is not str:
        raise ValueError(f"RULE {shown(name)}: NOT A RULE NAME")
    if value is None or not isinstance(value, (str, int, float)):
        raise ValueError(f"RULE {shown_text(name.upper())}: {shown(value)} IS NOT A RULE VALUE (a word, a number, "
                         "true or false)")
    return f"{name}={value}"


def read_orders(orders: Any, m: maps.Map) -> dict[str, list[str]]:
    if orders is None:
        return {}
    if not isinstance(orders, dict):
        raise ValueError("ORDERS MUST BE AN OBJECT KEYED BY POWER")
    out, powers = {}, m.power_set
    for power, texts in orders.items():
        if power not in powers:
            raise ValueError(f"UNKNOWN POWER: {shown(power)}")
        if type(texts) is list:
            # (the usual list: its texts' types checked in a plain loop, which the interpreter runs faster than
            # all() over map(isinstance, ...))
            for text in texts:
                if type(text) is not str:
                    _check_texts(power, texts)
                    break
        else:
            if isinstance(texts, str):
                texts = [texts]
            _check_texts(power, texts)
        out[power] = texts
    return out


def _check_texts(power: str, texts: Any) -> None:
    """A power's orders must be a list of strings (a str of a subclass too)."""
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise ValueError(f"ORDERS OF {power} MUST BE A LIST OF STRINGS")

PICTURES = ("svg",)


def read_variant(name: Any) -> maps.Map:
    """The request's variant (default standard); ValueError names an unknown one and lists those offered."""
    return maps.load(name)       # UnknownVariant (a ValueError) for any name not in the catalogue, a non-string too


def adjudicate(state: Any, orders: Any, rules: Any = None, *, picture: str | None = None,
               variant: str | None = "standard") -> dict:
    """Adjudicate one phase given as JSON-shaped data; inputs are not modified. Raises ValueError on a bad document.

    picture="svg" adds "picture": the board after adjudication with the orders drawn and their outcome.
    variant: the map and powers the state is on (judge.maps.known() lists them). None for orders, rules, picture or
    variant is the same as leaving it out (JSON's null, as a request document gives it).
    """
    return _Adjudication(state, orders, rules, picture, variant).document()


class _Adjudication:
    """One request adjudicated: what its result document says, written as a document (a dict) or as JSON text."""

    def __init__(self, state: Any, orders: Any, rules: Any, picture: str | None, variant: str | None):
        if picture is not None and picture not in PICTURES:
            raise ValueError(_bad_picture(picture))
        m = read_variant("standard" if variant is None else variant)
        position = Position.from_json(state, m)
        m = self.m = m.at(position.phase)         # (a variant may change in given phases: DPjudge's IN and FROM)
        ruleset = read_rules(rules, m)
        _check_house(position, ruleset)
        texts = read_orders(orders, m)
        validator = Validator(position, m, ruleset)
        legal: list = []
        errors: list[dict] = []
        for power in m.powers:
            if power not in texts:
                continue
            orders, refused = legal_orders(power, texts[power], position, m, ruleset, validator)
            legal += orders
            if refused:
                errors += ({"power": power, "order": text, "error": msg} for text, msg in refused)
        self.errors = errors
        outcome = self.outcome = adjudicate_phase(m, position, legal, ruleset)
        after = outcome.position.phase
        if after.calendar is None and after.year > 9999:
            # (the next phase could not be read back: a state's phase has a four-digit year)
            raise ValueError(f"BAD PHASE: {state['phase']} IS THE LAST YEAR'S: THE STANDARD CALENDAR ENDS IN 9999")
        if after.calendar is not None and max(abs(after.year), abs(after.shown_year)) >= MAX_YEAR:
            # (nor one of a map's own calendar beyond nine digits: "A.D. 1000000004 MOVEMENT" is refused when read)
            raise ValueError(f"BAD PHASE: {shown_text(state['phase'])} IS THE LAST OF THE CALENDAR: ITS NEXT PHASE, "
                             f"{after.long()}, HAS A YEAR OF MORE THAN {len(str(MAX_YEAR)) - 1} DIGITS")
        # Results list orders power by power in the map's order (a power not on the map last), each power's by text:
        # gathered by power and each power's few sorted by text alone (one sort of all by (power's place, text) cost
        # three times as much: equal places sent every comparison of texts the slow way).
        by_power: dict[str, list[tuple[str, str, tuple[str, ...]]]] = {p: [] for p in m.powers}
        other: list[tuple[str, str, tuple[str, ...]]] = []     # (by_power.get below: a direct call compiled)
        unit_orders = position.phase.kind != "A"     # (movement and retreat orders name a unit)
        # The JSON has no list of units destroyed by a house rule (immobile_dummies), so their marks say it.
        gone = {d.unit for d in outcome.removed}
        if unit_orders and not gone:
            # The usual phase, in a loop of its own: nothing to ask per order but its power, text and marks (a result
            # is read by index: unpacking a named tuple takes the slow way, through an iterator).
            for result in outcome.results:
                order = result[0]
                power = order.unit[0]
                text = order._text              # (str(order), read without the call when it was written before)
                row = (text if text is not None else str(order), power, result[1])
                lst = by_power.get(power)
                (lst if lst is not None else other).append(row)
        else:
            for order, marks in outcome.results:
                power = order.unit[0] if unit_orders else order_power(order)
                if gone and unit_orders and order.unit in gone:
                    marks = (*marks, "destroyed")
                text = order._text
                row = (text if text is not None else str(order), power, marks)
                lst = by_power.get(power)
                (lst if lst is not None else other).append(row)
        rows = []
        for lst in by_power.values():
            if lst:
                lst.sort()
                rows += lst
        if other:
            rows += sorted(other)
        self.rows = rows
        given = state.get("phase")
        if isinstance(given, str) and " " in given.strip():     # (the form the request used)
            self.phase, self.next_phase = position.phase.long(), outcome.position.phase.long()
        else:
            # A short code of the standard calendar is read only as written (S1901M): the request's own text is it.
            short = type(given) is str and position.phase.calendar is None
            self.phase = given if short else position.phase.code
            self.next_phase = _code(outcome.position.phase)
        extra: dict[str, Any] = {}
        if outcome.winner:
            extra["winner"] = outcome.winner
        if ruleset.engine is Engine.BOTH and position.phase.kind == "M":
            # Only when asked for (rules: engine=both): the equation engine's check of the port's result.
            extra["crosscheck"] = {"agree": not outcome.disagreements, "differences": outcome.disagreements}
        if picture == "svg":
            from judge import picture as pictures        # only a request for a picture loads the drawing code
            if not pictures.has_drawing(m.board):
                raise ValueError(f"NO PICTURE: VARIANT {m.name} HAS NO DRAWING (LEAVE picture OUT)")
            extra["picture"] = pictures.inline(pictures.results_svg(m, position, outcome))
        self.extra = extra

    def document(self) -> dict:
        state = self.outcome.position.to_json(self.m, self.next_phase)
        return {
            "phase": self.phase,
            "orders": [{"power": power, "order": text, "result": [*marks]} for text, power, marks in self.rows],
            "errors": self.errors,
            "state": state,
            **self.extra,
        }

    def text(self) -> str:
        """json.dumps(self.document(), separators=(",", ":")), written without building the document."""
        return result_text(self.phase, self.rows, self.errors, self.outcome.position, self.next_phase, self.m,
                           self.extra)


_CODES: dict[Phase, str] = {}
_CODES_LIMIT = 10_000


def _check_house(position: Position, ruleset: Ruleset) -> None:
    """Refuse what the house rules say cannot happen (the state alone is read by judge.position_reader, for games
    on disk too: a vassal whose power a player has since taken over stays one there until the next capture)."""
    house = position.house
    for vassal in house.vassals if house is not None else ():
        if vassal not in house.dummies:
            # (DPjudge's vassalship makes only a dummy a vassal: a played power orders its own units)
            raise ValueError(f"VASSAL {vassal} IS NOT A DUMMY (ONLY A DUMMY IS A VASSAL: LIST IT IN dummies)")
    if ruleset.friendly_fire:
        return          # (any power's own attack may have dislodged its unit)
    for prov, d in position.dislodged.items():
        own = position.units.get(prov)
        if own is None or own.power != d.unit.power:
            continue
        head = f"TWO UNITS OF {own.power} IN {prov}: {own} IN units AND {d.unit} IN dislodged"
        if house is None or own.power not in house.dummies:
            raise ValueError(f"{head} (A DISLODGED UNIT IS NOT IN units; NO POWER DISLODGES ITS OWN BUT UNDER THE "
                             "RULE friendly_fire)")
        if not ruleset.dummy_fire:
            raise ValueError(f"{head} (A DUMMY'S OWN ATTACK DISLODGES ITS UNIT ONLY UNDER THE RULE dummy_fire, NOT "
                             "IN THE REQUEST'S rules)")


def _code(phase: Phase) -> str:
    """phase.code, each phase's written once (results name the same few phases again and again; bounded)."""
    text = _CODES.get(phase)
    if text is None:
        if len(_CODES) >= _CODES_LIMIT:
            _CODES.clear()
        text = _CODES[phase] = phase.code
    return text


def _bad_picture(value: Any) -> str:
    return f"BAD PICTURE: {shown(value)} (the only picture is \"svg\"; leave picture out for none)"


def request(doc: Any) -> dict:
    """One request document {"variant": ..., "state": ..., "orders": ..., "rules": [...], "picture": "svg"} -> its
    result."""
    return _request(doc).document()


def request_text(doc: Any) -> str:
    """request(doc) as compact JSON text: exactly json.dumps(request(doc), separators=(",", ":")), made faster
    (`judge adjudicate --batch`)."""
    return _request(doc).text()


def _request(doc: Any) -> _Adjudication:
    if not isinstance(doc, dict):
        raise ValueError("REQUEST MUST BE AN OBJECT WITH state, orders AND rules")
    unknown = doc.keys() - _FIELDS
    if unknown:
        raise ValueError(f"UNKNOWN REQUEST FIELD: {sorted(map(shown_text, unknown))[0]}")
    # A field given as null is read as one left out (as the API's None): every field but state may be left out.
    get = doc.get
    state, picture, variant = get("state"), get("picture"), get("variant")
    if state is None:
        raise ValueError("REQUEST HAS NO state")
    if picture is not None and picture not in PICTURES:
        raise ValueError(_bad_picture(picture))
    if variant is None:
        variant = "standard"
    read_variant(variant)               # an unknown variant is named before anything else
    return _Adjudication(state, get("orders"), get("rules"), picture, variant)


_FIELDS = frozenset(("variant", "state", "orders", "rules", "picture"))
