import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const figures = (count: number) => ({
  'GET /reference/figures': { body: { data: { lisbon_states_count: count } } },
});

describe('the home page', () => {
  it('states the count of Lisbon Convention states the data holds', async () => {
    mockApi(figures(55));
    renderApp('/');
    expect(await screen.findByText(/^For qualifications from the 55 states that signed/)).toBeTruthy();
  });

  it('follows a correction of the data, with no text edited', async () => {
    mockApi(figures(54));
    renderApp('/');
    expect(await screen.findByText(/^For qualifications from the 54 states that signed/)).toBeTruthy();
  });

  it('says the sentence without a number when the figure cannot be had', async () => {
    mockApi({});
    renderApp('/');
    expect(
      await screen.findByText(
        /^For qualifications from the states that signed the Lisbon Recognition Convention/,
      ),
    ).toBeTruthy();
  });
});
