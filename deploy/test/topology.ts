import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connectSocket, type Socket } from 'socket.io-client';
import webpush from 'web-push';
import { startPgCluster, type PgCluster } from '../../apps/server/src/test-support/pg-cluster';
import { freePort } from '../../apps/server/src/test-support/free-port';
import { makeSelfSigned, type SelfSigned } from '../../apps/server/src/test-support/self-signed';
import { EVENT_WAIT_MS, PROCESS_WAIT_MS } from '../../apps/server/src/test-support/waits';
import { SERVER_NODE_FLAGS, serverProcessEnv } from '../../scripts/server-process.mjs';

/**
 * The production topology without containers: a private PostgreSQL cluster, server processes of
 * the built server (apps/server/dist/server.js) sharing it, and Debian's nginx in front with the
 * repository's proxy rules (deploy/nginx). Everything lives in one temporary folder and is
 * stopped by `stop()`, and on the way out of the process should a test run die first.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_DIST = path.join(repoRoot, 'apps/server/dist/server.js');
const NGINX_DIR = path.join(repoRoot, 'deploy/nginx');
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export const ADMIN = { email: 'admin@example.com', password: 'admin-password-topology-1' };
/** The cafe's default position: orders from here pass the location check, which production keeps on. */
export const AT_THE_CAFE = { latitude: 13.7466, longitude: 100.5393 };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it is true; fails after `ms` with `what` and the details from `explain`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  ms: number,
  explain: () => string = () => '',
): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms\n${explain()}`);
    await sleep(100);
  }
}

function newestMtime(dir: string): number {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * The test runs the built server, as production does. It builds it when it is missing or older
 * than its sources, so that it never tests yesterday's code (esbuild: a few seconds). The web app
 * is not needed: the scenarios use the API and the live channel.
 */
export function ensureServerBuilt(): void {
  const built = existsSync(SERVER_DIST) ? statSync(SERVER_DIST).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(path.join(repoRoot, 'apps/server/src')),
    newestMtime(path.join(repoRoot, 'packages/shared/src')),
  );
  if (built >= sources) return;
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 180_000,
  });
  if (result.status !== 0) throw new Error(`npm run build -w apps/server failed:\n${result.stdout}\n${result.stderr}`);
}

/**
 * The internal CA and its certificates in `dir`, by deploy/make-internal-ca.sh, each also naming
 * 127.0.0.1 (the test reaches every process on loopback). Another folder makes another CA.
 */
export function makeInternalCa(dir: string): void {
  const result = spawnSync('sh', [path.join(repoRoot, 'deploy/make-internal-ca.sh'), dir], {
    env: { ...process.env, INTERNAL_TLS_NAMES: 'IP:127.0.0.1' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(`deploy/make-internal-ca.sh failed:\n${result.stdout}\n${result.stderr}`);
}

/** One server process of the topology; it can be killed and started again on the same port. */
export class ServerProcess {
  child: ChildProcess | undefined;
  private output = '';

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    /** The internal CA's certificate, which this process's own certificate is checked against. */
    private readonly ca: string,
  ) {}

  /** The process's own address: HTTPS, as nginx reaches it (its certificate names 127.0.0.1 too). */
  get url(): string {
    return `https://127.0.0.1:${this.port}`;
  }

  get alive(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The end of the process's output (for failure messages). */
  log(): string {
    return `--- ${this.name} (port ${this.port}) ---\n${this.output.slice(-4000)}`;
  }

  async start(): Promise<void> {
    if (this.alive) throw new Error(`${this.name} is already running`);
    this.output += `\n[test] starting ${this.name}\n`;
    // As the image runs it (Dockerfile CMD; scripts/server-process.mjs).
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_DIST], {
      cwd: repoRoot,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    // A process that ends while starting fails at once, with its output (read to the end).
    const ended = new Promise<never>((_, reject) =>
      child.once('close', (code, signal) =>
        reject(new Error(`${this.name} exited with ${code ?? signal} while starting\n${this.log()}`)),
      ),
    );
    await Promise.race([
      ended,
      waitFor(
        `${this.name} ready`,
        async () => (await nodeRequest(`${this.url}/api/ready`, { ca: this.ca })).ok,
        PROCESS_WAIT_MS,
        () => this.log(),
      ),
    ]);
  }

  /** kill -9: no shutdown at all, as when the machine or the process dies. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
    this.output += `\n[test] ${this.name} ended by ${signal}\n`;
  }

  /**
   * Graceful stop (SIGTERM), then SIGKILL if it takes longer than `ms` (longer than the server's
   * own SHUTDOWN_TIMEOUT_MS, so that a hang shows as a signal, not as its exit code 1).
   * Resolves with how the process ended.
   */
  async stop(ms = EVENT_WAIT_MS): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const child = this.child;
    if (!child || !this.alive) return { code: child?.exitCode ?? null, signal: child?.signalCode ?? null };
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    const result = await exited;
    clearTimeout(timer);
    this.output += `\n[test] ${this.name} stopped by SIGTERM: exit ${result.code ?? result.signal}\n`;
    return result;
  }
}

export interface ApiAnswer<T> {
  status: number;
  headers: Headers;
  body: T;
}

export interface ApiOptions {
  method?: string;
  token?: string;
  /** The sticky-session cookie (__Host-cafe_route) the request carries; from `routeTo`. */
  route?: string;
  body?: unknown;
  form?: FormData;
  /** Another base URL (a server process directly) instead of the proxy. */
  base?: string;
  /**
   * The local address to send from (any of 127.0.0.0/8): nginx passes it on as the client's
   * address, so a scenario can have rate-limit counters of its own.
   */
  from?: string;
  /** Give up after this long (a hanging request fails the test instead of stalling it). */
  timeoutMs?: number;
}

export interface Topology {
  dir: string;
  cluster: PgCluster;
  servers: ServerProcess[];
  proxyUrl: string;
  /** nginx's plain-HTTP server, as compose's port 80: pages redirected, the API refused. */
  plainHttpPort: number;
  /** nginx's HTTPS server, as compose's port 443, with `certificate` (self-signed, for 127.0.0.1). */
  httpsPort: number;
  certificate: SelfSigned;
  /** The internal CA's certificate (deploy/make-internal-ca.sh), which the servers' chain to. */
  internalCa: string;
  /** The environment every server process gets (secrets identical across processes). */
  serverEnv: Record<string, string>;
  /** A request through the proxy (or `base`); the body parsed when it is JSON. Usable detached. */
  api: <T = unknown>(url: string, options?: ApiOptions) => Promise<ApiAnswer<T>>;
  /** Signs in and returns the access token. */
  login(email: string, password: string): Promise<string>;
  /** A __Host-cafe_route cookie value that nginx sends to `server` (while both are up). */
  routeTo(server: ServerProcess): Promise<string>;
  /** Which server process answered a request with this route (from the test-only header). */
  servedBy(route: string): Promise<ServerProcess | undefined>;
  /** A Socket.IO client through the proxy over WebSocket, connected; closed by `stop()`. */
  socket(token: string | undefined, route: string): Promise<Socket>;
  /**
   * Another server process on the same database, not behind nginx (a scenario's own settings in
   * `env`), not started; stopped by `stop()`.
   */
  standalone(name: string, env: Record<string, string>): Promise<ServerProcess>;
  /** Output of every process and of nginx, for failure messages. */
  logs(): string;
  stop(): Promise<void>;
}

/** Children still running when the process leaves (a crashed run): ended without waiting. */
const leftovers = new Set<() => void>();
process.once('exit', () => {
  for (const end of leftovers) end();
});

/**
 * A JSON request with what fetch cannot choose: the local address it is sent from, or the one CA
 * an https:// target's certificate must chain to. Answered as a Response.
 */
function nodeRequest(
  target: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    signal?: AbortSignal | undefined;
    localAddress?: string | undefined;
    ca?: string;
  } = {},
): Promise<Response> {
  const { method = 'GET', headers = {}, body, signal, localAddress, ca } = options;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const send = target.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(target, { method, headers, localAddress, agent: false, signal, ca }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
            answerHeaders.append(name, one);
          }
        }
        resolve(new Response(Buffer.concat(chunks), { status: response.statusCode ?? 0, headers: answerHeaders }));
      });
    });
    request.on('error', reject);
    request.end(payload);
  });
}

export async function startTopology(options: { serverCount?: number } = {}): Promise<Topology> {
  ensureServerBuilt();
  if (!existsSync(NGINX)) throw new Error(`nginx is not installed at ${NGINX} (Debian: apt-get install nginx-light)`);

  const dir = mkdtempSync(path.join(tmpdir(), 'cafe-topology-'));
  // nginx's workers run as an unprivileged user when the test runs as root; they need to reach
  // their temporary folders (created by nginx itself) inside this one.
  chmodSync(dir, 0o755);
  const sockets: Socket[] = [];
  const servers: ServerProcess[] = [];
  const standalones: ServerProcess[] = [];
  let cluster: PgCluster | undefined;
  let nginx: ChildProcess | undefined;
  let nginxOutput = '';
  const endNginx = () => {
    if (nginx && nginx.exitCode === null) nginx.kill('SIGTERM');
  };
  const endServers = () => [...servers, ...standalones].forEach((s) => s.child?.kill('SIGKILL'));
  leftovers.add(endNginx);
  leftovers.add(endServers);

  const logs = () =>
    [
      ...[...servers, ...standalones].map((s) => s.log()),
      `--- nginx ---\n${nginxOutput}${existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8').slice(-3000) : ''}`,
      `--- postgres ---\n${cluster?.log().slice(-2000) ?? ''}`,
    ].join('\n');

  const stop = async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all([...servers, ...standalones].map((s) => s.kill()));
    if (nginx && nginx.exitCode === null) {
      const child = nginx;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    leftovers.delete(endNginx);
    leftovers.delete(endServers);
    await cluster?.destroy();
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // The installation's own CA and its certificates, made by the script an operator runs
    // (deploy/make-internal-ca.sh), with the loopback address the test reaches everything at.
    const secrets = path.join(dir, 'secrets');
    makeInternalCa(secrets);
    const internalCa = readFileSync(path.join(secrets, 'internal_ca'), 'utf8');
    // nginx trusts it for the servers, beside its configuration (cafe-server.conf).
    writeFileSync(path.join(dir, 'internal-ca.pem'), internalCa);

    cluster = await startPgCluster({
      ssl: { certFile: path.join(secrets, 'postgres_tls_cert'), keyFile: path.join(secrets, 'postgres_tls_key') },
    });
    await cluster.createDatabase('cafe');

    const vapid = webpush.generateVAPIDKeys();
    const serverEnv: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      NODE_ENV: 'production',
      // As the image sets it (Dockerfile ENV; scripts/server-process.mjs).
      ...serverProcessEnv({}),
      HOST: '127.0.0.1',
      // TLS to PostgreSQL, its certificate checked against the internal CA alone (as compose's).
      DATABASE_URL: `${cluster.url('cafe')}?sslmode=verify-full&sslrootcert=${path.join(secrets, 'internal_ca')}`,
      // Each process answers HTTPS only, with the internal CA's certificate (as compose's).
      TLS_CERT_FILE: path.join(secrets, 'server_tls_cert'),
      TLS_KEY_FILE: path.join(secrets, 'server_tls_key'),
      // Identical on every process, as an operator's env file makes them: a token or a push
      // subscription made through one process must hold on the other.
      JWT_SECRET: randomBytes(48).toString('base64url'),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:cafe@example.com',
      COMPANY_EMAIL_DOMAIN: 'example.com',
      DEMO: 'off',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Bar orders need no photo and no time of day (the cafe closes its menu on Friday noon).
      BAR_ONLINE_ORDERING: 'on',
      // A graceful stop gets most of stop()'s wait (EVENT_WAIT_MS): on a loaded machine finishing
      // the requests in flight and closing the pool took longer than the default 10 s, and the
      // process then ended with 1 for being slow, not for hanging.
      SHUTDOWN_TIMEOUT_MS: String(EVENT_WAIT_MS - 5000),
      // Only nginx on loopback may say who the client is (X-Forwarded-For).
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // The test sets the shop status itself; on the real clock a scheduled change could move it mid-run.
      OPENING_HOURS: 'off',
    };

    const count = options.serverCount ?? 2;
    for (let i = 1; i <= count; i += 1) {
      const port = await freePort();
      const dataDir = path.join(dir, `server${i}`);
      mkdirSync(dataDir);
      servers.push(
        new ServerProcess(`server${i}`, port, { ...serverEnv, PORT: String(port), DATA_DIR: dataDir }, internalCa),
      );
    }
    // One after the other: the first migrates the empty database and creates the admin.
    for (const server of servers) await server.start();

    const proxyPort = await freePort();
    const plainHttpPort = await freePort();
    const httpsPort = await freePort();
    const certificate = makeSelfSigned(dir, 'nginx');
    const template = readFileSync(path.join(NGINX_DIR, 'topology.conf.template'), 'utf8');
    const upstreams = servers.map((s) => `        server 127.0.0.1:${s.port} max_fails=1 fail_timeout=2s;`).join('\n');
    const conf = template
      .replaceAll('{{DIR}}', dir)
      .replaceAll('{{NGINX_DIR}}', NGINX_DIR)
      .replaceAll('{{PORT}}', String(proxyPort))
      .replaceAll('{{HTTP_PORT}}', String(plainHttpPort))
      .replaceAll('{{HTTPS_PORT}}', String(httpsPort))
      .replaceAll('{{CERT}}', certificate.certFile)
      .replaceAll('{{KEY}}', certificate.keyFile)
      .replace('{{SERVERS}}', upstreams);
    if (/\{\{[A-Z0-9_]+\}\}/.test(conf)) throw new Error('topology.conf.template has a value the test does not fill');
    const confFile = path.join(dir, 'nginx.conf');
    writeFileSync(confFile, conf);
    nginx = spawn(NGINX, ['-p', dir, '-c', confFile, '-e', path.join(dir, 'error.log')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    nginx.stdout?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    nginx.stderr?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const nginxChild = nginx;
    await waitFor(
      'nginx answering',
      async () => {
        if (nginxChild.exitCode !== null) throw new Error(`nginx exited with ${nginxChild.exitCode}\n${logs()}`);
        return (await fetch(`${proxyUrl}/api/health`)).ok;
      },
      EVENT_WAIT_MS,
      logs,
    );

    const api = async <T>(url: string, opts: ApiOptions = {}): Promise<ApiAnswer<T>> => {
      const headers: Record<string, string> = {};
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.route) headers.cookie = `__Host-cafe_route=${opts.route}`;
      if (opts.body !== undefined) headers['content-type'] = 'application/json';
      const method = opts.method ?? (opts.body !== undefined || opts.form ? 'POST' : 'GET');
      const target = `${opts.base ?? proxyUrl}${url}`;
      const signal = opts.timeoutMs ? AbortSignal.timeout(opts.timeoutMs) : undefined;
      const response =
        opts.from || target.startsWith('https:')
          ? await nodeRequest(target, {
              method,
              headers,
              body: opts.body,
              signal,
              localAddress: opts.from,
              ca: internalCa,
            })
          : await fetch(target, {
              method,
              headers,
              body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
              signal,
            });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON (an nginx error page): kept as text for the failure message.
      }
      return { status: response.status, headers: response.headers, body: body as T };
    };

    const servedBy = async (route: string) => {
      const answer = await api('/api/health', { route });
      // After a retry nginx lists every address it tried; the last one answered.
      const address = answer.headers.get('x-cafe-upstream')?.split(',').pop()?.trim();
      return servers.find((s) => address === `127.0.0.1:${s.port}`);
    };

    return {
      dir,
      cluster,
      servers,
      proxyUrl,
      plainHttpPort,
      httpsPort,
      certificate,
      internalCa,
      serverEnv,
      api,
      async login(email, password) {
        const answer = await api<{ accessToken?: string }>('/api/auth/v2/login', { body: { email, password } });
        if (answer.status !== 200 || !answer.body.accessToken) {
          throw new Error(`login of ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
        }
        return answer.body.accessToken;
      },
      async routeTo(server) {
        for (let i = 0; i < 64; i += 1) {
          const route = `route-${server.name}-${i}-${randomBytes(3).toString('hex')}`;
          if ((await servedBy(route)) === server) return route;
        }
        throw new Error(`no __Host-cafe_route value reaches ${server.name}`);
      },
      servedBy,
      async standalone(name, env) {
        const port = await freePort();
        const dataDir = path.join(dir, name);
        mkdirSync(dataDir);
        const server = new ServerProcess(
          name,
          port,
          { ...serverEnv, PORT: String(port), DATA_DIR: dataDir, ...env },
          internalCa,
        );
        standalones.push(server);
        return server;
      },
      async socket(token, route) {
        const socket = connectSocket(proxyUrl, {
          path: '/api/socket.io',
          transports: ['websocket'],
          auth: token ? { token } : {},
          extraHeaders: { cookie: `__Host-cafe_route=${route}` },
          forceNew: true,
          reconnectionDelay: 200,
          reconnectionDelayMax: 1000,
        });
        sockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('socket did not connect through the proxy')), EVENT_WAIT_MS);
          socket.once('connect', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        return socket;
      },
      logs,
      stop,
    };
  } catch (error) {
    const details = logs();
    await stop();
    throw new Error(`${(error as Error).message}\n${details}`);
  }
}
