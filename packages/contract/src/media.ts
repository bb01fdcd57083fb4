import { z } from 'zod/mini';

/**
 * Photos (DECISIONS.md §6): the client and the team send pictures, which the server re-encodes and
 * keeps privately. These limits are the ones the README tells everyone.
 */

/** The largest upload the server takes (413 above it). */
export const MEDIA_BYTES_MAX = 10 * 1024 * 1024;
/** The most pixels an image may have, read from its header before it is decoded (400 above it). */
export const MEDIA_PIXELS_MAX = 40_000_000;
/** The display copy's longer side, at most; the phone shrinks a picture to it before sending. */
export const MEDIA_DISPLAY_SIDE = 1600;
/** The thumbnail's longer side, at most. */
export const MEDIA_THUMBNAIL_SIDE = 320;
/** The most one account's photos may take in the storage, both copies counted. */
export const MEDIA_ACCOUNT_BYTES_MAX = 1024 * 1024 * 1024;
/** The most photos a message carries. */
export const MESSAGE_MEDIA_MAX = 4;
/** The types the server accepts, recognised by their bytes. */
export const MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** One id, whatever case the device wrote it in. */
export const mediaIdSchema = z.uuid().check(z.toLowerCase());

/** `POST /api/v1/midias`'s answer. */
export const mediaSchema = z.object({
  id: z.string(),
  largura: z.number().check(z.int()),
  altura: z.number().check(z.int()),
  criada_em: z.string(),
});
export type Media = z.infer<typeof mediaSchema>;

/** A photo as a message carries it. */
export const messageMediaSchema = z.pick(mediaSchema, { id: true, largura: true, altura: true });
export type MessageMedia = z.infer<typeof messageMediaSchema>;

/** The photos a message may carry: at most four, each named once. */
export const messageMediaIdsSchema = z
  .array(mediaIdSchema)
  .check(
    z.maxLength(MESSAGE_MEDIA_MAX, `no máximo ${MESSAGE_MEDIA_MAX} fotos por mensagem.`),
    z.refine((ids) => new Set(ids).size === ids.length, 'a mesma foto aparece duas vezes.'),
  );
