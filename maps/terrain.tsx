<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="84" tileheight="72" tilecount="32" columns="8">
 <image source="terrain.png" width="672" height="288"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="clear"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="clear"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="rough"/>
   <property name="rough" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="pavement"/>
   <property name="pavement" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="terrain" value="shallow water"/>
   <property name="water" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="terrain" value="water"/>
   <property name="water" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="terrain" value="water"/>
   <property name="water" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="terrain" value="deep water"/>
   <property name="water" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="terrain" value="level 1"/>
   <property name="level" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="terrain" value="level 2"/>
   <property name="level" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="terrain" value="level 3"/>
   <property name="level" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="terrain" value="level 4"/>
   <property name="level" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="terrain" value="level 5"/>
   <property name="level" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="terrain" value="level 6"/>
   <property name="level" type="int" value="6"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="terrain" value="level -1"/>
   <property name="level" type="int" value="-1"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="terrain" value="level -2"/>
   <property name="level" type="int" value="-2"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="terrain" value="light woods"/>
   <property name="woods" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="terrain" value="heavy woods"/>
   <property name="woods" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="terrain" value="ultra-heavy woods"/>
   <property name="woods" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="terrain" value="rubble"/>
   <property name="rubble" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="terrain" value="road"/>
   <property name="road" type="bool" value="true"/>
   <property name="pavement" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="terrain" value="light building"/>
   <property name="building" value="light"/>
   <property name="building_cf" type="int" value="15"/>
   <property name="building_height" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="terrain" value="medium building"/>
   <property name="building" value="medium"/>
   <property name="building_cf" type="int" value="40"/>
   <property name="building_height" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="terrain" value="heavy building"/>
   <property name="building" value="heavy"/>
   <property name="building_cf" type="int" value="90"/>
   <property name="building_height" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
   <property name="terrain" value="hardened building"/>
   <property name="building" value="hardened"/>
   <property name="building_cf" type="int" value="150"/>
   <property name="building_height" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
   <property name="terrain" value="bridge"/>
   <property name="bridge" value="medium"/>
   <property name="bridge_cf" type="int" value="40"/>
   <property name="road" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
   <property name="terrain" value="rough"/>
   <property name="rough" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="27">
  <properties>
   <property name="terrain" value="bridge"/>
   <property name="bridge" value="light"/>
   <property name="bridge_cf" type="int" value="15"/>
   <property name="road" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="28">
  <properties>
   <property name="terrain" value="bridge"/>
   <property name="bridge" value="heavy"/>
   <property name="bridge_cf" type="int" value="90"/>
   <property name="road" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="29">
  <properties>
   <property name="terrain" value="light building"/>
   <property name="building" value="light"/>
   <property name="building_cf" type="int" value="15"/>
   <property name="building_height" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="30">
  <properties>
   <property name="terrain" value="medium building"/>
   <property name="building" value="medium"/>
   <property name="building_cf" type="int" value="40"/>
   <property name="building_height" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="31">
  <properties>
   <property name="terrain" value="heavy building"/>
   <property name="building" value="heavy"/>
   <property name="building_cf" type="int" value="90"/>
   <property name="building_height" type="int" value="5"/>
  </properties>
 </tile>
</tileset>
