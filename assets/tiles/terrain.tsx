<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="64" tileheight="56" tilecount="9" columns="9">
 <image source="terrain.png" width="576" height="56"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="clear"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="plantation"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="jungle"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="swamp"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="terrain" value="mountain"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="terrain" value="town"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="terrain" value="city"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="terrain" value="fortress"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="terrain" value="sea"/>
  </properties>
 </tile>
</tileset>
