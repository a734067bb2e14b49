/**
 * Text a person typed (a question, a reply, a reason, a note), shown as typed: its line breaks
 * kept, and a word longer than its box (an address pasted whole) broken at the box's edge rather
 * than cut off by it or widening the page (WCAG 1.4.10: at 320 px an alert cut the address off).
 */
export const TYPED_TEXT = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;
