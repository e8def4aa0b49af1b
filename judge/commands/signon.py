"""SIGNON and SIGNOFF."""
from __future__ import annotations

from judge.commands._util import glued, need_args, power_and_game, refuse_mask, who_in
from judge.commands.base import SIGNED_ON, CommandError, Continue, Session
from judge.deadlines import show
from judge.game import ACTIVE, DUMMY, FORMING
from judge.game.hidden_dummies import hidden
from judge.rules import Anonymous
from judge.storage.failures import JOINED, LIMIT, SignonFailures
from judge.storage.passwords import check_password
from judge.storage.secret import code, same_code


def in_place(s: Session, word: str, password: str, said: bool = True) -> None:
    """A command that signs on in its own line, as DPjudge's RESIGN <power><game> <password> and PURGE <game>
    <master password> do: the password checked as SIGNON checks it (wrong ones count; a lock-out holds); without
    `said`, no "Signed on" line (the reply says what the command did)."""
    lines = len(s.lines)
    Signon().handle(s, [word, password], [])
    if not said:
        del s.lines[lines:]


class Signon:
    name, aliases, block_end = "SIGNON", ("SIGN-ON",), None
    after_end = SIGNED_ON
    syntax = "SIGNON <power letter><game> <password>"
    help = "Sign on as a power (or M for the master); the lines that follow are your orders."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        need_args(args, 2, self.syntax)
        args = glued(args)
        if len(args) > 2:
            # DPjudge drops them unread; an order written on this line would be lost without a word. (Checked before
            # the password, and never echoed: a misplaced password may be among them.)
            raise CommandError("SIGNON TAKES TWO WORDS, <power letter><game> AND THE PASSWORD: THE REST OF THE LINE "
                               "WAS NOT READ (PUT EACH ORDER ON A LINE OF ITS OWN)")
        who, name = power_and_game(args[0])
        game = s.open_game(name)
        who = who_in(who, game.map)
        # The web form has no address of its own: it counts as any other address does (judge-web.md: "the same
        # sign-on limits as mail"), so a guesser cannot switch faces for more guesses.
        own = not s.on_web and s.sender.lower() == (game.master_address if who == "MASTER" else
                                                    getattr(game.player(who), "address", "")).lower()
        # (other addresses and the web share one budget; the power's own address has its own)
        key = SignonFailures.key(who, own)
        failures = SignonFailures(s.store.folder(name))
        until = failures.locked_until(key, s.now)
        where = ""
        if until is not None and own:
            # From is forged at will: five wrong passwords "from" a player's address locked its player out. The
            # refusal goes to that address, and only its mail holds the code that lets its own sign-ons through.
            if s.unlocked != who:
                raise CommandError(f"TOO MANY WRONG PASSWORDS FOR {who} IN {name} FROM YOUR ADDRESS (SOMEBODY MAY BE "
                                   f"SENDING MAIL IN ITS NAME): ITS SIGN-ONS ARE REFUSED UNTIL "
                                   f"{show(until, game.timing)}. THIS REPLY WENT TO YOUR ADDRESS ALONE: TO SIGN ON "
                                   f"BEFORE THEN, PUT THE LINE UNLOCK {args[0]} {unlock_code(s, name, who, until)} "
                                   "BEFORE YOUR SIGNON LINE")
            key = SignonFailures.unlocked_key(who)         # (its wrong passwords have a budget of their own)
            until = failures.locked_until(key, s.now)
            where = " EVEN WITH THE CODE"
        if until is not None:
            raise CommandError(f"TOO MANY WRONG PASSWORDS FOR {who} IN {name}{where}: SIGN-ONS ARE REFUSED UNTIL "
                               f"{show(until, game.timing)}" + ("" if own else " (EXCEPT BY MAIL FROM THE "
                                                                 f"{'MASTER' if who == 'MASTER' else 'PLAYER'}'S "
                                                                 "OWN ADDRESS)"))
        if who == "MASTER":
            if not check_password(args[1], game.master_password):
                refuse_mask(args[1])     # (not counted: the mask is nobody's password)
                s.failed_signon = key
                raise CommandError(f"WRONG PASSWORD FOR THE MASTER OF {name}")
            s.role, s.power = "master", None
            s.say(f"Signed on as the master of game {name}.")
        else:
            player = game.player(who)
            if player is None and game.status == FORMING:
                # Nobody has a power before the start: no password can be right, so none is counted as wrong.
                refuse_mask(args[1])
                raise CommandError(f"NO PLAYER FOR {who} IN {name} YET: THE GAME IS FORMING, AND ITS POWERS ARE GIVEN "
                                   "OUT WHEN IT STARTS (YOUR JOIN IS ALL IT NEEDS FROM YOU TILL THEN)")
            if player is not None and player.status == ACTIVE and check_password(args[1], player.password):
                s.say(f"Signed on as {game.map.power_title(who)} in game {name}.")
            elif player is not None and _lord_signs_on(game, who, args[1]):
                # vassal_dummies: the power a dummy is the vassal of orders its units, with its own password.
                s.say(f"Signed on as {game.map.power_title(who)} in game {name}, as the power it is the vassal of.")
            elif player is not None and check_password(args[1], game.master_password):
                # As DPjudge allows: the master may act as any power (e.g. to order a dummy or a late power).
                s.say(f"Signed on as {game.map.power_title(who)} in game {name}, with the master's password.")
            else:
                refuse_mask(args[1])     # (not counted: the mask is nobody's password)
                s.failed_signon = key
                raise CommandError(_refusal(game, who, s.sender))
            s.role, s.power = "power", who
        s.log.append(f"SIGNON {who} {name}")
        return Continue.YES


def unlock_code(s: Session, game: str, who: str, until) -> str:
    """The code that lets sign-ons from `who`'s own address (the sender's) through while they are locked out until
    `until` (no wrong password is counted on that budget while it is locked: the code stays the same till then)."""
    return code(s.store.root, "unlock", game, who, s.sender, until.isoformat())


class Unlock:
    name, aliases, block_end = "UNLOCK", (), None
    after_end = SIGNED_ON
    syntax = "UNLOCK <power letter><game> <code>"
    help = ("Before SIGNON, when sign-ons from your own address are refused after wrong passwords (perhaps not "
            "yours: a From line is easily forged): the code comes in the judge's reply to such a sign-on.")

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        need_args(args, 2, self.syntax)
        who, name = power_and_game(args[0])
        game = s.open_game(name)
        who = who_in(who, game.map)
        own = (game.master_address if who == "MASTER" else getattr(game.player(who), "address", "")) or ""
        if s.on_web or s.sender.lower() != own.lower():
            raise CommandError(f"UNLOCK WORKS ONLY IN MAIL FROM THE ADDRESS OF {who} IN {name}, WHICH ITS CODE WAS "
                               "MAILED TO")
        until = SignonFailures(s.store.folder(name)).locked_until(SignonFailures.key(who, True), s.now)
        # (prose names the power as every reply does, "Germany"; the refusals above are in capitals throughout)
        said = "the master" if who == "MASTER" else game.map.power_title(who)
        if until is None:
            s.say(f"Nothing to unlock: sign-ons as {said} in {name} from your address are not refused.")
            return Continue.YES
        if not same_code(args[1], unlock_code(s, name, who, until)):
            raise CommandError(f"THAT IS NOT THE CODE FOR {who} IN {name}: IT IS IN THE JUDGE'S REPLY TO THE LAST "
                               "SIGN-ON REFUSED FROM YOUR ADDRESS (A NEW ONE COMES WITH EACH LOCK-OUT)")
        s.unlocked = who
        s.say(f"Unlocked: sign-ons as {said} in {name} from your address are taken in this message.")
        return Continue.YES


def _refusal(game, who: str, sender: str) -> str:
    """Why a sign-on as a power fails: a wrong password, or a power whose player has left (which everyone in the
    game was told). A former player signing on from their own address is told they no longer play it."""
    player = game.player(who)
    name = game.name
    if player is None or not game.tenures_of(who):
        return f"WRONG PASSWORD OR NO PLAYER FOR {who} IN {name}"
    if player.status == ACTIVE:
        # Taken over since: its former player, signing on from their own address, was told "wrong password" (and
        # tried again); they are told they left, as before the takeover. (The attempt still counts.)
        past = [t for t in game.tenures_of(who) if t.get("to") and t["address"].lower() == sender.lower()]
        if past and player.address.lower() != sender.lower() and game.rules.anonymous is Anonymous.NO:
            return f"YOU NO LONGER PLAY {who} IN {name} ({(past[-1].get('why') or 'left').upper()} IN {past[-1]['to']})"
        return f"WRONG PASSWORD OR NO PLAYER FOR {who} IN {name}"
    last = game.tenures_of(who)[-1]
    if last["address"].lower() != sender.lower() and hidden(game, master=False) and player.status == DUMMY:
        return f"WRONG PASSWORD OR NO PLAYER FOR {who} IN {name}"      # (hide_dummies: as for a played power)
    why = (last.get("why") or "left").upper()
    now = "; IT IS OPEN FOR TAKEOVER" if who in game.open_powers() else ""
    if last["address"].lower() == sender.lower() and game.rules.anonymous is Anonymous.NO:
        return f"YOU NO LONGER PLAY {who} IN {name} ({why} IN {last['to']}){now}"
    return f"WRONG PASSWORD OR NO PLAYER FOR {who} IN {name} (ITS LAST PLAYER: {why} IN {last['to']}{now})"


def wrong_passwords_told(game: str, key: str, count: int, shown: str = "", master: bool = False,
                         player_told: bool = True) -> list[str]:
    """What a power's player and the master are told when a wrong password just counted (`key`, and the count
    SignonFailures.record returned) uses up a budget; [] when none is used up. `shown`: the power's name as the map
    shows it. `master`: the master's copy of a power's notice, which ends with what concerns the master
    (`player_told`: the player has a copy), not with the player's advice."""
    who, own = key.split(":")[0], key.endswith(":own")
    if count != LIMIT:
        return []
    name = ("the master" if who == "MASTER" else "the game password" if who == "PRIVACY" else
            "leaving the game before its start (RESIGN <game> <password>)" if who == JOINED else shown or who.title())
    why = ("The game password is refused for the rest of the hour, by mail and on the web (players and the master "
           "sign on as before)" if who == "PRIVACY" else
           "RESIGN before the start is refused for the rest of the hour" if who == JOINED else
           "Sign-ons from its own address are refused for the rest of the hour, even with the code the judge "
           "mails to it" if key.endswith(SignonFailures.UNLOCKED) else
           "Sign-ons from its own address are refused for the rest of the hour (a sign-on sent from it meanwhile is "
           "answered, to that address alone, with a code that lets it through)" if own else
           "Sign-ons from other addresses and from the web page are refused for the rest of the hour (mail from its "
           "own address still signs on)")
    head = (f"{count} wrong passwords for {name} in game {game} within an hour"
            f"{'' if own or key.endswith(SignonFailures.UNLOCKED) else ', by mail and on the web together'}.")
    if who == JOINED:
        return [head, why + " (the game's master alone is told: the joiners have no power to be told as yet)."]
    return [head,
            why + ("; " + _master_sees(name, player_told) if master and who not in ("MASTER", "PRIVACY") else
                   "; if this was not you, nothing is lost, but consider "
                   + ("SET PRIVATE <a new game password>." if who == "PRIVACY" else "SET PASSWORD."))]


def _master_sees(name: str, player_told: bool) -> str:
    """The end of the master's copy of a power's notice: the attempts were not the master's, and only the player
    can change the power's password."""
    if not player_told:
        return (f"{name} has no player now, so nobody's password is at stake: nothing is lost, and nothing is needed "
                "from you.")
    return (f"{name}'s player has been sent this notice too, with the advice to change their password (SET "
            "PASSWORD) if these attempts were not theirs. Nothing is lost, and there is nothing for you to do: only "
            "the player can change it.")


def wrong_password_notices(game, key: str, count: int, sender: str) -> list[tuple[str, list[str]]]:
    """(address, lines) of the notices a wrong password that used up a budget sends (none if it used up none): the
    master's, which says who the last attempt came from, and the power's player's, if it has one."""
    who = key.split(":")[0]
    shown = game.map.power_title(who)
    lines = wrong_passwords_told(game.name, key, count, shown=shown)
    if not lines:
        return []
    player = game.player(who)
    told = player is not None and bool(player.address) and player.address.lower() != game.master_address.lower()
    ours = wrong_passwords_told(game.name, key, count, shown=shown, master=True, player_told=told)
    notices = [(game.master_address, ours[:1] + [f"The last came from {sender}."] + ours[1:])]
    if told:
        notices.append((player.address, lines))            # the guesser's address is the master's business
    return notices


def _lord_signs_on(game, vassal: str, password: str) -> bool:
    house = game.position.house if game.position is not None else None
    lord = house.vassals.get(vassal) if house is not None and game.rules.vassal_dummies else None
    player = game.player(lord) if lord else None
    return player is not None and player.status == ACTIVE and check_password(password, player.password)


class Signoff:
    name, aliases, block_end = "SIGNOFF", ("SIGN-OFF", "QUIT", "END"), None
    after_end = SIGNED_ON
    syntax = "SIGNOFF"
    help = "Stop reading the message here."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        return Continue.STOP
