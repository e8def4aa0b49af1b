"""The values of the house rules that take one of a few words (each a Choice, an Enum to type checkers, of the rule
table in rules.py)."""
from __future__ import annotations

TYPE_CHECKING = False           # (typing.TYPE_CHECKING without importing typing; type checkers take it as True)
if TYPE_CHECKING:
    from enum import Enum

    class Choice(str, Enum):    # (what a Choice class is to a type checker)
        pass
else:
    from judge.choices import Choice        # (the same values, made for a twelfth of the start-up less)


class ParadoxRule(Choice):
    SZYKMAN = "szykman"      # DATC 4.A.2 preference: the convoy in a paradox fails
    RULE_1982 = "1982"       # DPjudge: a convoyed army never cuts support given to or against a convoying fleet


class MissingUnit(Choice):
    REJECT = "reject"        # DATC 4.E.1: the order can never be valid, so it is refused at entry (unit holds)
    VOID = "void"            # DPjudge: accepted, reported "void" (unit holds)
    HOLD = "hold"            # DPjudge option: silently turned into a hold order


class ConvoyIntent(Choice):
    # 2000/2023 rulebooks (DATC 4.A.3's preference): an army goes by convoy to a province it could reach over land
    # when ordered "via convoy", or when a fleet of its own power is ordered to convoy it (webDiplomacy too).
    OWN_FLEET = "own_fleet"
    VIA_ONLY = "via_only"    # DPTG: only "via convoy" (or a written route) sends it by sea; foreign or own fleets alike


class ViaWithoutConvoy(Choice):
    HOLD = "hold"            # DATC v3: an army ordered "via convoy" that no fleets carry stays where it is
    LAND = "land"            # godip and MILA: it moves over land when it can, if no fleets are ordered to carry it


class DuplicateOrders(Choice):
    HOLD = "hold"            # DATC 4.D.3 preference: the unit holds
    REJECT_SET = "reject_set"  # DPjudge: the whole order set is refused
    FIRST = "first"
    LAST = "last"


class RemovalDistance(Choice):
    OWNED_CENTERS = "owned_centers"  # 2023 rulebook (DATC 6.J): distance to any owned centre, any terrain
    HOME_CENTERS = "home_centers"    # older rulebooks and DPjudge: distance to a home centre
    # The 2000 rulebook as several web judges play it: to a home centre, any terrain for armies and fleets alike;
    # ties go to fleets, then to the lower province abbreviation.
    HOME_ANY_TERRAIN = "home_any_terrain"


class Engine(Choice):
    DPJUDGE = "dpjudge"      # the DPjudge step port decides
    EQUATIONS = "equations"  # the DATC chapter 5 equation engine decides
    BOTH = "both"            # the port decides; the equation engine checks it, and disagreements are reported


class OrderSets(Choice):
    REPLACE = "replace"      # DPjudge and DATC 4.D.1 c: a new order set replaces the earlier one
    MERGE = "merge"          # sets are combined; a later order for a unit replaces its earlier one


class PartialOrders(Choice):
    ACCEPT = "accept"        # units left without orders hold
    REJECT = "reject"        # an order set must order every unit


class LatePowers(Choice):
    DEFAULT = "default"      # at the end of the grace period, late powers get default orders and the game goes on
    PREVIEW = "preview"      # the master gets a preview and the game waits for PROCESS!
    RESIGN = "resign"        # late players are resigned and the game waits for a takeover


class Press(Choice):
    WHITE = "white"          # press and broadcasts, signed by the sender's power
    GREY = "grey"            # press and broadcasts, never signed (anonymous)
    WHITE_GREY = "white_grey"  # the sender chooses (WHITE is the default, GREY on request)
    BROADCAST = "broadcast"  # signed broadcasts only: no private press between players
    NONE = "none"            # no press at all (gunboat); press to the master is still allowed


class PressReach(Choice):
    ALL = "all"              # private press to any power
    TOUCH = "touch"          # only to powers whose units touch the sender's (DPjudge TOUCH_PRESS)
    REMOTE = "remote"        # only to powers with centres, far from the sender's units and centres (REMOTE_PRESS)


class MasterCopies(Choice):
    OFF = "off"              # the master reads press sent to it, and broadcasts
    ON = "on"                # and a copy of all private press, as LIST and the web page say (DPjudge EAVESDROP!)
    HIDDEN = "hidden"        # the same, but only the master's LIST shows it (DPjudge EAVESDROP)


class DrawVotes(Choice):
    SECRET = "secret"        # nobody learns how anyone voted until the vote passes
    COUNTS = "counts"        # everyone learns how many survivors vote for what
    NAMES = "names"          # everyone learns who votes for what


class Draws(Choice):
    DIAS = "dias"            # a draw includes all survivors
    ANY = "any"              # a draw may be among some of the survivors, if all survivors vote for it


class DummyVotes(Choice):
    AGREE = "agree"          # a dummy survivor counts as voting yes (and shares a draw)
    EXCLUDE = "exclude"      # dummies are left out: neither asked nor part of a draw


class VoteExpiry(Choice):
    NEVER = "never"          # a vote stands until withdrawn
    PHASE = "phase"          # votes are cleared when a phase is processed


class DeadlineMode(Choice):
    AUTO = "auto"            # deadlines from the game's timing
    MANUAL = "manual"        # no deadline: the master processes by hand (live games)


class MapPicture(Choice):
    PNG = "png"              # results mails carry a PNG picture of the board
    SVG = "svg"              # ... an SVG picture (smaller; any browser shows it)
    NONE = "none"            # text only


class Anonymous(Choice):
    NO = "no"                # players may know who plays what
    UNTIL_END = "until_end"  # addresses hidden until the game ends
    ALWAYS = "always"        # never revealed, even at the end


class Reveal(Choice):
    NONE = "none"            # DPjudge NO_REVEAL: nobody learns another's address, even at the end
    PLAYERS = "players"      # at the end, those who played (and the master) learn who played which power
    ALL = "all"              # DPjudge's default: at the end, anyone (SUMMARY to strangers too) learns the roster


class PowerAssignment(Choice):
    PREFERENCE = "preference"  # JOIN's letters are preferences, honoured at the start as far as they go, by lot
    FIRST_COME = "first_come"  # DPjudge POWER_CHOICE: the power a JOIN asks for first is that player's, if still free
    RANDOM = "random"          # DPjudge without POWER_CHOICE: every power given out by lot; a JOIN names none


class AbsenceNotices(Choice):
    MASTER = "master"          # DPjudge SILENT_ABSENCES: the master alone is told who will be away, and when
    ANONYMOUS = "anonymous"    # DPjudge HIDE_ABSENTEES: everyone learns when, the master alone who
    NAMED = "named"            # DPjudge without either: everyone learns who will be away, and when
