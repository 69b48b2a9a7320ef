import { randomBytes } from 'node:crypto';
import { ERROR_CODES, ErrorBodySchema, LIMITS } from '@cafe/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iso } from '../lib/time';
import { pngImage, uploadImage } from './image-fixtures';
import { cafeOrderBody, placeOrder, seedMenu, setShop, type SeededMenu } from './order-fixtures';
import { createTestApp, type TestApp, type TestUser } from './test-app';

/**
 * The product's rule: bad input of any kind gets a clear 4xx answer with a readable message, never
 * a 5xx, and never loses or corrupts saved data. Every operation of the OpenAPI document (so a new
 * route is covered the day it is added) gets garbage in its path, query, body fields, whole body,
 * content type, multipart form and token, as each role and without a token.
 *
 * The sweep runs per area: `<area>.bad-input.test.ts` beside each module sweeps the operations the
 * document tags with that area (plugins/error-handler.test.ts checks that every tag has its sweep).
 *
 * Each run starts from the same saved "victims" (a category, a menu item, an order, a user), so
 * the garbage reaches as deep as a good request would. Around the probes the documented schema
 * says must be refused, the whole database is fingerprinted: a refused request changes nothing.
 */

/** A Wednesday morning in Bangkok: the cafe may take orders. */
const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';
const TUESDAY_10AM = '2026-11-17T10:00:00+07:00';
const TODAY = '2026-11-18';

// ---------- the OpenAPI document, as much of it as the probes need ----------

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
}
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  /** The area (module) the operation belongs to. */
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];

export interface Endpoint {
  method: Method;
  path: string;
  op: Operation;
}

/** Every operation of the document. */
function endpointsOf(doc: OpenApiDocument): Endpoint[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    METHODS.filter((m) => ops[m]).map((method) => ({ method, path, op: ops[method] as Operation })),
  );
}

/**
 * True when `value` breaks what the document promises about the field, so the server must refuse
 * it. Ids are opaque (docs/api.md): a digit string stands for the number it spells. One house rule
 * stands beside the document: no text input may carry a NUL character (PostgreSQL cannot store it,
 * and SQLite would store it silently, so only this rule lets the SQLite run notice).
 */
function violates(schema: JsonSchema, value: unknown): boolean {
  if (typeof value === 'string' && value.includes('\u0000')) return true;
  if (schema.anyOf) return schema.anyOf.every((s) => violates(s, value));
  if (value === null) return !schema.nullable;
  if (schema.enum) return !schema.enum.includes(value);
  switch (schema.type) {
    case 'string':
      return (
        typeof value !== 'string' ||
        (schema.maxLength !== undefined && value.length > schema.maxLength) ||
        (schema.minLength !== undefined && value.length < schema.minLength) ||
        (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value))
      );
    case 'integer':
      if (typeof value === 'string') return !/^\d+$/.test(value) || violates(schema, Number(value));
      return typeof value !== 'number' || !Number.isInteger(value) || outOfRange(schema, value);
    case 'number':
      return typeof value !== 'number' || !Number.isFinite(value) || outOfRange(schema, value);
    case 'boolean':
      return typeof value !== 'boolean';
    case 'array':
      return !Array.isArray(value);
    case 'object':
      return typeof value !== 'object' || Array.isArray(value);
    default:
      return false;
  }
}

function outOfRange(schema: JsonSchema, value: number): boolean {
  const min = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : schema.minimum;
  const max = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : schema.maximum;
  const minExclusive = schema.exclusiveMinimum === true || typeof schema.exclusiveMinimum === 'number';
  const maxExclusive = schema.exclusiveMaximum === true || typeof schema.exclusiveMaximum === 'number';
  if (min !== undefined && (minExclusive ? value <= min : value < min)) return true;
  if (max !== undefined && (maxExclusive ? value >= max : value > max)) return true;
  return false;
}

// ---------- the garbage ----------

/** A body field's bad value; `raw` is JSON text no JavaScript value serialises to. */
type Garbage = { label: string; value: unknown } | { label: string; raw: string };

const FIELD_GARBAGE: Garbage[] = [
  { label: 'NUL character', value: 'tea\u0000time' },
  { label: 'null', value: null },
  { label: 'true', value: true },
  { label: 'zero', value: 0 },
  { label: 'negative', value: -1 },
  { label: 'float', value: 1.5 },
  { label: 'past int32', value: 2147483648 },
  { label: 'unsafe integer', raw: '9007199254740993' },
  { label: 'number overflowing to Infinity', raw: '1e400' },
  { label: 'digit string', value: '42' },
  { label: 'exponent string', value: '1e3' },
  { label: 'hex string', value: '0x10' },
  { label: 'huge digit string', value: '9999999999999999999' },
  { label: 'empty string', value: '' },
  { label: 'blank string', value: '   ' },
  { label: 'array', value: ['tea'] },
  { label: 'empty array', value: [] },
  { label: 'object', value: { name: 'tea' } },
  { label: 'operator object', value: { $gt: '' } },
  { label: 'emoji', value: '😀☕🍹' },
  { label: 'unicode', value: 'ชาไทย Ünïcødé' },
  { label: 'control characters', value: '\u202e\u200b\u0007\r\n' },
  { label: 'lone surrogate', value: '\ud800' },
  { label: 'impossible date', value: '2026-02-30' },
  { label: 'SQL', value: "'; DROP TABLE orders; --" },
  { label: '100k characters', value: 'x'.repeat(100_000) },
  { label: '50k emoji', value: '😀'.repeat(50_000) },
];

/** Raw path segments (already URL-encoded where needed). */
const PATH_GARBAGE: string[] = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '2147483648',
  '99999999999',
  '9999999999999999999',
  'abc',
  'null',
  '%20',
  '%00',
  '1%00',
  '..',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%F0%9F%98%80',
  '%E0%A4%A',
  "1'%20OR%20'1'='1",
  'x'.repeat(5000),
];

/** Bad values for one query parameter, given a good value of it. */
const QUERY_GARBAGE: [label: string, build: (name: string, good: string) => string][] = [
  ['empty', (n) => `${n}=`],
  ['impossible date', (n) => `${n}=2026-02-30`],
  ['month 13', (n) => `${n}=2026-13-01`],
  ['year 0', (n) => `${n}=0000-01-01`],
  ['last day', (n) => `${n}=9999-12-31`],
  ['word', (n) => `${n}=yesterday`],
  ['date and time', (n) => `${n}=2026-11-18T10:00:00Z`],
  ['NUL', (n) => `${n}=%00`],
  ['bad percent-encoding', (n) => `${n}=%E0%A4%A`],
  ['emoji', (n) => `${n}=%F0%9F%98%80`],
  ['duplicated', (n) => `${n}=a&${n}=b`],
  ['duplicated good value', (n, good) => `${n}=${good}&${n}=${good}`],
  ['bracket array', (n) => `${n}[]=x`],
  ['nested', (n) => `${n}[a]=b`],
  ['10k characters', (n) => `${n}=${'x'.repeat(10_000)}`],
  ['40k-item list', (n, good) => `${n}=${`${good},`.repeat(40_000)}`],
  ['repeated 3000 times', (n, good) => Array.from({ length: 3000 }, () => `${n}=${good}`).join('&')],
];

/** Whole-query garbage for every operation. */
const ANY_QUERY_GARBAGE = [
  '__proto__[polluted]=1',
  'constructor[prototype][x]=1',
  '&&&=&=x',
  `${'a=1&'.repeat(2000)}b=2`,
];

interface BodyGarbage {
  label: string;
  contentType?: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
  /** Which operations must refuse it. */
  refusedBy: (e: Endpoint) => boolean;
}

const hasBody = (e: Endpoint) => e.method !== 'get';
const takesJson = (e: Endpoint) => Boolean(e.op.requestBody?.content['application/json']);
const jsonObjectBody = (e: Endpoint) => e.op.requestBody?.content['application/json']?.schema.type === 'object';
const requiresFields = (e: Endpoint) =>
  (e.op.requestBody?.content['application/json']?.schema.required?.length ?? 0) > 0;

const BODY_GARBAGE: BodyGarbage[] = [
  { label: 'JSON type, empty body', contentType: 'application/json', payload: '', refusedBy: requiresFields },
  { label: 'no body, no type', refusedBy: requiresFields },
  { label: 'truncated JSON', contentType: 'application/json', payload: '{"name": ', refusedBy: hasBody },
  { label: 'not JSON', contentType: 'application/json', payload: 'hello', refusedBy: hasBody },
  { label: 'NUL byte', contentType: 'application/json', payload: '\u0000', refusedBy: hasBody },
  { label: 'JSON null', contentType: 'application/json', payload: 'null', refusedBy: jsonObjectBody },
  { label: 'JSON array', contentType: 'application/json', payload: '[]', refusedBy: jsonObjectBody },
  { label: 'JSON string', contentType: 'application/json', payload: '"text"', refusedBy: jsonObjectBody },
  { label: 'JSON number', contentType: 'application/json', payload: '42', refusedBy: jsonObjectBody },
  { label: 'JSON true', contentType: 'application/json', payload: 'true', refusedBy: jsonObjectBody },
  { label: 'empty object', contentType: 'application/json', payload: '{}', refusedBy: requiresFields },
  {
    label: 'prototype pollution',
    contentType: 'application/json',
    payload: '{"__proto__":{"role":"admin"}}',
    refusedBy: requiresFields,
  },
  {
    label: 'constructor pollution',
    contentType: 'application/json',
    payload: '{"constructor":{"prototype":{"role":"admin"}}}',
    refusedBy: requiresFields,
  },
  {
    label: 'deeply nested arrays',
    contentType: 'application/json',
    payload: '['.repeat(20_000) + ']'.repeat(20_000),
    refusedBy: jsonObjectBody,
  },
  {
    label: 'deeply nested objects',
    contentType: 'application/json',
    payload: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
    refusedBy: requiresFields,
  },
  { label: 'byte order mark', contentType: 'application/json', payload: '\ufeff{}', refusedBy: requiresFields },
  { label: 'text/plain', contentType: 'text/plain', payload: 'hello', refusedBy: (e) => hasBody(e) && takesJson(e) },
  {
    label: 'form-urlencoded',
    contentType: 'application/x-www-form-urlencoded',
    payload: 'name=Tea',
    refusedBy: hasBody,
  },
  { label: 'XML', contentType: 'application/xml', payload: '<name>Tea</name>', refusedBy: hasBody },
  { label: 'unknown type', contentType: 'application/x-cafe', payload: 'x', refusedBy: hasBody },
  { label: 'broken content type', contentType: ';;;', payload: 'x', refusedBy: hasBody },
  {
    label: 'UTF-16 charset',
    contentType: 'application/json; charset=utf-16',
    payload: '{}',
    refusedBy: requiresFields,
  },
  {
    label: 'length mismatch',
    contentType: 'application/json',
    payload: '{"name":"Tea"}',
    headers: { 'content-length': '3' },
    refusedBy: hasBody,
  },
  {
    label: 'over the body limit',
    contentType: 'application/json',
    payload: Buffer.alloc(8 * 1024 * 1024 + 16, 0x20),
    refusedBy: hasBody,
  },
];

function multipart(
  parts: { name: string; value: string | Buffer; filename?: string }[],
  boundary = `----robust${randomBytes(6).toString('hex')}`,
): { payload: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename ? 'Content-Type: image/png\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Broken forms; `png` is a real picture, so only the form's shape is wrong. */
function multipartGarbage(png: Buffer): { label: string; contentType: string; payload: Buffer }[] {
  const file = (name = 'file', value: Buffer = png) => ({ name, value, filename: 'tumbler.png' });
  const form = (label: string, parts: Parameters<typeof multipart>[0], boundary?: string) => ({
    label,
    ...multipart(parts, boundary),
  });
  const good = multipart([file()]);
  return [
    form('no file field', [{ name: 'note', value: 'hello' }]),
    form('empty file', [file('file', Buffer.alloc(0))]),
    form('two files', [file(), file()]),
    form('file under another name', [file('photo')]),
    form('file field as text', [{ name: 'file', value: 'hello' }]),
    form('text field with NUL', [{ name: 'file', value: 'data:image/png;base64,\u0000' }]),
    form(
      'many fields',
      [1, 2, 3, 4, 5, 6, 7].map((i) => ({ name: `f${i}`, value: 'x' })),
    ),
    form('file over 5 MB', [file('file', Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024, 0x41)]))]),
    form('long boundary', [file()], 'b'.repeat(300)),
    form('no parts', []),
    { label: 'no boundary', contentType: 'multipart/form-data', payload: good.payload },
    { label: 'boundary mismatch', contentType: 'multipart/form-data; boundary=other', payload: good.payload },
    { label: 'truncated', contentType: good.contentType, payload: good.payload.subarray(0, 80) },
    { label: 'empty body', contentType: good.contentType, payload: Buffer.alloc(0) },
  ];
}

// ---------- probes and what their answers must look like ----------

interface Probe {
  /** Probes of one group run after the victims are put back, so each reaches as deep as it can. */
  group: string;
  what: string;
  request: InjectOptions;
  /** The documented schema forbids this input: anything but a 4xx is a failure. */
  mustRefuse: boolean;
  /** A 400 VALIDATION answer must name this field. */
  field?: string;
}

/** Why an answer breaks the rule, or null when it keeps it. */
function judge(probe: Probe, res: LightMyRequestResponse): string | null {
  const status = res.statusCode;
  if (status >= 500) return `answered ${status}: ${res.body.slice(0, 160)}`;
  if (status < 400) return probe.mustRefuse ? `accepted input its schema forbids (${status})` : null;
  if (probe.request.method === 'HEAD') return null;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) {
    return `error ${status} is not JSON (${String(res.headers['content-type'])})`;
  }
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `error ${status} body is not valid JSON`;
  }
  if (typeof body !== 'object' || body === null) return `error ${status} body is not an object`;
  // The error shape (ErrorBodySchema): a refusal the people catalogue words also names its message.
  const keys = Object.keys(body)
    .filter((key) => key !== 'messageId' && key !== 'params')
    .sort()
    .join(',');
  if (keys !== 'code,error,message,statusCode') return `error ${status} has keys ${keys}: ${res.body.slice(0, 160)}`;
  const parsed = ErrorBodySchema.safeParse(body);
  if (!parsed.success) return `error ${status} is not of the error shape: ${res.body.slice(0, 160)}`;
  const { statusCode, error, message, code } = body as Record<string, unknown>;
  if (statusCode !== status) return `statusCode ${String(statusCode)} differs from HTTP status ${status}`;
  if (typeof error !== 'string' || error.length === 0) return 'error text is empty';
  if (typeof code !== 'string' || !(ERROR_CODES as readonly string[]).includes(code) || code === 'INTERNAL') {
    return `code ${String(code)} is not a client error code`;
  }
  if (typeof message !== 'string' || message.trim().length < 3) return `message ${JSON.stringify(message)} is empty`;
  if (message.length > 300) return `message is ${message.length} characters long`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(message)) return `message carries control characters: ${JSON.stringify(message)}`;
  // Only the photo upload speaks of photos: any other body past its limit has words of its own.
  const path = typeof probe.request.url === 'string' ? probe.request.url.split('?')[0] : undefined;
  if (status === 413 && path !== '/api/upload/image' && /photo|5 MB/i.test(message))
    return `a 413 of no photo upload speaks of photos: ${message}`;
  // A refusal the people catalogue words (messageId) says what to do in a person's words, never a
  // field's name; any other 400 of a field names it.
  const worded = typeof (body as Record<string, unknown>).messageId === 'string';
  if (probe.field && status === 400 && code === 'VALIDATION' && !worded && !message.includes(probe.field)) {
    return `message does not name ${probe.field}: ${message}`;
  }
  return null;
}

// ---------- the saved world ----------

interface World {
  menu: SeededMenu;
  image: string;
  actors: Record<'user' | 'barista' | 'admin', TestUser>;
  /** Saved objects the probes aim at; put back before every run. */
  victims: { category: number; menu: number; order: number; user: number };
  /** Saved objects nobody aims at. */
  bystanders: { user: TestUser; order: number };
}

export const ROLES = ['none', 'user', 'barista', 'admin'] as const;
export type RoleName = (typeof ROLES)[number];

function victimIdFor(world: World, path: string): number {
  if (path.startsWith('/api/user')) return world.victims.user;
  if (path.startsWith('/api/category')) return world.victims.category;
  if (path.startsWith('/api/menu')) return world.victims.menu;
  if (path.startsWith('/api/order')) return world.victims.order;
  return 1;
}

/** A good value for a field, so that only the garbage is wrong. */
function goodValue(world: World, e: Endpoint, field: string, schema: JsonSchema): unknown {
  // A channel's switch (PUT /user/notifications `email`): off is always allowed.
  if (schema.type === 'boolean' && e.path === '/api/user/notifications') return false;
  switch (field) {
    case 'email':
      // Registration needs an address nobody has; sign-in a real account.
      return e.path.endsWith('/register')
        ? `robust-${randomBytes(4).toString('hex')}@example.com`
        : world.actors.user.email;
    case 'password':
      return world.actors.user.password;
    case 'name':
      // Letters only (item names); an option group's must be new every time.
      return e.path === '/api/option-groups' || e.path === '/api/option-groups/{id}'
        ? `Robust ${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`
        : 'Robust';
    case 'menu_id':
      return world.victims.menu;
    case 'category_id':
      return world.menu.coffee;
    case 'tumblerImage':
      return world.image;
    case 'sweetness':
      return 50;
    case 'reject_note':
      return 'Out of milk';
    case 'refreshToken':
      return 'not-a-refresh-token';
    // Changing a password: never the actor's own (a probe must not change it), and a strong new one.
    case 'currentPassword':
      return 'not-the-current-password';
    case 'newPassword':
      return 'kettle orbit lantern 42';
    case 'endpoint':
      return 'https://push.example.com/robust';
    case 'day':
      return '2026-12-25';
    case 'ids':
      return [world.victims.order];
    case 'guestName':
      return 'Robust Guest';
    case 'latitude':
      return 13.7466;
    case 'longitude':
      return 100.5393;
    case 'radiusKm':
      return 1;
    case 'timeZone':
      return 'Asia/Bangkok';
    case 'venues':
      return { cafe: true, bar: true };
    case 'soldOutUntil':
      return null;
    case 'choices':
      // An option group's choices: one, the default (minChoices and maxChoices are 1).
      return [{ name: 'Robust', isDefault: true }];
    case 'slotMinutes':
    case 'leadMinutes':
      return 15;
    case 'daysAhead':
      return 0;
    case 'slotCapacity':
      return 10;
    case 'tumblerGraceMinutes':
      return 5;
    case 'readyReminderMinutes':
      return 10;
    case 'uncollectedAfterMinutes':
      return 30;
    case 'pickupAt':
      // A coffee run's slot that Wednesday morning (the site's 15 minutes ahead); an order's is left
      // out (as soon as possible): an order for later needs a slot the site offers.
      return e.path === '/api/runs' ? '2026-11-18T11:00:00+07:00' : undefined;
    case 'closesAt':
      return '2026-11-18T10:45:00+07:00';
    // An order of no coffee run (docs/api/runs.md): its own drink, with its tumbler photo.
    case 'runId':
    case 'cup':
      return undefined;
    // A standing order (docs/standing-orders.md): the usual (no drink), on weekdays, at 09:30.
    case 'drink':
      return undefined;
    case 'weekdays':
      return [1, 2, 3, 4, 5];
    case 'time':
      return '09:30';
    // The second-factor policy: left off, so the probes that follow are not refused for want of one.
    case 'requiredForStaff':
      return false;
    // An authenticator app's code, of the right shape (the app itself is wrong: refused as such).
    case 'code':
      return e.path.includes('second-factor') ? '123456' : 'Robust';
    default:
      break;
  }
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf?.[0]) return goodValue(world, e, field, schema.anyOf[0]);
  switch (schema.type) {
    case 'integer':
      return 1;
    case 'number':
      return 0;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return 'Robust';
  }
}

function goodParam(world: World, e: Endpoint, p: Parameter, self?: number): string {
  // Routes about one's own account (push/disable) are aimed at the caller; so is deleting an
  // account (refused for one's own), which no reset could undo.
  if (p.in === 'path' && self !== undefined && /\/user\/\{id\}\/push/.test(e.path)) return String(self);
  if (p.in === 'path' && self !== undefined && e.method === 'delete' && e.path === '/api/user/{id}')
    return String(self);
  if (p.schema?.enum) return String(p.schema.enum[0]);
  if (p.schema?.type === 'array' && p.schema.items?.enum) return String(p.schema.items.enum[0]);
  if (p.schema?.type === 'integer') return String(victimIdFor(world, e.path));
  if (p.schema?.type === 'number') return '0';
  if (/date/i.test(p.name)) return /end/i.test(p.name) ? '2026-12-01' : '2026-11-01';
  // The audit log's cafe days.
  if (p.name === 'from' || p.name === 'to') return p.name === 'to' ? '2026-12-01' : '2026-11-01';
  if (p.name === 'day') return '2026-12-25';
  if (p.in === 'path' && p.name === 'name') return world.image.split('/').pop() ?? 'x';
  return 'x';
}

function url(
  world: World,
  e: Endpoint,
  pathOverride?: { name: string; raw: string },
  query?: string,
  self?: number,
): string {
  let path = e.path;
  for (const p of e.op.parameters?.filter((x) => x.in === 'path') ?? []) {
    const raw = pathOverride?.name === p.name ? pathOverride.raw : encodeURIComponent(goodParam(world, e, p, self));
    path = path.replace(`{${p.name}}`, raw);
  }
  const required = (e.op.parameters ?? []).filter((p) => p.in === 'query' && p.required);
  const base = required.map((p) => `${p.name}=${encodeURIComponent(goodParam(world, e, p))}`);
  const qs = [...base, ...(query ? [query] : [])].join('&');
  return qs ? `${path}?${qs}` : path;
}

function goodBody(world: World, e: Endpoint): Record<string, unknown> | undefined {
  const schema = e.op.requestBody?.content['application/json']?.schema;
  if (!schema?.properties) return undefined;
  const body: Record<string, unknown> = {};
  for (const [field, s] of Object.entries(schema.properties)) body[field] = goodValue(world, e, field, s);
  if (e.path.endsWith('/upload/image')) body.file = world.image; // a URL, not a picture: 415, nothing stored
  // A walk-up order is for a person or a guest, not both: the good body names a guest.
  if (e.path.endsWith('/order/walk-up')) delete body.userId;
  return body;
}

function jsonWith(body: Record<string, unknown>, field: string, garbage: Garbage): string {
  const marker = `__raw_${randomBytes(4).toString('hex')}__`;
  const value = 'raw' in garbage ? marker : garbage.value;
  const text = JSON.stringify({ ...body, [field]: value });
  return 'raw' in garbage ? text.replace(`"${marker}"`, garbage.raw) : text;
}

/** Every probe of one operation, for one role. */
type Form = ReturnType<typeof multipartGarbage>[number];

function probesFor(world: World, e: Endpoint, auth: Record<string, string>, forms: Form[], self?: number): Probe[] {
  const method = e.method.toUpperCase() as InjectOptions['method'];
  const at = (override?: { name: string; raw: string }, query?: string) => url(world, e, override, query, self);
  const body = goodBody(world, e);
  const json = body ? { 'content-type': 'application/json' } : {};
  const payload = body ? JSON.stringify(body) : undefined;
  const probes: Probe[] = [];
  let group = '';
  const add = (what: string, request: Omit<InjectOptions, 'method'>, mustRefuse: boolean, field?: string) =>
    probes.push({ group, what, request: { method, ...request }, mustRefuse, field });

  // Path parameters.
  for (const p of e.op.parameters?.filter((x) => x.in === 'path') ?? []) {
    group = `path ${p.name}`;
    for (const raw of PATH_GARBAGE) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(raw);
      } catch {
        decoded = '\uFFFD';
      }
      add(
        `path ${p.name}=${raw.slice(0, 30)}`,
        { url: at({ name: p.name, raw }), headers: { ...auth, ...json }, payload },
        p.schema ? violates(p.schema, decoded) : false,
      );
    }
  }

  // Query parameters, then garbage no operation asks for.
  for (const p of e.op.parameters?.filter((x) => x.in === 'query') ?? []) {
    group = `query ${p.name}`;
    const good = goodParam(world, e, p);
    const others = (e.op.parameters ?? []).filter((x) => x.in === 'query' && x.required && x.name !== p.name);
    for (const [label, build] of QUERY_GARBAGE) {
      const qs = [...others.map((x) => `${x.name}=${encodeURIComponent(goodParam(world, e, x))}`), build(p.name, good)];
      const path = at().split('?')[0] ?? '';
      // With the good body, so that only the garbage is wrong (an operation may take both).
      add(
        `query ${p.name} ${label}`,
        { url: `${path}?${qs.join('&')}`, headers: { ...auth, ...json }, payload },
        label === 'NUL',
        p.name,
      );
    }
  }
  group = 'query';
  for (const qs of ANY_QUERY_GARBAGE) {
    add(`query ${qs.slice(0, 30)}`, { url: at(undefined, qs), headers: { ...auth, ...json }, payload }, false);
  }

  // Body fields, one at a time, the others good.
  const schema = e.op.requestBody?.content['application/json']?.schema;
  if (body && schema?.properties) {
    for (const [field, fieldSchema] of Object.entries(schema.properties)) {
      group = `body ${field}`;
      for (const garbage of FIELD_GARBAGE) {
        const value: unknown = 'raw' in garbage ? JSON.parse(garbage.raw) : garbage.value;
        add(
          `body ${field} ${garbage.label}`,
          { url: at(), headers: { ...auth, ...json }, payload: jsonWith(goodBody(world, e) ?? body, field, garbage) },
          violates(fieldSchema, value),
          field,
        );
      }
      if (!schema.required?.includes(field)) continue;
      const { [field]: _missing, ...rest } = body;
      add(
        `body without ${field}`,
        { url: at(), headers: { ...auth, ...json }, payload: JSON.stringify(rest) },
        true,
        field,
      );
    }
  }

  // Whole bodies and content types, on every operation (a body on GET included).
  group = 'body';
  for (const g of BODY_GARBAGE) {
    const headers: Record<string, string> = { ...auth, ...g.headers };
    if (g.contentType) headers['content-type'] = g.contentType;
    add(
      `body ${g.label}`,
      { url: at(), headers, ...(g.payload === undefined ? {} : { payload: g.payload }) },
      g.refusedBy(e),
    );
  }

  // Multipart forms, where the operation takes them; elsewhere one form stands for them all.
  group = 'multipart';
  const takesForms = Boolean(e.op.requestBody?.content['multipart/form-data']);
  for (const form of takesForms ? forms : forms.slice(0, 1)) {
    add(
      `multipart ${form.label}`,
      { url: at(), headers: { ...auth, 'content-type': form.contentType }, payload: form.payload },
      hasBody(e),
    );
  }
  return probes;
}

/** Probes that do not depend on the role: tokens, methods the path does not have, HEAD. */
async function tokenAndMethodProbes(t: TestApp, world: World, e: Endpoint, siblings: Method[]): Promise<Probe[]> {
  const method = e.method.toUpperCase() as InjectOptions['method'];
  const body = goodBody(world, e);
  const payload = body ? JSON.stringify(body) : undefined;
  const json = body ? { 'content-type': 'application/json' } : {};
  const ghost = await t.app.ctx.tokens.sign(2_000_000_000, 'admin');
  const tokens = [
    'Bearer garbage',
    'Bearer ',
    `Bearer ${'x'.repeat(10_000)}`,
    'Basic dXNlcjpwYXNzd29yZA==',
    `Bearer ${world.actors.admin.token}x`,
    `Bearer ${world.actors.admin.token.split('.').slice(0, 2).join('.')}.`,
    `Bearer ${ghost}`,
  ];
  const probes: Probe[] = tokens.map((authorization) => ({
    group: 'token',
    what: `token ${authorization.slice(0, 20)}`,
    request: { method, url: url(world, e), headers: { authorization, ...json }, payload },
    mustRefuse: false,
  }));
  for (const other of METHODS.filter((m) => !siblings.includes(m))) {
    probes.push({
      group: 'method',
      what: `method ${other}`,
      request: {
        method: other.toUpperCase(),
        url: url(world, e),
        headers: world.actors.admin.auth,
      },
      mustRefuse: true,
    });
  }
  if (e.method === 'get') {
    probes.push({
      group: 'method',
      what: 'HEAD',
      request: { method: 'HEAD', url: url(world, e, { name: 'id', raw: '%00' }) },
      mustRefuse: false,
    });
  }
  return probes;
}

/** Probes by group, in their order. */
function groupsOf(probes: Probe[]): Probe[][] {
  const groups = new Map<string, Probe[]>();
  for (const probe of probes) groups.set(probe.group, [...(groups.get(probe.group) ?? []), probe]);
  return [...groups.values()];
}

// ---------- the database, before and after ----------

export type Fingerprint = Record<string, unknown[]>;

/** Every saved row that matters (image bytes by their hash). */
export async function fingerprint(t: TestApp): Promise<Fingerprint> {
  const db = t.app.ctx.db;
  const [users, tokens, categories, menuItems, orders, history, sites, siteBaristas, images, weekly, closedDays] =
    await Promise.all([
      db.selectFrom('users').selectAll().orderBy('id').execute(),
      db.selectFrom('refresh_tokens').selectAll().orderBy('id').execute(),
      db.selectFrom('categories').selectAll().orderBy('id').execute(),
      db.selectFrom('menu_items').selectAll().orderBy('id').execute(),
      db.selectFrom('orders').selectAll().orderBy('id').execute(),
      db.selectFrom('order_status_history').selectAll().orderBy('id').execute(),
      db.selectFrom('sites').selectAll().orderBy('id').execute(),
      db.selectFrom('site_baristas').selectAll().orderBy('site_id').orderBy('user_id').execute(),
      db.selectFrom('images').select(['id', 'name', 'sha256', 'bytes', 'uploaded_by']).orderBy('id').execute(),
      db.selectFrom('schedule_weekly').selectAll().orderBy('site_id').orderBy('venue').orderBy('weekday').execute(),
      db.selectFrom('schedule_closed_days').selectAll().orderBy('site_id').orderBy('day').execute(),
    ]);
  // A refused change is not recorded in the audit log either.
  const audit = await db.selectFrom('audit_log').selectAll().orderBy('id').execute();
  return {
    users,
    tokens,
    categories,
    menuItems,
    orders,
    history,
    sites,
    siteBaristas,
    images,
    weekly,
    closedDays,
    audit,
  };
}

export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys(before).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

// ---------- one sweep ----------

/** A test app, the saved world the probes aim at, and every operation of its OpenAPI document. */
export interface Sweep {
  t: TestApp;
  world: World;
  forms: Form[];
  endpoints: Endpoint[];
}

export async function createSweep(
  options: { env?: Record<string, string>; logStream?: { write(line: string): void } } = {},
): Promise<Sweep> {
  const t = await createTestApp({
    clockNow: TUESDAY_10AM,
    env: { RATE_LIMIT: 'off', ...options.env },
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  try {
    const menu = await seedMenu(t);
    await setShop(t, { cafe: true, bar: false });
    const actors = {
      user: await t.createUser({ role: 'user', name: 'Actor User' }),
      barista: await t.createUser({ role: 'barista', name: 'Actor Barista' }),
      admin: await t.createUser({ role: 'admin', name: 'Actor Admin' }),
    };
    const victim = await t.createUser({ name: 'Victim' });
    const bystander = await t.createUser({ name: 'Bystander' });
    const image = await uploadImage(t, actors.user);
    // Yesterday's orders: they do not count against today's limit.
    const victimOrder = (await placeOrder(t, actors.user, cafeOrderBody(menu.thaiTea, image))).json<{ id: number }>()
      .id;
    const bystanderOrder = (await placeOrder(t, bystander, cafeOrderBody(menu.latte, image))).json<{ id: number }>().id;
    t.clock.set(WEDNESDAY_10AM);
    // Access tokens live 15 minutes: sign the actors in again on the new day.
    for (const actor of Object.values(actors)) {
      actor.token = await t.app.ctx.tokens.sign(actor.id, actor.role);
      actor.auth = { authorization: `Bearer ${actor.token}` };
    }
    const world: World = {
      menu,
      image,
      actors,
      victims: { category: menu.tea, menu: menu.thaiTea, order: victimOrder, user: victim.id },
      bystanders: { user: bystander, order: bystanderOrder },
    };
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
    return { t, world, forms: multipartGarbage(await pngImage(7)), endpoints: endpointsOf(doc) };
  } catch (error) {
    await t.close();
    throw error;
  }
}

/** Puts every victim back as it was saved, and forgets today's orders (the daily limit). */
export async function resetVictims({ t, world }: Sweep): Promise<void> {
  const db = t.app.ctx.db;
  const now = iso(t.clock.now());
  // `true` is garbage to most fields but a good value of the second-factor policy: turned back off,
  // or the staff's probes that follow would all be refused for want of a second factor.
  await db.updateTable('security_settings').set({ second_factor_for_staff: 0 }).execute();
  t.app.ctx.bus.publish('second-factor-policy', null);
  await db
    .updateTable('categories')
    .set({ name: 'Tea', category_for: 'cafe', is_available: 'available' })
    .where('id', '=', world.victims.category)
    .execute();
  await db
    .updateTable('menu_items')
    .set({
      name: 'Thai Tea',
      description: '-',
      category_id: world.victims.category,
      is_active: 'active',
      is_available: 'available',
    })
    .where('id', '=', world.victims.menu)
    .execute();
  await db
    .updateTable('orders')
    .set({ status: 'ordered', reject_note: '' })
    .where('id', '=', world.victims.order)
    .execute();
  await db
    .deleteFrom('order_status_history')
    .where('order_id', '=', world.victims.order)
    .where('to_status', '!=', 'ordered')
    .execute();
  const todays = db.selectFrom('orders').select('id').where('cafe_day', '=', TODAY);
  await db.deleteFrom('order_status_history').where('order_id', 'in', todays).execute();
  await db.deleteFrom('orders').where('cafe_day', '=', TODAY).execute();
  for (const actor of Object.values(world.actors)) {
    await db
      .updateTable('users')
      .set({ name: actor.name, role: actor.role, is_available: 'available', tokens_valid_after: null })
      .where('id', '=', actor.id)
      .execute();
    // A logout probe (any refresh token) ends every access token of its actor: bring them back.
    t.app.ctx.services.users.forget(actor.id);
  }
  await db
    .updateTable('users')
    .set({ name: 'Victim', role: 'user', is_available: 'available', updated_at: now })
    .where('id', '=', world.victims.user)
    .execute();
  await setShop(t, { cafe: true, bar: false });
}

/** A request to `e` its schema takes, as `role`: what the fault sweep sends while a dependency fails. */
export function goodRequest(sweep: Sweep, e: Endpoint, role: RoleName): InjectOptions {
  const actor = role === 'none' ? undefined : sweep.world.actors[role];
  const body = goodBody(sweep.world, e);
  return {
    method: e.method.toUpperCase(),
    url: url(sweep.world, e, undefined, undefined, actor?.id),
    headers: { ...actor?.auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  };
}

/** Failures, each listed once with the roles it happened to. */
class Failures {
  private readonly seen = new Map<string, Set<string>>();
  add(role: RoleName, what: string): void {
    const roles = this.seen.get(what) ?? new Set<string>();
    roles.add(role);
    this.seen.set(what, roles);
  }
  list(): string[] {
    return [...this.seen].map(([what, roles]) => `${what} (as ${[...roles].join(', ')})`);
  }
}

/** Sends a probe, records what is wrong with the answer, and gives its status. */
async function send(t: TestApp, probe: Probe, role: RoleName, e: Endpoint, failures: Failures): Promise<number> {
  const res = await t.app.inject(probe.request);
  const problem = judge(probe, res);
  if (problem) failures.add(role, `${e.method.toUpperCase()} ${e.path} [${probe.what}] ${problem}`);
  return res.statusCode;
}

/** The database now, or undefined (put the victims back) when it differs from `before`. */
async function unchanged(
  t: TestApp,
  before: Fingerprint,
  role: RoleName,
  e: Endpoint,
  group: string,
  failures: Failures,
): Promise<Fingerprint | undefined> {
  const after = await fingerprint(t);
  const changed = changedTables(before, after);
  if (changed.length === 0) return after;
  failures.add(role, `${e.method.toUpperCase()} ${e.path} [${group}] refused requests changed ${changed.join(', ')}`);
  return undefined;
}

/** The probes of one operation as one role: without a token, or as that actor. */
export function probesAs(sweep: Sweep, e: Endpoint, role: RoleName): Probe[] {
  const actor = role === 'none' ? undefined : sweep.world.actors[role];
  return probesFor(sweep.world, e, actor?.auth ?? {}, sweep.forms, actor?.id);
}

/**
 * Fewest probes one operation gets (four roles, each with the query, body and multipart garbage
 * every operation receives): a sweep sending fewer has lost some.
 */
const MIN_PROBES_PER_OPERATION = 100;

// ---------- the tests ----------

/**
 * The bad-input sweep of one area: every operation the OpenAPI document tags with `area`. Called
 * by `<area>.bad-input.test.ts` beside the area's module.
 */
export function describeBadInputSweep(area: string): void {
  describe(`bad input to the ${area} operations never breaks the server or its data`, () => {
    let sweep: Sweep;
    let t: TestApp;
    let world: World;
    let endpoints: Endpoint[];

    beforeAll(async () => {
      sweep = await createSweep();
      ({ t, world } = sweep);
      endpoints = sweep.endpoints.filter((e) => e.op.tags?.includes(area));
    });
    afterAll(() => sweep?.t.close());

    it('finds the operations of the area in the OpenAPI document, and the actors are signed in', async () => {
      expect(endpoints.length).toBeGreaterThan(0);
      for (const actor of Object.values(world.actors)) {
        const me = await t.request('GET', '/api/user/me', actor);
        expect(me.json()).toMatchObject({ id: actor.id, role: actor.role });
      }
    });

    it('documents a bound for every id and every text a client sends', () => {
      // What SQLite would take and PostgreSQL refuses with a 500: ids past its 4-byte integers, text
      // past its varchar columns. Bounds in the schemas keep both a 400, on both databases.
      const unbounded: string[] = [];
      const check = (where: string, schema: JsonSchema | undefined): void => {
        if (!schema) return;
        for (const s of schema.anyOf ?? [schema]) {
          if (s.type === 'integer' && (s.maximum ?? Infinity) > LIMITS.idMax)
            unbounded.push(`${where}: integer up to ${s.maximum}`);
          if (s.type === 'string' && !s.enum && s.maxLength === undefined && s.pattern === undefined) {
            unbounded.push(`${where}: string without maxLength`);
          }
          if (s.type === 'array') check(`${where}[]`, s.items);
        }
      };
      for (const e of endpoints) {
        const at = `${e.method.toUpperCase()} ${e.path}`;
        for (const p of e.op.parameters ?? []) check(`${at} ${p.in} ${p.name}`, p.schema);
        for (const [type, content] of Object.entries(e.op.requestBody?.content ?? {})) {
          for (const [field, schema] of Object.entries(content.schema.properties ?? {})) {
            // The photo is bounded by its size instead: over 5 MB is a 413, as docs/api.md says, not a 400.
            if (e.path === '/api/upload/image' && field === 'file') continue;
            check(`${at} ${type} ${field}`, schema);
          }
        }
      }
      expect(unbounded).toEqual([]);
    });

    it('answers garbage in paths, queries, body fields, bodies and forms with a 4xx in the error shape, changing nothing it refuses', async () => {
      const failures = new Failures();
      let probed = 0;
      let known: Fingerprint | undefined;
      for (const e of endpoints) {
        for (const role of ROLES) {
          const probes = probesAs(sweep, e, role);
          probed += probes.length;
          // GET changes nothing whatever it is sent: one run. A write changes nothing when it is
          // refused: each group runs its must-refuse probes between two fingerprints, then the rest,
          // compared again when they were all refused too. The victims are put back only after a
          // probe was accepted, so every group starts from the saved state.
          const groups = e.method === 'get' ? [probes] : groupsOf(probes);
          for (const group of groups) {
            const name = group[0]?.group ?? '';
            if (!known) {
              await resetVictims(sweep);
              known = await fingerprint(t);
            }
            const quiet = group.filter((p) => e.method === 'get' || p.mustRefuse);
            const loud = group.filter((p) => !quiet.includes(p));
            for (const probe of quiet) await send(t, probe, role, e, failures);
            known = await unchanged(t, known, role, e, name, failures);
            let accepted = false;
            for (const probe of loud) accepted = (await send(t, probe, role, e, failures)) < 400 || accepted;
            if (accepted) known = undefined;
            else if (loud.length > 0 && known) known = await unchanged(t, known, role, e, name, failures);
          }
        }
      }
      expect(probed).toBeGreaterThan(MIN_PROBES_PER_OPERATION * endpoints.length);
      expect(failures.list()).toEqual([]);
    });

    it('answers bad tokens, missing methods and HEAD without a 5xx', async () => {
      const failures = new Failures();
      for (const e of endpoints) {
        await resetVictims(sweep);
        // The methods a path has, whichever area they belong to.
        const siblings = METHODS.filter((m) => sweep.endpoints.some((x) => x.path === e.path && x.method === m));
        for (const probe of await tokenAndMethodProbes(t, world, e, siblings))
          await send(t, probe, 'none', e, failures);
      }
      expect(failures.list()).toEqual([]);
    });

    it('keeps a saved order, category, menu item and user name exactly as they were after garbage aimed at them', async () => {
      await resetVictims(sweep);
      const { user, barista, admin } = world.actors;
      const read = async () => ({
        order: (await t.request('GET', `/api/order/${world.victims.order}`, user)).json<unknown>(),
        category: (
          await t.app.inject({ method: 'GET', url: `/api/category/${world.victims.category}` })
        ).json<unknown>(),
        menu: (await t.app.inject({ method: 'GET', url: `/api/menu/${world.victims.menu}` })).json<unknown>(),
        users: (await t.request('GET', '/api/user', admin)).json<unknown>(),
        bystanderOrder: (await t.request('GET', `/api/order/${world.bystanders.order}`, admin)).json<unknown>(),
        shop: (await t.app.inject({ method: 'GET', url: '/api/cafe-status' })).json<unknown>(),
      });
      const before = await read();
      expect(before.order).toMatchObject({ id: world.victims.order, status: 'ordered', menu: { name: 'Thai Tea' } });
      expect(before.users).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: world.victims.user, name: 'Victim' })]),
      );

      const failures = new Failures();
      const aimed = endpoints.filter((e) => e.method !== 'get' && /\{id\}/.test(e.path));
      for (const e of aimed) {
        for (const role of ROLES) {
          for (const probe of probesAs(sweep, e, role).filter((p) => p.mustRefuse)) {
            await send(t, probe, role, e, failures);
          }
        }
      }
      expect(failures.list()).toEqual([]);
      expect(await read()).toEqual(before);
      // The people who sent all that can still work.
      for (const who of [user, barista, admin]) {
        expect((await t.request('GET', '/api/user/me', who)).statusCode).toBe(200);
      }
    });
  });
}
