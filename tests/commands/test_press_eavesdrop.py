"""The master's copies of private press: master_press_copies, and DPjudge's EAVESDROP (hidden: "The fact that this
rule is in use does not appear in a game list or summary, or on the Website") and EAVESDROP! (shown), by mail."""
from judge.web.pages import house_rules
from tests.commands.helpers import GAME, GM, PLAYERS

FRANCE, GERMANY = PLAYERS["FRANCE"][0], PLAYERS["GERMANY"][0]


def press_to_germany(desk, text: str) -> tuple[dict, str]:
    """France writes to Germany: who got a copy, and France's reply."""
    desk.new_mail()
    assert desk.signon("FRANCE", "PRESS TO G", text, "ENDPRESS").accepted
    mails = desk.new_mail()
    got = {m["To"]: m.get_content() for m in mails if "press from" in str(m["Subject"])}
    [reply] = [m.get_content() for m in mails if m["To"] == FRANCE]
    return got, reply


def test_eavesdrop_copies_private_press_to_the_master_and_players_never_learn_of_it(started):
    got, reply = press_to_germany(started, "Between us.")
    assert set(got) == {GERMANY}
    assert started.master("SET RULE EAVESDROP").accepted
    assert "Rules now: EAVESDROP (master_press_copies=hidden)." in started.reply(GM[0])
    assert started.new_mail() == []                         # no "rules changed" notice to the players
    heard, heard_reply = press_to_germany(started, "Between us.")
    assert set(heard) == {GERMANY, GM[0]}
    assert "Message from France in game 'g1' (S1901M) to Germany:" in heard[GM[0]]
    # What the sender and the reader have is word for word what they had without the rule.
    assert heard[GERMANY] == got[GERMANY] and heard_reply == reply
    for power in ("FRANCE", "GERMANY"):
        assert started.signon(power, f"LIST {GAME}").accepted
        listed = started.reply(power)
        assert "master_press_copies = off\n" in listed.replace("\r", "") and "hidden" not in listed
        assert started.signon(power, "ARCHIVE").accepted
        assert "master" not in started.reply(power).lower()
    assert started.send("someone@example.org", f"LIST {GAME}").accepted
    assert "master_press_copies = off\n" in started.reply("someone@example.org")
    [row] = [r for r in house_rules(started.game(GAME)) if r["name"] == "master_press_copies"]
    assert row["value"] == "off" and not row["changed"]                  # the game's web page
    # The master's own LIST says it.
    assert started.master(f"LIST {GAME}").accepted
    assert "master_press_copies = hidden\n" in started.reply(GM[0])


def test_eavesdrop_with_an_exclamation_mark_is_shown(started):
    """EAVESDROP!: the same copies, and the players are told, as of any rule the master changes."""
    started.new_mail()
    assert started.master("SET RULE EAVESDROP!").accepted
    told = [m for m in started.new_mail() if m["To"] == FRANCE]
    assert len(told) == 1 and "House rule master_press_copies: on (was off)." in told[0].get_content()
    assert started.signon("FRANCE", f"LIST {GAME}").accepted
    assert "master_press_copies = on\n" in started.reply("FRANCE")
    # Hiding it afterwards tells the players nothing (not "off", which would be untrue).
    started.new_mail()
    assert started.master("SET RULE EAVESDROP").accepted
    assert [m["To"] for m in started.new_mail()] == [GM[0]]
    assert started.master("SET RULE !EAVESDROP").accepted
    assert started.game(GAME).rules.master_press_copies == "off"
    got, _ = press_to_germany(started, "Alone again.")
    assert set(got) == {GERMANY}


def test_master_press_copies_by_our_name_is_still_switched_on_and_off(started):
    """The rule took on and off before it took 'hidden': the bare name and NO_ keep their meaning."""
    assert started.master("SET RULE master_press_copies").accepted
    assert started.game(GAME).rules.master_press_copies == "on"
    assert started.master("SET RULE no_master_press_copies").accepted
    assert started.game(GAME).rules.master_press_copies == "off"
    r = started.master("SET RULE master_press_copies=secret")
    assert r.errors[0][1] == "RULE MASTER_PRESS_COPIES: 'secret' IS NOT ONE OF off, on, hidden"
