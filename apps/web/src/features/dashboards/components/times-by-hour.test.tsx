import type { TimesByHourRow } from '@cafe/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { TimesByHour } from './times-by-hour';

const PARAMS = { startDate: '2026-11-16', endDate: '2026-11-23', categoryFor: 'cafe' as const };

function rows(): TimesByHourRow[] {
  return Array.from({ length: 24 }, (_, hour) =>
    hour === 9
      ? { hour, averageWaitSeconds: 480, averagePrepSeconds: 120, samples: 12 }
      : hour === 14
        ? { hour, averageWaitSeconds: 60, averagePrepSeconds: 200, samples: 3 }
        : { hour, averageWaitSeconds: null, averagePrepSeconds: null, samples: 0 },
  );
}

describe('TimesByHour', () => {
  it('charts the average wait and preparation by hour, and says where they are longest', async () => {
    const { calls } = mockApi({ 'GET /stats/times-by-hour': rows() });
    renderWithProviders(<TimesByHour params={PARAMS} />);
    const wait = await screen.findByRole('figure', { name: 'Average wait by hour (placed to taken)' });
    expect(wait).toHaveTextContent('Longest wait: 09:00-10:00, about 8 minutes.');
    const prep = screen.getByRole('figure', { name: 'Average preparation by hour (taken to done)' });
    expect(prep).toHaveTextContent('Longest preparation: 14:00-15:00, about 3 minutes.');
    expect(within(wait).getByRole('table')).toBeInTheDocument();
    expect(calls[0]?.search.get('startDate')).toBe('2026-11-16');
  });

  it('says when nothing was measured', async () => {
    mockApi({
      'GET /stats/times-by-hour': rows().map((r) => ({
        ...r,
        averageWaitSeconds: null,
        averagePrepSeconds: null,
        samples: 0,
      })),
    });
    renderWithProviders(<TimesByHour params={PARAMS} />);
    expect(await screen.findByText('No wait measured in this period.')).toBeInTheDocument();
  });
});
