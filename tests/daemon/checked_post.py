"""tests.daemon.test_games_by_mail's Post with one more check after every step: each game's wake-up as saved (what
the running scheduler and a fresh start-up both plan from) is what the game's own clock says from its state now
(Game.next_wakeup), so that a saved wake-up gone stale would not pass for a right one on both sides."""
from tests.daemon.test_games_by_mail import Post
from tests.daemon.test_games_by_mail import run as games_run


class CheckedPost(Post):
    async def settled(self) -> None:
        await super().settled()
        store, now = self.daemon.judge.store, self.clock()
        for name in store.names():
            assert store.wakeup(name) == store.load(name).next_wakeup(now), (name, now)


def run(tmp_path, scenario, game: str) -> None:
    """test_games_by_mail.run with a CheckedPost."""
    games_run(tmp_path, scenario, game, CheckedPost)
