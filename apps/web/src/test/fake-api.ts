// The one fake API of the web component tests: fetch answers from a handler or a table, every call recorded.
import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  /** The path below /api, e.g. "/order/my-queue". */
  path: string;
  search: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

/** An answer of the fake API: status 200 and no body unless said otherwise. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}

/** A body that is not JSON (a CSV download): sent as it is, with its content type. */
export class RawBody {
  constructor(
    readonly contentType: string,
    readonly text: string,
  ) {}
}

type Answer = { status?: number; body?: unknown };
type Handler = (call: RecordedCall) => Answer | undefined | Promise<Answer | undefined>;
/**
 * "METHOD /path" (below /api, query string ignored) -> the body answered with 200, a Reply, or a
 * function of the call giving either.
 */
type AnswerTable = Record<string, unknown>;

/**
 * An error answer as the server gives it: status, code and a sentence, and for a refusal the people
 * catalogue words, its message id and values (`messageId`, `params`).
 */
export function apiError(
  status: number,
  code: string,
  message = code,
  people?: { messageId: string; params?: Record<string, string | number> },
): Reply {
  return new Reply(status, { statusCode: status, error: 'Error', message, code, ...people });
}

const NOT_FOUND = apiError(404, 'NOT_FOUND', 'not found');

function fromTable(table: AnswerTable): Handler {
  return (call) => {
    const key = `${call.method} ${call.path}`;
    if (!(key in table)) return undefined;
    const entry = table[key];
    const answer: unknown = typeof entry === 'function' ? (entry as (call: RecordedCall) => unknown)(call) : entry;
    return answer instanceof Reply ? answer : { body: answer };
  };
}

/** Replaces fetch with a fake API answering from `answers` (anything unanswered gets 404). */
export function mockApi(answers: Handler | AnswerTable) {
  const handler = typeof answers === 'function' ? answers : fromTable(answers);
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      search: url.searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const answer = (await handler(call)) ?? NOT_FOUND;
    const status = answer.status ?? 200;
    if (answer.body instanceof RawBody) {
      return new Response(answer.body.text, { status, headers: { 'Content-Type': answer.body.contentType } });
    }
    const hasBody = answer.body !== undefined && status !== 204;
    return new Response(hasBody ? JSON.stringify(answer.body) : null, {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
