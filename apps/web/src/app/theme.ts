import { BREAKPOINTS } from '@lisbon/domain';
import { createTheme, type CSSVariablesResolver, type PopoverProps } from '@mantine/core';

/** Mantine measures breakpoints in em; the spec's are px at the browser's default 16 px. */
const em = (px: number) => `${px / 16}em`;

/**
 * The one breakpoint that decides the layout: from here up the side navigation and the header
 * links show; below it the burger and its drawer. Both the media query and the AppShell read it.
 */
export const NAVIGATION_BREAKPOINT = 'sm' as const;

/** From the navigation breakpoint up (inclusive): the side navigation and the header links. */
export const WIDE_SCREEN_QUERY = `(min-width: ${em(BREAKPOINTS[NAVIGATION_BREAKPOINT])})`;

/** The logged-in layout's header, fixed over the top of the page as it scrolls. */
export const HEADER_HEIGHT = 64;

/**
 * An open list keeps this far from the screen's edges, and below the fixed header: on a landscape
 * phone (667×375) a country list of 220 px ran past the bottom of the screen.
 */
const LIST_EDGES = { top: HEADER_HEIGHT + 8, bottom: 8, left: 8, right: 8 };
/** The dropdown's padding (4 px) and border (1 px), each side of the listbox. */
const DROPDOWN_FRAME = 10;
/** Two options and a half: a list shorter than this would show too little to choose from. */
const LIST_MIN_HEIGHT = 80;

/**
 * Where an open list goes: on the side of its field with more room (flip, best fit), as tall as
 * that room allows (size, through `--list-room`), so that it stays on the screen. The side is
 * chosen again while the list is open (`preventPositionChangeWhenVisible: false` below): a list
 * opens small ("Type at least 2 characters") and grows as the search finds countries.
 */
const LIST_PLACEMENT: NonNullable<PopoverProps['middlewares']> = {
  flip: { fallbackStrategy: 'bestFit', padding: LIST_EDGES },
  shift: true,
  size: {
    padding: LIST_EDGES,
    apply: ({ availableHeight, elements }) => {
      const room = Math.max(availableHeight - DROPDOWN_FRAME, LIST_MIN_HEIGHT);
      elements.floating.style.setProperty('--list-room', `${room}px`);
    },
  },
};

/** Mantine's own height for an open list (`maxDropdownHeight`) at most, scrolled by the listbox. */
const LIST_THAT_SCROLLS = { maxHeight: 'min(220px, var(--list-room, 220px))', overflowY: 'auto' } as const;

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
  // Plain objects rather than `Alert.extend(…)`: importing the components here would put them, and
  // the combobox's floating UI, in every page's first download (decision 063).
  components: {
    // A light alert's title in its own colour (green, yellow, red at shade 6) falls short of 4.5:1
    // on its tint: titles are dark text, the colour stays in the tint and the icon.
    Alert: { styles: { title: { color: 'var(--mantine-color-dark-8)' } } },
    // A combobox's 'Type at least 2 characters' / 'No items found' sits inside its listbox, which
    // may only own options (axe aria-required-children): it is one, that cannot be chosen.
    ComboboxEmpty: { defaultProps: { role: 'option', 'aria-disabled': true } },
    // An open list that scrolls is the listbox itself, not Mantine's scroll area inside it: axe
    // `scrollable-region-focusable` exempts a combobox's own popup (the input points at it with
    // aria-controls and moves through it with the arrow keys), where the scroll area was a region
    // no key could reach, and a tabindex on it tripped aria-required-children (issue 33).
    // An open list stays where its field is, inside the page's landmark or the dialog (axe
    // `region`), not in a portal at the end of the body; the floating position keeps it in view.
    Combobox: {
      defaultProps: {
        withinPortal: false,
        middlewares: LIST_PLACEMENT,
        preventPositionChangeWhenVisible: false,
        // Above a dialog's title bar (Mantine's sticky header, z-index 1000), which a list opened
        // upwards in a dialog on a phone held sideways went under.
        zIndex: 1001,
      },
    },
    // The arrows at the end of a select (the header's language, a country) draw what the field's
    // role says already: hidden from assistive technology, not read as an image with no name.
    ComboboxChevron: { defaultProps: { 'aria-hidden': true } },
    // A searchable list opens when its field is clicked or typed in (or on the Down arrow), not when focus
    // merely arrives: a refused form that takes the keyboard to a country field in error left its
    // list open over the fields below, as Tab into the field did (a plain Select never opened so).
    Select: {
      defaultProps: { withScrollArea: false, openOnFocus: false },
      styles: { options: LIST_THAT_SCROLLS },
    },
    MultiSelect: {
      defaultProps: { withScrollArea: false, openOnFocus: false },
      styles: { options: LIST_THAT_SCROLLS },
    },
    // A dialog's title bar is Mantine's <header>, which assistive technology lists as a second
    // "banner" beside the page's own (axe landmark-no-duplicate-banner on every open dialog): it is
    // a plain group of the title and the close button, the dialog named by its title as before.
    Modal: { defaultProps: { attributes: { header: { role: 'none' } } } },
    Drawer: { defaultProps: { attributes: { header: { role: 'none' } } } },
    // The show-or-hide button of a password is reached with Tab like every other button (issue 33).
    PasswordInput: { defaultProps: { visibilityToggleFocusable: true } },
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
    // Subtle and light buttons hover on shade 1, not 2: blue.9 on blue.2 is 4.02:1, red.9 on red.2
    // 3.76:1 (issue 14); light ones rest on shade 0 so the hover still shows.
    '--mantine-color-blue-light': current.colors.blue[0] ?? '#e7f5ff',
    '--mantine-color-blue-light-hover': current.colors.blue[1] ?? '#d0ebff',
    '--mantine-color-red-light': current.colors.red[0] ?? '#fff5f5',
    '--mantine-color-red-light-hover': current.colors.red[1] ?? '#ffe3e3',
  },
  dark: {},
});
