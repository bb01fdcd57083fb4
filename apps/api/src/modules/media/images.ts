import { MEDIA_DISPLAY_SIDE, MEDIA_PIXELS_MAX, MEDIA_THUMBNAIL_SIDE, type MEDIA_TYPES } from '@acompanha/contract';
import type SharpModule from 'sharp';
import type { Sharp } from 'sharp';

let loaded: Promise<{ default: typeof SharpModule }> | undefined;
/**
 * sharp, loaded at the first upload: libvips takes a few hundred milliseconds to load, which the
 * server's start (and every instance that never sees an upload) does without.
 */
function loadSharp() {
  loaded ??= import('sharp').then((module) => {
    // Every upload is a different image: libvips' operation cache would only hold memory.
    module.default.cache(false);
    return module;
  });
  return loaded;
}

export type ImageType = (typeof MEDIA_TYPES)[number];

/** What the first bytes of a file say it is, whatever its name or declared type: JPEG, PNG and WebP only. */
export function imageTypeOf(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** Why an image was refused: too many pixels to decode safely, or bytes that do not decode. */
export class ImageRefused extends Error {
  constructor(readonly reason: 'pixels' | 'undecodable') {
    super(reason);
  }
}

export interface Reencoded {
  largura: number;
  altura: number;
  display: Buffer;
  thumbnail: Buffer;
}

/** The WebP both copies are written as: a photo at a few hundred KB, and no metadata at all (sharp keeps none unless asked). */
const toWebp = (image: Sharp) => image.webp({ quality: 80, effort: 4 });

/**
 * Re-encodes an upload, read from its file: a display copy at most MEDIA_DISPLAY_SIDE px on its longer side and a
 * thumbnail at most MEDIA_THUMBNAIL_SIDE, upright (the EXIF orientation applied), in sRGB, with
 * none of the device's metadata: no EXIF (GPS above all), XMP or ICC text. The pixel count is read
 * from the header before anything is decoded, so that a small file of huge dimensions (a
 * decompression bomb) is refused without its memory.
 */
export async function reencode(file: string): Promise<Reencoded> {
  const { default: sharp } = await loadSharp();
  let pixels: number;
  try {
    // The header alone, whatever it claims: sharp's own pixel limit would refuse it as undecodable.
    const { width, height } = await sharp(file, { limitInputPixels: false }).metadata();
    pixels = width * height;
  } catch {
    throw new ImageRefused('undecodable');
  }
  if (pixels > MEDIA_PIXELS_MAX) throw new ImageRefused('pixels');
  try {
    // 'truncated': a photo cut short is refused; a phone's JPEG with a harmless warning is not.
    const { data: display, info } = await toWebp(
      sharp(file, { limitInputPixels: MEDIA_PIXELS_MAX, failOn: 'truncated' })
        .rotate()
        .resize({ width: MEDIA_DISPLAY_SIDE, height: MEDIA_DISPLAY_SIDE, fit: 'inside', withoutEnlargement: true }),
    ).toBuffer({ resolveWithObject: true });
    // The thumbnail comes from the display copy: a second decode of the original would cost more than the whole of this one.
    const thumbnail = await toWebp(
      sharp(display).resize({ width: MEDIA_THUMBNAIL_SIDE, height: MEDIA_THUMBNAIL_SIDE, fit: 'inside', withoutEnlargement: true }),
    ).toBuffer();
    return { largura: info.width, altura: info.height, display, thumbnail };
  } catch {
    throw new ImageRefused('undecodable');
  }
}
