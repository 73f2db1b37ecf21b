"""Everything that uses pygame: previewer, renderer, camera, HUD (the core never does).

Set before pygame is first imported: no greeting on stdout, and the X11 window class
"hexplate" (pygame would otherwise use the script name), so window managers and
``xdotool search --classname hexplate`` find the game's windows.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "hexplate")
