#!/usr/bin/env bash
# Renders the demo company's two photographs from their POV-Ray scenes:
#   design/photographs/server-aisle.jpg  (design/photographs/server-aisle.pov)
#   design/photographs/remote-desk.jpg   (design/photographs/remote-desk.pov)
# Each is ray traced at camera size (4000x2667 by default), then developed
# with ImageMagick like a photograph: lens blur from a depth pass (desk
# only), a glow around the brightest lights, a vignette, grain and sensor
# noise. The result is saved as an sRGB baseline JPEG at quality 88, about
# 3 MB, so the site has real camera-sized photos to resize and re-encode.
#
# Needs Debian's POV-Ray 3.7 and ImageMagick: apt-get install povray imagemagick
# Takes about 25 minutes for both on two shared cores at nice 19: the aisle
# traces in 5 to 15 minutes and the desk in 7 to 10, depending on what else
# is running. Run it by hand after changing a scene, and commit the JPEGs
# with the change.
#
# Usage: scripts/render-demo-photos.sh [server-aisle] [remote-desk]
#   (no name renders both)
#   WIDTH=900 OUT_DIR=/tmp/proof scripts/render-demo-photos.sh   # a small proof in about a minute
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SCENES="$ROOT/design/photographs"
OUT_DIR=${OUT_DIR:-$SCENES}
WIDTH=${WIDTH:-4000}
THREADS=${THREADS:-2}
case $WIDTH in
  '' | *[!0-9]*) echo "render-demo-photos: WIDTH must be a number of pixels, not '$WIDTH'" >&2; exit 1 ;;
esac
[ "$WIDTH" -ge 300 ] || { echo "render-demo-photos: WIDTH must be at least 300 pixels" >&2; exit 1; }
HEIGHT=$(((WIDTH * 2 + 1) / 3))   # 3:2, like a camera
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(server-aisle remote-desk)
for name in "${names[@]}"; do
  case $name in
    server-aisle | remote-desk) ;;
    *) echo "render-demo-photos: unknown photo '$name' (server-aisle, remote-desk)" >&2; exit 1 ;;
  esac
done

for tool in povray convert; do
  command -v "$tool" > /dev/null || { echo "render-demo-photos: $tool is missing: apt-get install povray imagemagick" >&2; exit 1; }
done
convert -version | grep -q ImageMagick || { echo "render-demo-photos: convert is not ImageMagick's: apt-get install imagemagick" >&2; exit 1; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT_DIR"

# A length in pixels that scales with the picture (given for a 3600 px width).
px() { awk -v w="$WIDTH" -v v="$1" 'BEGIN { printf "%.2f", v * w / 3600 }'; }

# ray-trace one pass: scene, output PNG, then extra POV-Ray options
trace() {
  local scene=$1 out=$2
  shift 2
  local started=$SECONDS
  if ! nice -n 19 povray -D -V +WT"$THREADS" +I"$SCENES/$scene.pov" +L"$WORK" +O"$out" \
    +W"$WIDTH" +H"$HEIGHT" +FN16 "$@" > "$WORK/povray.log" 2>&1; then
    tail -20 "$WORK/povray.log" >&2
    echo "render-demo-photos: povray failed on $scene.pov" >&2
    exit 1
  fi
  echo "  traced $(basename "$out") in $((SECONDS - started)) s"
}

# The look of a photograph, applied last to both. In order: exposure (the
# white point, in percent) and a gentle contrast curve; a glow around the
# brightest lights at two radii, like a lens's veiling glare; a vignette;
# a touch of lens softness; luminance grain for the midtones; fine colour
# noise that also reaches the shadows, as a sensor's does; then JPEG.
develop() {
  local in=$1 out=$2 exposure=$3 glow=$4 grain=$5 noise=$6
  local vw=$((WIDTH / 8)) vh=$((HEIGHT / 8)) vs=$((WIDTH * 5 / 32))
  nice -n 19 convert "$in" -set colorspace sRGB -level 2%,"$exposure"% -sigmoidal-contrast 3,48% \
    \( +clone -channel RGB -level 72%,100% +channel -blur 0x"$(px 9)" -evaluate multiply "$glow" \) \
    -compose screen -composite \
    \( +clone -channel RGB -level 55%,100% +channel -resize 25% -blur 0x"$(px 12)" -resize "${WIDTH}x${HEIGHT}!" -evaluate multiply "$(awk -v g="$glow" 'BEGIN { print g * 0.45 }')" \) \
    -compose screen -composite \
    \( -size "${vs}x${vs}" radial-gradient:white-black -gravity center -crop "${vw}x${vh}+0+0" +repage \
       -evaluate pow 0.6 +level 66%,100% -resize "${WIDTH}x${HEIGHT}!" \) \
    -compose multiply -composite \
    -blur 0x"$(px 0.55)" \
    \( -size "${WIDTH}x${HEIGHT}" xc:gray50 -seed 20240611 -attenuate "$grain" +noise Gaussian \
       -colorspace Gray -blur 0x"$(px 0.45)" \) \
    -compose softlight -composite \
    \( -size "${WIDTH}x${HEIGHT}" xc:gray50 -seed 7 -attenuate "$noise" +noise Gaussian -blur 0x"$(px 0.35)" \) \
    -compose linearlight -composite \
    -depth 8 -colorspace sRGB -strip -sampling-factor 1x1 -quality 88 "$out"
  echo "  wrote $out ($(identify -format '%wx%h' "$out"), $(stat -c %s "$out") bytes)"
}

server_aisle() {
  echo "server-aisle:"
  trace server-aisle "$WORK/aisle.png" +A0.3 +R2 Declare=Quality=1
  develop "$WORK/aisle.png" "$OUT_DIR/server-aisle.jpg" 100 0.9 0.75 0.26
}

# The team chat on the laptop's screen, drawn as MVG primitives: a sidebar
# of channels, a conversation whose text is greeked into grey bars (the
# screen is only ever seen small, at an angle and slightly out of focus),
# a shared chart and the message box. A fixed-seed generator varies the
# line lengths so every run draws the same picture.
draw_screen() {
  local out=$1 mvg="" r=20240611 n=0
  next() { r=$(((r * 1103515245 + 12345) % 2147483648)); n=$((r / 65536 % $1)); }
  bar() { # x y width height colour [corner radius]
    local rr=${6:-$(($4 / 2))}
    mvg+="fill '$5' roundrectangle $1,$2 $(($1 + $3)),$(($2 + $4)) $rr,$rr "
  }
  words() { # x y width height colour: a line of text as word-sized bars
    local x=$1 end=$(($1 + $3)) w
    while [ "$x" -lt "$end" ]; do
      next 80
      w=$((18 + n))
      [ $((x + w)) -gt "$end" ] && w=$((end - x))
      [ "$w" -gt 6 ] && bar "$x" "$2" "$w" "$4" "$5" 3
      x=$((x + w + 9))
    done
  }
  avatar() { # x y background shirt skin hair
    local x=$1 y=$2
    mvg+="fill '$3' roundrectangle $x,$y $((x + 56)),$((y + 56)) 10,10 "
    mvg+="fill '$4' ellipse $((x + 28)),$((y + 56)) 20,16 180,360 "
    mvg+="fill '$5' ellipse $((x + 28)),$((y + 26)) 11,13 0,360 "
    mvg+="fill '$6' ellipse $((x + 28)),$((y + 21)) 12,9 180,360 "
  }
  message() { # y lines avatar... ; returns the next y in msg_y
    local y=$1 lines=$2 i w nw
    shift 2
    avatar 330 "$y" "$@"
    next 90
    nw=$((110 + n))
    words 406 $((y + 2)) "$nw" 16 '#1b1f23'
    bar $((406 + nw + 18)) $((y + 4)) 54 12 '#a3a8ad'
    for ((i = 0; i < lines; i++)); do
      next 560
      w=$((520 + n))
      [ $i -eq $((lines - 1)) ] && w=$((180 + n * 2 / 3))
      words 406 $((y + 34 + i * 28)) $w 12 '#6b7075'
    done
    msg_y=$((y + 54 + lines * 28))
  }
  # window chrome and sidebar
  mvg+="fill '#2a2f35' rectangle 0,0 1600,40 "
  mvg+="fill '#c0392b' circle 24,20 31,20 fill '#e0a030' circle 46,20 53,20 fill '#3c8d5a' circle 68,20 75,20 "
  mvg+="fill '#1f4d3a' rectangle 0,40 300,1000 "
  bar 28 70 150 20 '#f3ead8'
  local i y=130
  # channels, then direct messages
  for ((i = 0; i < 14; i++)); do
    [ $i -eq 4 ] && mvg+="fill '#3c8d5a' rectangle 0,$((y - 9)) 300,$((y + 23)) "
    [ $i -eq 9 ] && y=$((y + 30))
    next 120
    bar 54 "$y" $((80 + n)) 13 '#b9cfc1'
    mvg+="fill '#b9cfc1' circle 36,$((y + 6)) 40,$((y + 6)) "
    y=$((y + 36))
  done
  # conversation pane
  mvg+="fill '#f7f5f0' rectangle 300,40 1600,1000 "
  bar 330 62 230 20 '#1b1f23'
  words 330 88 380 11 '#a3a8ad'
  mvg+="fill '#dcd8cf' rectangle 300,112 1600,114 "
  for i in 0 1 2; do mvg+="fill '#$(printf '%s' c68e6a 8a5a3c e1b49a | cut -c$((i * 6 + 1))-$((i * 6 + 6)))' circle $((1460 + i * 34)),76 $((1476 + i * 34)),76 "; done
  bar 1536 70 40 13 '#6b7075'
  msg_y=136
  message $msg_y 2 '#c9b79c' '#1f4d3a' '#c68e6a' '#2b1d14'
  message $msg_y 3 '#8fa3b0' '#d9d2c3' '#8a5a3c' '#140f0c'
  # a reply with a chart attached, and two reactions
  local cy=$msg_y
  message $msg_y 1 '#b5c4a8' '#2f4a6b' '#e1b49a' '#6b4a2a'
  cy=$msg_y
  mvg+="fill '#ffffff' stroke '#dcd8cf' stroke-width 2 roundrectangle 406,$cy 846,$((cy + 220)) 10,10 stroke none "
  for i in 0 1 2 3 4 5 6 7; do
    next 130
    local h=$((40 + n))
    mvg+="fill '$([ $((i % 3)) -eq 2 ] && echo '#c0392b' || echo '#3c8d5a')' rectangle $((436 + i * 48)),$((cy + 190 - h)) $((466 + i * 48)),$((cy + 190)) "
  done
  mvg+="fill '#dcd8cf' rectangle 426,$((cy + 191)) 826,$((cy + 193)) "
  bar 406 $((cy + 234)) 64 26 '#dcebe1'
  bar 478 $((cy + 234)) 64 26 '#dcebe1'
  msg_y=$((cy + 280))
  message $msg_y 2 '#d8cfc2' '#7a2f2a' '#a56b4b' '#1d1612'
  # message box
  mvg+="fill '#ffffff' stroke '#c9c4ba' stroke-width 2 roundrectangle 330,900 1570,968 12,12 stroke none "
  words 356 928 260 13 '#b3b7bb'
  mvg+="fill '#3c8d5a' roundrectangle 1500,912 1556,956 8,8 "
  convert -size 1600x1000 xc:'#f7f5f0' -draw "$mvg" -blur 0x1.2 -attenuate 0.4 +noise Gaussian "$out"
}

remote_desk() {
  echo "remote-desk:"
  draw_screen "$WORK/screen.png"
  # depth pass: brightness exp(-d / DepthScale), stored linearly
  local depth_scale=120 focus=88
  trace remote-desk "$WORK/desk-depth.png" +A0.1 File_Gamma=1.0 Declare=DepthPass=1 Declare=DepthScale=$depth_scale
  trace remote-desk "$WORK/desk.png" +A0.3 +R2 Declare=Quality=1
  # Lens blur. The blur circle grows with |1 - focus / distance| (full at
  # infinity); a lookup table turns depth brightness into that amount, and
  # the picture is blended between itself and three blurred copies by it.
  local started=$SECONDS
  convert -size 1x1024 gradient:black-white -rotate -90 \
    -fx "d = -$depth_scale * ln(max(u, 0.0002)); min(1, 0.85 * abs(1 - $focus / d))" "$WORK/lut.png"
  nice -n 19 convert "$WORK/desk-depth.png" -channel R -separate +channel "$WORK/lut.png" -clut "$WORK/blur-map.png"
  nice -n 19 convert "$WORK/desk.png" -write mpr:sharp +delete "$WORK/blur-map.png" -write mpr:map +delete \
    mpr:sharp \
    \( \
      \( mpr:sharp -blur 0x"$(px 5)" \) \
      \( \
        \( mpr:sharp -resize 50% -blur 0x"$(px 5)" -resize "${WIDTH}x${HEIGHT}!" \) \
        \( mpr:sharp -resize 25% -blur 0x"$(px 4)" -resize "${WIDTH}x${HEIGHT}!" \) \
        \( mpr:map -level 66.67%,100% \) -composite \
      \) \
      \( mpr:map -level 33.33%,66.67% \) -composite \
    \) \
    \( mpr:map -level 0%,33.33% \) -composite "$WORK/desk-dof.png"
  echo "  lens blur in $((SECONDS - started)) s"
  develop "$WORK/desk-dof.png" "$OUT_DIR/remote-desk.jpg" 92 0.15 0.8 0.2
}

for name in "${names[@]}"; do
  case $name in
    server-aisle) server_aisle ;;
    remote-desk) remote_desk ;;
  esac
done
