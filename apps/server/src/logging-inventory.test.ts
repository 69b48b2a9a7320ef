import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './test-support/security-assessment';

/**
 * docs/security/logging.md (ASVS 16.1.1, 16.2.3): the server logs only to the places the inventory
 * names, and every security event it writes is listed there.
 */
describe('the logging inventory', () => {
  const inventory = readFileSync(path.join(REPO_ROOT, 'docs/security/logging.md'), 'utf8');
  const serverSource = path.join(REPO_ROOT, 'apps/server/src');
  const sources = readdirSync(serverSource, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('test-support'),
  );
  const read = (file: string) => readFileSync(path.join(serverSource, file), 'utf8');

  it('has each part ASVS asks for: layers, events, format, storage, access, retention and use', () => {
    for (const heading of [
      '## Layers',
      '## Events',
      '## Format',
      '## Storage, access and retention',
      '## How it is used',
    ])
      expect(inventory).toContain(heading);
  });

  it('names every file of the server that writes to standard output or standard error', () => {
    const writers = sources.filter((file) =>
      /console\.(log|warn|error|info|debug)\(|process\.(stdout|stderr)\.write\(|from 'pino'/.test(read(file)),
    );
    expect(writers).toContain('server.ts');
    const unnamed = writers.filter((file) => {
      const named = `apps/server/src/${file.split(path.sep).join('/')}`;
      return !inventory.includes(named) && !inventory.includes(`${path.posix.dirname(named)}/*.ts`);
    });
    expect(unnamed).toEqual([]);
  });

  it('gives the logger one destination, standard output, and no file or network transport', () => {
    const writesElsewhere = sources.filter((file) =>
      /pino\.(destination|transport)|\btransport:\s*\{\s*target|createWriteStream\([^)]*\.log\b|syslog/.test(
        read(file),
      ),
    );
    expect(writesElsewhere).toEqual([]);
    const app = read('app.ts');
    // The only streams the logger is given: a test's capture, or the readable lines on standard output.
    expect([...app.matchAll(/stream: ([\w.]+)/g)].map(([, stream]) => stream)).toEqual([
      'options.logStream',
      'readableLogStream',
    ]);
  });

  it('lists every security event the server writes', () => {
    const events = [...read('plugins/security-log.ts').matchAll(/^ {2}\| '([a-z-]+)'/gm)].map(([, name = '']) => name);
    expect(events).toContain('sign-in');
    expect(events.filter((name) => !inventory.includes(`| \`${name}\``))).toEqual([]);
    // securityEvent is the only writer of them.
    const writers = sources.filter((file) => /\bsecurity: ['"`]/.test(read(file)));
    expect(writers).toEqual([]);
  });
});
