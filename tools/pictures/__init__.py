"""The picture makers of tools/doc_pictures.py: each plays a scene of the game with real
pygame events (SDL_VIDEODRIVER=dummy) and saves what the screen shows."""
