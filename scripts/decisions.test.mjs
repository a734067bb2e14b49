import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DECISIONS_DIR, readDecisions, renderIndex, STATUS } from './decisions.mjs';

const decisions = readDecisions();
const numbers = new Set(decisions.map((d) => d.number));

describe('decision records', () => {
  it.each(decisions)('$file says its title, status and date', (decision) => {
    expect(decision.title).toBeTruthy();
    expect(decision.status).toMatch(STATUS);
    expect(decision.date).toMatch(/^2\d{3}-\d{2}-\d{2}$/);
  });

  it.each(decisions.filter((d) => d.status !== 'accepted'))(
    '$file points to records that exist',
    (decision) => {
      for (const later of decision.status.match(/\d{3}/g)) expect(numbers).toContain(later);
    },
  );

  it('the index lists every record as it stands (node scripts/decisions.mjs writes it)', () => {
    expect(readFileSync(DECISIONS_DIR + 'README.md', 'utf8')).toBe(renderIndex(decisions));
  });
});
