import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUrl, pngImage } from '../test-support/image-fixtures';
import { connectClient, createTestApp, type TestApp } from '../test-support/test-app';
import { COMPRESSION_THRESHOLD_BYTES } from './compression';

/** A built web app as the build leaves it: each text file with its .br and .gz beside it. */
function fakeDist(files: Record<string, string>): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'cafe-web-'));
  mkdirSync(path.join(dist, 'assets'));
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dist, name);
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  }
  return dist;
}

const APP_JS = `export const menu = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `drink ${i}`))};`;
const INDEX_HTML = '<!doctype html><title>Office Cafe</title><div id="root"><p>Wait a sec...</p></div>';

describe('compression', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = fakeDist({ 'index.html': INDEX_HTML, 'assets/app-abc123.js': APP_JS });
    // The demo menu: its category list is a few kB of JSON, like a real cafe's.
    t = await createTestApp({ env: { WEB_DIST: dist, DEMO: 'on' } });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('sends a hashed asset as brotli, gzip or as it is, as the browser accepts, with its long cache', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);

    const gzip = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(APP_JS);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.body).toBe(APP_JS);

    const identity = await get('/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(APP_JS);
  });

  it('sends the page shell compressed and never cached without asking', async () => {
    for (const url of ['/', '/menuCafe']) {
      const res = await get(url, { accept: 'text/html', 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX_HTML);
    }
  });

  it('answers a revalidation of an unchanged asset with 304 and no body', async () => {
    const first = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    const again = await get('/assets/app-abc123.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('compresses API answers above the threshold and leaves small ones alone', async () => {
    const menu = await get('/api/category', { 'accept-encoding': 'br, gzip' });
    expect(menu.statusCode).toBe(200);
    expect(menu.headers['content-encoding']).toBe('br');
    expect(menu.headers.vary).toContain('accept-encoding');
    const text = brotliDecompressSync(menu.rawPayload).toString();
    expect(text.length).toBeGreaterThanOrEqual(COMPRESSION_THRESHOLD_BYTES);
    const categories = JSON.parse(text) as { name: string; menu: unknown[] }[];
    expect(categories.map((c) => c.name)).toContain('Coffee');

    const gzip = await get('/api/category', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(text);

    const plain = await get('/api/category');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(text);

    const small = await get('/api/cafe-status', { 'accept-encoding': 'br, gzip' });
    expect(small.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(Object.keys(small.json<Record<string, unknown>>()).sort()).toEqual(['isBarOpen', 'isCafeOpen']);
  });

  it('sends images as stored (WebP is compressed already) and still answers 304', async () => {
    const user = await t.createUser();
    const upload = await t.request('POST', '/api/upload/image', user, { file: dataUrl(await pngImage(64)) });
    expect(upload.statusCode).toBe(201);
    const { url } = upload.json<{ url: string }>();
    const image = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const again = await get(url, { 'accept-encoding': 'br, gzip', 'if-none-match': String(image.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('compresses the metrics for a scraper that accepts gzip', async () => {
    const res = await get('/api/metrics', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('process_resident_memory_bytes');
  });

  it('leaves the live channel to Socket.IO', async () => {
    const baseUrl = await t.listen();
    const handshake = await fetch(`${baseUrl}/api/socket.io/?EIO=4&transport=polling`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(handshake.status).toBe(200);
    expect(await handshake.text()).toMatch(/^0\{"sid":/);
    const socket = await connectClient(baseUrl);
    expect(socket.connected).toBe(true);
    socket.disconnect();
  });
});
