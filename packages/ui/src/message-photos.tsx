import { ImageOff } from 'lucide-react';
import { useEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { BlobImage } from './blob-image';
import { cn } from './cn';
import { PhotoViewer } from './photo-viewer';
import { photosLabel, usePhoto, type LoadPhoto, type Photo } from './use-photo';

export { photosLabel, type LoadPhoto, type Photo, type PhotoSize } from './use-photo';

/** How far below (or above) the visible thread a thumbnail starts loading, so that it is there when scrolled to. */
const NEAR_VIEWPORT = '400px';

/** Whether the element has come near the viewport (and stays so once it has); at once where nothing can tell. */
function useNearViewport(target: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = target.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: NEAR_VIEWPORT });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, near]);
  return near;
}

/** One photo alone keeps its shape, within bounds a very tall or very wide picture would break. */
function singleShape({ width, height }: Photo): CSSProperties {
  const ratio = Math.min(2, Math.max(0.6, width / Math.max(1, height)));
  return { aspectRatio: String(ratio) };
}

interface MessagePhotosProps {
  photos: Photo[];
  loadPhoto: LoadPhoto;
  className?: string;
}

/**
 * A message's photos (up to four) as thumbnails, each in a place of its final size from the start so
 * that nothing moves as they load, each loaded only once near the screen; a tap opens it full screen.
 */
export function MessagePhotos({ photos, loadPhoto, className }: MessagePhotosProps) {
  const [open, setOpen] = useState<number | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const single = photos.length === 1;
  return (
    <div
      role="group"
      aria-label={photosLabel(photos.length)}
      data-slot="message-photos"
      className={cn('grid w-64 max-w-full gap-1', single ? 'grid-cols-1' : 'grid-cols-2', className)}
    >
      {photos.map((photo, index) => (
        <Thumbnail
          key={photo.id}
          ref={(button) => {
            buttons.current[index] = button;
          }}
          photo={photo}
          loadPhoto={loadPhoto}
          label={single ? 'Abrir foto' : `Abrir foto ${index + 1} de ${photos.length}`}
          // Three photos: the first across the width, the other two under it.
          className={cn(single ? undefined : 'aspect-square', photos.length === 3 && index === 0 && 'col-span-2 aspect-[2/1]')}
          style={single ? singleShape(photo) : undefined}
          onOpen={() => setOpen(index)}
        />
      ))}
      <PhotoViewer photos={photos} index={open} onIndexChange={setOpen} loadPhoto={loadPhoto} returnFocusTo={(index) => buttons.current[index] ?? null} />
    </div>
  );
}

interface ThumbnailProps {
  ref: (button: HTMLButtonElement | null) => void;
  photo: Photo;
  loadPhoto: LoadPhoto;
  label: string;
  className?: string;
  style?: CSSProperties;
  onOpen: () => void;
}

function Thumbnail({ ref, photo, loadPhoto, label, className, style, onOpen }: ThumbnailProps) {
  const own = useRef<HTMLButtonElement | null>(null);
  const near = useNearViewport(own);
  const { blob, failed } = usePhoto(loadPhoto, photo.id, 'thumbnail', near);
  return (
    <button
      ref={(button) => {
        own.current = button;
        ref(button);
      }}
      type="button"
      aria-label={label}
      onClick={onOpen}
      style={style}
      className={cn('relative flex cursor-pointer items-center justify-center overflow-hidden rounded-xl border border-border bg-muted', className)}
    >
      {blob ? (
        <BlobImage blob={blob} alt="" width={photo.width} height={photo.height} decoding="async" className="size-full object-cover" />
      ) : (
        failed && <ImageOff aria-hidden className="size-6 text-muted-foreground" />
      )}
    </button>
  );
}
