import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'cafe-sbom-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Component {
  'bom-ref': string;
  type: string;
  name: string;
  version: string;
  purl?: string;
  hashes?: { alg: string; content: string }[];
  licenses?: unknown[];
}
interface Bom {
  bomFormat: string;
  specVersion: string;
  metadata: { component: { name: string; type: string } };
  components: Component[];
  dependencies: { ref: string; dependsOn?: string[] }[];
}

/**
 * The bill of materials the image carries (scripts/sbom.mjs; the Dockerfile runs it during the
 * build): what a scanner reads to say whether a published advisory touches the running server.
 */
describe('npm run sbom', () => {
  it("writes a CycloneDX document of the server's runtime packages and no development tool", () => {
    const out = path.join(dir, 'sbom.cdx.json');
    execFileSync('npm', ['run', '--silent', 'sbom', '--', '--out', out], { cwd: REPO_ROOT, stdio: 'pipe' });
    const bom = JSON.parse(readFileSync(out, 'utf8')) as Bom;

    expect(bom.bomFormat).toBe('CycloneDX');
    expect(Number(bom.specVersion)).toBeGreaterThanOrEqual(1.4);
    expect(bom.metadata.component).toMatchObject({ name: 'office-cafe', type: 'application' });
    const names = new Set(bom.components.map((c) => c.name));
    // The server's own packages, a native driver among them, and zod and the message catalogue's
    // packages, which the server bundles from the shared contract (npm's `--omit dev` leaves zod
    // out because ESLint's React plugin uses it too).
    for (const runtime of ['fastify', 'kysely', 'better-sqlite3', 'pg', 'socket.io', 'sharp', 'zod', '@lingui/core']) {
      expect(names, runtime).toContain(runtime);
    }
    for (const development of [
      'vitest',
      'typescript',
      'esbuild',
      'tsx',
      'eslint',
      'vite',
      'react',
      'playwright-core',
    ]) {
      expect(names, development).not.toContain(development);
    }
    for (const workspace of ['@cafe/server', '@cafe/shared', '@cafe/web']) expect(names).not.toContain(workspace);

    const fastify = bom.components.find((c) => c.name === 'fastify');
    expect(fastify?.purl).toBe(`pkg:npm/fastify@${fastify?.version}`);
    expect(fastify?.hashes?.[0]?.alg).toBe('SHA-512');
    expect(fastify?.hashes?.[0]?.content).toMatch(/^[0-9a-f]{128}$/);
    // Every edge points at a listed component: the graph is whole.
    const refs = new Set([...bom.components.map((c) => c['bom-ref']), 'office-cafe@0.1.0']);
    for (const edge of bom.dependencies) {
      expect(refs).toContain(edge.ref);
      for (const ref of edge.dependsOn ?? []) expect(refs, `${edge.ref} -> ${ref}`).toContain(ref);
    }
    expect(bom.dependencies.find((d) => d.ref === 'office-cafe@0.1.0')?.dependsOn).toContain(
      `fastify@${fastify?.version}`,
    );
  });
});
