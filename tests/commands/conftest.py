import shutil

import pytest

from tests.commands.helpers import MAPS, Desk, desk_with


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


@pytest.fixture
def map_desk(tmp_path):
    """A judge whose variants folder holds our boards plus_names, sea_powers and shut_sea (DPjudge's format)."""
    from judge import maps
    from judge.service import Judge
    variants = tmp_path / "variants"
    variants.mkdir()
    for name in ("plus_names.map", "sea_powers.map", "shut_sea.map"):
        shutil.copy(MAPS / name, variants / name)
    desk = Desk(tmp_path)
    desk.judge = Judge(desk.settings.with_values(judge_variants_dir=str(variants)), clock=desk.clock)
    yield desk
    maps.use_folder(None)
