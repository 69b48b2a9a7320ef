import type { DietTag, Menu } from '@cafe/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { mockApi, renderWithProviders, signIn } from '@/test/render';
import { MenuItemGrid } from './menu-item-grid';

/*
 * The menu's tiles and what the person avoids (docs/allergens.md), as the ordering door marks
 * each drink (GET /menu/verdicts): a drink whose defaults have it is marked, and a drink nobody has
 * tagged says so rather than looking safe.
 */

const item = (id: number, name: string): Menu => ({
  id,
  name,
  description: '-',
  category_id: 1,
  isActive: 'active',
  isAvailable: 'available',
});

const ITEMS: Menu[] = [item(3, 'Latte'), item(4, 'Cappuccino'), item(5, 'Black coffee')];

/** The door's marks for a person who avoids milk: the latte's default whole milk, the untagged cappuccino. */
const MARKS: Record<number, { conflicts: DietTag[]; untagged: boolean }> = {
  3: { conflicts: ['milk'], untagged: false },
  4: { conflicts: [], untagged: true },
  5: { conflicts: [], untagged: false },
};

function renderGrid(marks = MARKS) {
  mockApi({});
  renderWithProviders(
    <MenuItemGrid
      items={ITEMS}
      placement={{ refusalOf: () => null, marksOf: (drink) => marks[drink.id]! }}
      onPick={vi.fn()}
    />,
  );
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

  it('marks nothing the door does not mark', () => {
    signIn({ avoids: [] });
    renderGrid({ 3: { conflicts: [], untagged: false }, 4: { conflicts: [], untagged: false }, 5: MARKS[5]! });
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
