import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/features/barista/test/fixtures';
import { DEFAULT_AGE_THRESHOLDS } from '@/features/barista/lib/ticket-age';
import { renderWithProviders } from '@/test/render';
import { OrderCard } from './order-card';

const MARKUP = '<img src=x onerror=alert(1)>';

/** ASVS 3.2.2: what people type is shown as text, never read as HTML. */
describe('a ticket showing markup typed as data', () => {
  it("shows a person's name and a remark holding an img tag as that text, with no img element made of them", () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const order = makeOrder({ userName: '<b>Mali</b>', remark: MARKUP });
    const { container } = renderWithProviders(
      <OrderCard
        order={order}
        now={Date.parse(order.orderDate)}
        thresholds={DEFAULT_AGE_THRESHOLDS}
        onAdvance={() => undefined}
        onReject={() => undefined}
        onShowTimeline={() => undefined}
      />,
    );
    expect(screen.getByText(MARKUP)).toBeInTheDocument();
    expect(screen.getByText('<b>Mali</b>', { exact: false })).toBeInTheDocument();
    expect(container.textContent).toContain(MARKUP);
    // The only picture a ticket may hold is the tumbler's, never one made of the remark.
    expect(container.querySelector('img[src="x"], [onerror], b')).toBeNull();
    for (const img of container.querySelectorAll('img')) expect(img.getAttribute('src')).not.toBe('x');
    expect(alert).not.toHaveBeenCalled();
  });
});
