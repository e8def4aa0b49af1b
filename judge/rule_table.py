"""The table of house rules: one row (Rule) per rule option, with its meaning, default, values, the DATC issue it
settles and what DPjudge or njudge call it; and DPjudge's names for the rules it names otherwise. judge.rules makes
Rulesets of it; the README's list of rules is drawn from it."""
from __future__ import annotations

from enum import Enum

from judge.hints import Any
from judge.plain import Frozen
from judge.rule_values import (
    ParadoxRule, MissingUnit, ConvoyIntent, ViaWithoutConvoy, DuplicateOrders, RemovalDistance, Engine, OrderSets,
    PartialOrders, LatePowers, Press, PressReach, MasterCopies, DrawVotes, Draws, DummyVotes, VoteExpiry,
    DeadlineMode, MapPicture, Anonymous, Reveal, PowerAssignment, AbsenceNotices,
)


class Rule(Frozen):
    """One house rule: its name, what it means, its default and the values it takes."""
    name: str
    meaning: str
    default: Any
    choices: tuple[Any, ...] | range
    datc: str                            # the DATC issue the option settles, if any
    conflicts: tuple[tuple[str, Any], ...]   # (rule, value) pairs this rule cannot be combined with when on
    equivalent: str                      # what DPjudge or the Ken Lowe judge (njudge) calls it, where either has it
    _fields = ("name", "meaning", "default", "choices", "datc", "conflicts", "equivalent")

    def __init__(self, name: str, meaning: str, default: Any, choices: tuple[Any, ...] | range, datc: str = "",
                 conflicts: tuple[tuple[str, Any], ...] = (), equivalent: str = "") -> None:
        object.__setattr__(self, "__dict__", {"name": name, "meaning": meaning, "default": default,
                                              "choices": choices, "datc": datc, "conflicts": conflicts,
                                              "equivalent": equivalent})


def _choices(enum: type[Enum]) -> tuple[Any, ...]:
    return tuple(enum)


RULES: tuple[Rule, ...] = (
    Rule("convoy_paradox", "How a convoy whose success depends on itself is settled: 'szykman' (the convoy fails and "
         "its fleets hold) or '1982' (a convoyed army cannot cut support given for or against a convoying fleet).",
         ParadoxRule.SZYKMAN, _choices(ParadoxRule), "4.A.2"),
    Rule("missing_unit", "An order naming a unit that is not there (a support or convoy of an absent unit, or a "
         "convoy path written through a sea with no fleet): 'reject' it at order entry, accept it and report it "
         "'void' ('no convoy' for the path), or turn it into a 'hold'.",
         MissingUnit.REJECT, _choices(MissingUnit), "4.E.1"),
    Rule("convoy_intent", "An army ordered to a province it could also reach over land goes by convoy when it is "
         "ordered 'via convoy' or a fleet of its own power is ordered to convoy it ('own_fleet', the 2000 and 2023 "
         "rulebooks), or only when ordered 'via convoy' ('via_only', as the DPTG writes it).",
         ConvoyIntent.OWN_FLEET, _choices(ConvoyIntent), "4.A.3", equivalent="webDiplomacy: own_fleet"),
    Rule("via_without_convoy", "An army ordered 'via convoy' to a province it could reach over land, when no "
         "complete chain of fleets is ordered to convoy it: it stays where it is ('hold', DATC v3) or moves over "
         "'land' (godip, MILA). A convoy that is ordered but disrupted never falls back to the land route.",
         ViaWithoutConvoy.HOLD, _choices(ViaWithoutConvoy), "4.A.3"),
    Rule("safe_convoys", "DPjudge SAFE_CONVOYS: a convoy is also endangered when foreign units tie for the strongest "
         "attack on one of its fleets.", False, (False, True)),
    Rule("duplicate_orders", "Two different orders for one unit in one order set: the unit 'hold's, the whole set is "
         "refused ('reject_set'), or the 'first' or 'last' order counts.",
         DuplicateOrders.HOLD, _choices(DuplicateOrders), "4.D.3"),
    Rule("convoy_cuts_origin_support", "A convoyed army cuts a support given for an attack on the province it left "
         "(off: such a support is not cut, as the DATC prefers).", False, (False, True), "4.A.4"),
    Rule("retreat_to_convoy_origin", "A unit dislodged by a convoyed army may retreat to the province the army came "
         "from (2023 rulebook).", True, (False, True), "4.A.5"),
    Rule("removal_distance", "Civil-disorder removals start with the unit farthest from an 'owned_centers' supply "
         "centre (2023) or from a 'home_centers' centre (older rules; fleets count by sea), or 'home_any_terrain': "
         "from a home centre through any province for every unit, ties going to fleets and then by province "
         "abbreviation (the 2000 rulebook as web judges play it).",
         RemovalDistance.OWNED_CENTERS, _choices(RemovalDistance), "4.D.8"),
    Rule("portage_convoy", "DPjudge PORTAGE_CONVOY (fleets carried over land by armies, from port to port); not "
         "played yet, so it cannot be switched on (ports themselves are: a map's PORT convoys as a sea does).",
         False, (False,)),
    Rule("build_anywhere", "Builds may go in any supply centre the power owns, not only in its home centres (a "
         "variant such as Chaos may already say so).", False, (False, True), equivalent="DPjudge BUILD_ANY"),
    Rule("engine", "Which movement adjudicator decides: the 'dpjudge' port, the 'equations' engine, or 'both' (the "
         "port's result is used, the equation engine checks it and any disagreement goes to the master).",
         Engine.DPJUDGE, _choices(Engine)),
    Rule("order_sets", "What a second order set from a power does: 'replace' the first, or 'merge' with it (a later "
         "order for a unit replaces its earlier one).", OrderSets.REPLACE, _choices(OrderSets), "4.D.1"),
    Rule("partial_orders", "An order set that leaves units without orders: 'accept' it (they hold) or 'reject' it.",
         PartialOrders.ACCEPT, _choices(PartialOrders)),
    Rule("late_powers", "At the end of the grace period: give late powers 'default' orders and go on, send the master "
         "a 'preview' and wait, or 'resign' the late players and wait for a takeover.",
         LatePowers.DEFAULT, _choices(LatePowers)),
    Rule("press", "Press between players: 'white' (signed), 'grey' (anonymous), 'white_grey' (the sender chooses), "
         "'broadcast' (signed broadcasts only, no private press) or 'none'. Press to the master is always allowed.",
         Press.WHITE, _choices(Press), equivalent="DPjudge NO_PRESS, GREY_PRESS, PUBLIC_PRESS; njudge Press"),
    Rule("fake_press", "A sender may sign press as another power (FAKE FROM) or fake its recipients (FAKE TO).",
         False, (False, True), conflicts=(("press", Press.NONE),), equivalent="DPjudge FAKE_PRESS; njudge Fake"),
    Rule("master_press_copies", "The master receives a copy of private press between players (off: only press "
         "sent to the master, and broadcasts); 'hidden': so it does, but only the master's LIST says so (players "
         "see 'off' everywhere).", MasterCopies.OFF, _choices(MasterCopies),
         equivalent="DPjudge EAVESDROP (hidden), EAVESDROP! (on); njudge Set Observer/GM copies"),
    Rule("observer_press", "Observers may send broadcasts (press to the master they may always send).", False,
         (False, True),
         equivalent="DPjudge MUTE_OBSERVERS (off)"),
    Rule("must_order", "A power sends no press but to the master until it has sent orders this phase (any orders; "
         "a power with nothing to order writes freely).", False, (False, True),
         conflicts=(("press", Press.NONE),), equivalent="DPjudge MUST_ORDER"),
    Rule("late_send", "A late power (the deadline has passed and its orders are not in) may still send private "
         "press (off: only broadcasts and press to the master until its orders are in, DPjudge's default; on here, "
         "as before the rule came; must_order silences a power without orders anyway).", True, (False, True),
         equivalent="DPjudge LATE_SEND"),
    Rule("no_late_receive", "No private press to a late power (the deadline has passed and its orders are not "
         "in); broadcasts still reach it. The refusal names the late powers to the sender, as DPjudge's does; with "
         "press=broadcast, it limits what private press press_reach touch or remote leaves.",
         False, (False, True), conflicts=(("press", Press.NONE),), equivalent="DPjudge NO_LATE_RECEIVE"),
    Rule("yellow_press", "Every broadcast from a player goes out unsigned (press to some powers is signed as the "
         "press rule says).", False, (False, True), conflicts=(("press", Press.NONE), ("press", Press.GREY)),
         equivalent="DPjudge YELLOW_PRESS"),
    Rule("press_master", "The master is sent no copy of the broadcasts of players and observers: press reaches the "
         "master only when written to it (TO M).", False, (False, True),
         conflicts=(("master_press_copies", MasterCopies.ON), ("master_press_copies", MasterCopies.HIDDEN)),
         equivalent="DPjudge PRESS_MASTER"),
    Rule("backseat_press", "Powers write only to the master; observers may broadcast, whatever observer_press says "
         "(and write to the master).", False, (False, True), conflicts=(("press", Press.NONE),),
         equivalent="DPjudge BACKSEAT_PRESS"),
    Rule("press_reach", "Which powers a power may write to privately: 'all'; 'touch', those with a unit next to one "
         "of its own (either could support the other to hold); 'remote', those with supply centres and none of that "
         "(nor a unit of either next to a centre of the other). With touch or remote there are no broadcasts, "
         "unless press=broadcast: then broadcasts and private press so limited. The master is always reachable.",
         PressReach.ALL, _choices(PressReach), conflicts=(("press", Press.NONE), ("backseat_press", True)),
         equivalent="DPjudge TOUCH_PRESS, REMOTE_PRESS"),
    Rule("draw_votes", "Draw and concession votes are 'secret', or everyone sees the 'counts', or the 'names' of "
         "those voting.", DrawVotes.SECRET, _choices(DrawVotes), equivalent="njudge Set Secret/Visible votes"),
    Rule("draws", "A draw includes all survivors ('dias'), or 'any' set of survivors all survivors agree on.",
         Draws.DIAS, _choices(Draws), equivalent="njudge Set DIAS / NoDIAS"),
    Rule("concessions", "Survivors may concede the game to one power.", True, (False, True),
         equivalent="njudge Set Concessions"),
    Rule("dummy_votes", "A dummy survivor 'agree's to any draw or concession (and shares a draw), or is 'exclude'd "
         "from votes, draws and concessions.", DummyVotes.AGREE, _choices(DummyVotes)),
    Rule("vote_expiry", "A vote stands until withdrawn ('never' expires) or until the phase is processed.",
         VoteExpiry.NEVER, _choices(VoteExpiry)),
    Rule("deadlines", "Deadlines follow the game's timing ('auto'), or there are none and the master processes by "
         "hand ('manual', for live games).", DeadlineMode.AUTO, _choices(DeadlineMode),
         equivalent="DPjudge REAL_TIME / NO_DEADLINE"),
    Rule("absence_days", "The longest absence a player may set (days; the master sets any); 0: no absences.",
         14, range(0, 61), equivalent="DPjudge SET ABSENCE (14 days for players)"),
    Rule("absence_notices", "Who is told of an absence a player sets (SET ABSENCE): the 'master' alone, who and when; "
         "or everyone in the game when, the master also who ('anonymous'); or everyone who and when ('named'). "
         "Whoever moves a deadline, everyone is told the new one.", AbsenceNotices.MASTER, _choices(AbsenceNotices),
         equivalent="DPjudge SILENT_ABSENCES (master), HIDE_ABSENTEES (anonymous), neither (named)"),
    Rule("absence_count", "How many absences a player may set in one game.", 4, range(0, 21)),
    Rule("extension_count", "Deadline extensions each player may ask for in one game (0: none).", 0, range(0, 11),
         equivalent="njudge Set Extensions"),
    Rule("extension_hours", "How long one extension is (hours).", 24, range(1, 169)),
    Rule("extension_anonymous", "Players learn that the deadline was extended, not who asked (the master is always "
         "told).", True, (False, True), equivalent="DPjudge HIDE_EXTENDERS (on); DPjudge without it (off)"),
    Rule("multiple_powers", "One player may play several powers (TAKEOVER of a second one).", False, (False, True),
         equivalent="DPjudge MULTIPLE_POWERS"),
    Rule("show_status", "LIST <game> shows everyone which powers have orders in and who waits (off: the master "
         "only).", False, (False, True),
         equivalent="DPjudge LIST_UNORDERED and LIST_WAITERS (on: both; either name sets it)"),
    Rule("map_picture", "Results mails carry a picture of the board with the orders and their outcome: 'png', "
         "'svg' or 'none'.", MapPicture.PNG, _choices(MapPicture), equivalent="DPjudge's results map (web page)"),
    Rule("anonymous", "Who plays which power: no player sees another's address while the game runs, whatever this "
         "says (the master does); at the end reveal decides ('no', 'until_end'), or nobody learns it ('always'). "
         "'no' tells a former player signing on from their own address that they no longer play the power; "
         "'until_end' and 'always' answer it as a wrong password, so a forged From line learns nothing.",
         Anonymous.NO, _choices(Anonymous),
         equivalent="DPjudge ANONYMOUS; njudge Set Anonymous"),
    Rule("reveal", "Whose addresses the end of the game shows, in the final mail and SUMMARY, beside each power "
         "and the phases it was played: 'none' (nobody's: players are numbered), to those who 'players' played "
         "in the game, or to 'all' (anyone who asks, strangers too). The master always sees them; with "
         "anonymous=always nothing is revealed.", Reveal.NONE, _choices(Reveal),
         equivalent="DPjudge NO_REVEAL (none); DPjudge without it (all)"),
    # -- house rules that DPjudge's map files carry (a map's RULE lines make them its games' defaults) ----------------
    Rule("mobilize", "The game begins with an adjustment phase (the one before the variant's first phase, if that is "
         "not one) and no units on the board: each power builds one unit in any of its home centres (a dummy, with "
         "immobile_dummies, one in each) and owns the centre it builds on; a build not made stays owed for the next "
         "winter (DPjudge's 'SC!').", False, (False, True),
         equivalent="DPjudge MOBILIZE"),
    Rule("home_builds", "Builds may go in any owned supply centre that is a home centre of any power.", False,
         (False, True), equivalent="DPjudge HOME_BUILDS"),
    Rule("remote_builds", "A power builds only while it owns one of its own home centres, and then in any centre it "
         "owns (unless home_builds says where).", False, (False, True), equivalent="DPjudge REMOTE_BUILDS"),
    Rule("ftf_press", "Face-to-face press: players may write only to the master, except during a movement phase "
         "before its deadline.", False, (False, True), equivalent="DPjudge FTF_PRESS"),
    Rule("cd_dummies", "Dummies never hold a phase up: it is processed once every player's orders are in, the dummies "
         "in civil disorder (off: a phase a dummy has to order waits for its deadline).", True, (False, True),
         equivalent="DPjudge CD_DUMMIES"),
    Rule("cd_builds", "A power in civil disorder in an adjustment phase builds where it may, at random, instead of "
         "waiving its builds.", False, (False, True), equivalent="DPjudge CD_BUILDS"),
    Rule("immobile_dummies", "A dummy's units never move: they may hold, support and convoy; a dislodged one is "
         "destroyed.", False, (False, True), equivalent="DPjudge IMMOBILE_DUMMIES"),
    Rule("vassal_dummies", "A dummy keeps its home centres: a power whose units stand on all of them at an adjustment "
         "phase makes it its vassal, orders its units and counts its centres towards victory. A dummy is nobody's "
         "lord: a power made a dummy frees its vassals then.", False, (False, True),
         equivalent="DPjudge VASSAL_DUMMIES"),
    Rule("dummy_fire", "A dummy's units may be dislodged by their own power's attacks, and their own support counts "
         "against them (friendly fire, for dummies only).", False, (False, True), equivalent="DPjudge DUMMY_FIRE"),
    Rule("hide_dummies", "Players and observers are not told which powers are dummies (no player plays them): LIST, "
         "SUMMARY, the game's page, the start notice, results and the refusals of TAKEOVER and SIGNON show a dummy "
         "as a played power whose player is silent; press to it is accepted and reaches nobody; late notices name "
         "each late player's own power only and results leave out vassal_dummies' lines. The master still sees "
         "the dummies; a finished game hides nothing. It cannot go with dummy_votes=exclude, whose draws leave "
         "the dummies out by name.", False, (False, True), conflicts=(("dummy_votes", DummyVotes.EXCLUDE),),
         equivalent="DPjudge HIDE_DUMMIES"),
    # -- DPjudge's adjudication rules (off by default; both movement engines play them) -------------------------------
    Rule("friendly_fire", "A power's units may dislodge its own: its support for an attack on its own unit counts, "
         "and even a failed attack on its own unit cuts that unit's support (dummy_fire does so for dummies only).",
         False, (False, True), equivalent="DPjudge FRIENDLY_FIRE"),
    Rule("no_retreat", "Every dislodged unit is destroyed: there is no retreat phase.", False, (False, True),
         equivalent="DPjudge NO_RETREAT"),
    Rule("coastal_crawl", "A fleet on one coast of a province with several may change places with a fleet moving "
         "in to another coast of it (F SPA/SC - POR and F POR - SPA/NC both succeed); to the coast it stands on, "
         "they still bounce.", False, (False, True), equivalent="DPjudge COASTAL_CRAWL"),
    Rule("weak_bounces", "Key's rule: a unit whose move bounces has no strength left to hold its own province: any "
         "foreign attack (any attack, with friendly_fire) dislodges it, supported or not, unless two or more such "
         "attacks stand each other off there (a beleaguered garrison).", False, (False, True),
         equivalent="DPjudge WEAK_BOUNCES"),
    Rule("no_draw", "No draws: the game ends only in a solo victory (or a concession).", False, (False, True),
         equivalent="DPjudge NO_DRAW"),
    Rule("hibernate", "A unit whose place is closed or turned to land by a map change in the game (a fleet) stays, and "
         "may only hold until it reopens.", False, (False, True), equivalent="DPjudge HIBERNATE"),
    # -- how a game starts and what its players are told: DPjudge's rules a GM sets (its Rules page) -----------------
    Rule("start_master", "A forming game does not start when its last power is taken: it waits, full, until the "
         "master sends ACTIVATE (off: the last JOIN starts it).", False, (False, True),
         equivalent="DPjudge START_MASTER"),
    Rule("join_notices", "Each JOIN that leaves the forming game short of players is told to those who joined before "
         "and its observers (how many powers are still open, never who joined) and to the master (who joined). Off: "
         "joining is silent.", False, (False, True), equivalent="DPjudge SILENT_JOIN (off); DPjudge without it (on)"),
    Rule("power_assignment", "Who plays which power: the powers a JOIN names are 'preference's, met at the start as "
         "far as they go (a tie drawn by lot); or 'first_come': the first power a JOIN names is that player's, and a "
         "JOIN naming a power someone already asked for is refused; or 'random': every power is drawn by lot and a "
         "JOIN naming one is refused.", PowerAssignment.PREFERENCE, _choices(PowerAssignment),
         equivalent="DPjudge POWER_CHOICE (first_come); DPjudge without it (random)"),
    Rule("always_confirm", "Each accepted order set is also sent to the master, and to the power's own address when "
         "it came from elsewhere (another address with the power's password, or the master): a check on orders "
         "entered by someone who learnt a password.", False, (False, True), equivalent="DPjudge ALWAYS_CONFIRM"),
    Rule("broadcast_orders", "Each accepted order set is sent at once to everyone in the game (players, observers, "
         "the master): no secret orders, for teaching games. It includes always_confirm's copies.", False,
         (False, True), equivalent="DPjudge BROADCAST_ORDERS"),
    Rule("hide_late_powers", "A late player's late notice names their own power only, not the other late ones (the "
         "master's names them all). It cannot go with show_status, which shows everyone whose orders are not in.",
         False, (False, True), conflicts=(("show_status", True),), equivalent="DPjudge HIDE_LATE_POWERS"),
)

RULES_BY_NAME: dict[str, Rule] = {r.name: r for r in RULES}

# DPjudge's names for rules this table names otherwise (its Rules page), so a GM from DPjudge may type them: each is
# (rule, its value with DPjudge's rule, its value with "!NAME", DPjudge's game without the rule).
DPJUDGE_NAMES: dict[str, tuple[str, str, str]] = {
    "no_press": ("press", "none", "white"), "grey_press": ("press", "grey", "white"),
    "white_grey": ("press", "white_grey", "white"), "public_press": ("press", "broadcast", "white"),
    "no_partial": ("press", "broadcast", "white"),         # (DPjudge's older name for PUBLIC_PRESS)
    "build_any": ("build_anywhere", "on", "off"), "no_dias": ("draws", "any", "dias"),
    "no_deadline": ("deadlines", "manual", "auto"), "no_absences": ("absence_days", "0", "14"),
    "no_reveal": ("reveal", "none", "all"),
    "eavesdrop": ("master_press_copies", "hidden", "off"), "eavesdrop!": ("master_press_copies", "on", "off"),
    "mute_observers": ("observer_press", "off", "on"),    # (without it DPjudge's observers write to anyone)
    "touch_press": ("press_reach", "touch", "all"), "remote_press": ("press_reach", "remote", "all"),
    "silent_join": ("join_notices", "off", "on"),
    "power_choice": ("power_assignment", "first_come", "random"),
    "hide_extenders": ("extension_anonymous", "on", "off"),
    "silent_absences": ("absence_notices", "master", "named"),
    "hide_absentees": ("absence_notices", "anonymous", "named"),
    # (DPjudge shows the powers without orders and those who wait by two rules; here one rule shows both or neither)
    "list_unordered": ("show_status", "on", "off"), "list_waiters": ("show_status", "on", "off"),
}
