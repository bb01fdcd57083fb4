import { afterEach, describe, expect, it, vi } from 'vitest';
import { shrinkImage, UnreadableImageError } from './shrink-image';

/** A decoded picture of the given size; `close` frees it. */
const bitmapOf = (width: number, height: number) => ({ width, height, close: vi.fn() });

/** An OffscreenCanvas that records what is drawn on it and what it is encoded as. */
function stubCanvas() {
  const drawn: unknown[][] = [];
  const encoded: unknown[] = [];
  class StubCanvas {
    constructor(
      readonly width: number,
      readonly height: number,
    ) {}
    getContext() {
      return { fillStyle: '', fillRect: vi.fn(), drawImage: (...args: unknown[]) => drawn.push(args) };
    }
    convertToBlob(options: unknown) {
      encoded.push(options);
      return Promise.resolve(new Blob(['jpeg'], { type: 'image/jpeg' }));
    }
  }
  vi.stubGlobal('OffscreenCanvas', StubCanvas);
  return { drawn, encoded };
}

afterEach(() => vi.unstubAllGlobals());

describe('shrinkImage', () => {
  it('shrinks the longer side to the bound, upright, as a JPEG at the quality asked, and frees the decoded picture', async () => {
    const bitmap = bitmapOf(4000, 3000);
    const decode = vi.fn(async () => bitmap);
    vi.stubGlobal('createImageBitmap', decode);
    const { drawn, encoded } = stubCanvas();
    const photo = new Blob(['camera bytes'], { type: 'image/jpeg' });

    const shrunk = await shrinkImage(photo, { maxSide: 1600, quality: 0.85 });

    expect(decode).toHaveBeenCalledWith(photo, { imageOrientation: 'from-image' });
    expect(shrunk).toMatchObject({ width: 1600, height: 1200 });
    expect(shrunk.blob.type).toBe('image/jpeg');
    expect(drawn).toEqual([[bitmap, 0, 0, 1600, 1200]]);
    expect(encoded).toEqual([{ type: 'image/jpeg', quality: 0.85 }]);
    expect(bitmap.close).toHaveBeenCalled();
  });

  it('keeps a small picture at its size, and a tall one bounded by its height', async () => {
    stubCanvas();
    vi.stubGlobal('createImageBitmap', async () => bitmapOf(800, 600));
    expect(await shrinkImage(new Blob(), { maxSide: 1600 })).toMatchObject({ width: 800, height: 600 });

    vi.stubGlobal('createImageBitmap', async () => bitmapOf(3024, 4032));
    expect(await shrinkImage(new Blob(), { maxSide: 1600 })).toMatchObject({ width: 1200, height: 1600 });
  });

  it("decodes again without options in a browser that predates 'from-image' (which follows EXIF there by default)", async () => {
    stubCanvas();
    const decode = vi.fn(async (_image: Blob, options?: ImageBitmapOptions) => {
      if (options) throw new TypeError("The provided value 'from-image' is not a valid enum value");
      return bitmapOf(2000, 1000);
    });
    vi.stubGlobal('createImageBitmap', decode);

    expect(await shrinkImage(new Blob(), { maxSide: 1600 })).toMatchObject({ width: 1600, height: 800 });
    expect(decode).toHaveBeenCalledTimes(2);
  });

  it('fails as unreadable for what the browser cannot decode', async () => {
    stubCanvas();
    vi.stubGlobal('createImageBitmap', async () => {
      throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    });

    await expect(shrinkImage(new Blob(['%PDF']), { maxSide: 1600 })).rejects.toBeInstanceOf(UnreadableImageError);
  });
});
