import { describe, expect, it } from 'vitest';
import { judgeLink, LinkScanner } from './pdf-links';

/** How many links the scanner refuses in `text`, given to it in two pieces cut at `cut`. */
function refusalsCutAt(text: string, cut: number): number {
  let refusals = 0;
  const scanner = new LinkScanner(() => refusals++);
  scanner.feed(text.slice(0, cut));
  scanner.feed(text.slice(cut));
  scanner.end();
  return refusals;
}

describe('the links of a PDF’s structure', () => {
  it.each([
    ['/S /URI /URI (\\152\\141\\166\\141script:alert\\(1\\)) >>', 1],
    ['/S /URI /URI <feff006a00610076006100730063007200690070007400 3a0078> >>', 1],
    ['/S /UR#49 /U#52I % note\n (\\001 java\\\nscript:x) >>', 1],
    ['/URI (https://example.edu/a\\(b\\)) /URI (mailto:x@example.edu) >>', 0],
    ['/URI (https://example.edu) /URI 12 0 R >>', 1],
    ['/URI <</Base (https://example.edu/)>> /URI (page.html)', 0],
  ])('judges %j alike wherever the text is cut', (text, refused) => {
    for (let cut = 0; cut <= text.length; cut++)
      expect(refusalsCutAt(text, cut) > 0 ? 1 : 0, `cut at ${cut}`).toBe(refused);
  });

  it('waits for the rest of a string before it judges, and judges a string cut by the end as unknown', () => {
    expect(judgeLink(' (java', false)).toBe('needsMore');
    expect(judgeLink(' (\\15', false)).toBe('needsMore');
    expect(judgeLink(' (\xfe', false)).toBe('needsMore');
    expect(judgeLink(' (java', true)).toBe('refused');
    expect(judgeLink(' (https:', false)).toBe('allowed');
    expect(judgeLink(' /URI', false)).toBe('notALink');
  });
});
