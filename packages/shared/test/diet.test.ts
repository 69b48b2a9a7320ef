import { describe, expect, it } from 'vitest';
import { DIET_TAGS, DietTagsSchema, dietConflicts, drinkTags, parseDietTags } from '../src';

describe('the diet tags list', () => {
  it('holds the EU 14 allergens, caffeine, vegan and vegetarian, in kebab-case', () => {
    expect(DIET_TAGS).toHaveLength(17);
    for (const tag of DIET_TAGS) expect(tag).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('refuses a tag not on the list, and a tag twice, with a readable message', () => {
    const unknown = DietTagsSchema.safeParse(['milk', 'bacon']);
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]?.message).toContain('"bacon" is not a tag of the list');
    expect(DietTagsSchema.safeParse(['milk', 'milk']).success).toBe(false);
    expect(DietTagsSchema.safeParse(['milk', 'tree-nuts']).success).toBe(true);
  });

  it('reads a stored list back in the list order, dropping what is not on it', () => {
    expect(parseDietTags('["soy","milk","bacon"]')).toEqual(['milk', 'soy']);
    expect(parseDietTags('not json')).toEqual([]);
    expect(parseDietTags(null)).toEqual([]);
  });
});

describe('dietConflicts (what in a drink a person cannot drink)', () => {
  it('names each avoided allergen the drink contains, and nothing else', () => {
    expect(dietConflicts(['milk', 'peanuts'], ['milk', 'caffeine'])).toEqual(['milk']);
    expect(dietConflicts(['peanuts'], ['milk', 'caffeine'])).toEqual([]);
    expect(dietConflicts([], ['milk'])).toEqual([]);
    expect(dietConflicts(['caffeine', 'milk'], ['milk', 'caffeine'])).toEqual(['milk', 'caffeine']);
  });

  it('treats vegan and vegetarian on the person as a wish: a drink not tagged so conflicts', () => {
    expect(dietConflicts(['vegan'], ['milk'])).toEqual(['vegan']);
    expect(dietConflicts(['vegan'], ['vegan', 'vegetarian'])).toEqual([]);
    expect(dietConflicts(['vegetarian'], [])).toEqual(['vegetarian']);
    expect(dietConflicts(['vegetarian'], ['vegetarian'])).toEqual([]);
    // A vegan drink is vegetarian too, even when a barista only tagged it vegan.
    expect(dietConflicts(['vegetarian'], ['vegan'])).toEqual([]);
    expect(dietConflicts(['vegan', 'soy'], ['soy'])).toEqual(['soy', 'vegan']);
  });
});

describe('drinkTags (an item with its chosen choices)', () => {
  it('adds what each chosen choice contains', () => {
    expect(drinkTags(['caffeine'], [['milk'], ['tree-nuts']])).toEqual(['milk', 'tree-nuts', 'caffeine']);
  });

  it('keeps vegan only while no chosen choice brings an animal allergen', () => {
    expect(drinkTags(['vegan', 'caffeine'], [['soy']])).toEqual(['soy', 'caffeine', 'vegan', 'vegetarian']);
    expect(drinkTags(['vegan'], [['milk']])).toEqual(['milk', 'vegetarian']);
    expect(drinkTags(['vegetarian'], [['fish']])).toEqual(['fish']);
    expect(dietConflicts(['vegan'], drinkTags(['vegan'], [['milk']]))).toEqual(['vegan']);
  });

  it('never makes a drink vegan from a choice alone', () => {
    expect(drinkTags([], [['vegan']])).toEqual([]);
  });
});
