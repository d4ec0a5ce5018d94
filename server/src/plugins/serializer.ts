import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;

/** The type provider's own serializer: encode through the zod schema (strips unknown keys), then stringify. */
function zodSerializer(schema: z.ZodType, method: string, url: string): Serialize {
  return (data) => {
    const result = z.safeEncode(schema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
}

/**
 * Compiled serializers by schema, for the process: a pure function of the (immutable) schema, so every app
 * built in one process shares them. A server builds one app; a test file builds dozens, and compiling every
 * route's serializer again was 40% of each build (toJSONSchema and fast-json-stringify's code generation).
 * The contract's response schemas are made once per data schema for this (route.ts, responseSchemaOf).
 */
const compiled = new WeakMap<z.ZodType, Serialize | null>();

/** A serializer compiled by fast-json-stringify from the schema's JSON Schema, or undefined if it has none. */
function compiledSerializer(schema: z.ZodType): Serialize | undefined {
  const known = compiled.get(schema);
  if (known !== undefined) return known ?? undefined;
  let serialize: Serialize | null;
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw' });
    serialize = fastJson(json as Parameters<typeof fastJson>[0]) as Serialize;
  } catch {
    serialize = null;
  }
  compiled.set(schema, serialize);
  return serialize ?? undefined;
}

/**
 * Response serialization from the contract's zod schemas, compiled once per route.
 *
 * - `production`: the compiled serializer alone. It writes only the declared fields, so nothing outside
 *   the contract leaks, but it does not re-check the handler's types.
 * - otherwise (tests, development): both run, and an answer that zod refuses, or that the two write
 *   differently, fails exactly as before (ResponseSerializationError, a 500 envelope); so every test of
 *   the suite also proves the compiled serializer writes what zod would have written.
 *
 * A schema without a JSON Schema form (unrepresentable types) keeps the zod serializer.
 */
export function contractSerializerCompiler(options: { verify: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zodSchema = schema as z.ZodType;
    const slow = zodSerializer(zodSchema, method, url);
    const fast = compiledSerializer(zodSchema);
    if (!fast) return slow;
    if (!options.verify) return fast;
    return (data) => {
      const expected = slow(data);
      const written = fast(data);
      if (written !== expected) {
        throw new ResponseSerializationError(method, url, {
          cause: new z.ZodError([
            {
              code: 'custom',
              path: [],
              message: `the compiled serializer wrote ${written.slice(0, 300)} where zod wrote ${expected.slice(0, 300)}`,
              input: data,
            },
          ]),
        });
      }
      return written;
    };
  };
}
