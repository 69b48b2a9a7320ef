import type { TokenPair } from '@cafe/shared';
import type { AppBase, AuthUser, Services } from '../../context';

/** What the LIFF page's sign-in asks of the rest of the app, wired in services.ts. */
export interface LineLiffPorts {
  chat: Services['chat'];
  /** A web session for the person the LIFF page's LINE account is linked to. */
  signIn(user: AuthUser, device?: string): Promise<TokenPair>;
}

/**
 * The LIFF page (the menu inside LINE, docs/line.md): the web app opened in LINE signs the person
 * in by their linked LINE account, with the ID token LINE gave the page, checked by LINE.
 */
export function createLineLiff(ctx: AppBase, _ports: LineLiffPorts) {
  return {
    enabled: ctx.config.line?.liff != null,
  };
}

export type LineLiff = ReturnType<typeof createLineLiff>;
