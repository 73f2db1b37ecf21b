"""The hex map on screen: the camera (pan, zoom), Tiled's tile layers,
the cached renderer drawn in chunks (and ``preview --png`` band by band), what is
drawn over the tiles (roads, contours, grid, reach, paths, arcs), the unit counters
and fliers, the animation of a committed move, and the map view with its picking
that the hex game's screens are built on.
"""
