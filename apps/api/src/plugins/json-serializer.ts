import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod/mini';

/**
 * Answers are written by fast-json-stringify from a JSON schema derived from the contract's zod
 * schema once per route, as Fastify does for schemas of its own, instead of a zod parse of every
 * answer. Fields the contract does not name are left out, as the zod parse left them out.
 */
export const jsonSerializerCompiler: FastifySerializerCompiler<z.core.$ZodType> = ({ schema }) =>
  fastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as Parameters<typeof fastJson>[0]);
