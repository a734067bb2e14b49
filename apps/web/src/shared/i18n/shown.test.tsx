import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SharedI18n from '.';
import { discoveryEn } from './locales/discovery.en-US';
import { ledgerEn } from './locales/ledger.en-US';

// A start of its own in each test: the test setup has fetched every group of texts already.
let shared: typeof SharedI18n;
beforeEach(async () => {
  vi.resetModules();
  shared = await import('.');
  await shared.i18nReady;
});

function Shown({ children }: { children: React.ReactNode }) {
  return <I18nextProvider i18n={shared.useShownI18n()}>{children}</I18nextProvider>;
}

/** Shows a text, and waits (forever) once it is the one `waitsOn`: a render React has to suspend. */
function Probe({ textKey, waitsOn }: { textKey: 'ledger.title' | 'discovery.country'; waitsOn?: string }) {
  const { t } = useTranslation();
  const text = t(textKey);
  if (text === waitsOn) throw new Promise(() => undefined);
  return <p>{text}</p>;
}

describe('texts that come after a component rendered (decision 082)', () => {
  it('reach the components on screen', async () => {
    render(
      <Shown>
        <Probe textKey="ledger.title" />
      </Shown>,
    );
    expect(screen.getByText('ledger.title')).toBeTruthy();

    await act(() => shared.loadTexts('ledger'));

    expect(await screen.findByText(ledgerEn.ledger.title)).toBeTruthy();
  });

  it('reach them in a transition, which React may interrupt, not in a render it must finish at once', async () => {
    render(
      <Shown>
        <Suspense fallback={<p>Waiting</p>}>
          <Probe textKey="discovery.country" waitsOn={discoveryEn.discovery.country} />
        </Suspense>
      </Shown>,
    );
    expect(screen.getByText('discovery.country')).toBeTruthy();

    await act(() => shared.loadTexts('discovery'));

    // A transition that suspends keeps what is on screen; a synchronous update (react-i18next's
    // `bindI18nStore`) would have replaced it with the fallback. While a page hydrates, that
    // synchronous update made React hydrate all its sections in one task.
    expect(screen.getByText('discovery.country')).toBeTruthy();
    expect(screen.queryByText('Waiting')).toBeNull();
  });
});
