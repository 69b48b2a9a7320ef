import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** `@/x` is `src/x`: imports name the layer they reach, not a climb of `../../..`. */
export const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

/**
 * Libraries get chunks of their own so a new app release does not make browsers download them
 * again. Order matters: the first group whose test matches takes the module.
 */
const VENDOR_GROUPS: { name: string; test: RegExp }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  { name: 'query', test: /node_modules[\\/](@tanstack|zustand)[\\/]/ },
  { name: 'contract', test: /node_modules[\\/](zod|@date-fns)[\\/]|packages[\\/]shared[\\/]/ },
  { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
  {
    name: 'radix',
    test: /node_modules[\\/](@radix-ui|radix-ui|react-remove-scroll[^\\/]*|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|@floating-ui|tslib|get-nonce|detect-node-es)[\\/]/,
  },
  {
    name: 'socket',
    test: /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io|xmlhttprequest-ssl|debug|ms)[\\/]/,
  },
  { name: 'sonner', test: /node_modules[\\/]sonner[\\/]/ },
];

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: VENDOR_GROUPS },
      },
    },
  },
});
