/** happy-dom's handle on its window: its viewport is what the page's media queries answer for. */
type HappyDomWindow = { happyDOM: { setViewport(viewport: { width: number; height: number }): void } };

/** happy-dom's default viewport, a desktop from the side navigation up (the theme's sm, 1024 px). */
export const DESKTOP = { width: 1024, height: 768 } as const;
/** A phone's viewport. */
export const PHONE = { width: 375, height: 812 } as const;

/**
 * Sizes the window: Mantine's `useMediaQuery` (cards or tables, the queue's filters) reads it.
 * happy-dom lays nothing out, so a test asserts structure, not what fits on screen.
 */
export function setViewport(viewport: { width: number; height: number }): void {
  (window as unknown as HappyDomWindow).happyDOM.setViewport(viewport);
}
