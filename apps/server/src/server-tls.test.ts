import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeHealth } from './ops/health';
import { makeSelfSigned, type SelfSigned } from './test-support/self-signed';
import { createTestApp, type TestApp } from './test-support/test-app';
import { EVENT_WAIT_MS } from './test-support/waits';

/**
 * A server with its own certificate (TLS_CERT, TLS_KEY) answers HTTPS and the live channel over
 * wss:// on its one port, and nothing in plain HTTP (ASVS 12.3.3; decision 0087). The image's
 * health check speaks to it over TLS and accepts only the server's own certificate.
 */
describe('a server with its own certificate', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cafe-server-tls-'));
  let own: SelfSigned;
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    own = makeSelfSigned(dir, 'own');
    t = await createTestApp({ config: { tls: { cert: own.cert.toString(), key: own.key.toString() } } });
    base = await t.listen();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The status of GET `url`, trusting `ca`, or the error code when no answer came. */
  const get = (url: string, ca?: Buffer) =>
    new Promise<number | string>((resolve) => {
      const send = url.startsWith('https:') ? httpsRequest : httpRequest;
      const request = send(url, { ca, agent: false, timeout: EVENT_WAIT_MS }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      request.end();
    });

  it('answers HTTPS with it, and plain HTTP not at all', async () => {
    expect(base).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(await get(`${base}/api/health`, own.cert)).toBe(200);
    // A client that does not trust the certificate stops before sending anything.
    expect(await get(`${base}/api/health`)).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
    // Plain HTTP on the same port: the connection ends without an answer.
    expect(await get(`${base.replace('https:', 'http:')}/api/health`)).toBe('ECONNRESET');
  });

  it('carries the live channel over wss:// on the same port', async () => {
    const socket = io(base, {
      path: '/api/socket.io',
      transports: ['websocket'],
      ca: own.cert.toString(),
      forceNew: true,
      reconnection: false,
    });
    try {
      const hello = await new Promise<unknown>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no hello over wss://')), EVENT_WAIT_MS);
        socket.once('hello', (payload: unknown) => {
          clearTimeout(timer);
          resolve(payload);
        });
        socket.once('connect_error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
      });
      expect(hello).toBeTruthy();
      expect(socket.io.engine.transport.name).toBe('websocket');
    } finally {
      socket.close();
    }
  });

  it("has the image's health check accept the server's own certificate only", async () => {
    const port = Number(new URL(base).port);
    expect(await probeHealth({ port, cert: own.cert.toString() })).toBe(true);
    // Another certificate expected: the answering one is not it, so the server is not "this" one.
    const other = makeSelfSigned(dir, 'other');
    expect(await probeHealth({ port, cert: other.cert.toString() })).toBe(false);
    // Speaking plain HTTP to a TLS server: no answer, unhealthy.
    expect(await probeHealth({ port })).toBe(false);
  });
});

describe('the health check of a server without a certificate', () => {
  it('asks over plain HTTP', async () => {
    const t = await createTestApp();
    try {
      const port = Number(new URL(await t.listen()).port);
      expect(await probeHealth({ port })).toBe(true);
      // Nothing answers on a port nobody listens on.
      await t.app.close();
      expect(await probeHealth({ port })).toBe(false);
    } finally {
      await t.close();
    }
  });
});
