<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="test" tilewidth="84" tileheight="72" tilecount="32" columns="8">
 <image source="nothing-here.png" width="672" height="288"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="clear"/>
  </properties>
 </tile>
</tileset>
