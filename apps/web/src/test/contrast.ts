import { DEFAULT_THEME } from '@mantine/core';

/** A colour a Mantine style names (`var(--mantine-color-orange-9)`): the app's theme keeps Mantine's palette. */
const resolve = (value: string): string => {
  if (/--mantine-color-white\)/.test(value)) return '#ffffff';
  if (/--mantine-color-black\)/.test(value)) return '#000000';
  const [, name = '', shade = ''] = /--mantine-color-([a-z]+)-(\d)\)/.exec(value) ?? [];
  const colour = DEFAULT_THEME.colors[name]?.[Number(shade)];
  if (!colour) throw new Error(`a colour the test cannot read: ${value}`);
  return colour;
};

/** WCAG 2's relative luminance of a `#rrggbb` colour. */
const luminance = (hex: string) => {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/**
 * The contrast of a Mantine Badge's words on its background, as WCAG counts it (AA asks 4.5:1 of a
 * badge's small text). happy-dom computes no styles: the colours are read from the badge's variables.
 */
export function badgeContrast(element: HTMLElement): number {
  const badge = element.closest('.mantine-Badge-root') as HTMLElement;
  const background = resolve(badge.style.getPropertyValue('--badge-bg'));
  const text = resolve(
    badge.style.getPropertyValue('color') || badge.style.getPropertyValue('--badge-color'),
  );
  return contrast(text, background);
}
