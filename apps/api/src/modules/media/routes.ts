import multipart from '@fastify/multipart';
import { MEDIA_BYTES_MAX, mediaIdSchema, mediaSchema } from '@acompanha/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { badField, DomainError, notFound } from '../../errors.js';
import { isStaffUser } from '../../plugins/auth.js';
import { matchesIfNoneMatch } from '../../plugins/etag.js';
import { perAccount } from '../../plugins/rate-limit.js';
import { SMALL_COPY_BYTES, type CachedMediaStorage } from '../../storage/cached-media-storage.js';
import { readableCopy, uploadMedia, type MediaVariant } from './service.js';
import { byteRange } from './byte-range.js';
import { receiveFile, type ReceivedFile } from './received-file.js';

const tooLarge = () => new DomainError(413, `arquivo: a foto deve ter no máximo ${MEDIA_BYTES_MAX / 1024 ** 2} MB.`, { field: 'arquivo' });

/**
 * The upload's two fields, in any order: `id` (the device's uuid) and `arquivo` (the image, at most
 * MEDIA_BYTES_MAX), received into a private file. The caller removes it once done.
 */
async function readUpload(request: FastifyRequest) {
  // The request says its size: a file too large is refused before it is read (the form's own bytes are a few hundred).
  if (Number(request.headers['content-length'] ?? 0) > MEDIA_BYTES_MAX + 64 * 1024) throw tooLarge();
  let id: string | undefined;
  let file: ReceivedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'arquivo') throw badField(part.fieldname, 'campo desconhecido: envie a foto em "arquivo".');
        file = await receiveFile(part.file);
        if (part.file.truncated) throw tooLarge();
      } else if (part.fieldname === 'id') {
        id = String(part.value);
      } else {
        throw badField(part.fieldname, 'campo desconhecido.');
      }
    }
    const parsedId = mediaIdSchema.safeParse(id);
    if (!parsedId.success) throw badField('id', id === undefined ? 'obrigatório.' : 'deve ser um uuid.');
    if (!file || file.bytes === 0) throw badField('arquivo', 'obrigatório.');
    return { id: parsedId.data, file };
  } catch (error) {
    await file?.remove();
    if (error instanceof DomainError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badField('arquivo', 'envie a foto num formulário multipart/form-data.');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badField('arquivo', 'envie uma foto por vez.');
    // The form's parser (busboy) says a body cut short, or malformed, with a plain Error.
    if (code === undefined && /multipart|boundary|part/i.test((error as Error).message)) throw badField('arquivo', 'o envio chegou incompleto: tente de novo.');
    throw error;
  }
}

const mediaParamsSchema = z.object({ id: mediaIdSchema });

/**
 * Photos (DECISIONS.md §6): both kinds of account upload and read them. Each copy is answered
 * from the storage as it is read, whole or a range, with a strong ETag; the browser may keep it
 * an hour, for the reader only.
 */
export const mediaRoutes = (storage: CachedMediaStorage): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: { fileSize: MEDIA_BYTES_MAX, files: 1, fields: 1, parts: 2, fieldSize: 100 } });

    app.post(
      '/v1/midias',
      {
        // A message carries up to 4: a client who sends a few photos a day, and a replayed queue, fit well within it.
        config: { rateLimit: perAccount(100, '1 hour') },
        schema: { response: { 200: mediaSchema, 201: mediaSchema } },
      },
      async (request, reply) => {
        const upload = await readUpload(request);
        try {
          const { created, media } = await uploadMedia({ db: app.db, storage }, { id: request.user.user_id, staff: isStaffUser(request.user) }, upload);
          return await reply.code(created ? 201 : 200).send(media);
        } finally {
          await upload.file.remove();
        }
      },
    );

    const serve = (variant: MediaVariant) => async (request: FastifyRequest<{ Params: z.infer<typeof mediaParamsSchema> }>, reply: FastifyReply) => {
      const copy = await readableCopy(app.db, { id: request.user.user_id, staff: isStaffUser(request.user) }, request.params.id, variant);
      reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'private, max-age=3600')
        .header('etag', copy.etag)
        .header('accept-ranges', 'bytes')
        .header('content-disposition', 'inline');
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && matchesIfNoneMatch(ifNoneMatch, copy.etag)) return reply.code(304).removeHeader('content-type').send();
      const range = byteRange(request.headers.range, copy.bytes);
      if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${copy.bytes}`).removeHeader('content-type').send();
      // A thumbnail is read whole, from memory once read; a display copy is streamed, whole or its range.
      const body = copy.bytes <= SMALL_COPY_BYTES ? await storage.readSmall(copy.key, copy.etag) : await storage.read(copy.key, range);
      if (!body) throw notFound('Foto não encontrada.');
      if (!range) return reply.header('content-length', copy.bytes).send(body);
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${copy.bytes}`)
        .header('content-length', range.end - range.start + 1)
        .send(Buffer.isBuffer(body) ? body.subarray(range.start, range.end + 1) : body);
    };

    // Compression would buy nothing on WebP and break ranges.
    app.get('/v1/midias/:id', { compress: false, schema: { params: mediaParamsSchema } }, serve('exibicao'));
    app.get('/v1/midias/:id/miniatura', { compress: false, schema: { params: mediaParamsSchema } }, serve('miniatura'));
  };
