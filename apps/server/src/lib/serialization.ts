import fastJson from 'fast-json-stringify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * zod's JSON Schema writes "X or null" as anyOf [X, {type: null}]; fast-json-stringify would then
 * validate every such value to pick a branch. With X a plain typed schema, a type list says the
 * same and serializes directly.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (typeof schema !== 'object' || schema === null) return schema;
  const node: JsonSchema = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, simplify(v)]));
  const options = node.anyOf;
  if (Array.isArray(options) && options.length === 2) {
    const [first, second] = options as JsonSchema[];
    const nullIndex = [first, second].findIndex((o) => o?.type === 'null' && Object.keys(o).length === 1);
    const other = nullIndex === 0 ? second : nullIndex === 1 ? first : undefined;
    if (other && typeof other.type === 'string' && other.type !== 'object' && other.type !== 'array') {
      const { anyOf: _anyOf, ...rest } = node;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return node;
}

const zodSerializer = createSerializerCompiler({});

/**
 * Responses are written by serializers compiled from the routes' zod schemas (through their JSON
 * Schema, by fast-json-stringify, as Fastify does for JSON Schema routes), instead of zod checking
 * and copying every answer: the services build answers with the contract's mappers, so the check
 * found nothing, and it cost more than the rest of a cheap read. Like zod's, the serializer writes
 * only the schema's fields. A schema JSON Schema cannot express falls back to zod.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const schema = route.schema;
  if (!(schema instanceof z.ZodType)) return zodSerializer(route);
  let serializer = compiled.get(schema);
  if (serializer === undefined) {
    serializer = compile(schema) ?? null;
    compiled.set(schema, serializer);
  }
  return serializer ?? zodSerializer(route);
};

/**
 * Each schema's serializer, compiled once a process. A route's schema is a constant of the contract,
 * never changed, and the serializer depends on nothing else, so an app built again in the same
 * process (every test app: compiling them was more than half of building one) takes it as it is.
 */
const compiled = new WeakMap<z.ZodType, ((data: unknown) => string) | null>();

/** fast-json-stringify's serializer of the schema's JSON Schema, or nothing when JSON Schema cannot say it. */
function compile(schema: z.ZodType): ((data: unknown) => string) | undefined {
  let jsonSchema: unknown;
  try {
    jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
  } catch {
    return undefined;
  }
  return fastJson(simplify(jsonSchema) as Parameters<typeof fastJson>[0]);
}
