/** Closure periods announced by the body (spec §9), both ends included. */
export const CLOSURE_SEEDS = [
  // Offices closed: no working days; service resumes 13 January 2025.
  { kind: 'closure', starts_on: '2024-12-16', ends_on: '2025-01-12' },
  // Hard-copy receipt and return delivery of paper documents suspended (used by return delivery).
  { kind: 'return_delivery_suspension', starts_on: '2024-12-24', ends_on: '2025-01-07' },
] as const;
