/**
 * The sandbox's test cards (documented in the README). Any other number is refused on the form,
 * as real test modes refuse real cards.
 */
export const TEST_CARDS = {
  '4242424242424242': 'succeed',
  '4000000000000002': 'decline',
  '4000000000009995': 'busy',
} as const;

export type CardOutcome = (typeof TEST_CARDS)[keyof typeof TEST_CARDS];

export const digitsOf = (cardNumber: string): string => cardNumber.replace(/[\s-]/g, '');

export const outcomeOf = (cardNumber: string): CardOutcome | null =>
  // Any digits typed are looked up; TEST_CARDS stays a literal, for its outcomes make CardOutcome.
  (TEST_CARDS as Record<string, CardOutcome>)[digitsOf(cardNumber)] ?? null;
