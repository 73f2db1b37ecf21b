<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="test" tilewidth="84" tileheight="72" tilecount="32" columns="8">
 <image source="../../../maps/terrain.png" width="672" height="288"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="clear"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="building" value="light"/>
   <property name="building_cf" type="int" value="90"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="building_cf" type="int" value="10"/>
  </properties>
 </tile>
</tileset>
