import { ExternalLink, Play } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@acompanha/ui/cn';
import { Button } from '@acompanha/ui/button';

const YOUTUBE_ID = /^[\w-]{11}$/;

/**
 * The YouTube id in a watch, short, embed or youtu.be address, or a bare id; null for anything
 * else, which is then offered as a plain link.
 */
export function youTubeId(video: string): string | null {
  if (YOUTUBE_ID.test(video)) return video;
  let url: URL;
  try {
    url = new URL(video);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www|m)\./, '');
  const candidate =
    host === 'youtu.be'
      ? url.pathname.slice(1)
      : host === 'youtube.com' || host === 'youtube-nocookie.com'
        ? (url.searchParams.get('v') ?? url.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1] ?? '')
        : '';
  return YOUTUBE_ID.test(candidate) ? candidate : null;
}

interface VideoEmbedProps {
  /** A YouTube address or id; null or empty when none was recorded. */
  video: string | null;
  title: string;
  className?: string;
}

/** YouTube's search for the title: the client still finds how the exercise is done. */
function youTubeSearchUrl(title: string): string {
  return `https://www.youtube.com/results?search_query=${encodeURIComponent(title)}`;
}

/**
 * A light placeholder (a thumbnail and a play button) until the client asks for the video: a
 * YouTube player costs about a megabyte, too much to load for every exercise on a gym signal.
 */
export function VideoEmbed({ video, title, className }: VideoEmbedProps) {
  const [playing, setPlaying] = useState(false);

  if (!video?.trim()) {
    return (
      <Button asChild variant="outline" className={cn('w-full', className)}>
        <a href={youTubeSearchUrl(title)} target="_blank" rel="noreferrer">
          Ver execução no YouTube
          <ExternalLink aria-hidden />
        </a>
      </Button>
    );
  }
  const id = youTubeId(video);
  const frame = cn('relative aspect-video w-full overflow-hidden rounded-xl bg-media', className);
  if (!id) {
    return (
      <a href={video} target="_blank" rel="noreferrer" className={cn(frame, 'flex items-center justify-center gap-2 text-media-foreground')}>
        <Play aria-hidden className="size-6" />
        <span className="text-small font-semibold">Abrir vídeo: {title}</span>
      </a>
    );
  }
  if (playing) {
    return (
      <iframe
        className={frame}
        src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`}
        title={title}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
      />
    );
  }
  return (
    <button type="button" data-slot="video-embed" className={cn(frame, 'group block cursor-pointer')} onClick={() => setPlaying(true)}>
      <img
        src={`https://i.ytimg.com/vi/${id}/hqdefault.jpg`}
        alt=""
        // Without a connection to YouTube's images the dark frame and the play button are enough; no broken-image icon.
        onError={(event) => (event.currentTarget.style.visibility = 'hidden')}
        loading="lazy"
        decoding="async"
        className="size-full object-cover opacity-80 transition-opacity group-hover:opacity-100"
      />
      <span className="sr-only">Reproduzir vídeo: {title}</span>
      <span
        aria-hidden
        className="absolute inset-0 m-auto flex size-16 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg"
      >
        <Play className="ml-1 size-7 fill-current" />
      </span>
    </button>
  );
}
