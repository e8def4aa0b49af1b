"""House rules: the Ruleset the table's rows make (judge.rule_table), reading rule words, and named presets."""
from __future__ import annotations

from judge.hints import Any, Iterable
from judge.rule_values import (  # noqa: F401 - the rule values are part of this module's interface
    ParadoxRule, MissingUnit, ConvoyIntent, ViaWithoutConvoy, DuplicateOrders, RemovalDistance, Engine, OrderSets,
    PartialOrders, LatePowers, Press, PressReach, MasterCopies, DrawVotes, Draws, DummyVotes, VoteExpiry,
    DeadlineMode, MapPicture, Anonymous, Reveal, PowerAssignment, AbsenceNotices,
)
from judge.plain import Frozen
from judge.rule_table import DPJUDGE_NAMES, RULES, RULES_BY_NAME, Rule  # noqa: F401 - also this module's interface
from judge.shown import shown, shown_text


class Ruleset(Frozen):
    """The rules a game or a request is played under: one field per row of the table below. Each field's default
    is the class's attribute of its name: an instance keeps only the rules given to it."""
    convoy_paradox: ParadoxRule = ParadoxRule.SZYKMAN
    missing_unit: MissingUnit = MissingUnit.REJECT
    convoy_intent: ConvoyIntent = ConvoyIntent.OWN_FLEET
    via_without_convoy: ViaWithoutConvoy = ViaWithoutConvoy.HOLD
    safe_convoys: bool = False
    duplicate_orders: DuplicateOrders = DuplicateOrders.HOLD
    convoy_cuts_origin_support: bool = False
    retreat_to_convoy_origin: bool = True
    removal_distance: RemovalDistance = RemovalDistance.OWNED_CENTERS
    portage_convoy: bool = False
    build_anywhere: bool = False
    engine: Engine = Engine.DPJUDGE
    order_sets: OrderSets = OrderSets.REPLACE
    partial_orders: PartialOrders = PartialOrders.ACCEPT
    late_powers: LatePowers = LatePowers.DEFAULT
    press: Press = Press.WHITE
    fake_press: bool = False
    master_press_copies: MasterCopies = MasterCopies.OFF
    observer_press: bool = False
    must_order: bool = False
    late_send: bool = True
    no_late_receive: bool = False
    yellow_press: bool = False
    press_master: bool = False
    backseat_press: bool = False
    press_reach: PressReach = PressReach.ALL
    draw_votes: DrawVotes = DrawVotes.SECRET
    draws: Draws = Draws.DIAS
    concessions: bool = True
    dummy_votes: DummyVotes = DummyVotes.AGREE
    vote_expiry: VoteExpiry = VoteExpiry.NEVER
    deadlines: DeadlineMode = DeadlineMode.AUTO
    absence_days: int = 14
    absence_notices: AbsenceNotices = AbsenceNotices.MASTER
    absence_count: int = 4
    extension_count: int = 0
    extension_hours: int = 24
    extension_anonymous: bool = True
    multiple_powers: bool = False
    show_status: bool = False
    map_picture: MapPicture = MapPicture.PNG
    anonymous: Anonymous = Anonymous.NO
    reveal: Reveal = Reveal.NONE
    mobilize: bool = False
    home_builds: bool = False
    remote_builds: bool = False
    ftf_press: bool = False
    cd_dummies: bool = True
    cd_builds: bool = False
    immobile_dummies: bool = False
    vassal_dummies: bool = False
    dummy_fire: bool = False
    hide_dummies: bool = False
    friendly_fire: bool = False
    no_retreat: bool = False
    coastal_crawl: bool = False
    weak_bounces: bool = False
    no_draw: bool = False
    hibernate: bool = False
    start_master: bool = False
    join_notices: bool = False
    power_assignment: PowerAssignment = PowerAssignment.PREFERENCE
    always_confirm: bool = False
    broadcast_orders: bool = False
    hide_late_powers: bool = False

    def __init__(self, **rules: Any) -> None:
        unknown = rules.keys() - _RULESET_FIELDS
        if unknown:
            raise TypeError(f"Ruleset() got an unexpected keyword argument {sorted(unknown)[0]!r}")
        object.__setattr__(self, "__dict__", rules)

    def with_(self, **changes: Any) -> "Ruleset":
        """A copy with some rules changed; every value is checked against the table."""
        rs = self.replace(**{k: _coerce(RULES_BY_NAME[k], v) if k in RULES_BY_NAME else v
                             for k, v in changes.items()})
        validate(rs)
        return rs

    def differences(self, other: "Ruleset | None" = None) -> dict[str, Any]:
        """The rules whose value differs from `other` (the defaults when None)."""
        base = other or Ruleset()
        return {name: getattr(self, name) for name in self._fields if getattr(self, name) != getattr(base, name)}


Ruleset._fields = tuple(name for name in Ruleset.__annotations__ if not name.startswith("_"))
_RULESET_FIELDS = frozenset(Ruleset._fields)


PRESETS: dict[str, Ruleset] = {
    # The DATC v3.1 preferences (2023 rulebook, Szykman paradox rule).
    "datc": Ruleset(),
    # What DPjudge itself does, so a GM can run a game exactly as DPjudge would.
    "dpjudge": Ruleset(convoy_paradox=ParadoxRule.RULE_1982, missing_unit=MissingUnit.VOID,
                       duplicate_orders=DuplicateOrders.REJECT_SET,
                       removal_distance=RemovalDistance.HOME_CENTERS, late_send=False),
}


def _coerce(rule: Rule, value: Any) -> Any:
    """Turn a value given as text (config, JSON, e-mail) into the rule's own type, or raise ValueError."""
    if isinstance(rule.choices, range):
        try:
            out = int(str(value).strip())
        except ValueError:
            raise ValueError(f"RULE {rule.name.upper()}: {_quoted(value)} IS NOT A WHOLE NUMBER") from None
        if out not in rule.choices:
            raise ValueError(f"RULE {rule.name.upper()}: {_quoted(value)} IS NOT FROM {rule.choices.start} TO "
                             f"{rule.choices.stop - 1}")
        return out
    if isinstance(rule.default, bool):
        if isinstance(value, bool):
            out = value
        else:
            text = str(value).strip().lower()
            if text in ("1", "on", "yes", "true"):
                out = True
            elif text in ("0", "off", "no", "false"):
                out = False
            else:
                raise ValueError(f"RULE {rule.name.upper()}: {_quoted(value)} IS NOT ON OR OFF")
    else:
        enum = type(rule.default)
        if isinstance(value, bool) and _switch(rule):
            value = "on" if value else "off"         # (a rule that was on or off, given as JSON true or false)
        try:
            out = enum(str(getattr(value, "value", value)).strip().lower())
        except ValueError:
            allowed = ", ".join(c.value for c in rule.choices)
            raise ValueError(f"RULE {rule.name.upper()}: {_quoted(value)} IS NOT ONE OF {allowed}") from None
    if out not in rule.choices:
        raise ValueError(f"RULE {rule.name.upper()}: {_quoted(value)} IS NOT AVAILABLE")
    return out


def validate(rs: Ruleset) -> None:
    """Raise ValueError when a combination of rules conflicts."""
    for rule in RULES:
        value = getattr(rs, rule.name)
        if value not in rule.choices:
            raise ValueError(f"RULE {rule.name.upper()}: {_quoted(value)} IS NOT AVAILABLE")
        # (a rule of words is "on" when it is not its default: press_reach=all conflicts with nothing)
        on = bool(value) if isinstance(rule.default, (bool, int)) else value != rule.default
        for other, other_value in rule.conflicts:
            if on and getattr(rs, other) == other_value:
                raise ValueError(f"RULE {rule.name.upper()} CONFLICTS WITH {other.upper()}={_show(other_value)}")


def parse_rules(items: Iterable[str], base: Ruleset | None = None) -> Ruleset:
    """Build a Ruleset from words like 'dpjudge', 'SAFE_CONVOYS', 'NO_SAFE_CONVOYS', 'convoy_paradox=1982'.

    A preset name resets every rule to the preset; later words override earlier ones.
    """
    rs = base or Ruleset()
    changes: dict[str, Any] = {}
    for raw in items:
        if not isinstance(raw, str) or not raw.strip():
            raise ValueError(f"RULE {shown(raw)}: NOT A RULE NAME")
        word = raw.strip()
        name, _, value = word.partition("=")
        key = name.strip().lower().replace("-", "_")
        if key in PRESETS:
            if _:       # (a preset is not a rule with a value: "UNKNOWN RULE: DPJUDGE" would deny that it exists)
                raise ValueError(f"{key.upper()} IS A SET OF RULES AND TAKES NO VALUE: WRITE {key} ALONE (NOT "
                                 f"{shown(word)})")
            rs, changes = PRESETS[key], {}
            continue
        negate = False
        alias = DPJUDGE_NAMES.get(key.lstrip("!")) if not _ else None
        if alias is not None:
            changes[alias[0]] = _coerce(RULES_BY_NAME[alias[0]], alias[2] if key.startswith("!") else alias[1])
            continue
        if not _ and key not in RULES_BY_NAME:
            for prefix in ("no_", "!"):
                if key.startswith(prefix) and key[len(prefix):] in RULES_BY_NAME:
                    key, negate = key[len(prefix):], True
        rule = RULES_BY_NAME.get(key)
        if rule is None:
            raise ValueError(f"UNKNOWN RULE: {shown_text(name.strip().upper())}")
        if _:
            changes[key] = _coerce(rule, value)
        elif isinstance(rule.default, bool) or _switch(rule):
            changes[key] = _coerce(rule, not negate)
        else:
            raise ValueError(f"RULE {key.upper()} NEEDS A VALUE: {key.upper()}=<one of "
                             f"{', '.join(c.value for c in rule.choices)}>")
    return rs.with_(**changes)


def _switch(rule: Rule) -> bool:
    """A rule of words that is still switched on and off (master_press_copies: off, on, hidden): its bare name is
    'on' and NO_<name> 'off', as it was when it took only those two."""
    return not isinstance(rule.default, bool) and {"on", "off"} <= {getattr(c, "value", c) for c in rule.choices}


def public(rs: Ruleset) -> Ruleset:
    """The rules as players and the web page may know them: a hidden master_press_copies (DPjudge's EAVESDROP)
    reads as off, so nothing but the master's own LIST tells of it."""
    if rs.master_press_copies is MasterCopies.HIDDEN:
        return rs.replace(master_press_copies=MasterCopies.OFF)
    return rs


def _quoted(value: Any) -> str:
    """A value given for a rule, as a refusal quotes it: on or off, else bounded (judge.shown)."""
    return _show(value) if isinstance(value, bool) else shown(value)


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(getattr(value, "value", value))


def words(rs: Ruleset) -> list[str]:
    """Rule words that rebuild this Ruleset (for status files and LIST): the non-default rules."""
    return [f"{k}={_show(v)}" for k, v in rs.differences().items()]


def describe(rs: Ruleset, notes: dict[str, str] | None = None) -> list[str]:
    """One line per rule with its value, for the LIST reply; `notes` (rule -> words) says where the variant itself
    decides more than the rule's value shows (judge.builds.variant_notes)."""
    notes = notes or {}
    return [f"{r.name} = {_show(getattr(rs, r.name))}" + (f" ({notes[r.name]})" if r.name in notes else "")
            for r in RULES]


def markdown_table() -> str:
    """The rules as a Markdown table, for the README (a test keeps the two identical)."""
    lines = ["| rule | default | choices | DPjudge preset | DATC issue | DPjudge / njudge | meaning |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    dp = PRESETS["dpjudge"]
    for r in RULES:
        if isinstance(r.choices, range):
            choices = f"{r.choices.start} to {r.choices.stop - 1}"
        else:
            choices = ", ".join(_show(c) for c in r.choices)
        lines.append(f"| `{r.name}` | {_show(r.default)} | {choices} | {_show(getattr(dp, r.name))} | "
                     f"{r.datc or '-'} | {r.equivalent or '-'} | {r.meaning} |")
    return "\n".join(lines)
