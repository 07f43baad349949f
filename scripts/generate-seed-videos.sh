#!/bin/sh
# Makes the video gallery's sample films (src/server/media/videos/<n>.webm), one per video of the
# seed (src/server/db/seed/news.ts, menu 6): a calm coloured picture with the title, a gold dot
# crossing the picture as the film plays, and a soft two-note tone; beside each its captions
# (<n>.vtt: the title and the sound), which the player offers as 中文字幕. WebM (VP9 + Opus) plays in
# every current browser, Debian's Chromium included. The files are committed (CI has no ffmpeg);
# run this again only to change them:  sh scripts/generate-seed-videos.sh
# Needs ffmpeg with libvpx-vp9, libopus and libfreetype, and the Noto CJK fonts (fonts-noto-cjk).
set -eu

out="$(dirname "$0")/../src/server/media/videos"
font="${FONT:-/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc}"
seconds=6
mkdir -p "$out"

# title|background colour (temple tones: ochre, cedar, indigo, moss), one line per seed video, in seed order
n=0
while IFS='|' read -r title colour; do
  n=$((n + 1))
  ffmpeg -nostdin -hide_banner -loglevel error -y \
    -f lavfi -i "color=c=${colour}:s=640x360:r=15:d=${seconds}" \
    -f lavfi -i "color=c=0xE8C170:s=14x14:r=15:d=${seconds}" \
    -f lavfi -i "sine=f=220:d=${seconds}:sample_rate=48000" \
    -f lavfi -i "sine=f=330:d=${seconds}:sample_rate=48000" \
    -filter_complex "
      [0:v]drawtext=fontfile=${font}:text='${title}':fontsize=40:fontcolor=0xFBF3E4:x=(w-tw)/2:y=(h-th)/2-24,
           drawtext=fontfile=${font}:text='寺院影像':fontsize=22:fontcolor=0xE8C170:x=(w-tw)/2:y=(h/2)+34,
           fade=t=in:d=1[bg];
      [bg][1:v]overlay=x='40+(W-80-w)*t/${seconds}':y=H-48:eval=frame[v];
      [2:a][3:a]amix=inputs=2,volume=0.15,afade=t=in:d=1,afade=t=out:st=$((seconds - 2)):d=2[a]" \
    -map '[v]' -map '[a]' -t "$seconds" \
    -c:v libvpx-vp9 -b:v 0 -crf 50 -deadline good -row-mt 1 -pix_fmt yuv420p \
    -c:a libopus -b:a 16k -ac 1 \
    "$out/$n.webm"
  printf 'WEBVTT\n\n00:00:00.000 --> 00:00:0%d.000\n%s\n（轻柔的钟磬声）\n' "$seconds" "$title" >"$out/$n.vtt"
done <<'EOF'
晨钟暮鼓：寺院的一天|0x6B3E1F
浴佛节法会实录|0x7A4A12
水陆法会送圣|0x2E3A5C
方丈开示：惜福|0x4A3B2A
梵呗：炉香赞|0x5C2A2A
万佛塔巡礼|0x34492F
志工的一天|0x3F3A5A
新春撞钟祈福|0x7A2E1E
EOF

ls -l "$out"
du -ch "$out"/* | tail -1
