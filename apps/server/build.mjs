// Bundles the server (and the shared contract) into dist/server.js, and the operator commands
// (backup, restore) into dist/ops.js, with the npm packages they use (docs/decisions/0061-bundled-server-two-malloc-arenas.md).
import { build } from 'esbuild';
import { cpSync, readFileSync } from 'node:fs';

/**
 * The packages that stay in node_modules, loaded from there at run time:
 * - native add-ons, and the packages that read files of their own by path (the HEIC decoder's
 *   WebAssembly, the API document's packages and pages);
 * - the packages the code imports only when needed (the password-strength estimator and its
 *   dictionaries, the image libraries, the Microsoft 365 Agents SDK of the Teams bot, Google's
 *   libraries of the Google Chat app): they are not loaded at start, so bundling them saves
 *   nothing, and a CommonJS one bundled behind `import()` would give only a default export.
 * Every other package is bundled: V8 keeps the source of every loaded module for the life of the
 * process, and the packages' own files, with their comments and indentation, were about 15 MB of
 * an idle server's heap; bundled without them they are a third of that, in one-byte strings.
 */
const external = [
  '@node-rs/argon2',
  'better-sqlite3',
  'sharp',
  'heic-decode',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pg-native',
  '@zxcvbn-ts/core',
  '@zxcvbn-ts/language-common',
  '@zxcvbn-ts/language-en',
  'file-type',
  '@microsoft/agents-hosting',
  'google-auth-library',
  '@googleapis/chat',
];

const { metafile } = await build({
  entryPoints: { server: 'src/server.ts', ops: 'src/ops/cli.ts' },
  outdir: 'dist',
  bundle: true,
  // What the app imports only when needed (the demo data) stays in a file of its own, loaded with
  // it; so does the code both commands share.
  splitting: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // Without comments and indentation; the names stay, so a stack trace still reads.
  minifyWhitespace: true,
  minifySyntax: true,
  // The packages' licence notices go to dist/*.LEGAL.txt.
  legalComments: 'external',
  external,
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
  metafile: true,
});
// One character beyond Latin-1 anywhere in a bundle (text in a template literal stays as written)
// makes V8 keep its whole source as a two-byte string: twice the memory, for the life of the process.
// (Files of earlier builds are left: a server still running from dist may yet load one of them.)
for (const file of Object.keys(metafile.outputs).filter((f) => f.endsWith('.js'))) {
  const text = readFileSync(new URL(file, import.meta.url), 'utf8');
  const at = text.search(/[\u0100-\u{10ffff}]/u);
  if (at >= 0) {
    const line = text.slice(0, at).split('\n').length;
    throw new Error(`${file}:${line} holds a character beyond Latin-1: write it as an escape or a parameter`);
  }
  // A CommonJS package bundled behind `import()` comes out as a file with only a default export:
  // its named exports would be undefined at run time. Such a package belongs in `external`.
  const commonJs = /export default (require_[\w$]+)\(\);/.exec(text);
  if (commonJs) {
    throw new Error(`${file} holds only a CommonJS package's default (${commonJs[1]}): add the package to external`);
  }
}
// The people catalogue (what refusals and chat messages say, per language) is read at start from
// dist/locales (src/lib/people-texts.ts): the Thai stays out of the bundle's code.
cpSync(new URL('../../packages/shared/locales', import.meta.url), new URL('dist/locales', import.meta.url), {
  recursive: true,
});
console.log('server built: apps/server/dist/server.js, apps/server/dist/ops.js, apps/server/dist/locales');
