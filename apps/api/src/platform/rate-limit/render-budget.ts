import type { RateLimiter, RateRule } from './limiter';

/**
 * What one user may have rendered on request (a consent form, a waybill) per minute: a render
 * costs 0.1–0.45 s of the one thread every other user shares, so past this a user's next render
 * answers 429 with Retry-After; what is kept (kept-documents.ts) costs nothing and is never
 * counted (decision 084).
 */
export const RENDERS_PER_USER: RateRule = { name: 'render:user', limit: 10, windowSeconds: 60 };

export const chargeRender = (limiter: RateLimiter, userId: number): Promise<void> =>
  limiter.consume([{ rule: RENDERS_PER_USER, subject: String(userId) }]);
