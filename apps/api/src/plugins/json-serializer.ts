import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod/mini';

type JsonSchema = { [keyword: string]: unknown };

/**
 * What only checks a value, never shapes how it is written. fast-json-stringify checks the branches
 * of a union (a nullable field is one) with these, so a stored value the request schema let in but
 * JSON Schema reads otherwise (`format: uri` refuses a `|` that zod's URL accepts) would fail the
 * answer with a 500. The formats that write a Date (date-time, date, time) are kept.
 */
const CHECKS_ONLY = ['pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems'];
const WRITING_FORMATS = new Set(['date-time', 'date', 'time']);
/** Keywords whose value is a schema, a list of schemas, or a map of them. */
const ONE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'];
const MANY = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties', 'definitions', '$defs'];

/** The schema without what only checks values: a response schema never refuses what was stored. */
export function withoutValueChecks(schema: JsonSchema): JsonSchema {
  const result: JsonSchema = { ...schema };
  for (const keyword of CHECKS_ONLY) delete result[keyword];
  if (typeof result.format === 'string' && !WRITING_FORMATS.has(result.format)) delete result.format;
  const walk = (value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? withoutValueChecks(value as JsonSchema) : value);
  for (const keyword of ONE) if (keyword in result) result[keyword] = Array.isArray(result[keyword]) ? (result[keyword] as unknown[]).map(walk) : walk(result[keyword]);
  for (const keyword of MANY) if (Array.isArray(result[keyword])) result[keyword] = (result[keyword] as unknown[]).map(walk);
  for (const keyword of MAP) {
    if (result[keyword] && typeof result[keyword] === 'object') result[keyword] = Object.fromEntries(Object.entries(result[keyword] as JsonSchema).map(([key, value]) => [key, walk(value)]));
  }
  return result;
}

/**
 * Answers are written by fast-json-stringify from a JSON schema derived from the contract's zod
 * schema once per route, as Fastify does for schemas of its own, instead of a zod parse of every
 * answer. Fields the contract does not name are left out, as the zod parse left them out.
 */
export const jsonSerializerCompiler: FastifySerializerCompiler<z.core.$ZodType> = ({ schema }) =>
  fastJson(withoutValueChecks(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as JsonSchema) as unknown as Parameters<typeof fastJson>[0]);
