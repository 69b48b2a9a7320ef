import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatter } from '@lingui/format-po';
import { describe, expect, it } from 'vitest';
import { catalogueFolder, NAMESPACES, type Namespace } from './namespaces';

/**
 * Thai screens speak Thai: no Thai message keeps an English word, on the user's, the barista's or
 * the admin's screens, the top bar and the menus included (issue 47: "My Order" and "Pick Up" stayed
 * English). The specification's English texts are for English; Thai shows their Thai. What stays
 * Latin is a name or a code: the product's name, other products' names, file formats, a key on the
 * keyboard, a chat command, an address's example, and a name the data itself carries.
 */

const WEB = path.resolve(import.meta.dirname, '..', '..');
const po = formatter({ explicitIdAsDefault: true, lineNumbers: false });

const NAMES = [
  'Office Cafe',
  'Slack',
  '/coffee',
  'Microsoft Teams',
  'Teams',
  'LINE',
  'Google Chat',
  // The word a person sends the cafe on LINE or Teams to order (docs/line.md, docs/teams.md).
  '“coffee”',
  'Single Sign-On',
  'CSV',
  'JSON',
  'JPEG',
  'PNG',
  'JPG',
  'HEIC',
  'HEIF',
  'MB',
  'HH:MM',
  'Enter',
  'bump bar',
  'name@company.com',
  // The name a deleted person's orders keep in the statistics, as the server stores it.
  'Deleted person',
];

async function thai(ns: Namespace): Promise<Map<string, string>> {
  const filename = path.join(WEB, catalogueFolder(ns), 'th', `${ns}.po`);
  const parsed = await po.parse(readFileSync(filename, 'utf8'), { locale: 'th', sourceLocale: 'en', filename });
  return new Map(Object.entries(parsed ?? {}).map(([id, entry]) => [id, entry.translation ?? '']));
}

/** The English words a Thai message shows: placeholders, tags and the names above taken out. */
function englishWords(message: string): string[] {
  // ICU plurals and selects: their branches' text is shown, their keywords are not.
  let text = message
    .replace(/\{\s*\w+\s*,\s*(plural|select|selectordinal)\s*,/g, ' ')
    .replace(/(\b(zero|one|two|few|many|other)|=\d+)\s*\{/g, ' ')
    .replace(/\{\w+\}/g, ' ')
    .replace(/<\/?\d+>/g, ' ');
  for (const name of NAMES) text = text.split(name).join(' ');
  return text.match(/[A-Za-z]{2,}/g) ?? [];
}

describe('the Thai catalogues', () => {
  it('show no English word (names and codes apart)', async () => {
    const english: string[] = [];
    for (const ns of NAMESPACES) {
      for (const [id, message] of await thai(ns)) {
        const words = englishWords(message);
        if (words.length > 0) english.push(`${id}: ${words.join(' ')}`);
      }
    }
    expect(english).toEqual([]);
  });
});
