"""The judge at work on real folders (tests/service/): a standard game, started, with the clock at T0."""
import pytest

from tests.commands.helpers import Desk, desk_with


@pytest.fixture
def started(tmp_path, tmp_path_factory) -> Desk:
    return desk_with(tmp_path, tmp_path_factory, "started")


@pytest.fixture
def desk(tmp_path) -> Desk:
    """The judge with no game yet."""
    return Desk(tmp_path)
