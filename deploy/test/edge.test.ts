import { readFileSync } from 'node:fs';
import { connect as connectTcp, type Socket as TcpSocket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer as createHttpServer, type RequestListener } from 'node:http';
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https';
import { connect as connectTls, type ConnectionOptions, type TLSSocket } from 'node:tls';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_WAIT_MS } from '../../apps/server/src/test-support/waits';
import pg from 'pg';
import { makeInternalCa, startTopology, type Topology } from './topology';

/**
 * The edge of the production topology (deploy/test/topology.ts): nginx's HTTPS server with the
 * repository's TLS settings (deploy/nginx/cafe-tls.conf) and a throwaway certificate, its plain-HTTP
 * server (cafe-plain-http.conf), and how nginx and a server process frame requests (ASVS 12.1.1,
 * 12.1.2, 4.1.2, 12.2.1, 4.4.1, 3.3.1, 4.2.1).
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Mozilla's "intermediate" TLS 1.2 suites the HTTPS server offers (OpenSSL names). */
const INTERMEDIATE_TLS12 = [
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-RSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305',
  'ECDHE-RSA-CHACHA20-POLY1305',
];

type Handshake = { protocol: string | null; cipher: string } | { refused: string };

describe('the edge: TLS, plain HTTP and request framing', () => {
  let topology: Topology;

  beforeAll(async () => {
    topology = await startTopology({ serverCount: 1 });
  }, 240_000);
  afterAll(async () => {
    await topology?.stop();
  }, 60_000);
  beforeEach((context) => {
    context.onTestFailed(() => console.error(topology?.logs()));
  });

  /** A TLS handshake with nginx's HTTPS server, trusting the test's certificate: what was agreed, or why not. */
  const handshake = (options: ConnectionOptions): Promise<Handshake> =>
    new Promise((resolve) => {
      const socket: TLSSocket = connectTls({
        host: '127.0.0.1',
        port: topology.httpsPort,
        servername: 'localhost',
        ca: topology.certificate.cert,
        ...options,
      });
      const timer = setTimeout(() => {
        socket.destroy();
        resolve({ refused: 'no answer' });
      }, EVENT_WAIT_MS);
      socket.once('secureConnect', () => {
        clearTimeout(timer);
        const agreed = { protocol: socket.getProtocol(), cipher: socket.getCipher().name };
        socket.end();
        resolve(agreed);
      });
      socket.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        resolve({ refused: error.code ?? error.message });
      });
    });

  /** A request to nginx's HTTPS server (the test's certificate trusted). */
  const overHttps = (path: string) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
      const request = httpsRequest(
        { host: '127.0.0.1', port: topology.httpsPort, path, ca: topology.certificate.cert, agent: false },
        (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
        },
      );
      request.on('error', reject);
      request.end();
    });

  it('speaks TLS 1.3 first and TLS 1.2, and refuses TLS 1.1 and 1.0 (12.1.1)', async () => {
    // A client that can speak either gets TLS 1.3.
    expect(await handshake({ minVersion: 'TLSv1.2', maxVersion: 'TLSv1.3' })).toMatchObject({ protocol: 'TLSv1.3' });
    expect(await handshake({ minVersion: 'TLSv1.3', maxVersion: 'TLSv1.3' })).toMatchObject({ protocol: 'TLSv1.3' });
    expect(await handshake({ minVersion: 'TLSv1.2', maxVersion: 'TLSv1.2' })).toMatchObject({ protocol: 'TLSv1.2' });
    // The old versions are offered for real (OpenSSL's security level 0 lets this client send
    // them); nginx answers with a protocol_version alert.
    for (const version of ['TLSv1.1', 'TLSv1'] as const) {
      const outcome = await handshake({ minVersion: version, maxVersion: version, ciphers: 'DEFAULT:@SECLEVEL=0' });
      expect(outcome, version).toEqual({ refused: expect.stringMatching(/ALERT_PROTOCOL_VERSION/) as unknown });
    }
  });

  it("agrees on TLS 1.2 only with Mozilla's intermediate suites: forward secrecy and AEAD (12.1.2)", async () => {
    const agreed = await handshake({ minVersion: 'TLSv1.2', maxVersion: 'TLSv1.2' });
    expect(agreed).toHaveProperty('cipher');
    expect(INTERMEDIATE_TLS12).toContain((agreed as { cipher: string }).cipher);
    // RSA key exchange (no forward secrecy), CBC with SHA-1 (no AEAD), 3DES: each refused alone.
    for (const weak of ['AES128-GCM-SHA256', 'AES256-SHA256', 'ECDHE-RSA-AES128-SHA', 'ECDHE-RSA-AES256-SHA384']) {
      const outcome = await handshake({
        minVersion: 'TLSv1.2',
        maxVersion: 'TLSv1.2',
        ciphers: `${weak}:@SECLEVEL=0`,
      });
      expect(outcome, weak).toEqual({ refused: expect.stringMatching(/ALERT_HANDSHAKE_FAILURE/) as unknown });
    }
  });

  it('serves the cafe over HTTPS, with HSTS and the route cookie Secure under a __Host- name (12.2.1, 3.4.1, 3.3.1)', async () => {
    const answer = await overHttps('/api/health');
    expect(answer.status).toBe(200);
    expect(answer.headers['strict-transport-security']).toMatch(/max-age=(3153[6-9]\d{3}|[4-9]\d{7}|\d{9,});/);
    expect(answer.headers['strict-transport-security']).toContain('includeSubDomains');
    expect(answer.headers['set-cookie']).toEqual([
      expect.stringMatching(/^__Host-cafe_route=[0-9a-f]+; Path=\/; Secure; HttpOnly; SameSite=Lax$/),
    ]);
  });

  it('redirects only pages from plain HTTP to HTTPS, refusing the API and the live channel there (4.1.2)', async () => {
    const plain = `http://127.0.0.1:${topology.plainHttpPort}`;
    for (const page of ['/', '/ordering?site=2', '/login/sso']) {
      const answer = await fetch(`${plain}${page}`, { redirect: 'manual' });
      expect(answer.status, page).toBe(301);
      expect(answer.headers.get('location'), page).toBe(`https://127.0.0.1${page}`);
    }
    const refusals = [
      fetch(`${plain}/api/auth/v2/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'someone@example.com', password: 'sent-in-clear-1' }),
      }),
      fetch(`${plain}/api/health`, { redirect: 'manual' }),
      fetch(`${plain}/api/socket.io/?EIO=4&transport=polling`, { redirect: 'manual' }),
      fetch(`${plain}/api`, { redirect: 'manual' }),
    ];
    for (const answer of await Promise.all(refusals)) {
      expect(answer.status, answer.url).toBe(403);
      expect(answer.headers.get('location'), answer.url).toBeNull();
      expect(answer.headers.get('content-type'), answer.url).toBe('application/json; charset=utf-8');
      expect(await answer.json(), answer.url).toMatchObject({
        code: 'FORBIDDEN',
        message: expect.stringContaining('HTTPS') as unknown,
      });
    }
  });

  it('carries the live channel over wss:// and refuses a ws:// upgrade on plain HTTP (4.4.1)', async () => {
    const socket = connectSocket(`https://127.0.0.1:${topology.httpsPort}`, {
      path: '/api/socket.io',
      transports: ['websocket'],
      ca: topology.certificate.cert.toString(),
      forceNew: true,
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no wss:// connection through nginx')), EVENT_WAIT_MS);
        socket.once('connect', () => {
          clearTimeout(timer);
          resolve();
        });
        socket.once('connect_error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
      });
      expect(socket.io.engine.transport.name).toBe('websocket');
    } finally {
      socket.disconnect();
    }
    const upgrade = await exchange(
      () => connectTcp(topology.plainHttpPort, '127.0.0.1'),
      'GET /api/socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n' +
        'Connection: Upgrade, close\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    expect(statusLines(upgrade.text)).toEqual(['403']);
  });

  /** Request smuggling probes: each sends one request whose end is ambiguous, followed by a second one. */
  const SMUGGLED = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
  const head = (lines: string[]) => `POST /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines.join('\r\n')}\r\n\r\n`;
  const chunk = `${SMUGGLED.length.toString(16)}\r\n${SMUGGLED}\r\n0\r\n\r\n`;
  const probes: Record<string, string> = {
    'CL.TE':
      head([`Content-Length: ${`0\r\n\r\n${SMUGGLED}`.length}`, 'Transfer-Encoding: chunked']) + `0\r\n\r\n${SMUGGLED}`,
    'TE.CL': head(['Content-Length: 4', 'Transfer-Encoding: chunked']) + chunk,
    'TE.TE': head(['Content-Length: 4', 'Transfer-Encoding: chunked', 'Transfer-Encoding: identity']) + chunk,
    'duplicated Content-Length': head(['Content-Length: 0', `Content-Length: ${SMUGGLED.length}`]) + SMUGGLED,
  };

  it('refuses ambiguous request framing at nginx and at a server process, answering one request at most (4.2.1)', async () => {
    const doors: Record<string, () => TcpSocket | TLSSocket> = {
      'nginx (HTTPS)': () =>
        connectTls({
          host: '127.0.0.1',
          port: topology.httpsPort,
          servername: 'localhost',
          ca: topology.certificate.cert,
        }),
      'nginx (proxy)': () => connectTcp(Number(new URL(topology.proxyUrl).port), '127.0.0.1'),
      'server process': () =>
        connectTls({ host: '127.0.0.1', port: topology.servers[0]!.port, ca: topology.internalCa }),
    };
    for (const [door, open] of Object.entries(doors)) {
      // The probes can see two answers on one connection: two honest requests in a row get two.
      const honest = await exchange(open, SMUGGLED + SMUGGLED.replace('Host:', 'Connection: close\r\nHost:'));
      expect(statusLines(honest.text), `${door}, two honest requests: ${honest.text}`).toEqual(['200', '200']);
      for (const [name, bytes] of Object.entries(probes)) {
        const outcome = await exchange(open, bytes);
        // Refused with 400 and the connection closed: the smuggled GET, which would answer 200, is
        // never read as a request of its own.
        expect(statusLines(outcome.text), `${door}, ${name}: ${outcome.text.slice(0, 200)}`).toEqual(['400']);
        expect(outcome.closed, `${door}, ${name}`).toBe(true);
      }
    }
  });

  /**
   * TLS inside the host (decision 0087): nginx reaches each server process over TLS 1.3 and the
   * processes reach PostgreSQL over TLS, each checking the other's certificate against the
   * installation's own CA (deploy/make-internal-ca.sh) and nothing else, with no plain fallback.
   */
  describe('TLS inside the host: nginx to the servers, the servers to PostgreSQL (12.3.3, 12.3.4)', () => {
    it("has each server process answer TLS only, with the internal CA's certificate for cafe-server", async () => {
      const server = topology.servers[0]!;
      const agreed = await new Promise<{ protocol: string | null; authorized: boolean }>((resolve, reject) => {
        const socket = connectTls({
          host: '127.0.0.1',
          port: server.port,
          servername: 'cafe-server',
          ca: topology.internalCa,
        });
        socket.once('secureConnect', () => {
          resolve({ protocol: socket.getProtocol(), authorized: socket.authorized });
          socket.end();
        });
        socket.once('error', reject);
      });
      expect(agreed).toEqual({ protocol: 'TLSv1.3', authorized: true });
      // Plain HTTP to the same port gets no answer at all: the connection is dropped.
      const plain = await exchange(
        () => connectTcp(server.port, '127.0.0.1'),
        'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
      );
      expect(statusLines(plain.text)).toEqual([]);
      expect(plain.closed).toBe(true);
      // Through nginx, whose proxy_pass is https:// (cafe-server.conf), the cafe answers.
      expect((await topology.api('/api/health')).status).toBe(200);
    });

    it('has nginx send nothing to a process whose certificate another CA signed, or that speaks plain HTTP', async () => {
      const server = topology.servers[0]!;
      // Another installation's CA, whose certificate even carries the right names.
      const other = path.join(topology.dir, 'other-ca');
      makeInternalCa(other);
      const impostors = {
        'a certificate of another CA': (handler: RequestListener) =>
          createHttpsServer(
            {
              cert: readFileSync(path.join(other, 'server_tls_cert')),
              key: readFileSync(path.join(other, 'server_tls_key')),
            },
            handler,
          ),
        'plain HTTP': (handler: RequestListener) => createHttpServer(handler),
      };
      await server.kill();
      try {
        for (const [name, make] of Object.entries(impostors)) {
          let requests = 0;
          const impostor = make((_request, response) => {
            requests += 1;
            response.end('{}');
          });
          await new Promise<void>((resolve) => impostor.listen(server.port, '127.0.0.1', resolve));
          try {
            const answer = await topology.api('/api/auth/v2/login', {
              body: { email: 'admin@example.com', password: 'admin-password-topology-1' },
            });
            expect(answer.status, name).toBe(502);
            expect(requests, `${name}: requests the impostor received`).toBe(0);
          } finally {
            impostor.closeAllConnections();
            await new Promise((resolve) => impostor.close(resolve));
          }
        }
        const errors = readFileSync(path.join(topology.dir, 'error.log'), 'utf8');
        expect(errors).toMatch(/upstream SSL certificate verify error/);
      } finally {
        await server.start();
      }
      expect((await topology.api('/api/health')).status).toBe(200);
    });

    it('has the server reach PostgreSQL over TLS 1.3, and refuse to start with one it cannot verify', async () => {
      const client = new pg.Client({ connectionString: topology.cluster.url('postgres') });
      await client.connect();
      try {
        const { rows } = await client.query<{ ssl: boolean; version: string | null }>(
          `SELECT s.ssl, s.version FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid)
            WHERE a.datname = 'cafe' AND a.backend_type = 'client backend'`,
        );
        expect(rows.length).toBeGreaterThan(0);
        expect(
          rows.every((row) => row.ssl && row.version === 'TLSv1.3'),
          JSON.stringify(rows),
        ).toBe(true);
      } finally {
        await client.end();
      }
      // A process told to trust another CA does not start, and never falls back to plain text.
      const other = path.join(topology.dir, 'other-ca-for-postgres');
      makeInternalCa(other);
      const doubting = await topology.standalone('server-other-ca', {
        DATABASE_URL: `${topology.cluster.url('cafe')}?sslmode=verify-full&sslrootcert=${path.join(other, 'internal_ca')}`,
      });
      await expect(doubting.start()).rejects.toThrow(/exited with 1 while starting[\s\S]*certificate/);
    });
  });
});

describe("the shipped HTTPS server's certificate", () => {
  it("is the operator's, mounted for nginx, and the guide requires a publicly trusted one (12.2.2)", () => {
    // The app cannot check what phones are shown; compose's nginx serves the mounted certificate
    // (nothing self-made at start-up), and docs/deploy.md tells the operator what it must be.
    const nginx = readFileSync(path.join(REPO, 'deploy/nginx/nginx.conf'), 'utf8');
    expect(nginx).toMatch(/ssl_certificate \/etc\/nginx\/certs\/fullchain\.pem;/);
    expect(readFileSync(path.join(REPO, 'compose.yaml'), 'utf8')).toMatch(/:\/etc\/nginx\/certs:ro/);
    const guide = readFileSync(path.join(REPO, 'docs/deploy.md'), 'utf8').replace(/\s+/g, ' ');
    expect(guide).toContain('The certificate must be publicly trusted');
    expect(guide).toContain('Never self-signed');
  });
});

/** The status codes of every answer on a connection, in order. */
function statusLines(text: string): string[] {
  return [...text.matchAll(/HTTP\/1\.[01] (\d{3}) /g)].map((m) => m[1] ?? '');
}

/** Writes `bytes` on a new connection and reads until the other side closes it (or the ceiling passes). */
function exchange(open: () => TcpSocket | TLSSocket, bytes: string): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = open();
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString('latin1'), closed: false });
    }, EVENT_WAIT_MS);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: Error) => {
      clearTimeout(timer);
      if (chunks.length > 0) resolve({ text: Buffer.concat(chunks).toString('latin1'), closed: true });
      else reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text: Buffer.concat(chunks).toString('latin1'), closed: true });
    });
    socket.write(bytes);
  });
}
