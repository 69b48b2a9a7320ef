import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface SelfSigned {
  keyFile: string;
  certFile: string;
  key: Buffer;
  cert: Buffer;
}

/**
 * A throwaway RSA certificate for 127.0.0.1 and localhost, signed by itself, made with openssl into
 * `dir` (the test's temporary folder). RSA, so that a probe can offer the RSA key-exchange suites a
 * TLS server must refuse.
 */
export function makeSelfSigned(dir: string, name = 'cafe'): SelfSigned {
  const keyFile = path.join(dir, `${name}.key`);
  const certFile = path.join(dir, `${name}.crt`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'pipe' },
  );
  return { keyFile, certFile, key: readFileSync(keyFile), cert: readFileSync(certFile) };
}
