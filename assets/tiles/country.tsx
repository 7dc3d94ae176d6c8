<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="country" tilewidth="64" tileheight="56" tilecount="2" columns="2">
 <image source="country.png" width="128" height="56"/>
 <tile id="0">
  <properties>
   <property name="country" value="Siam"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="country" value="Malaya"/>
  </properties>
 </tile>
</tileset>
