"""Pictures of the board: the map's drawing (geometry) and, from it, images of positions."""
