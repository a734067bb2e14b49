import { type ReactNode, useEffect, useRef, useState } from 'react';

type Props = { children: ReactNode; className: string };

/**
 * Shows `children` once its place comes near the screen (within a screen's height below it), an
 * empty frame of class `className` until then. A part below the opening on a phone, such as the home
 * page's service finder, then costs a first visit nothing: neither its chunk nor its rendering,
 * which would otherwise block the main thread right after the page shows (decision 075).
 */
export function WhenNearViewport({ children, className }: Props) {
  const [isNear, setIsNear] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear]);
  return isNear ? children : <div ref={frame} className={className} />;
}
