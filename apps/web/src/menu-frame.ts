// The cafe menu's frame (lib/early-frame.ts), written into the page itself by the build
// (vite.config.ts) right after the "Wait a sec..." markup: it runs as the page is read, so the
// page's first paint is already the menu's frame. The page's CSP allows it by its hash
// (apps/server/src/plugins/security-headers.ts).
import { detectLanguage } from './i18n/detect-language';
import { drawEarlyFrame } from './lib/early-frame';
import { tokenStorage } from './lib/storage-keys';

try {
  drawEarlyFrame(
    document.getElementById('root'),
    location.pathname,
    tokenStorage.getAccess() !== null,
    detectLanguage(),
  );
} catch {
  // Storage refused (a private window): the page keeps its "Wait a sec...".
}
