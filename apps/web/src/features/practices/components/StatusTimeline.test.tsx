import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderComponent } from '@/test/renderComponent';
import { StatusTimeline } from './StatusTimeline';

afterEach(cleanup);

describe('the status history', () => {
  it('shows the reason staff gave the applicant under the step it explains', () => {
    renderComponent(
      <StatusTimeline
        history={[
          { from_status: 'draft', to_status: 'unassigned', at: '2026-11-02T09:00:00.000Z' },
          {
            from_status: 'unassigned',
            to_status: 'closed',
            at: '2026-11-05T09:00:00.000Z',
            reason: 'The same qualification is evaluated in request 12.',
          },
        ]}
      />,
    );
    const closed = screen.getByText('closed').closest('li');
    expect(closed?.textContent).toContain('Reason: The same qualification is evaluated in request 12.');
    expect(screen.getAllByText(/^Reason:/)).toHaveLength(1);
  });
});
