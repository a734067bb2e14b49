import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenOnScreen } from './WhenOnScreen';

/** An observer whose element never comes on screen: a phone, the frame below the opening. */
class OffScreenObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('WhenOnScreen', () => {
  it('keeps an empty frame while its place is off screen, and brings the part at the first key pressed (a keyboard user)', async () => {
    vi.stubGlobal('IntersectionObserver', OffScreenObserver);
    render(
      <WhenOnScreen className="frame">
        <button type="button">Find a service</button>
      </WhenOnScreen>,
    );
    expect(screen.queryByRole('button', { name: 'Find a service' })).toBeNull();
    expect(document.querySelector('.frame')).not.toBeNull();
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(await screen.findByRole('button', { name: 'Find a service' })).toBeTruthy();
  });

  it('brings the part once its place is on screen', async () => {
    render(
      <WhenOnScreen className="frame">
        <button type="button">Find a service</button>
      </WhenOnScreen>,
    );
    expect(await screen.findByRole('button', { name: 'Find a service' })).toBeTruthy();
  });
});
