import { type ReactNode, useEffect, useRef, useState } from 'react';

type Props = { children: ReactNode; className: string };

/** The share of the frame on screen that brings its content. */
const SHOWN = 0.25;

/**
 * Shows `children` once a quarter of its place is on screen, an empty frame of class `className`
 * until then. A part below the opening on a phone, such as the home page's service finder, whose
 * frame only peeks in at the bottom, then costs a first visit nothing: neither its chunk nor its
 * rendering, which would otherwise block the main thread right after the page shows (decision 075).
 */
export function WhenOnScreen({ children, className }: Props) {
  const [isShown, setIsShown] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (isShown || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.intersectionRatio >= SHOWN)) setIsShown(true);
      },
      { threshold: SHOWN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isShown]);
  return isShown ? children : <div ref={frame} className={className} />;
}
