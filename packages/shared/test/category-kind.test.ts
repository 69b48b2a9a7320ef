import { describe, expect, it } from 'vitest';
import { inferCategoryKind } from '../src';

describe('inferCategoryKind (a category created without a kind)', () => {
  it('files English and Thai coffee names as coffee', () => {
    expect(inferCategoryKind('Coffee')).toBe('coffee');
    expect(inferCategoryKind('Iced COFFEE')).toBe('coffee');
    expect(inferCategoryKind('กาแฟเย็น')).toBe('coffee');
  });

  it('files English and Thai tea names as tea, coffee winning over tea', () => {
    expect(inferCategoryKind('Tea')).toBe('tea');
    expect(inferCategoryKind('Milk tea')).toBe('tea');
    expect(inferCategoryKind('ชาเขียว')).toBe('tea');
    expect(inferCategoryKind('Coffee & Tea')).toBe('coffee');
    expect(inferCategoryKind('ชากาแฟ')).toBe('coffee');
  });

  it('files everything else as other', () => {
    expect(inferCategoryKind('Smoothies')).toBe('other');
    expect(inferCategoryKind('น้ำผลไม้')).toBe('other');
    expect(inferCategoryKind('')).toBe('other');
  });
});
