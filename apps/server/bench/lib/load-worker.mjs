// Background load in a process of its own (so it does not slow the bench's own event loop, where
// socket latency is timed): autocannon against the given URLs until told to stop.
import autocannon from 'autocannon';

const { base, paths, headers, connections, seconds } = JSON.parse(process.argv[2]);
const instance = autocannon({
  url: base,
  connections,
  duration: seconds,
  requests: paths.map((path) => ({ method: 'GET', path, headers })),
});
process.on('SIGTERM', () => instance.stop());
instance.then((result) => {
  process.send?.({
    requests: result.requests.total,
    seconds: result.duration,
    rps: Math.round(result.requests.total / Math.max(result.duration, 0.001)),
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  });
  process.exit(0);
});
