import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { freePort } from './free-port';
import { PROCESS_WAIT_MS } from './waits';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = path.join(serverRoot, 'src/server.ts');

/** The real server, from source, in a process of its own (tsx, as in development). */
export interface ServerProcess {
  baseUrl: string;
  /** What it printed so far (for a failing test's message). */
  log: () => string;
  /** SIGKILL, and waits for the exit: what a crash or a pulled plug does. */
  kill: () => Promise<void>;
  /** A JSON request; the answer's status and parsed body. */
  api: <T>(method: string, url: string, token?: string, body?: unknown) => Promise<{ status: number; body: T }>;
  /** Signs in with a password; the access token. */
  login: (email: string, password: string) => Promise<string>;
}

/** Starts the server with `env` (beside NODE_ENV=test, a free port on loopback) and waits until it is ready. */
export async function startServerProcess(
  env: Record<string, string>,
  readyWithinMs = PROCESS_WAIT_MS,
): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    const ready = await fetch(`${baseUrl}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await kill();
      throw new Error(`server not ready within ${readyWithinMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  async function api<T>(method: string, url: string, token?: string, body?: unknown) {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  return {
    baseUrl,
    log: () => output,
    kill,
    api,
    login: async (email, password) => {
      const res = await api<{ accessToken: string }>('POST', '/api/auth/v2/login', undefined, { email, password });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.accessToken;
    },
  };
}

/**
 * What a fresh server needs before its admin can order a drink: a barista (registered, promoted by
 * the admin), a bar item, and the bar open. Bar orders need no photo and have no daily limit.
 */
export async function openBarWithOneDrink(
  server: ServerProcess,
  adminToken: string,
): Promise<{ baristaToken: string; itemId: number }> {
  const { api, login } = server;
  const registered = await api<{ id: number }>('POST', '/api/auth/register', undefined, {
    name: 'Barista',
    email: 'barista@example.com',
    password: 'barista-password-1',
  });
  expect(registered.status).toBe(201);
  expect((await api('PATCH', `/api/user/${registered.body.id}`, adminToken, { role: 'barista' })).status).toBe(200);
  const baristaToken = await login('barista@example.com', 'barista-password-1');
  const category = await api<{ id: number }>('POST', '/api/category', baristaToken, {
    name: 'Cocktails',
    categoryFor: 'bar',
  });
  expect(category.status).toBe(201);
  const item = await api<{ id: number }>('POST', '/api/menu', baristaToken, {
    name: 'Mojito',
    category_id: category.body.id,
  });
  expect(item.status).toBe(201);
  expect((await api('PATCH', '/api/cafe-status/bar-open', baristaToken)).status).toBe(200);
  return { baristaToken, itemId: item.body.id };
}
