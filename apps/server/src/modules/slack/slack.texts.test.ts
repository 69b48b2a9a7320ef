import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DIET_TAGS } from '@cafe/shared';
import { DIET_TAG_NAMES_TH, dietCatalogueId } from './slack.diet';
import { REFUSAL_CATALOGUE_IDS, REFUSALS_TH, refusalText, textsOf } from './slack.texts';

/** The web's Thai catalogue of the shared texts: the refusals' Thai is written once, there. */
const CATALOGUE = readFileSync(new URL('../../../../web/src/locales/th/shared.po', import.meta.url), 'utf8');

function catalogueText(id: string): string | undefined {
  const match = new RegExp(`msgid "${id.replace(/\./g, '\\.')}"\\s*\\nmsgstr "((?:[^"\\\\]|\\\\.)*)"`).exec(CATALOGUE);
  return match?.[1];
}

describe("refusals in the person's language", () => {
  it("says each refusal in Thai word for word as the web's catalogue does", () => {
    for (const [code, id] of Object.entries(REFUSAL_CATALOGUE_IDS)) {
      expect(REFUSALS_TH[code], code).toBe(catalogueText(id));
    }
    expect(Object.keys(REFUSALS_TH).sort()).toEqual(Object.keys(REFUSAL_CATALOGUE_IDS).sort());
  });

  it("keeps the placement decision's own words in English, and a detail without a Thai text as it is", () => {
    expect(refusalText('en', 'CAFE_CLOSED', 'The cafe is closed right now.')).toBe('The cafe is closed right now.');
    expect(refusalText('th', 'CAFE_CLOSED', 'The cafe is closed right now.')).toBe('ตอนนี้คาเฟ่ปิดอยู่');
    expect(refusalText('th', 'VALIDATION', 'type: is required for a cafe order')).toBe(
      'type: is required for a cafe order',
    );
    expect(
      refusalText('th', 'EMAIL_NOT_CONFIRMED', 'Confirm your e-mail address first: open the link we sent to a@b.co.'),
    ).toBe('โปรดยืนยันอีเมลของคุณก่อน: เปิดลิงก์ที่เราส่งไปที่ a@b.co');
  });
});

describe('allergen and diet tags in Thai', () => {
  it("names each tag word for word as the web's catalogue does, and asks with its words", () => {
    for (const tag of DIET_TAGS) expect(DIET_TAG_NAMES_TH[tag], tag).toBe(catalogueText(dietCatalogueId(tag)));
    expect(textsOf('th').dietConfirm).toBe(catalogueText('shared.diet.confirm'));
  });
});
