import type { ReactNode } from 'react';

/**
 * A control's label as seen, and its name as heard, whole: "My requests" on screen, "My requests, 2
 * requests in all" to a screen reader. The words (", 2 requests in all") go in one hidden text with
 * the label, not after it on their own: hidden text sits in a box of its own (app.css's
 * `.visually-hidden` is absolutely positioned), and Chromium puts a space between boxes as it
 * computes a name, so "My requests" then ", 2 requests" was heard as "My requests , 2 requests".
 */
export function SpokenName({ label, words }: { label: string; words: ReactNode }) {
  return (
    <>
      <span aria-hidden="true">{label}</span>
      <span className="visually-hidden">
        {label}
        {words}
      </span>
    </>
  );
}
