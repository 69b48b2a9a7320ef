import { tokenStorage } from './storage-keys';

/*
 * Reads a first screen waits for, started by the small early script (src/early.ts) while the
 * app's own code is still on its way, instead of once it has arrived and run; on the cafe menu, its
 * code too. The API client
 * takes each answer once, for the very same request (lib/api-client.ts); an answer nobody takes is
 * simply dropped. Nothing here may import more than this: the early script must stay small.
 */

/** Where the cafe menu is shown (lib/paths.ts; a test keeps the two the same). */
export const CAFE_MENU_PATHS: readonly string[] = ['/', '/menuCafe', '/menucafe', '/menuCafe-admin'];

const early = new Map<string, { token: string | null; answer: Promise<Response> }>();

/** A GET of the API as the API client would send it, with the stored access token. */
function startRead(url: string, token: string | null): void {
  const answer = fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  // Whoever takes it handles a failure; one nobody takes must not be reported as unhandled.
  answer.catch(() => undefined);
  early.set(url, { token, answer });
}

/**
 * The files of the cafe menu's code, which the built page lists (apps/web/vite.config.ts): asked
 * for now, they arrive with the start-up instead of after it has run.
 */
function preloadCafeMenuCode(): void {
  const list = document.getElementById('cafe-menu-code')?.textContent;
  if (!list) return;
  for (const href of JSON.parse(list) as string[]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * What the first screen at `pathname` reads: who is signed in (any screen of a signed-in person),
 * and on the cafe menu its items, the daily count and its code. The settings and the venue state
 * are asked for by index.html itself.
 */
export function startEarlyReads(pathname: string): void {
  const token = tokenStorage.getAccess();
  if (token) startRead('/api/user/me', token);
  if (CAFE_MENU_PATHS.includes(pathname)) {
    preloadCafeMenuCode();
    startRead('/api/category?categoryFor=cafe', token);
    if (token) startRead('/api/order/count/user', token);
  }
}

/** The answer of a read started early for `url` with `token`, once; undefined when there is none. */
export function takeEarlyRead(url: string, token: string | null): Promise<Response> | undefined {
  const read = early.get(url);
  early.delete(url);
  // Tokens renewed or dropped meanwhile: the early answer was asked with the old one, ask again.
  return read?.token === token ? read.answer : undefined;
}
