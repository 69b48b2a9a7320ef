import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { build as esbuild } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

/** `@/x` is `src/x`: imports name the layer they reach, not a climb of `../../..`. */
/** Found from any working folder (the tests run from the repository's root). */
export const linguiConfigPath = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));

export const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

/**
 * The libraries every first screen needs, in chunks of their own so a new release of the app does
 * not make browsers download them again: React, and the rest (the router, the query cache, the
 * icons' base, Vite's loader of lazy chunks). Two files rather than one or five: fewer requests
 * leave the browser's few connections to the server for the screen's own, and two halves arrive
 * sooner over two connections than the whole over one. The other libraries (dialogs, forms, zod,
 * Socket.IO, toasts) go with the screens that use them, and so do the query cache's hooks that
 * only later screens use (infinite lists, several queries at once): a group takes
 * every module it matches, needed at start or not.
 */
const VENDOR_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  {
    name: 'libs',
    test: /node_modules[\\/](react-router|cookie|set-cookie-parser|zustand)[\\/]|node_modules[\\/]@tanstack[\\/](?!.*(infiniteQueryObserver|InfiniteQuery|[qQ]ueriesObserver|useQueries|useSuspense|usePrefetch|useIsFetching))|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])|vite[\\/]preload-helper/,
  },
  // zod and the shared schemas in a chunk of their own, loaded by the screens that check a form or
  // an answer: left to itself, the bundler puts them in one common chunk with the shared limits and
  // messages that every first screen needs, and /login would load 28 kB it never runs.
  // Only what the test names: the limits and messages those schemas import stay where the first
  // screen finds them.
  {
    name: 'zod',
    test: /node_modules[\\/]zod[\\/]|packages[\\/]shared[\\/]src[\\/](?:[a-z-]*-)?schemas\.ts$/,
    includeDependenciesRecursively: false,
  },
];

/**
 * The stylesheet goes at the end of the body instead of the head: the "Wait a sec..." screen in
 * index.html (styled inline) paints at once instead of waiting for it, and the module scripts,
 * which wait for stylesheets before they run, still never render an unstyled screen.
 */
function stylesheetAfterContent(): Plugin {
  return {
    name: 'cafe:stylesheet-after-content',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links: string[] = [];
        // The "Wait a sec..." screen's own small stylesheet (data-boot) stays in the head.
        const head = html.replace(/\s*<link rel="stylesheet"(?![^>]*data-boot)[^>]*>/g, (link) => {
          links.push(link.trim());
          return '';
        });
        return head.replace('</body>', `  ${links.join('\n    ')}\n  </body>`);
      },
    },
  };
}

/**
 * Two libraries add <style> elements, which the page's CSP refuses (style-src 'self', no inline
 * styles; docs/decisions/0052-platform-hardening.md):
 * - the toasts (sonner) add their stylesheet when they load: the insertion is taken out, and the
 *   same rules come as its CSS file, imported with it (app/providers.tsx);
 * - the dialogs' scroll lock (react-style-singleton, under Radix's react-remove-scroll) adds the
 *   rules that keep the page still behind a dialog: they go in a constructed stylesheet
 *   (`document.adoptedStyleSheets`, CSSOM, which CSP does not restrict) instead.
 * A library that changes so that its code is no longer found fails the build.
 */
const STYLE_SINGLETON = `export var stylesheetSingleton = function () {
  var counter = 0;
  var sheet = null;
  return {
    add: function (style) {
      if (counter == 0 && typeof document !== 'undefined' && 'adoptedStyleSheets' in document) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(style);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }
      counter++;
    },
    remove: function () {
      counter--;
      if (!counter && sheet) {
        var gone = sheet;
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter(function (s) { return s !== gone; });
        sheet = null;
      }
    },
  };
};
`;

function stylesWithoutStyleElements(): Plugin {
  const patched = new Set<string>();
  return {
    name: 'cafe:styles-without-style-elements',
    apply: 'build',
    transform(code, id) {
      if (/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) {
        const out = code.replace(/function __insertCSS\(code\) \{/, 'function __insertCSS(code) {\n  return;');
        if (out === code) throw new Error('sonner no longer inserts its styles as expected: check the CSP');
        patched.add('sonner');
        return { code: out, map: null };
      }
      if (/[\\/]react-style-singleton[\\/]dist[\\/]es\d+[\\/]singleton\.js$/.test(id)) {
        if (!code.includes('export var stylesheetSingleton')) {
          throw new Error('react-style-singleton changed: check the CSP');
        }
        patched.add('react-style-singleton');
        return { code: STYLE_SINGLETON, map: null };
      }
      return null;
    },
    buildEnd() {
      for (const name of ['sonner', 'react-style-singleton']) {
        if (!patched.has(name)) this.warn(`${name} was not found to patch; check the CSP (style-src 'self')`);
      }
    },
  };
}

/** Where index.html takes the cafe menu's frame script. */
const MENU_FRAME_MARK = /<!-- menu-frame:[^>]*-->/;

/**
 * The cafe menu's frame (src/menu-frame.ts), written into the page as a script of its own right
 * after the "Wait a sec..." markup and before the app's stylesheet: the browser runs it as it
 * reads the page, before its first paint, so a signed-in person opening the menu sees its frame
 * at once instead of after the app's code (docs/decisions/0064-the-menu-frame-before-the-app.md).
 * The server allows it by its hash (apps/server/src/plugins/security-headers.ts,
 * `inlineScriptHashes`). Under `vite dev` the mark stays a comment.
 */
function menuFrameScript(): Plugin {
  return {
    name: 'cafe:menu-frame-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!MENU_FRAME_MARK.test(html)) throw new Error('index.html has no place for the menu frame script');
        const built = await esbuild({
          entryPoints: [fileURLToPath(new URL('./src/menu-frame.ts', import.meta.url))],
          bundle: true,
          format: 'iife',
          minify: true,
          target: 'es2020',
          write: false,
          legalComments: 'none',
          charset: 'utf8',
        });
        const code = built.outputFiles[0]?.text.trim();
        if (!code || /<\/script|<!--/i.test(code))
          throw new Error('the menu frame script cannot be written into the page');
        return html.replace(MENU_FRAME_MARK, `<script>${code}</script>`);
      },
    },
  };
}

/** The code of the cafe menu (the first screen of most signed-in people) besides the start-up. */
const CAFE_MENU_CODE = [
  /[\\/]src[\\/]app[\\/]app-shell\.tsx$/,
  /[\\/]order-ahead[\\/]routes[\\/]menu-cafe-route\.tsx$/,
];

/** A chunk's file and every file it imports, however deep. */
function withImports(bundle: Rolldown.OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (into.has(fileName) || chunk?.type !== 'chunk') return into;
  into.add(fileName);
  for (const imported of chunk.imports) withImports(bundle, imported, into);
  return into;
}

/**
 * The early script (src/early.ts) as an entry of its own, at the top of the page's head: Vite would
 * otherwise bundle it with the app's entry, and it would run only once all of the app has arrived.
 * The page also carries the files of the cafe menu's code, which the early script asks for on the
 * menu's addresses (lib/early-reads.ts), alongside the start-up instead of after it. Only the built
 * page has all this; under `vite dev` the reads and the code simply start with the app.
 */
function earlyScript(): Plugin {
  return {
    name: 'cafe:early-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) throw new Error('the early script needs the bundle');
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const early = chunks.find((chunk) => chunk.isEntry && chunk.name === 'early');
        if (!early) throw new Error('the early script was not built');
        const app = chunks.find((chunk) => chunk.isEntry && chunk.name === 'index');
        if (!app) throw new Error('the app was not built');
        const startUp = withImports(bundle, app.fileName);
        const menuCode = new Set<string>();
        for (const test of CAFE_MENU_CODE) {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => test.test(id)));
          if (!chunk) throw new Error(`no chunk for ${String(test)}`);
          withImports(bundle, chunk.fileName, menuCode);
        }
        for (const file of startUp) menuCode.delete(file);
        // In this order at the top of the head: the list the early script reads, the script itself
        // (async: it runs as soon as it has arrived, not after the page or the app's script), and
        // what it imports (the bundler's small runtime), asked for at once rather than after it.
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'cafe-menu-code' },
            children: JSON.stringify([...menuCode].map((file) => `/${file}`)),
            injectTo: 'head-prepend',
          },
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${early.fileName}` },
            injectTo: 'head-prepend',
          },
          ...early.imports.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head-prepend' as const,
          })),
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    // Compiles a message catalogue (src/locales/*/*.po) when it is imported.
    lingui({ configPath: linguiConfigPath }),
    tailwindcss(),
    stylesheetAfterContent(),
    stylesWithoutStyleElements(),
    earlyScript(),
    menuFrameScript(),
    // The service worker (src/sw/sw.ts -> /sw.js): Workbox precaches the shell and every hashed
    // file of this build so the app opens without a network (docs/decisions/0024-bad-connection.md).
    // The app registers it itself, after the first screen (lib/service-worker.ts); the manifest is
    // public/manifest.webmanifest.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        rollupFormat: 'iife',
      },
    }),
    // Every text file also as .br and .gz, at the highest levels: compressed once here, sent as is
    // by the server (apps/server/src/plugins/web-app.ts).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(html|css|js|mjs|json|svg|webmanifest|txt)$/,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  resolve: { alias },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        early: fileURLToPath(new URL('./src/early.ts', import.meta.url)),
      },
      treeshake: {
        // The contract package and the app's own modules have no side effects when imported (only
        // the stylesheet has): what a screen does not use of them stays out of its chunks, even
        // when it imports them through an index (the contract's zod schemas, the dialogs of
        // components/ui).
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false },
          { test: /[\\/]apps[\\/]web[\\/]src[\\/].*\.tsx?$/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: { groups: VENDOR_GROUPS, experimentalInlineCommonChunks: { maxSize: 8192 } },
      },
    },
  },
});
