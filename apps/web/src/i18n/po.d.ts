/** A message catalogue, compiled by the Lingui Vite plugin when imported (lingui.config.ts). */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
