import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { runPgDump } from './postgres';

const dir = mkdtempSync(path.join(tmpdir(), 'cafe-pgdump-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

/** Files a shell would create if it ran any part of the database URL as a command. */
const MARKERS = ['subshell', 'backtick', 'after-semicolon', 'after-pipe', 'in-password'].map((name) =>
  path.join(dir, `injected-${name}`),
);
const [subshell, backtick, afterSemicolon, afterPipe, inPassword] = MARKERS as [string, string, string, string, string];

/**
 * A DATABASE_URL is the operator's, but a backup command must still never hand it to a shell:
 * pg_dump runs with an argument array (no shell), the URL one argument of it and the password
 * only in PGPASSWORD (ASVS 1.2.5).
 */
describe('the PostgreSQL backup command', () => {
  // Shell syntax in the path, the query and the password: command substitution, backticks, a
  // second command, a pipe, a redirection ($IFS stands for the space a URL would encode).
  const password = `pw$(touch$IFS${inPassword})`;
  const url =
    `postgres://cafe:${encodeURIComponent(password)}@127.0.0.1:1/cafe$(touch$IFS${subshell})` +
    `?application_name=;touch$IFS${afterSemicolon};\`touch$IFS${backtick}\`|touch$IFS${afterPipe}&x=>${path.join(dir, 'redirected')}`;

  it('passes a URL full of shell syntax to pg_dump as one argument, and no injected command runs', () => {
    // A pg_dump of our own on the PATH, which writes down exactly what it was given.
    const bin = path.join(dir, 'bin');
    const seen = path.join(dir, 'seen.json');
    const fake = path.join(bin, 'pg_dump');
    rmSync(bin, { recursive: true, force: true });
    mkdirSync(bin);
    writeFileSync(
      fake,
      `#!${process.execPath}\nrequire('node:fs').writeFileSync(${JSON.stringify(seen)}, JSON.stringify({ argv: process.argv.slice(2), password: process.env.PGPASSWORD }));\n`,
    );
    chmodSync(fake, 0o755);
    vi.stubEnv('PATH', `${bin}${path.delimiter}${process.env.PATH ?? ''}`);

    const out = path.join(dir, 'backups', 'cafe.dump');
    expect(runPgDump(url, out)).toEqual({ ok: true, file: out });

    const { argv, password: seenPassword } = JSON.parse(readFileSync(seen, 'utf8')) as {
      argv: string[];
      password: string;
    };
    const dbname = new URL(url);
    dbname.password = '';
    expect(argv).toEqual(['--format=custom', '--no-owner', `--file=${out}`, `--dbname=${dbname.toString()}`]);
    expect(argv[3]).toContain(`$(touch$IFS${subshell})`);
    expect(argv[3]).toContain(`|touch$IFS${afterPipe}`);
    expect(seenPassword).toBe(password);
    for (const marker of [...MARKERS, path.join(dir, 'redirected')]) expect(existsSync(marker), marker).toBe(false);
  });

  it('runs the real pg_dump with it and fails as a connection failure, no injected command run', () => {
    const outcome = runPgDump(url, path.join(dir, 'real', 'cafe.dump'));
    // Without pg_dump installed there is nothing to run at all; with it, the port refuses.
    expect(outcome.ok).toBe(false);
    for (const marker of [...MARKERS, path.join(dir, 'redirected')]) expect(existsSync(marker), marker).toBe(false);
  });
});
