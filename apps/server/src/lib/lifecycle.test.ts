import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { isDraining, markDraining } from './lifecycle';

describe('a process shutting down', () => {
  let draining: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    draining = await createTestApp();
    other = await createTestApp();
  });
  afterAll(async () => {
    await draining.close();
    await other.close();
  });

  it('answers ready with 503 at once, while still serving, and only that app', async () => {
    markDraining(draining.app.server);
    expect(isDraining(draining.app.server)).toBe(true);

    const ready = await draining.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ statusCode: 503, message: 'This server process is shutting down.' });
    expect(ready.headers['retry-after']).toMatch(/^\d+$/);
    // Still alive, and still answering the requests it gets.
    expect((await draining.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await draining.app.inject({ method: 'GET', url: '/api/category' })).statusCode).toBe(200);

    expect((await other.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});
