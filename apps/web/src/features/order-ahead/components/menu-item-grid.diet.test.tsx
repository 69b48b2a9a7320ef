import type { Menu } from '@cafe/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { mockApi, renderWithProviders, signIn } from '@/test/render';
import { MenuItemGrid } from './menu-item-grid';

/*
 * The menu's tiles and what the person avoids (docs/allergens.md): a drink whose defaults have it
 * is marked, and a drink nobody has tagged says so rather than looking safe.
 */

const item = (id: number, name: string, more: Partial<Menu> = {}): Menu => ({
  id,
  name,
  description: '-',
  category_id: 1,
  isActive: 'active',
  isAvailable: 'available',
  ...more,
});

/** A latte tagged with what it contains (its whole milk by default), and a cappuccino nobody has tagged. */
const ITEMS: Menu[] = [
  item(3, 'Latte', {
    tags: ['caffeine'],
    optionGroups: [
      {
        id: 9,
        name: 'Milk',
        minChoices: 1,
        maxChoices: 1,
        maxQuantity: 1,
        choices: [
          { id: 91, name: 'Whole', isDefault: true, tags: ['milk'], soldOut: false, soldOutUntil: null },
          { id: 92, name: 'Oat', isDefault: false, tags: [], soldOut: false, soldOutUntil: null },
        ],
      },
    ],
  }),
  item(4, 'Cappuccino', { tags: [] }),
  item(5, 'Black coffee', { tags: ['caffeine', 'vegan'] }),
];

function renderGrid() {
  mockApi({});
  renderWithProviders(<MenuItemGrid items={ITEMS} isOrderable={() => true} onPick={vi.fn()} />);
}

describe('the menu tiles for a person who avoids milk', () => {
  it('marks the drink whose default milk they avoid, and says the untagged one is not tagged', () => {
    signIn({ avoids: ['milk'] });
    renderGrid();
    expect(screen.getByRole('button', { name: /^Latte/ })).toHaveTextContent('Not for you: Milk');
    const cappuccino = screen.getByRole('button', { name: /^Cappuccino/ });
    expect(cappuccino).toHaveTextContent('Not tagged: nobody has said what this drink contains. Ask the barista.');
    expect(screen.getByRole('button', { name: /^Black coffee/ })).not.toHaveTextContent(/Not for you|Not tagged/);
  });

  it('marks nothing for a person who avoids nothing, tagged or not', () => {
    signIn({ avoids: [] });
    renderGrid();
    expect(screen.queryByTestId('diet-badge')).toBeNull();
  });

  it('says it in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    signIn({ avoids: ['milk'] });
    renderGrid();
    expect(screen.getByRole('button', { name: /^Latte/ })).toHaveTextContent('ไม่เหมาะกับคุณ: นม');
    expect(screen.getByRole('button', { name: /^Cappuccino/ })).toHaveTextContent('ยังไม่ได้ระบุส่วนประกอบ');
  });
});
