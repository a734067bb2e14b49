import { describe, expect, it } from 'vitest';
import { WORKSPACE_NOTICE_KEYS } from './workspace-notice-keys';
import { EVALUATION_OFFICE, WORKSPACE_NOTICES } from './workspace-notices';

describe('workspace notices', () => {
  it('words every success message in both languages, with the spec §4 words in English', () => {
    for (const locale of ['en-US', 'it-IT'] as const) {
      expect(Object.keys(WORKSPACE_NOTICES[locale]).sort()).toEqual([...WORKSPACE_NOTICE_KEYS].sort());
      expect(EVALUATION_OFFICE[locale]).not.toBe('');
    }
    expect(WORKSPACE_NOTICES['en-US'].practicesAssigned).toBe('Practices assigned');
    expect(WORKSPACE_NOTICES['en-US'].fileCheckConcluded).toBe('File check concluded');
    expect(WORKSPACE_NOTICES['en-US'].reviewConcluded).toBe('Review concluded');
  });
});
