import type { ErrorBody, ErrorCode, PeopleText, TokenPair } from '@cafe/shared';
import type { z } from 'zod';
import { takeEarlyRead } from './early-reads';
import { tokenStorage } from './storage-keys';

/**
 * An error answer of the API: status, code and a sentence a person can read (the server's English),
 * with, for a refusal the people catalogue words, its message id and values (ErrorBody's `messageId`
 * and `params`) so the screen says it in the interface's language (lib/error-text.ts).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly text?: PeopleText,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown, code?: ErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

const BASE = '/api';

type Listener = () => void;
const sessionExpiredListeners = new Set<Listener>();
/** Called when the tokens cannot be refreshed any more: the app signs the user out. */
export function onSessionExpired(listener: Listener): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

/** The tokens can no longer be refreshed: tell the app, which signs the user out. */
export function expireSession(): void {
  for (const listener of [...sessionExpiredListeners]) listener();
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: concurrent 401s wait for the same rotation. */
export function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = tokenStorage.getRefresh();
    if (!refreshToken) return false;
    try {
      const res = await fetch(`${BASE}/auth/refresh-token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
      });
      if (!res.ok) return false;
      // Checked by the server against the contract (see apiServerChecked): a returning person's
      // first screen refreshes here, and must not wait for the schema library.
      const pair = (await res.json()) as TokenPair;
      tokenStorage.save(pair.accessToken, pair.refreshToken);
      return true;
    } catch {
      return false;
    } finally {
      setTimeout(() => {
        refreshing = null;
      }, 0);
    }
  })();
  return refreshing;
}

export interface RequestOptions<S extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | readonly string[]>;
  /** Validates the answer; omit for answers without a body. */
  schema?: S;
  signal?: AbortSignal;
  /** Do not try to refresh on 401 (the auth calls themselves). */
  noRefresh?: boolean;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

function buildUrl(path: string, query?: RequestOptions<undefined>['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value as readonly string[]) params.append(key, v);
    else params.set(key, String(value));
  }
  const qs = params.toString();
  return `${BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function send(path: string, options: RequestOptions<z.ZodType | undefined>): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  const token = tokenStorage.getAccess();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const url = buildUrl(path, options.query);
  const method = options.method ?? 'GET';
  try {
    const early = method === 'GET' ? takeEarlyRead(url, token) : undefined;
    if (early) return await early;
    return await fetch(url, {
      method,
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'Cannot reach the cafe server. Check your connection and try again.');
  }
}

/** What a person reads for an error answer that is not the server's (docs/decisions/0105). */
const SERVICE_AWAY: PeopleText = { id: 'people.error.unavailable' };

/** Sends a call and gives its successful answer; throws ApiError for error answers; refreshes the tokens once on 401. */
async function call(path: string, options: RequestOptions<z.ZodType | undefined>): Promise<Response> {
  let res = await send(path, options);
  if (res.status === 401 && !options.noRefresh && tokenStorage.getRefresh()) {
    if (await refreshTokens()) res = await send(path, options);
    else expireSession();
  }
  if (!res.ok) {
    let message = `Request failed (${res.status})`;
    let code: ErrorCode | 'NETWORK' = 'INTERNAL';
    let text: PeopleText | undefined;
    try {
      const data = (await res.json()) as Partial<ErrorBody>;
      if (data.message) message = data.message;
      if (data.code) code = data.code;
      if (typeof data.messageId === 'string') text = { id: data.messageId, values: data.params };
      else if (!data.code) text = SERVICE_AWAY;
    } catch {
      // Not the server's answer (a proxy's page while it is away): a person reads "try again".
      text = SERVICE_AWAY;
    }
    throw new ApiError(res.status, code, message, text);
  }
  return res;
}

/** Calls the API and parses the answer with `schema`; throws ApiError for error answers. */
export async function api<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<S extends z.ZodType ? z.infer<S> : void> {
  const res = await call(path, options);
  if (!options.schema || res.status === 204) return undefined as never;
  const data: unknown = await res.json();
  return options.schema.parse(data) as never;
}

/**
 * Calls the API and gives the answer as the contract types it, without parsing it again here.
 * Only for the reads of the first screen (settings, profile, venue state, menu, daily count, the
 * e-mail confirmation status of the frame's banner, and the opening hours the closed page and the
 * cafe menu show):
 * each of those routes declares its response schema, and the server parses every answer with it
 * before it leaves; parsing it once more here would make the first screen wait for the schema
 * library (docs/decisions/0015-first-screen.md). Every other answer goes through `api`.
 */
export async function apiServerChecked<T>(
  path: string,
  options: Omit<RequestOptions<undefined>, 'schema'> = {},
): Promise<T> {
  const res = await call(path, options);
  return (await res.json()) as T;
}

/**
 * Calls the API for a file (a download the server makes, such as a CSV export) and gives its bytes;
 * throws ApiError for error answers, and refreshes the tokens once on 401 as `api` does.
 */
export async function apiFile(path: string, options: Omit<RequestOptions<undefined>, 'schema'> = {}): Promise<Blob> {
  const res = await call(path, options);
  return res.blob();
}
