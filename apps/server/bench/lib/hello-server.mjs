// The baseline: a hello-world Fastify server in its own process, measured with the same autocannon
// settings as the app, so every ratio compares two numbers taken on this machine at that moment.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ port: app.server.address().port });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
