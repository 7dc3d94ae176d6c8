<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="causeway" tilewidth="64" tileheight="56" tilecount="63" columns="9">
 <image source="causeway.png" width="576" height="392"/>
 <tile id="0">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="NE"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,NE"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="SE"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,SE"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="NE,SE"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,NE,SE"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="S"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,S"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="NE,S"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,NE,S"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="SE,S"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,SE,S"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="NE,SE,S"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,NE,SE,S"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="SW"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,SW"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="NE,SW"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,NE,SW"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="SE,SW"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,SE,SW"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="NE,SE,SW"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,NE,SE,SW"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="S,SW"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,S,SW"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="NE,S,SW"/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,NE,S,SW"/>
  </properties>
 </tile>
 <tile id="27">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="SE,S,SW"/>
  </properties>
 </tile>
 <tile id="28">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,SE,S,SW"/>
  </properties>
 </tile>
 <tile id="29">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="NE,SE,S,SW"/>
  </properties>
 </tile>
 <tile id="30">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,NE,SE,S,SW"/>
  </properties>
 </tile>
 <tile id="31">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="NW"/>
  </properties>
 </tile>
 <tile id="32">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,NW"/>
  </properties>
 </tile>
 <tile id="33">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="NE,NW"/>
  </properties>
 </tile>
 <tile id="34">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,NE,NW"/>
  </properties>
 </tile>
 <tile id="35">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="SE,NW"/>
  </properties>
 </tile>
 <tile id="36">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,SE,NW"/>
  </properties>
 </tile>
 <tile id="37">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="NE,SE,NW"/>
  </properties>
 </tile>
 <tile id="38">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,NE,SE,NW"/>
  </properties>
 </tile>
 <tile id="39">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="S,NW"/>
  </properties>
 </tile>
 <tile id="40">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,S,NW"/>
  </properties>
 </tile>
 <tile id="41">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="NE,S,NW"/>
  </properties>
 </tile>
 <tile id="42">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,NE,S,NW"/>
  </properties>
 </tile>
 <tile id="43">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="SE,S,NW"/>
  </properties>
 </tile>
 <tile id="44">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,SE,S,NW"/>
  </properties>
 </tile>
 <tile id="45">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="NE,SE,S,NW"/>
  </properties>
 </tile>
 <tile id="46">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,NE,SE,S,NW"/>
  </properties>
 </tile>
 <tile id="47">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="SW,NW"/>
  </properties>
 </tile>
 <tile id="48">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,SW,NW"/>
  </properties>
 </tile>
 <tile id="49">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="NE,SW,NW"/>
  </properties>
 </tile>
 <tile id="50">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,NE,SW,NW"/>
  </properties>
 </tile>
 <tile id="51">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="SE,SW,NW"/>
  </properties>
 </tile>
 <tile id="52">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,SE,SW,NW"/>
  </properties>
 </tile>
 <tile id="53">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="NE,SE,SW,NW"/>
  </properties>
 </tile>
 <tile id="54">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,NE,SE,SW,NW"/>
  </properties>
 </tile>
 <tile id="55">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="S,SW,NW"/>
  </properties>
 </tile>
 <tile id="56">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,S,SW,NW"/>
  </properties>
 </tile>
 <tile id="57">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="NE,S,SW,NW"/>
  </properties>
 </tile>
 <tile id="58">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,NE,S,SW,NW"/>
  </properties>
 </tile>
 <tile id="59">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="SE,S,SW,NW"/>
  </properties>
 </tile>
 <tile id="60">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,SE,S,SW,NW"/>
  </properties>
 </tile>
 <tile id="61">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="NE,SE,S,SW,NW"/>
  </properties>
 </tile>
 <tile id="62">
  <properties>
   <property name="feature" value="causeway"/>
   <property name="sides" value="N,NE,SE,S,SW,NW"/>
  </properties>
 </tile>
</tileset>
