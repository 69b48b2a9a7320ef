import type { CategoryKind } from './enums';

/**
 * The kind of a category whose kind nobody chose, from the words of its name: "coffee" or "กาแฟ"
 * is coffee, else "tea" or "ชา" is tea, else other. A client that does not send `kind` when it
 * creates a category gets this, as the categories that existed before kinds did (migration 015,
 * which writes the same rule in SQL). The board's filter follows the stored kind, never the name.
 */
export function inferCategoryKind(name: string): CategoryKind {
  const lower = name.toLowerCase();
  if (lower.includes('coffee') || name.includes('กาแฟ')) return 'coffee';
  if (lower.includes('tea') || name.includes('ชา')) return 'tea';
  return 'other';
}
