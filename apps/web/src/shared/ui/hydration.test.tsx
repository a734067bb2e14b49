import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useHydratedValue } from './hydration';

afterEach(cleanup);

function Shown({ value }: { value: string }) {
  return <p>{useHydratedValue(value) ?? 'as built'}</p>;
}

describe('useHydratedValue', () => {
  it('is undefined where the build renders the page', () => {
    expect(renderToString(<Shown value="the visitor's" />)).toContain('as built');
  });

  it('is the value in a page rendered in the browser', () => {
    render(<Shown value="the visitor's" />);
    expect(screen.getByText("the visitor's")).toBeTruthy();
  });
});
