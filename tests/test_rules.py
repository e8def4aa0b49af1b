"""The rule table, rule words, presets and conflicts."""
from pathlib import Path

import pytest

from judge.rules import (PRESETS, RULES, DuplicateOrders, MissingUnit, ParadoxRule, Rule, Ruleset, markdown_table,
                         parse_rules, validate)


def test_table_and_ruleset_agree():
    assert [r.name for r in RULES] == list(Ruleset._fields)
    for rule in RULES:
        assert getattr(Ruleset(), rule.name) == rule.default
        assert rule.default in rule.choices
        assert rule.meaning.endswith(".")


def test_every_rule_is_documented_in_the_readme():
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    assert markdown_table() in readme, "README's rule table is stale: paste judge.rules.markdown_table()"
    for rule in RULES:
        assert f"`{rule.name}`" in readme, rule.name


def test_presets():
    assert PRESETS["datc"] == Ruleset()
    dp = PRESETS["dpjudge"]
    assert dp.convoy_paradox is ParadoxRule.RULE_1982
    assert dp.duplicate_orders is DuplicateOrders.REJECT_SET
    assert dp.missing_unit is MissingUnit.VOID


@pytest.mark.parametrize("words, field, value", [
    (["convoy_paradox=1982"], "convoy_paradox", ParadoxRule.RULE_1982),
    (["CONVOY_PARADOX=SZYKMAN"], "convoy_paradox", ParadoxRule.SZYKMAN),
    (["SAFE_CONVOYS"], "safe_convoys", True),
    (["safe_convoys", "NO_SAFE_CONVOYS"], "safe_convoys", False),
    (["safe_convoys=off"], "safe_convoys", False),
    (["dpjudge", "duplicate_orders=last"], "duplicate_orders", DuplicateOrders.LAST),
    (["convoy-cuts-origin-support"], "convoy_cuts_origin_support", True),
])
def test_rule_words(words, field, value):
    assert getattr(parse_rules(words), field) == value


def test_a_preset_resets_earlier_words():
    assert parse_rules(["safe_convoys", "datc"]).safe_convoys is False


@pytest.mark.parametrize("words, message", [
    (["bogus"], "UNKNOWN RULE: BOGUS"),
    (["convoy_paradox"], "RULE CONVOY_PARADOX NEEDS A VALUE"),
    (["convoy_paradox=1971"], "RULE CONVOY_PARADOX: '1971' IS NOT ONE OF szykman, 1982"),
    (["safe_convoys=maybe"], "RULE SAFE_CONVOYS: 'maybe' IS NOT ON OR OFF"),
    (["portage_convoy"], "RULE PORTAGE_CONVOY: on IS NOT AVAILABLE"),
    ([""], "NOT A RULE NAME"),
])
def test_bad_rule_words(words, message):
    with pytest.raises(ValueError) as info:
        parse_rules(words)
    assert message in str(info.value)


def test_conflicts_are_refused(monkeypatch):
    import judge.rules as r
    table = tuple(x.replace(conflicts=(("convoy_paradox", ParadoxRule.RULE_1982),))
                  if x.name == "safe_convoys" else x for x in r.RULES)
    monkeypatch.setattr(r, "RULES", table)
    with pytest.raises(ValueError, match="CONFLICTS WITH CONVOY_PARADOX"):
        validate(Ruleset(safe_convoys=True, convoy_paradox=ParadoxRule.RULE_1982))
    assert isinstance(table[0], Rule)


def test_differences():
    assert parse_rules(["safe_convoys"]).differences() == {"safe_convoys": True}
