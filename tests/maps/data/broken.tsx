<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="test" tilewidth="84" tileheight="72" tilecount="32" columns="