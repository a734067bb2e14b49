import { type ReactNode, useEffect, useRef, useState } from 'react';

type Props = { children: ReactNode; className: string };

/** The share of the frame on screen that brings its content. */
const SHOWN = 0.25;

/**
 * Shows `children` once a quarter of its place is on screen, or once a key is pressed on the page
 * (a keyboard user, who would otherwise Tab past it), an empty frame of class `className` until then. A part below the opening on a phone, such as the home page's service finder, whose
 * frame only peeks in at the bottom, then costs a first visit nothing: neither its chunk nor its
 * rendering, which would otherwise block the main thread right after the page shows (decision 075).
 */
export function WhenOnScreen({ children, className }: Props) {
  const [isShown, setIsShown] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (isShown || !element) return;
    const show = () => setIsShown(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.intersectionRatio >= SHOWN)) show();
      },
      { threshold: SHOWN },
    );
    observer.observe(element);
    // A keyboard user moves by Tab, which scrolls only to what can take focus and would jump over an
    // empty frame: the first key pressed on the page brings the part, well before Tab reaches it.
    document.addEventListener('keydown', show, { once: true });
    return () => {
      observer.disconnect();
      document.removeEventListener('keydown', show);
    };
  }, [isShown]);
  return isShown ? children : <div ref={frame} className={className} />;
}
