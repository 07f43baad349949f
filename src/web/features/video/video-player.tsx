import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { usePlaysAlone } from './playback-coordinator';
import { PlaybackRates } from './playback-rates';
import { VIDEO_MESSAGES } from './video-rules';

interface VideoPlayerProps {
  src: string;
  poster?: string | undefined;
  /** The captions uploaded with the film; absent or null: those shipped beside it (captionsOf); '': none. */
  captions?: string | null | undefined;
  /** Names the player for screen readers. */
  title: string;
  /**
   * The detail page's film: it starts by itself, with sound where the browser allows it and
   * muted (with 开启声音) where it does not, and offers the playback rates.
   */
  featured?: boolean;
}

/** A film of our media folder has its captions beside it (`1.webm`, `1.vtt`); another has none. */
export const captionsOf = (src: string): string | undefined =>
  /^\/media\/videos\/[a-z0-9-]+\.(?:webm|mp4)$/.test(src) ? src.replace(/\.\w+$/, '.vtt') : undefined;

/**
 * Starts the film: browsers refuse to start a film with sound before the believer has touched
 * the page (NotAllowedError), so it then starts muted.
 */
const startPlaying = async (video: HTMLVideoElement) => {
  video.muted = false;
  try {
    await video.play();
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'NotAllowedError')) return;
    video.muted = true;
    await video.play().catch(() => {});
  }
};

/**
 * A film with the browser's own controls (play, seek, volume, full screen, all by keyboard too).
 * Only one film of the site plays at a time. A film that cannot be played says
 * 此视频暂无法播放，请稍后再试 in its place.
 */
export function VideoPlayer({ src, poster, captions, title, featured = false }: VideoPlayerProps) {
  const ref = useRef<HTMLVideoElement>(null);
  // Mirrors of the element's own state, kept in step by its events (not steps of a flow).
  const [failed, setFailed] = useState(false);
  const [muted, setMuted] = useState(false);
  const [rate, setRate] = useState(1);
  usePlaysAlone(ref);

  useEffect(() => {
    const video = ref.current;
    if (featured && video) void startPlaying(video).then(() => setMuted(video.muted));
  }, [featured]);

  const chooseRate = (next: number) => {
    const video = ref.current;
    if (!video) return;
    // The default rate too, so the rate stays when the browser reloads the film.
    video.defaultPlaybackRate = next;
    video.playbackRate = next;
    setRate(next);
  };

  if (failed)
    return (
      <div
        role="alert"
        className="flex aspect-video w-full items-center justify-center rounded-lg border border-gold/40 bg-paper-deep p-6 text-center text-lg text-temple"
      >
        {VIDEO_MESSAGES.unplayable}
      </div>
    );

  return (
    <div className="flex flex-col gap-4">
      <video
        ref={ref}
        src={src}
        poster={poster}
        aria-label={title}
        controls
        playsInline
        preload="metadata"
        className="aspect-video w-full rounded-lg bg-ink object-cover"
        onError={() => setFailed(true)}
        onVolumeChange={(event) => setMuted(event.currentTarget.muted)}
        onRateChange={(event) => setRate(event.currentTarget.playbackRate)}
      >
        {/* Without captions beside the film the track has no src and the browser offers none. */}
        <track
          kind="captions"
          src={captions === null || captions === undefined ? captionsOf(src) : captions || undefined}
          srcLang="zh"
          label="中文字幕"
        />
      </video>
      {featured && (
        <div className="flex flex-wrap items-center gap-6">
          <PlaybackRates rate={rate} onRate={chooseRate} />
          {muted && (
            <Button
              tone="secondary"
              className="min-h-12"
              onPress={() => {
                if (ref.current) ref.current.muted = false;
                setMuted(false);
              }}
            >
              开启声音
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
