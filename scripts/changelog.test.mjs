// CHANGELOG.md is what an operator reads before an upgrade (docs/deploy.md, "Upgrade, and roll
// back"): each migration since release 1.0.0 is named there by its file, and marked.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const changelog = readFileSync(new URL('../CHANGELOG.md', import.meta.url), 'utf8');
const migrations = readdirSync(new URL('../apps/api/src/platform/db/migrations/', import.meta.url))
  .filter((name) => /^\d{4}-\d{2}-\d{2}-\d{3}-.+\.ts$/.test(name))
  .map((name) => name.slice(0, -'.ts'.length));
/** Release 1.0.0's newest migration: those after it came later, and each release names its own. */
const LAST_OF_1_0_0 = '2026-11-27-340-key-fingerprints';
const MARKS = /expand-only|breaking|not reversible/i;

describe('CHANGELOG.md', () => {
  const later = migrations.filter((name) => name > LAST_OF_1_0_0);

  it.each(later)('names migration %s and says whether it is expand-only or breaking', (name) => {
    const at = changelog.indexOf(name);
    expect(at, `${name} is not named in CHANGELOG.md`).toBeGreaterThan(-1);
    // The mark follows the name in its entry (before the next entry).
    const entry = changelog.slice(at).split(/\n- |\n## /)[0];
    expect(entry).toMatch(MARKS);
  });

  it('knows migrations after release 1.0.0 (the list above is not empty)', () => {
    expect(migrations).toContain(LAST_OF_1_0_0);
    expect(later.length).toBeGreaterThan(0);
  });
});
