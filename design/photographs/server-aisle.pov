// Server aisle: a cold aisle between two rows of racks, seen at eye height.
// Original scene made for the vitrine demo content; rendered by
// scripts/render-demo-photos.sh (POV-Ray 3.7, Debian package `povray`).
// Units are metres; y is up, the aisle runs along +z.
#version 3.7;

#include "colors.inc"
#include "rand.inc"

#declare Seed = seed(20240611);
#ifndef (Quality) #declare Quality = 1; #end  // 0 = quick draft, 1 = final
#ifndef (UseRad) #declare UseRad = Quality; #end
#ifndef (UseArea) #declare UseArea = Quality; #end

global_settings {
  assumed_gamma 1.0
  max_trace_level 6
  #if (UseRad > 0)
  radiosity {
    pretrace_start 0.08
    pretrace_end 0.02
    count 40
    nearest_count 4
    error_bound 1.6
    recursion_limit 1
    low_error_factor 0.6
    gray_threshold 0.0
    minimum_reuse 0.015
    brightness 1
    adc_bailout 0.01 / 2
  }
  #end
}

// ---------------------------------------------------------------- camera
#declare CamPos = <0.28, 1.58, -0.9>;
#declare CamLook = <-0.05, 1.22, 10>;
camera {
  perspective
  location CamPos
  look_at CamLook
  right x * image_width / image_height
  angle 58
}

// ---------------------------------------------------------------- materials
#declare F_Paint = finish { diffuse 0.75 specular 0.25 roughness 0.02 }
#declare F_Metal = finish { diffuse 0.6 specular 0.5 roughness 0.008 metallic 0.6 }
#declare T_RackBlack = texture {
  pigment { rgb 0.018 }
  normal { granite 0.06 scale 0.01 }
  finish { diffuse 0.7 specular 0.18 roughness 0.03 }
}
#declare T_Void = texture { pigment { rgb 0.006 } finish { diffuse 0.4 } }
#declare T_BezelDark = texture { pigment { rgb 0.03 } finish { F_Paint } }
#declare T_BezelGrey = texture { pigment { rgb <0.16, 0.165, 0.17> } normal { bumps 0.02 scale 0.003 } finish { F_Metal } }
#declare T_BezelSilver = texture { pigment { rgb <0.42, 0.43, 0.44> } normal { bumps 0.03 scale 0.002 } finish { F_Metal } }
// A punched vent: rows of dark holes in a grey plate.
#declare T_Vent = texture {
  pigment {
    function { max(abs(sin(x * 2 * pi / 0.004)), abs(sin(y * 2 * pi / 0.004))) }
    color_map { [0.0 rgb 0.004] [0.55 rgb 0.004] [0.75 rgb 0.11] [1.0 rgb 0.13] }
  }
  finish { F_Metal }
}
#macro LedTex(C, Lit)
  texture {
    #if (Lit)
      pigment { rgb C } finish { emission 4.5 diffuse 0 }
    #else
      pigment { rgb C * 0.08 } finish { diffuse 0.4 specular 0.6 roughness 0.005 }
    #end
  }
#end

#declare LedGreen = <0.15, 1.0, 0.25>;
#declare LedBlue  = <0.15, 0.45, 1.0>;
#declare LedAmber = <1.0, 0.55, 0.05>;
#declare LedRed   = <1.0, 0.08, 0.04>;
#declare LedWhite = <0.9, 0.95, 1.0>;

#macro Led(P, C, Chance)
  box { P - <0.0018, 0.0012, 0.0015>, P + <0.0018, 0.0012, 0.0005> LedTex(C, (rand(Seed) < Chance)) no_shadow }
#end

// ---------------------------------------------------------------- server units
// Local frame: the unit's front panel lies in the plane z = 0 facing -z,
// x from 0 to 0.483 (19"), y from 0 to U * 0.04445.
#declare UH = 0.04445;
#declare PW = 0.483;

#macro Ears(H, T)
  box { <-0.016, 0.001, -0.006>, <0.012, H - 0.001, 0.0> texture { T } }
  box { <PW - 0.012, 0.001, -0.006>, <PW + 0.016, H - 0.001, 0.0> texture { T } }
#end

#macro Body(H)
  box { <0.0, 0.0005, 0.0>, <PW, H - 0.0005, 0.72> texture { T_Void } }
#end

// 1U compute node: ten 2.5" bays on the left, vent on the right.
#macro Compute1U()
  #local H = UH;
  #local Bez = (rand(Seed) < 0.6);
  union {
    Body(H)
    Ears(H, T_BezelGrey)
    box { <0.012, 0.002, -0.003>, <PW - 0.012, H - 0.002, 0.0>
      #if (Bez) texture { T_BezelSilver } #else texture { T_BezelGrey } #end }
    #local I = 0;
    #while (I < 10)
      #local X0 = 0.03 + I * 0.0262;
      box { <X0, 0.005, -0.0045>, <X0 + 0.0245, H - 0.005, -0.003>
        texture { pigment { gradient y color_map { [0 rgb 0.02] [0.7 rgb 0.05] [0.7 rgb 0.22] [1 rgb 0.24] } scale H translate y * 0.0 } finish { F_Paint } } }
      Led(<X0 + 0.02, H - 0.009, -0.0045>, LedGreen, 0.7)
      #local I = I + 1;
    #end
    box { <0.31, 0.006, -0.0035>, <PW - 0.04, H - 0.006, -0.003> texture { T_Vent } }
    Led(<PW - 0.028, H * 0.65, -0.0035>, LedBlue, 0.95)
    Led(<PW - 0.028, H * 0.35, -0.0035>, (rand(Seed) < 0.06 ? LedAmber : LedGreen), 0.8)
  }
#end

// 2U storage node: twelve 3.5" caddies in three rows of four.
#macro Storage2U()
  #local H = 2 * UH;
  union {
    Body(H)
    Ears(H, T_BezelDark)
    box { <0.012, 0.002, -0.003>, <PW - 0.012, H - 0.002, 0.0> texture { T_BezelDark } }
    #local R = 0;
    #while (R < 3)
      #local C = 0;
      #while (C < 4)
        #local X0 = 0.022 + C * 0.111;
        #local Y0 = 0.006 + R * 0.0265;
        box { <X0, Y0, -0.006>, <X0 + 0.106, Y0 + 0.0245, -0.003>
          texture {
            pigment { gradient x color_map { [0 rgb 0.34] [0.12 rgb 0.34] [0.12 rgb 0.05] [1 rgb 0.05] } scale 0.106 translate x * X0 }
            normal { gradient y 0.3 scale 0.003 }
            finish { F_Metal }
          } }
        Led(<X0 + 0.006, Y0 + 0.018, -0.0062>, LedGreen, 0.85)
        Led(<X0 + 0.006, Y0 + 0.008, -0.0062>, (rand(Seed) < 0.04 ? LedAmber : LedBlue), 0.3)
        #local C = C + 1;
      #end
      #local R = R + 1;
    #end
  }
#end

// 2U general server: silver bezel with a vent and a logo-less badge.
#macro Server2U()
  #local H = 2 * UH;
  union {
    Body(H)
    Ears(H, T_BezelGrey)
    box { <0.012, 0.002, -0.003>, <PW - 0.012, H - 0.002, 0.0> texture { T_BezelGrey } }
    box { <0.03, 0.012, -0.012>, <PW - 0.03, H - 0.012, -0.003>
      texture { T_Vent }
      texture { pigment { gradient x color_map { [0 rgbt <0.5, 0.52, 0.54, 0>] [0.015 rgbt <0.5, 0.52, 0.54, 0>] [0.015 rgbt 1] [1 rgbt 1] } scale 0.06 } finish { F_Metal } }
    }
    box { <PW - 0.09, H - 0.01, -0.0125>, <PW - 0.04, H - 0.004, -0.012> texture { pigment { rgb 0.5 } finish { F_Metal } } }
    Led(<0.02, H * 0.7, -0.0035>, LedBlue, 0.95)
    Led(<0.02, H * 0.5, -0.0035>, LedGreen, 0.9)
    Led(<0.02, H * 0.3, -0.0035>, (rand(Seed) < 0.15 ? LedAmber : LedGreen), 0.6)
  }
#end

// 1U top-of-rack switch: 48 ports in two rows, link lights above them.
#macro Switch1U()
  #local H = UH;
  union {
    Body(H)
    Ears(H, T_BezelDark)
    box { <0.012, 0.002, -0.003>, <PW - 0.012, H - 0.002, 0.0> texture { T_BezelDark } }
    #local C = 0;
    #while (C < 24)
      #local X0 = 0.06 + C * 0.0142 + floor(C / 6) * 0.006;
      #local R = 0;
      #while (R < 2)
        #local Y0 = 0.008 + R * 0.016;
        box { <X0, Y0, -0.0035>, <X0 + 0.0118, Y0 + 0.0105, -0.0025> texture { pigment { rgb 0.002 } finish { diffuse 0.2 } } }
        Led(<X0 + 0.003, Y0 + 0.0125, -0.0035>, (rand(Seed) < 0.85 ? LedGreen : LedAmber), 0.65)
        #local R = R + 1;
      #end
      #local C = C + 1;
    #end
    box { <0.42, 0.009, -0.004>, <0.46, 0.035, -0.0025> texture { pigment { rgb 0.004 } } }
    Led(<0.025, H * 0.6, -0.0035>, LedGreen, 1)
    Led(<0.035, H * 0.6, -0.0035>, LedGreen, 1)
  }
#end

#macro Blank(U)
  #local H = U * UH;
  union {
    box { <-0.016, 0.0005, -0.004>, <PW + 0.016, H - 0.0005, 0.0>
      texture { pigment { rgb 0.014 } normal { gradient y 0.35 scale UH / 2 } finish { F_Paint } } }
    box { <0, 0, 0>, <PW, H, 0.6> texture { T_Void } }
  }
#end

// A patch cable from a port (local units) that sags and turns into the
// rack's side manager; built from short cylinders so it renders fast.
#macro PatchCable(P0, Side, Drop, Col)
  #local T_Cable = texture { pigment { rgb Col } finish { diffuse 0.7 specular 0.35 roughness 0.02 } }
  #local N = 12;
  #local SideX = (Side < 0 ? -0.035 : PW + 0.035);
  #local P3 = <SideX, P0.y - Drop, -0.03>;
  #local P1 = P0 + <0, -0.005, -0.06>;
  #local P2 = <SideX, P0.y - Drop * 0.3, -0.07>;
  #local Prev = P0;
  union {
    #local I = 1;
    #while (I <= N)
      #local T = I / N;
      #local Pt = pow(1 - T, 3) * P0 + 3 * pow(1 - T, 2) * T * P1 + 3 * (1 - T) * T * T * P2 + pow(T, 3) * P3;
      cylinder { Prev, Pt, 0.0022 }
      sphere { Pt, 0.0022 }
      #local Prev = Pt;
      #local I = I + 1;
    #end
    texture { T_Cable }
  }
#end

// ---------------------------------------------------------------- a rack
// Local frame: front opening in z = 0 facing -z, x from 0 to 0.6, floor y = 0.
#declare RackW = 0.6;
#declare RackH = 2.0;
#declare RackD = 1.1;
#declare Rail0 = 0.1;   // height of the first rack unit

#macro Rack(Label, Fill)
  union {
    // frame: posts, roof, plinth, back and sides
    box { <0.0, 0.0, 0.0>, <0.045, RackH, RackD> texture { T_RackBlack } }
    box { <RackW - 0.045, 0.0, 0.0>, <RackW, RackH, RackD> texture { T_RackBlack } }
    box { <0.0, RackH - 0.09, 0.0>, <RackW, RackH, RackD> texture { T_RackBlack } }
    box { <0.0, 0.0, 0.0>, <RackW, 0.08, RackD> texture { T_RackBlack } }
    box { <0.0, 0.0, RackD - 0.02>, <RackW, RackH, RackD> texture { T_Void } }
    // top label
    text { ttf "cyrvetic.ttf" Label 0.002, 0
      scale 0.035 translate <0.04, RackH - 0.058, -0.0015>
      texture { pigment { rgb 0.75 } finish { diffuse 0.8 } } }
    box { <0.03, RackH - 0.066, -0.001>, <0.16, RackH - 0.017, 0.0> texture { pigment { rgb 0.035 } finish { F_Paint } } }
    // vertical cable managers (the black channels beside the rails)
    box { <0.045, 0.08, 0.01>, <0.058, RackH - 0.09, 0.05> texture { T_RackBlack } }
    box { <RackW - 0.058, 0.08, 0.01>, <RackW - 0.045, RackH - 0.09, 0.05> texture { T_RackBlack } }
    // units, from the top down: switch pair, then a mix
    #local Y = Rail0 + 41 * UH;
    object { Switch1U() translate <0.0585, Y, 0.02> }
    object { Switch1U() translate <0.0585, Y - UH, 0.02> }
    // patch cables from the switch ports, sagging into the side managers
    #local Cols = array[4] { <0.02, 0.2, 0.75>, <0.85, 0.7, 0.05>, <0.02, 0.02, 0.025>, <0.85, 0.2, 0.1> };
    #local Which = floor(rand(Seed) * 3.999);
    #local K = 0;
    #while (K < 24)
      #if (rand(Seed) < 0.75)
        #local C = K;
        #local Xp = 0.06 + C * 0.0142 + floor(C / 6) * 0.006 + 0.006;
        #local Yp = (rand(Seed) < 0.5 ? 0.013 : 0.029);
        object { PatchCable(<Xp, Yp, 0>, (C < 12 ? -1 : 1), 0.16 + rand(Seed) * 0.1 + abs(C - 11.5) * 0.006,
                            (rand(Seed) < 0.8 ? Cols[Which] : Cols[2]))
          translate <0.0585, Y - UH * (rand(Seed) < 0.5 ? 0 : 1), 0.02> }
      #end
      #local K = K + 1;
    #end
    #local Y = Y - UH - 2 * UH;
    object { Blank(1) translate <0.0585, Y, 0.02> }
    #local Y = Y - 3 * UH;
    #while (Y > Rail0 + 2 * UH)
      #local R = rand(Seed);
      #if (R > Fill)
        object { Blank(2) translate <0.0585, Y, 0.02> }
      #else
        #local R = rand(Seed);
        #if (R < 0.45)
          object { Compute1U() translate <0.0585, Y + UH, 0.02> }
          object { Compute1U() translate <0.0585, Y, 0.02> }
        #elseif (R < 0.75)
          object { Server2U() translate <0.0585, Y, 0.02> }
        #else
          object { Storage2U() translate <0.0585, Y, 0.02> }
        #end
      #end
      #local Y = Y - 2 * UH;
    #end
    object { Blank(2) translate <0.0585, Rail0, 0.02> }
  }
#end

// ---------------------------------------------------------------- rows
#declare AisleHalf = 0.6;   // the cold aisle is 1.2 m wide
#declare NRacks = 22;
#declare RowStart = -1.5;

#declare I = 0;
#while (I < NRacks)
  #declare Fill = 0.55 + rand(Seed) * 0.45;
  // right row: fronts face -x
  object { Rack(concat("B", str(I + 1, -2, 0)), Fill)
    rotate y * 90
    translate <AisleHalf, 0, RowStart + (I + 1) * RackW> }
  #declare Fill = 0.55 + rand(Seed) * 0.45;
  // left row: fronts face +x
  object { Rack(concat("A", str(I + 1, -2, 0)), Fill)
    rotate y * -90
    translate <-AisleHalf, 0, RowStart + I * RackW> }
  #declare I = I + 1;
#end
#declare RowEnd = RowStart + NRacks * RackW;

// end panels of the rows and the end wall
#declare T_Wall = texture {
  pigment { rgb <0.62, 0.63, 0.62> }
  normal { bumps 0.04 scale 0.01 }
  finish { diffuse 0.8 specular 0.05 }
}
box { <-AisleHalf - RackD, 0, RowEnd>, <-AisleHalf, RackH, RowEnd + 0.03> texture { T_RackBlack } }
box { <AisleHalf, 0, RowEnd>, <AisleHalf + RackD, RackH, RowEnd + 0.03> texture { T_RackBlack } }
// end wall in the company's deep green, with a door and an exit sign
#declare WallZ = RowEnd + 1.6;
box { <-6, 0, WallZ>, <6, 4, WallZ + 0.2>
  texture { pigment { rgb <0.035, 0.09, 0.065> } normal { bumps 0.05 scale 0.02 } finish { diffuse 0.8 specular 0.08 roughness 0.05 } } }
box { <-0.55, 0, WallZ - 0.04>, <0.45, 2.1, WallZ> texture { pigment { rgb 0.55 } finish { F_Metal } } }
box { <-0.5, 0, WallZ - 0.05>, <0.4, 2.05, WallZ - 0.04> texture { pigment { rgb 0.42 } normal { bumps 0.02 scale 0.01 } finish { F_Paint } } }
box { <0.25, 0.95, WallZ - 0.09>, <0.35, 1.0, WallZ - 0.05> texture { pigment { rgb 0.7 } finish { F_Metal } } }
box { <-0.1, 0.55, WallZ - 0.055>, <0.1, 1.7, WallZ - 0.05> texture { pigment { rgb <0.55, 0.7, 0.8> } finish { diffuse 0.2 reflection 0.2 specular 0.6 roughness 0.003 } } }
box { <-0.25, 2.25, WallZ - 0.08>, <0.25, 2.42, WallZ> texture { pigment { rgb <0.1, 1.0, 0.35> } finish { emission 1.8 diffuse 0 } } no_shadow }
// side walls beyond the rows
box { <-4.2, 0, -3>, <-4.0, 4, WallZ> texture { T_Wall } }
box { <4.0, 0, -3>, <4.2, 4, WallZ> texture { T_Wall } }

// ---------------------------------------------------------------- floor
// Raised floor: 600 mm tiles, perforated ones in the cold aisle.
#declare Tile = 0.6;
#declare T_TileSolid = texture {
  pigment { granite color_map { [0 rgb 0.17] [0.5 rgb 0.21] [1 rgb 0.19] } scale 0.3 }
  normal { bumps 0.015 scale 0.4 }
  finish { diffuse 0.65 specular 0.5 roughness 0.003 reflection { 0.06, 0.3 falloff 2.5 } conserve_energy }
}
#declare T_TilePerf = texture {
  pigment {
    function { max(abs(sin(x * pi / 0.025)), abs(sin(z * pi / 0.025))) }
    color_map { [0 rgb 0.015] [0.5 rgb 0.015] [0.62 rgb 0.2] [1 rgb 0.22] }
  }
  normal { bumps 0.015 scale 0.4 }
  finish { diffuse 0.65 specular 0.45 roughness 0.004 reflection { 0.05, 0.25 falloff 2.5 } conserve_energy }
}
#declare T_Seams = texture {
  pigment {
    function { min(abs(x - Tile * floor(x / Tile + 0.5)), abs(z - Tile * floor(z / Tile + 0.5))) }
    color_map { [0 rgbt <0.08, 0.08, 0.08, 0>] [0.003 rgbt <0.1, 0.1, 0.1, 0>] [0.003 rgbt 1] [1 rgbt 1] }
  }
  finish { diffuse 0.6 }
}
// the aisle strip (two tiles wide) alternates perforated and solid tiles
#declare I = -8;
#while (I < 30)
  box { <-AisleHalf, -0.1, I * Tile>, <AisleHalf, 0, (I + 1) * Tile>
    texture { #if (mod(abs(I), 2) = 0) T_TilePerf #else T_TileSolid #end translate <rand(Seed) * 9, 0, rand(Seed) * 9> }
    texture { T_Seams } }
  #declare I = I + 1;
#end
box { <-10, -0.1, -8>, <-AisleHalf, 0, 30> texture { T_TileSolid } texture { T_Seams } }
box { <AisleHalf, -0.1, -8>, <10, 0, 30> texture { T_TileSolid } texture { T_Seams } }

// ---------------------------------------------------------------- overhead
#declare CeilY = 3.4;
plane { -y, -CeilY texture { pigment { rgb 0.05 } finish { diffuse 0.6 } } }
// yellow fibre trays above each row, black ladder trays with cable bundles
#declare T_Yellow = texture { pigment { rgb <0.62, 0.43, 0.02> } finish { F_Paint } }
#declare T_Grey   = texture { pigment { rgb 0.2 } finish { F_Metal } }
#macro FibreTray(X)
  union {
    box { <X - 0.15, 2.36, -3>, <X + 0.15, 2.375, RowEnd + 1> }
    box { <X - 0.15, 2.36, -3>, <X - 0.14, 2.47, RowEnd + 1> }
    box { <X + 0.14, 2.36, -3>, <X + 0.15, 2.47, RowEnd + 1> }
    texture { T_Yellow }
  }
  #local Z = -2;
  #while (Z < RowEnd)
    cylinder { <X, 2.47, Z>, <X, CeilY, Z>, 0.006 texture { T_Grey } }
    #local Z = Z + 1.5;
  #end
#end
#macro LadderTray(X, Y)
  union {
    box { <X - 0.2, Y, -3>, <X - 0.19, Y + 0.08, RowEnd + 1> }
    box { <X + 0.19, Y, -3>, <X + 0.2, Y + 0.08, RowEnd + 1> }
    #local Z = -3;
    #while (Z < RowEnd + 1)
      box { <X - 0.2, Y, Z>, <X + 0.2, Y + 0.012, Z + 0.03> }
      #local Z = Z + 0.3;
    #end
    texture { T_Grey }
  }
  union {
    #local K = 0;
    #while (K < 14)
      #local Ox = X - 0.16 + rand(Seed) * 0.32;
      #local Oy = Y + 0.02 + rand(Seed) * 0.05;
      cylinder { <Ox, Oy, -3>, <Ox, Oy, RowEnd + 1>, 0.011 }
      #local K = K + 1;
    #end
    texture { pigment { rgb 0.025 } finish { diffuse 0.6 specular 0.3 roughness 0.02 } }
  }
#end
FibreTray(-AisleHalf - 0.45)
FibreTray(AisleHalf + 0.45)
LadderTray(-AisleHalf - 0.45, 2.62)
LadderTray(AisleHalf + 0.45, 2.62)

// light fittings above the aisle: a row of long LED battens
#declare LightY = 3.0;
#declare LightCol = <0.93, 0.97, 1.0>;
#declare Z = -0.6;
#while (Z < RowEnd)
  union {
    box { <-0.1, LightY, Z>, <0.1, LightY + 0.05, Z + 1.5> texture { pigment { rgb 0.5 } finish { F_Paint } } }
    box { <-0.085, LightY - 0.005, Z + 0.015>, <0.085, LightY, Z + 1.485> texture { pigment { rgb LightCol } finish { emission 2.2 diffuse 0 } } }
    cylinder { <0, LightY + 0.05, Z + 0.2>, <0, CeilY, Z + 0.2>, 0.004 texture { T_Grey } }
    cylinder { <0, LightY + 0.05, Z + 1.3>, <0, CeilY, Z + 1.3>, 0.004 texture { T_Grey } }
    no_shadow
  }
  light_source {
    <0, LightY - 0.02, Z + 0.75>
    color rgb LightCol * 1.05
    #if (UseArea > 0)
    area_light <0.14, 0, 0>, <0, 0, 1.35>, 1, 3
    jitter
    #end
    fade_distance 1.8 fade_power 2
  }
  #declare Z = Z + 2.4;
#end
// a weak fill so the tops of the far racks and the walls are not black
light_source { <0, 3.2, -3> color rgb <0.08, 0.085, 0.09> shadowless }
