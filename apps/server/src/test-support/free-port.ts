import { createServer } from 'node:net';

/** The shared PostgreSQL's port: never handed out, however unlikely. */
const SHARED_PG_PORT = 5432;

/** A loopback port nobody listens on now, for a server or cluster a test starts. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() =>
          typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
        );
      });
    });
    if (port !== SHARED_PG_PORT) return port;
  }
}
