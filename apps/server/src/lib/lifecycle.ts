/**
 * Whether a server is shutting down ("draining"): it finishes what it has, but `GET /api/ready`
 * answers 503 at once so that a load balancer or orchestrator stops sending it work. Kept per
 * HTTP server (every plugin of one app sees the same `app.server`), so apps built side by side in
 * one test process do not affect each other.
 */
const draining = new WeakSet<object>();

export function markDraining(server: object): void {
  draining.add(server);
}

export function isDraining(server: object): boolean {
  return draining.has(server);
}
