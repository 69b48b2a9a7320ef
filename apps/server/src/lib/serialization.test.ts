import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serialization';

/** What Fastify hands the compiler for one route's answer. */
const route = (schema: unknown, url: string) =>
  ({ schema, method: 'GET', url, httpStatus: '200' }) as Parameters<typeof serializerCompiler>[0];

describe('the response serializer', () => {
  const Person = z.object({ id: z.number(), name: z.string(), team: z.string().nullable() });

  it('writes only the schema’s fields, nulls included', () => {
    const write = serializerCompiler(route(Person, '/a'));
    expect(write({ id: 1, name: 'Ann', team: null, password: 'secret' })).toBe('{"id":1,"name":"Ann","team":null}');
  });

  it('compiles a schema once a process: a second route or a second app with it gets the same serializer', () => {
    const first = serializerCompiler(route(Person, '/a'));
    const second = serializerCompiler(route(Person, '/b'));
    expect(second).toBe(first);
    const Other = z.object({ id: z.number() });
    expect(serializerCompiler(route(Other, '/c'))).not.toBe(first);
  });

  it('falls back to zod for a schema JSON Schema cannot say, for each route its own', () => {
    const Odd = z.object({ at: z.date() });
    const write = serializerCompiler(route(Odd, '/d'));
    expect(JSON.parse(write({ at: new Date('2026-11-28T10:00:00Z') }))).toEqual({
      at: '2026-11-28T10:00:00.000Z',
    });
    expect(serializerCompiler(route(Odd, '/e'))).not.toBe(write);
  });
});
