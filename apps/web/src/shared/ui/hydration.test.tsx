import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { HydrateLater, useIsPrerendered } from './hydration';

// The hydration in turns itself is Preact's (decision 078): the built app's journeys cover it
// (e2e/tests/first-visit.spec.ts and the login and verify journeys). Here, what every other render
// of these components does, with React as the tests render.
afterEach(cleanup);

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Clicked {count}
    </button>
  );
}

function SendButton() {
  const isPrerendered = useIsPrerendered();
  return (
    <button type="submit" disabled={isPrerendered}>
      Send
    </button>
  );
}

describe('outside a hydration', () => {
  it('a part put off for a hydration renders at once and answers', async () => {
    render(
      <HydrateLater>
        <Counter />
      </HydrateLater>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clicked 0' }));
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeTruthy();
  });

  it('a control that waits for the app is enabled once rendered', () => {
    render(<SendButton />);
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(false);
  });
});
