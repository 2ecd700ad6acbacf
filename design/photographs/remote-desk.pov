// Remote desk: a laptop open on the team chat, a mug of coffee, a snake
// plant and a notebook on an oak desk in front of a sunny window.
// Original scene made for the vitrine demo content; rendered by
// scripts/render-demo-photos.sh (POV-Ray 3.7, Debian package `povray`),
// which also draws the chat on the screen (ScreenImage) and, with
// DepthPass=1, renders the depth map used for the lens blur.
// Units are centimetres; y is up, the window wall is at +z.
#version 3.7;

#include "colors.inc"
#include "shapes.inc"
#include "rand.inc"

#declare Seed = seed(77);
#ifndef (Quality) #declare Quality = 1; #end
#ifndef (DepthPass) #declare DepthPass = 0; #end
#ifndef (DepthScale) #declare DepthScale = 120; #end
#ifndef (ScreenImage) #declare ScreenImage = "screen.png"; #end

#declare CamPos = <-14, 106, -78>;
#declare CamLook = <6, 84, 10>;

global_settings {
  assumed_gamma 1.0
  max_trace_level 8
  #if (Quality > 0 & DepthPass = 0)
  radiosity {
    pretrace_start 0.08
    pretrace_end 0.01
    count 45
    nearest_count 5
    error_bound 1.2
    recursion_limit 2
    low_error_factor 0.5
    gray_threshold 0.0
    minimum_reuse 0.015
    brightness 1
    adc_bailout 0.01 / 2
  }
  #end
}

camera {
  perspective
  location CamPos
  look_at CamLook
  right x * image_width / image_height
  angle 52
}

// In the depth pass every surface is plain white light and a black fog
// darkens it with distance, so the picture's brightness encodes depth;
// glass disappears so the view through the window counts as far away.
#if (DepthPass)
  fog { fog_type 1 distance DepthScale color rgb 0 }
  background { rgb 0 }
#end
#macro M(T)
  #if (DepthPass) texture { pigment { rgb 1 } finish { emission 1 diffuse 0 } } #else texture { T } #end
#end
#macro MGlass(T)
  #if (DepthPass) texture { pigment { rgbt 1 } finish { diffuse 0 } } #else texture { T } #end
#end

// ---------------------------------------------------------------- light
#declare SunCol = <1.0, 0.9, 0.76>;
#declare SkyCol = <0.72, 0.82, 1.0>;
#if (!DepthPass)
light_source {
  <-2200, 2600, 5200>
  color rgb SunCol * 3.4
  #if (Quality > 0)
  area_light <260, 0, 0>, <0, 260, 0>, 3, 3 adaptive 1 jitter circular orient
  #end
}
// the sky seen through the window: a big soft source just outside it
light_source {
  <0, 160, 60>
  color rgb SkyCol * 0.75
  #if (Quality > 0)
  area_light <150, 0, 0>, <0, 120, 0>, 4, 3 adaptive 1 jitter
  #end
  fade_distance 90 fade_power 2
}
// bounce from the room behind the camera
light_source { <-40, 200, -260> color rgb <1.0, 0.97, 0.93> * 0.22 shadowless }
#end

// ---------------------------------------------------------------- room
#declare WallZ = 45;
#declare WinX0 = -78; #declare WinX1 = 92;
#declare WinY0 = 92;  #declare WinY1 = 232;
#declare T_WallPaint = texture {
  pigment { rgb <0.9, 0.88, 0.84> }
  normal { granite 0.04 scale 0.6 }
  finish { diffuse 0.85 specular 0.03 }
}
difference {
  box { <-200, 0, WallZ>, <220, 280, WallZ + 16> }
  box { <WinX0, WinY0, WallZ - 1>, <WinX1, WinY1, WallZ + 17> }
  M(T_WallPaint)
}
box { <-200, 0, -320>, <-190, 280, WallZ> M(T_WallPaint) }
box { <210, 0, -320>, <220, 280, WallZ> M(T_WallPaint) }
box { <-200, 280, -320>, <220, 290, WallZ + 16> M(T_WallPaint) }
box { <-200, -10, -320>, <220, 0, WallZ + 16> M(texture { pigment { rgb <0.35, 0.25, 0.17> } finish { diffuse 0.7 } }) }
box { <-200, 0, -330>, <220, 280, -320> M(T_WallPaint) }

// window: white frame, a mullion, a transom, glass, a stone sill
#declare T_Frame = texture { pigment { rgb 0.86 } finish { diffuse 0.8 specular 0.3 roughness 0.01 } }
union {
  box { <WinX0, WinY0, WallZ + 4>, <WinX0 + 6, WinY1, WallZ + 10> }
  box { <WinX1 - 6, WinY0, WallZ + 4>, <WinX1, WinY1, WallZ + 10> }
  box { <WinX0, WinY0, WallZ + 4>, <WinX1, WinY0 + 6, WallZ + 10> }
  box { <WinX0, WinY1 - 6, WallZ + 4>, <WinX1, WinY1, WallZ + 10> }
  box { <(WinX0 + WinX1) / 2 - 3, WinY0, WallZ + 3>, <(WinX0 + WinX1) / 2 + 3, WinY1, WallZ + 10> }
  box { <WinX0, 186, WallZ + 3>, <WinX1, 191, WallZ + 10> }
  M(T_Frame)
}
box { <WinX0 - 4, WinY0 - 3, WallZ - 4>, <WinX1 + 4, WinY0, WallZ + 10>
  M(texture { pigment { granite color_map { [0 rgb 0.78] [0.6 rgb 0.72] [1 rgb 0.6] } scale 3 } finish { diffuse 0.75 specular 0.2 roughness 0.01 } }) }
box { <WinX0, WinY0, WallZ + 6.8>, <WinX1, WinY1, WallZ + 7.2>
  MGlass(texture { pigment { rgbf <0.96, 0.98, 0.97, 0.92> } finish { diffuse 0 specular 0.4 roughness 0.002 reflection { 0.02, 0.1 fresnel } } })
  interior { ior 1.5 }
  no_shadow }

// outside: a bright sky and a line of sunlit trees (only ever seen blurred)
#if (!DepthPass)
sky_sphere {
  pigment { gradient y color_map { [0 rgb <0.95, 0.97, 1.0> * 3.2] [0.25 rgb <0.78, 0.86, 1.0> * 2.8] [1 rgb <0.5, 0.65, 0.95> * 2.2] } }
}
#end
#declare Tree = 0;
#while (Tree < 26)
  sphere { <-1600 + Tree * 130 + rand(Seed) * 80, 150 + rand(Seed) * 300, 2200 + rand(Seed) * 500>, 120 + rand(Seed) * 110
    M(texture { pigment { bozo color_map { [0 rgb <0.2, 0.3, 0.16>] [0.5 rgb <0.38, 0.48, 0.26>] [1 rgb <0.62, 0.68, 0.45>] } scale 20 }
      finish { diffuse 1 emission 0.9 } }) }
  #declare Tree = Tree + 1;
#end
box { <-5000, -100, 600>, <5000, 60, 4000> M(texture { pigment { rgb <0.45, 0.42, 0.35> } finish { diffuse 0.8 emission 0.3 } }) }

// ---------------------------------------------------------------- desk
#declare DeskY = 75;
// Oak boards glued edge to edge: each strip (along x) has its own cut of
// the grain and a slightly different tone.
#macro OakBoard(Off, Tone)
    wood
    turbulence 0.045 octaves 5 lambda 2.6
    color_map {
      [0.00 rgb <0.58, 0.40, 0.24> * Tone]
      [0.35 rgb <0.66, 0.47, 0.29> * Tone]
      [0.62 rgb <0.54, 0.36, 0.21> * Tone]
      [0.80 rgb <0.48, 0.31, 0.18> * Tone]
      [1.00 rgb <0.60, 0.42, 0.26> * Tone]
    }
    scale <2.6, 2.6, 60>
    rotate y * 90
    rotate z * (2 - Off / 4)
    translate <Off * 37, -14 + Off * 3, 3 + Off * 5>
#end
#declare BoardW = 9.5;
#declare T_Oak = texture {
  pigment {
    gradient z
    pigment_map {
      [0.000 OakBoard(0, 1.00)] [0.196 OakBoard(0, 1.00)] [0.196 rgb <0.3, 0.2, 0.12>] [0.2 rgb <0.3, 0.2, 0.12>]
      [0.200 OakBoard(1, 0.93)] [0.396 OakBoard(1, 0.93)] [0.396 rgb <0.3, 0.2, 0.12>] [0.4 rgb <0.3, 0.2, 0.12>]
      [0.400 OakBoard(2, 1.05)] [0.596 OakBoard(2, 1.05)] [0.596 rgb <0.3, 0.2, 0.12>] [0.6 rgb <0.3, 0.2, 0.12>]
      [0.600 OakBoard(3, 0.97)] [0.796 OakBoard(3, 0.97)] [0.796 rgb <0.3, 0.2, 0.12>] [0.8 rgb <0.3, 0.2, 0.12>]
      [0.800 OakBoard(4, 1.02)] [0.996 OakBoard(4, 1.02)] [0.996 rgb <0.3, 0.2, 0.12>] [1.0 rgb <0.3, 0.2, 0.12>]
    }
    scale 5 * BoardW
    translate z * 3
  }
  normal { wood 0.05 turbulence 0.045 octaves 5 lambda 2.6 scale <2.6, 2.6, 60> rotate y * 90 translate <0, -14, 3> }
  finish { diffuse 0.78 specular 0.28 roughness 0.012 reflection { 0.01, 0.07 falloff 3 } conserve_energy }
}
#declare T_OakPores = texture {
  pigment { granite color_map { [0 rgbt <0.25, 0.15, 0.08, 0.65>] [0.3 rgbt 1] [1 rgbt 1] } scale <4, 0.2, 0.2> }
  finish { diffuse 0.7 }
}
object { Round_Box(<-85, DeskY - 3.2, -40>, <95, DeskY, 38>, 0.4, 0) M(T_Oak) M(T_OakPores) }
box { <-82, 0, 30>, <-78, DeskY - 3.2, 34> M(texture { pigment { rgb 0.1 } finish { diffuse 0.6 specular 0.3 } }) }
box { <88, 0, 30>, <92, DeskY - 3.2, 34> M(texture { pigment { rgb 0.1 } finish { diffuse 0.6 specular 0.3 } }) }

#declare F_MetalA = finish { diffuse 0.4 specular 0.8 roughness 0.004 metallic reflection { 0.25 metallic } }

// ---------------------------------------------------------------- laptop
#declare T_Alu = texture {
  pigment { rgb <0.34, 0.35, 0.37> }
  normal { bumps 0.006 scale <0.05, 0.05, 3> }
  finish { diffuse 0.55 specular 0.55 roughness 0.02 metallic 0.7 reflection { 0.06 metallic } brilliance 1.5 }
}
#declare T_Key = texture { pigment { rgb 0.025 } finish { diffuse 0.7 specular 0.25 roughness 0.03 } }
#declare T_Bezel = texture { pigment { rgb 0.01 } finish { diffuse 0.5 specular 0.6 roughness 0.004 reflection 0.05 } }
#declare LidAngle = 22;   // leans back from vertical
#declare Laptop = union {
  // base
  object { Round_Box(<-15.5, 0, -10.8>, <15.5, 1.4, 10.8>, 0.45, 0) M(T_Alu) }
  // keyboard well and keys
  box { <-13.6, 1.25, -0.6>, <13.6, 1.42, 9.6> M(texture { pigment { rgb 0.04 } finish { diffuse 0.5 } }) }
  #declare R = 0;
  #while (R < 6)
    #declare Kw = (R = 0 ? 1.3 : 1.6);
    #declare Nk = (R = 0 ? 14 : 13);
    #declare C = 0;
    #while (C < Nk)
      #declare X0 = -13.4 + C * (26.8 / Nk) + 0.12;
      #declare X1 = X0 + 26.8 / Nk - 0.24;
      #if (R = 5 & C > 3 & C < 9)
        // the space bar spans five key slots
        #if (C = 4)
          object { Round_Box(<X0, 1.3, -0.45>, <X0 + 5 * 26.8 / Nk - 0.24, 1.5, -0.45 + 1.5>, 0.09, 0) M(T_Key) }
        #end
      #else
        object { Round_Box(<X0, 1.3, 9.4 - R * 1.95 - Kw>, <X1, 1.5, 9.4 - R * 1.95>, 0.09, 0) M(T_Key) }
      #end
      #declare C = C + 1;
    #end
    #declare R = R + 1;
  #end
  // trackpad
  box { <-6.5, 1.395, -9.6>, <6.5, 1.41, -2.0> M(texture { pigment { rgb <0.3, 0.31, 0.33> } finish { diffuse 0.5 specular 0.3 roughness 0.05 } }) }
  // lid, with the screen facing -z before it is tilted back about the hinge
  union {
    object { Round_Box(<-15.5, 0, 0>, <15.5, 20.8, 0.55>, 0.25, 0) M(T_Alu) }
    box { <-15.3, 0.3, -0.02>, <15.3, 20.6, 0.05> M(T_Bezel) }
    box { <-14.6, 1.5, -0.03>, <14.6, 19.9, 0.0>
      #if (DepthPass)
        M(texture { pigment { rgb 1 } })
      #else
        texture {
          pigment { image_map { png ScreenImage once interpolate 2 } scale <29.2, 18.4, 1> translate <-14.6, 1.5, 0> }
          finish { emission 0.95 diffuse 0.05 specular 0.5 roughness 0.004 reflection { 0.03 } }
        }
      #end
    }
    sphere { <0, 20.15, -0.03>, 0.12 M(texture { pigment { rgb 0.02 } finish { specular 0.8 roughness 0.002 } }) }
    rotate x * LidAngle
    translate <0, 1.0, 10.6>
  }
}
object { Laptop rotate y * -12 translate <-10, DeskY, 4> }

// ---------------------------------------------------------------- mug
#declare T_Glaze = texture {
  pigment { rgb <0.07, 0.21, 0.15> }
  normal { bumps 0.012 scale 1.5 }
  finish { diffuse 0.7 specular 0.7 roughness 0.003 reflection { 0.03, 0.18 fresnel } conserve_energy }
}
#declare T_GlazeIn = texture {
  pigment { rgb <0.9, 0.86, 0.78> }
  finish { diffuse 0.8 specular 0.6 roughness 0.004 reflection { 0.03, 0.15 fresnel } conserve_energy }
}
#declare Mug = union {
  difference {
    merge {
      cylinder { <0, 0.35, 0>, <0, 9.6, 0>, 4.3 }
      cylinder { <0, 0, 0>, <0, 0.35, 0>, 3.95 }
      torus { 3.95, 0.35 translate y * 0.35 }
    }
    cylinder { <0, 0.7, 0>, <0, 10, 0>, 3.9 M(T_GlazeIn) }
    M(T_Glaze)
  }
  torus { 4.1, 0.2 translate y * 9.6 M(T_GlazeIn) }
  // handle
  intersection {
    torus { 2.8, 0.62 rotate x * 90 scale <1, 1.15, 1> }
    plane { -x, 0 }
    translate <4.1, 5.1, 0>
    M(T_Glaze)
  }
  // coffee
  cylinder { <0, 0.8, 0>, <0, 7.6, 0>, 3.88
    M(texture { pigment { rgb <0.06, 0.03, 0.015> } finish { diffuse 0.5 specular 0.9 roughness 0.002 reflection { 0.04, 0.2 fresnel } conserve_energy } }) }
  torus { 3.8, 0.1 translate y * 7.6 M(texture { pigment { rgb <0.45, 0.28, 0.15> } finish { diffuse 0.6 specular 0.4 } }) }
}
object { Mug rotate y * -150 translate <31, DeskY, -8> }

// ---------------------------------------------------------------- notebook and pen
#declare T_Cover = texture { pigment { granite color_map { [0 rgb <0.38, 0.1, 0.07>] [1 rgb <0.44, 0.13, 0.09>] } scale 0.3 } normal { granite 0.08 scale 0.25 } finish { diffuse 0.75 specular 0.12 roughness 0.05 } }
#declare T_Pages = texture {
  pigment { gradient y color_map { [0 rgb <0.93, 0.9, 0.82>] [0.7 rgb <0.93, 0.9, 0.82>] [0.85 rgb <0.75, 0.72, 0.65>] [1 rgb <0.93, 0.9, 0.82>] } scale 0.045 }
  finish { diffuse 0.85 }
}
#declare Notebook = union {
  object { Round_Box(<0, 0, 0>, <14.8, 0.28, 21>, 0.12, 0) M(T_Cover) }
  box { <0.1, 0.27, 0.15>, <14.65, 1.33, 20.85> M(T_Pages) }
  object { Round_Box(<0, 1.32, 0>, <14.8, 1.6, 21>, 0.12, 0) M(T_Cover) }
  // elastic band
  box { <11.9, -0.02, -0.03>, <12.6, 1.63, 21.03> M(texture { pigment { rgb 0.05 } finish { diffuse 0.6 specular 0.2 } }) }
  // spine
  object { Round_Box(<-0.05, 0, -0.05>, <0.4, 1.6, 21.05>, 0.15, 0) M(T_Cover) }
}
object { Notebook translate <-7.4, 0, -10.5> rotate y * 100 translate <-10.7, DeskY, -16.6> }
#declare Pen = union {
  union {
    cylinder { <0, 0, 0>, <13.2, 0, 0>, 0.45 }
    cone { <13.2, 0, 0>, 0.45, <14.4, 0, 0>, 0.18 }
    M(texture { pigment { rgb 0.03 } finish { diffuse 0.5 specular 0.8 roughness 0.004 reflection 0.05 } })
  }
  cone { <14.4, 0, 0>, 0.18, <14.7, 0, 0>, 0.05 M(texture { pigment { rgb 0.7 } finish { F_MetalA } }) }
  box { <1, 0.3, -0.12>, <5.5, 0.58, 0.12> M(texture { pigment { rgb 0.75 } finish { F_MetalA } }) }
  cylinder { <-0.2, 0, 0>, <0.8, 0, 0>, 0.47 M(texture { pigment { rgb 0.75 } finish { F_MetalA } }) }
}
object { Pen rotate y * 14 translate <10, DeskY + 0.45, -21> }

// a phone lying face down, just outside the frame on the left
object { Round_Box(<0, 0, 0>, <7.2, 0.8, 14.8>, 0.38, 0)
  M(texture { pigment { rgb <0.12, 0.13, 0.14> } finish { diffuse 0.5 specular 0.5 roughness 0.02 reflection { 0.02, 0.12 fresnel } } })
  rotate y * -28 translate <-52, DeskY, -14> }

// the charger cable: from the laptop's left side, a loose loop off the desk
#macro CableRun(Pts, N, Rad)
  #local Prev = Pts[0];
  #local I = 1;
  #while (I < N)
    cylinder { Prev, Pts[I], Rad }
    sphere { Pts[I], Rad }
    #local Prev = Pts[I];
    #local I = I + 1;
  #end
#end
#declare CablePts = array[40];
#declare I = 0;
#while (I < 40)
  #declare T = I / 39;
  // a smooth curve on the desk: leaves the laptop's side, curls, runs off to the left
  #declare CablePts[I] = <-27 - 38 * T + 9 * sin(T * pi * 1.4), DeskY + 0.28 + (T < 0.04 ? (0.04 - T) * 10 : 0), 1 - 20 * T + 10 * sin(T * pi * 2.1)>;
  #declare I = I + 1;
#end
union { CableRun(CablePts, 40, 0.28) M(texture { pigment { rgb 0.88 } finish { diffuse 0.8 specular 0.35 roughness 0.02 } }) }
box { <-27.4, DeskY + 0.1, 0.2>, <-25.6, DeskY + 0.8, 1.8> M(texture { pigment { rgb 0.85 } finish { diffuse 0.8 specular 0.4 roughness 0.02 } }) }

// on the window sill: a stack of books and a small cactus
#declare BookCols = array[4] { <0.12, 0.2, 0.32>, <0.75, 0.6, 0.35>, <0.22, 0.3, 0.2>, <0.6, 0.22, 0.15> };
#declare Y = WinY0;
#declare I = 0;
#while (I < 4)
  #declare Th = 2.2 + rand(Seed) * 1.6;
  union {
    box { <0, 0, 0>, <24, Th, 16> M(texture { pigment { rgb BookCols[I] } finish { diffuse 0.8 specular 0.15 roughness 0.04 } }) }
    box { <0.6, 0.25, -0.02>, <23.8, Th - 0.25, 15.4> M(texture { pigment { gradient y color_map { [0 rgb 0.86] [0.8 rgb 0.86] [1 rgb 0.7] } scale 0.06 } finish { diffuse 0.85 } }) }
    translate <-12, 0, -8> rotate y * (rand(Seed) * 16 - 8) translate <-42, Y, WallZ + 2>
  }
  #declare Y = Y + Th;
  #declare I = I + 1;
#end
union {
  difference { cylinder { <0, 0, 0>, <0, 7, 0>, 4 } cylinder { <0, 1, 0>, <0, 8, 0>, 3.6 } M(texture { pigment { rgb <0.9, 0.88, 0.84> } finish { diffuse 0.8 specular 0.5 roughness 0.01 } }) }
  cylinder { <0, 0, 0>, <0, 6.4, 0>, 3.65 M(texture { pigment { rgb <0.2, 0.14, 0.09> } finish { diffuse 0.8 } }) }
  sphere { 0, 1 scale <3, 5.5, 3> translate y * 8.5
    M(texture { pigment { gradient x color_map { [0 rgb <0.15, 0.32, 0.14>] [0.5 rgb <0.24, 0.42, 0.2>] [1 rgb <0.15, 0.32, 0.14>] } scale 0.5 rotate y * 0 }
      normal { gradient x 0.6 scale 0.5 } finish { diffuse 0.8 specular 0.3 roughness 0.02 } }) }
  translate <16, WinY0, WallZ + 1>
}

// ---------------------------------------------------------------- snake plant
#declare T_Clay = texture {
  pigment { granite color_map { [0 rgb <0.62, 0.3, 0.17>] [0.5 rgb <0.68, 0.35, 0.2>] [1 rgb <0.58, 0.28, 0.16>] } scale 2 }
  normal { granite 0.2 scale 0.5 }
  finish { diffuse 0.8 specular 0.05 roughness 0.1 }
}
#declare Pot = union {
  difference {
    cone { <0, 0, 0>, 6.2, <0, 10.8, 0>, 7.46 }
    cone { <0, 1, 0>, 5.5, <0, 11, 0>, 6.72 }
    M(T_Clay)
  }
  difference {
    cylinder { <0, 10.5, 0>, <0, 13.5, 0>, 8.3 }
    cylinder { <0, 10, 0>, <0, 14, 0>, 7.0 }
    M(T_Clay)
  }
  cylinder { <0, 10.0, 0>, <0, 10.9, 0>, 6.95
    M(texture { pigment { granite color_map { [0 rgb <0.08, 0.05, 0.03>] [1 rgb <0.18, 0.12, 0.07>] } scale 0.4 } normal { granite 0.6 scale 0.3 } finish { diffuse 0.8 } }) }
}
// One blade: a mesh2 strip along a curve, widest a third of the way up,
// cupped across its width; u runs across the leaf and v along it.
#macro Blade(Len, Wid, Bend, Cup)
  #local NV = 18;
  #local NU = 5;
  mesh2 {
    vertex_vectors {
      (NV + 1) * NU,
      #local J = 0;
      #while (J <= NV)
        #local V = J / NV;
        #local W = Wid * pow(sin(pi * pow(V, 0.75)), 0.8) * (1 - 0.25 * V) + 0.02;
        #local Cz = Bend * V * V;
        #local I = 0;
        #while (I < NU)
          #local U = I / (NU - 1) * 2 - 1;
          <U * W / 2, V * Len, Cz - Cup * (1 - U * U) * W>,
          #local I = I + 1;
        #end
        #local J = J + 1;
      #end
    }
    uv_vectors {
      (NV + 1) * NU,
      #local J = 0;
      #while (J <= NV)
        #local I = 0;
        #while (I < NU)
          <I / (NU - 1), J / NV>,
          #local I = I + 1;
        #end
        #local J = J + 1;
      #end
    }
    face_indices {
      NV * (NU - 1) * 2,
      #local J = 0;
      #while (J < NV)
        #local I = 0;
        #while (I < NU - 1)
          #local A = J * NU + I;
          <A, A + 1, A + NU>, <A + 1, A + NU + 1, A + NU>,
          #local I = I + 1;
        #end
        #local J = J + 1;
      #end
    }
    uv_mapping
    #if (DepthPass)
      M(texture { pigment { rgb 1 } })
    #else
    texture {
      pigment {
        gradient y
        turbulence <0.4, 0.04, 0> octaves 3
        color_map {
          [0.00 rgb <0.05, 0.17, 0.06>]
          [0.30 rgb <0.08, 0.24, 0.09>]
          [0.45 rgb <0.28, 0.42, 0.22>]
          [0.55 rgb <0.07, 0.21, 0.08>]
          [1.00 rgb <0.04, 0.15, 0.05>]
        }
        scale <1, 0.045, 1>
      }
      normal { bumps 0.15 scale <0.2, 0.02, 1> }
      finish { diffuse 0.75 specular 0.45 roughness 0.01 }
    }
    // a yellow margin along both edges
    texture {
      pigment {
        gradient x
        color_map { [0 rgbt <0.75, 0.68, 0.2, 0>] [0.07 rgbt <0.7, 0.62, 0.16, 0>] [0.12 rgbt 1] [0.88 rgbt 1] [0.93 rgbt <0.7, 0.62, 0.16, 0>] [1 rgbt <0.75, 0.68, 0.2, 0>] }
      }
      finish { diffuse 0.75 specular 0.4 roughness 0.01 }
    }
    #end
  }
#end
#declare Plant = union {
  object { Pot }
  #declare L = 0;
  #while (L < 9)
    #declare Ang = L * 137.5 + rand(Seed) * 20;
    #declare Len = 26 + rand(Seed) * 20 - (L > 6 ? 10 : 0);
    object { Blade(Len, 4.2 + rand(Seed) * 1.2, 2 + rand(Seed) * 5, 0.16)
      rotate y * (rand(Seed) * 360)
      rotate x * (4 + rand(Seed) * 12)
      rotate y * Ang
      translate <cos(radians(Ang)) * 2.5, 9.5, sin(radians(Ang)) * 2.5> }
    #declare L = L + 1;
  #end
}
object { Plant rotate y * 30 translate <46, DeskY, 22> }
