/** A picture re-encoded on the device, and its size in pixels. */
export interface ShrunkImage {
  blob: Blob;
  width: number;
  height: number;
}

interface ShrinkOptions {
  /** The longer side, at most, in pixels. */
  maxSide: number;
  /** The encoder's quality, from 0 to 1. */
  quality?: number;
}

/** A picture the browser could not open (not an image, or one of a kind it cannot decode). */
export class UnreadableImageError extends Error {
  constructor(options?: ErrorOptions) {
    super('The picture could not be decoded', options);
    this.name = 'UnreadableImageError';
  }
}

/** Decodes the picture upright: a phone's camera stores it sideways and says so in its EXIF orientation. */
async function decodeUpright(image: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(image, { imageOrientation: 'from-image' });
  } catch (error) {
    // Browsers from before 'from-image' refuse the value (a TypeError), and already follow the EXIF orientation by default.
    if (!(error instanceof TypeError)) throw new UnreadableImageError({ cause: error });
  }
  try {
    return await createImageBitmap(image);
  } catch (error) {
    throw new UnreadableImageError({ cause: error });
  }
}

async function encodeJpeg(bitmap: ImageBitmap, width: number, height: number, quality: number): Promise<Blob> {
  const draw = (context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D) => {
    // A transparent PNG would turn black in a JPEG.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
  };
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new UnreadableImageError();
    draw(context);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new UnreadableImageError();
  draw(context);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new UnreadableImageError())), 'image/jpeg', quality));
}

/**
 * Shrinks a picture on the device to at most `maxSide` on its longer side and re-encodes it as a
 * JPEG, upright: a 4 MB photo from a phone's camera becomes a few hundred KB, which a weak signal
 * can carry, and leaves the phone without the camera's metadata (its GPS position among it).
 */
export async function shrinkImage(image: Blob, { maxSide, quality = 0.85 }: ShrinkOptions): Promise<ShrunkImage> {
  const bitmap = await decodeUpright(image);
  try {
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    return { blob: await encodeJpeg(bitmap, width, height, quality), width, height };
  } finally {
    bitmap.close();
  }
}
