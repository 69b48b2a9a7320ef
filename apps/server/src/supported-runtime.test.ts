import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './test-support/security-assessment';

/**
 * The end of life of each Node.js LTS line, as the Node.js release schedule publishes it
 * (https://github.com/nodejs/Release): the last day it gets security fixes.
 */
const END_OF_LIFE: Record<number, string> = {
  18: '2025-04-30',
  20: '2026-04-30',
  22: '2027-04-30',
  24: '2028-04-30',
  26: '2029-04-30',
};

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** The runtime the product ships and is tested on is one that still gets fixes (ASVS 15.2.1, decision 0036). */
describe('supported Node.js', () => {
  const line = Number(read('.nvmrc').trim());
  const today = new Date().toISOString().slice(0, 10);

  it('names in .nvmrc an LTS line within its support, and the production image runs that line', () => {
    expect(END_OF_LIFE[line], `Node.js ${line} is not an LTS line of the table`).toBeDefined();
    expect(END_OF_LIFE[line]! > today, `Node.js ${line} reached its end of life on ${END_OF_LIFE[line]}`).toBe(true);
    const image = /^ARG NODE_IMAGE=node:(\d+)-/m.exec(read('Dockerfile'));
    expect(image?.[1]).toBe(String(line));
  });

  it('declares in engines no Node.js older than a supported LTS line', () => {
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    const oldest = Number(/^>=(\d+)\./.exec(engines)?.[1]);
    expect(END_OF_LIFE[oldest], `engines starts at ${engines}`).toBeDefined();
    expect(END_OF_LIFE[oldest]! > today, `engines allows Node.js ${oldest}, out of support`).toBe(true);
    expect(oldest).toBeLessThanOrEqual(line);
  });

  it('runs the suite on the supported line in CI (.ci/run sets it up)', () => {
    // Locally any supported Node runs the tests; CI must run the one the image ships.
    if (process.env.CI) expect(Number(process.versions.node.split('.')[0])).toBe(line);
    expect(read('.ci/run')).toContain('bootstrap.mjs supported-node');
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(22);
  });
});
