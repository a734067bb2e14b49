import { BREAKPOINTS } from '@lisbon/domain';
import { Alert, createTheme, type CSSVariablesResolver } from '@mantine/core';

/** Mantine measures breakpoints in em; the spec's are px at the browser's default 16 px. */
const em = (px: number) => `${px / 16}em`;

/** From here up the layout shows the side navigation and the header links. */
export const WIDE_SCREEN_QUERY = `(min-width: ${em(BREAKPOINTS.sm)})`;

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white text on filled buttons and links on white above the WCAG AA 4.5:1 ratio.
  primaryShade: 8,
  breakpoints: {
    xs: em(BREAKPOINTS.xs),
    sm: em(BREAKPOINTS.sm),
    md: em(BREAKPOINTS.md),
    lg: em(BREAKPOINTS.lg),
    // The spec names four breakpoints; Mantine wants a fifth, so xl repeats the widest.
    xl: em(BREAKPOINTS.lg),
  },
  defaultRadius: 'sm',
  // Who asks the system for reduced motion gets none: modals and toasts appear without animating (WCAG 2.3.3).
  respectReducedMotion: true,
  headings: { fontWeight: '700' },
  components: {
    // A light alert's title in its own colour (green, yellow, red at shade 6) falls short of 4.5:1
    // on its tint: titles are dark text, the colour stays in the tint and the icon.
    Alert: Alert.extend({ styles: { title: { color: 'var(--mantine-color-dark-8)' } } }),
  },
});

/**
 * Mantine's dimmed grey (gray.6) and error red (red.6) fail contrast on white; gray.7 and red.9
 * pass. Light and outline buttons write in blue.9, which stays above 4.5:1 on their hover tint
 * over a striped table row too.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': current.colors.gray[7] ?? '#495057',
    '--mantine-color-error': current.colors.red[9] ?? '#c92a2a',
    '--mantine-color-blue-light-color': current.colors.blue[9] ?? '#1864ab',
    '--mantine-color-blue-outline': current.colors.blue[9] ?? '#1864ab',
  },
  dark: {},
});
