import pytest

from tests.commands.helpers import Desk, desk_with


@pytest.fixture
def desk(tmp_path):
    """A judge with no games."""
    return Desk(tmp_path)


@pytest.fixture
def forming(tmp_path, tmp_path_factory):
    """Game g1 created by its master; nobody has joined."""
    return desk_with(tmp_path, tmp_path_factory, "forming")


@pytest.fixture
def started(tmp_path, tmp_path_factory):
    """Game g1 with all seven players, each given the power they asked for; Spring 1901, deadline T0 + 72 h."""
    return desk_with(tmp_path, tmp_path_factory, "started")
