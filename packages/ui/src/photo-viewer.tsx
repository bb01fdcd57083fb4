import * as DialogPrimitive from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, X, ZoomIn } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { BlobImage } from './blob-image';
import { cn } from './cn';
import { usePhoto, type LoadPhoto, type Photo } from './use-photo';

const ZOOMED = 2.5;
const MAX_SCALE = 4;
/** Two taps closer in time than this are a double tap. */
const DOUBLE_TAP_MS = 300;
/** How far an arrow key moves a zoomed photo. */
const PAN_STEP = 48;

// On the viewer's dark surface (--color-media in both themes) the ring is drawn in its foreground: 17.9:1 or more.
const control =
  'flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-media-foreground hover:bg-media-foreground/15 focus-visible:outline-media-foreground [&_svg]:size-6';

interface View {
  scale: number;
  x: number;
  y: number;
}
const FITTED: View = { scale: 1, x: 0, y: 0 };

interface PhotoViewerProps {
  photos: Photo[];
  /** The photo shown, or null when the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
  loadPhoto: LoadPhoto;
  /** Where focus goes back once the viewer closes: the thumbnail of the photo last shown. */
  returnFocusTo: (index: number) => HTMLElement | null;
}

/**
 * A message's photos full screen, one at a time (the last leads back to the first): a pinch, a
 * double tap (or double click) or the zoom button enlarges the photo, which a finger, the mouse or
 * the arrow keys then move; 'Fechar foto' or Escape closes it, and focus goes back to the photo's
 * thumbnail.
 */
export function PhotoViewer({ photos, index, onIndexChange, loadPhoto, returnFocusTo }: PhotoViewerProps) {
  // The photo last shown, still known once the viewer is closing.
  const shown = useRef(index ?? 0);
  useEffect(() => {
    if (index !== null) shown.current = index;
  }, [index]);
  return (
    <DialogPrimitive.Root open={index !== null} onOpenChange={(open) => !open && onIndexChange(null)}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-media" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          data-slot="photo-viewer"
          className="fixed inset-0 z-50 flex flex-col bg-media text-media-foreground"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo(shown.current)?.focus();
          }}
        >
          {index !== null && photos[index] && <ViewedPhoto photos={photos} index={index} onIndexChange={onIndexChange} loadPhoto={loadPhoto} />}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function ViewedPhoto({ photos, index, onIndexChange, loadPhoto }: Omit<PhotoViewerProps, 'index' | 'returnFocusTo'> & { index: number }) {
  const photo = photos[index]!;
  const { blob, failed } = usePhoto(loadPhoto, photo.id, 'full', true);
  // Kept with the photo it is of: another photo starts fitted to the screen, and focus stays where it was.
  const [viewed, setViewed] = useState<View & { id: string }>({ id: photo.id, ...FITTED });
  const view: View = viewed.id === photo.id ? viewed : FITTED;
  const setView = (change: (current: View) => View) => setViewed((current) => ({ id: photo.id, ...change(current.id === photo.id ? current : FITTED) }));
  const zoomed = view.scale > 1;
  const several = photos.length > 1;
  const title = several ? `Foto ${index + 1} de ${photos.length}` : 'Foto';

  // The fingers on the photo, and where a pinch or a drag began.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ distance: number; scale: number } | null>(null);
  const lastTap = useRef(0);

  const toggleZoom = () => setView((current) => (current.scale > 1 ? FITTED : { scale: ZOOMED, x: 0, y: 0 }));
  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    gesture.current = pointers.current.size === 2 ? { distance: distance(), scale: view.scale } : null;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const pinch = gesture.current;
    if (pinch && pointers.current.size === 2 && pinch.distance > 0) {
      const scale = Math.min(MAX_SCALE, Math.max(1, (pinch.scale * distance()) / pinch.distance));
      setView((current) => (scale === 1 ? FITTED : { ...current, scale }));
    } else if (pointers.current.size === 1 && zoomed) {
      setView((current) => ({ ...current, x: current.x + event.clientX - previous.x, y: current.y + event.clientY - previous.y }));
    }
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const wasTap = pointers.current.size === 1 && gesture.current === null;
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) gesture.current = null;
    if (!wasTap) return;
    if (event.timeStamp - lastTap.current < DOUBLE_TAP_MS) {
      lastTap.current = 0;
      toggleZoom();
    } else {
      lastTap.current = event.timeStamp;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step: Record<string, [number, number]> = { ArrowLeft: [1, 0], ArrowRight: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    const move = step[event.key];
    if (!move) return;
    if (zoomed) {
      event.preventDefault();
      setView((current) => ({ ...current, x: current.x + move[0] * PAN_STEP, y: current.y + move[1] * PAN_STEP }));
    } else if (several && move[0] !== 0) {
      event.preventDefault();
      onIndexChange((index - move[0] + photos.length) % photos.length);
    }
  };

  return (
    // The arrow keys move between photos, or move the photo when enlarged, wherever focus is in the viewer.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className="flex min-h-0 flex-1 flex-col" onKeyDown={onKeyDown}>
      <div className="flex items-center gap-2 px-2 pt-[max(0.5rem,env(safe-area-inset-top))] pb-2">
        <DialogPrimitive.Close aria-label="Fechar foto" className={control}>
          <X aria-hidden />
        </DialogPrimitive.Close>
        <DialogPrimitive.Title className="flex-1 text-body font-semibold">{title}</DialogPrimitive.Title>
        <button type="button" aria-label="Ampliar foto" aria-pressed={zoomed} className={cn(control, zoomed && 'bg-media-foreground/15')} onClick={toggleZoom}>
          <ZoomIn aria-hidden />
        </button>
      </div>
      <div
        className="relative flex min-h-0 flex-1 touch-none items-center justify-center overflow-hidden select-none"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        {blob ? (
          <BlobImage
            blob={blob}
            alt={title}
            width={photo.width}
            height={photo.height}
            draggable={false}
            className="max-h-full max-w-full object-contain"
            style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
          />
        ) : (
          <p role="status" className="text-small">
            {failed ? 'Não foi possível carregar a foto.' : 'Carregando foto…'}
          </p>
        )}
      </div>
      {several && (
        <div className="flex items-center justify-between px-2 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]">
          <button type="button" aria-label="Foto anterior" className={control} onClick={() => onIndexChange((index - 1 + photos.length) % photos.length)}>
            <ChevronLeft aria-hidden />
          </button>
          <button type="button" aria-label="Próxima foto" className={control} onClick={() => onIndexChange((index + 1) % photos.length)}>
            <ChevronRight aria-hidden />
          </button>
        </div>
      )}
    </div>
  );
}
