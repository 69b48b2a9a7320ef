import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { badRequest } from './errors';

type ZodSchemaCompiler = typeof zodValidatorCompiler;

const PART_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'headers' };

/** Objects whose own fields are input (router params come as a null-prototype class instance); bytes are not. */
function isFieldBag(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer);
}

/**
 * Where the first NUL character sits in parsed input: its field path ("name", "items.0.note"),
 * "" for the input itself, or null when there is none. Walks without recursion, so a body nested
 * ten thousand levels deep cannot overflow the stack; file bytes (Buffers) are not text and are skipped.
 */
function findNulCharacter(input: unknown): string | null {
  const stack: [value: unknown, path: string][] = [[input, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop() as [unknown, string];
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
      continue;
    }
    const entries = Array.isArray(value)
      ? value.map((item, i) => [String(i), item] as const)
      : isFieldBag(value)
        ? Object.entries(value)
        : [];
    for (const [key, item] of entries) stack.push([item, path ? `${path}.${key}` : key]);
  }
  return null;
}

/**
 * The zod validator, preceded by one rule for every text a client sends: no NUL characters.
 * PostgreSQL cannot store them in text (it fails the query, which would be a 500), and no person
 * types one; so any body, query or path value carrying one is refused here, once for all routes,
 * with a 400 naming the field. Everything else is the route's zod schema.
 */
export const validatorCompiler: ZodSchemaCompiler = (route) => {
  const validate = zodValidatorCompiler(route);
  const part = PART_NAMES[route.httpPart ?? 'body'] ?? 'input';
  return (data) => {
    const at = findNulCharacter(data);
    if (at !== null) return { error: badRequest(`${at || part}: must not contain a NUL (zero) character`) };
    return validate(data);
  };
};
