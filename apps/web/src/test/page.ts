import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Puts index.html's own first markup (its body) on the page, as the browser has it before any script; gives #root. */
export function loadPageMarkup(): HTMLElement {
  const html = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
  return document.getElementById('root')!;
}
