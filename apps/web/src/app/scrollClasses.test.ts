import { RemoveScroll } from 'react-remove-scroll';
import { describe, expect, it } from 'vitest';

// The build gives Mantine's AppShell these two names from react-remove-scroll-bar's constants
// instead of the whole scroll lock (appShellScrollClasses in vite-plugins.ts, decision 079).
describe("the AppShell's scroll class names", () => {
  it('are the ones react-remove-scroll gives its RemoveScroll', async () => {
    const constants = (await import('react-remove-scroll-bar/constants')) as {
      fullWidthClassName: string;
      zeroRightClassName: string;
    };
    expect(RemoveScroll.classNames).toEqual({
      fullWidth: constants.fullWidthClassName,
      zeroRight: constants.zeroRightClassName,
    });
  });
});
