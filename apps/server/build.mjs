// Bundles the server (and the shared contract) into dist/server.js, and the operator commands
// (backup, restore) into dist/ops.js; npm packages stay external.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@cafe/'));

await build({
  entryPoints: { server: 'src/server.ts', ops: 'src/ops/cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
// One character beyond Latin-1 anywhere in a bundle (text in a template literal stays as written)
// makes V8 keep its whole source as a two-byte string: twice the memory, for the life of the process.
for (const file of ['dist/server.js', 'dist/ops.js']) {
  const text = readFileSync(new URL(file, import.meta.url), 'utf8');
  const at = text.search(/[\u0100-\u{10ffff}]/u);
  if (at >= 0) {
    const line = text.slice(0, at).split('\n').length;
    throw new Error(`${file}:${line} holds a character beyond Latin-1: write it as an escape or a parameter`);
  }
}
console.log('server built: apps/server/dist/server.js, apps/server/dist/ops.js');
