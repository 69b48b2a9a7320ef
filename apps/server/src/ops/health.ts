import { X509Certificate } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { TLSSocket } from 'node:tls';

/**
 * The container's health check (Dockerfile HEALTHCHECK): GET /api/health of the server process on
 * this machine's loopback, PORT. When the server speaks TLS (TLS_CERT, as the image gets it from
 * TLS_CERT_FILE), the probe speaks it too and accepts only the server's own certificate: the one
 * it answers with must be the one in TLS_CERT (its SHA-256 fingerprint), whatever name it carries.
 * Resolves with whether the server answered 200 within `timeoutMs`.
 */
export function probeHealth(options: {
  port: number;
  cert?: string | undefined;
  timeoutMs?: number;
}): Promise<boolean> {
  const { port, cert, timeoutMs = 4_000 } = options;
  const expected = cert ? new X509Certificate(cert).fingerprint256 : undefined;
  return new Promise((resolve) => {
    const common = { host: '127.0.0.1', port, path: '/api/health', method: 'GET', timeout: timeoutMs };
    const request = expected
      ? httpsRequest({
          ...common,
          // The certificate is judged below, by its fingerprint: a chain check would need the CA,
          // and its name (cafe-server) is not the loopback address the probe dials.
          rejectUnauthorized: false,
        })
      : httpRequest(common);
    request.on('response', (response) => {
      const socket = response.socket as TLSSocket;
      const own = !expected || socket.getPeerX509Certificate?.()?.fingerprint256 === expected;
      response.resume();
      resolve(own && response.statusCode === 200);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
    request.end();
  });
}
