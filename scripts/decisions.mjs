// The decision records' index: `node scripts/decisions.mjs` writes docs/decisions/README.md from
// each record's title, `- Status:` and `- Date:` lines; scripts/decisions.test.mjs checks that every
// record has them and that the index is current.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DECISIONS_DIR = fileURLToPath(new URL('../docs/decisions/', import.meta.url));
export const STATUS = /^(accepted|superseded by \d{3}|amended by \d{3}(, \d{3})*)$/;

/** Every record: its number, file, title, status and date (null where a line is missing). */
export function readDecisions(dir = DECISIONS_DIR) {
  return readdirSync(dir)
    .filter((file) => /^\d{3}-.+\.md$/.test(file))
    .sort()
    .map((file) => {
      const text = readFileSync(dir + file, 'utf8');
      const title = /^# (.+)$/m.exec(text)?.[1] ?? null;
      return {
        number: file.slice(0, 3),
        file,
        title: title?.replace(/^\d{3}\s+—\s+/, '') ?? null,
        status: /^- Status: (.+)$/m.exec(text)?.[1]?.trim() ?? null,
        date: /^- Date: (\d{4}-\d{2}-\d{2})$/m.exec(text)?.[1] ?? null,
      };
    });
}

export function renderIndex(decisions) {
  const rows = decisions.map((d) => `| [${d.number}](${d.file}) | ${d.title} | ${d.status} | ${d.date} |`);
  return [
    '# Decision records',
    '',
    'One short record for each choice someone would otherwise ask about: context, decision,',
    'consequences. Each starts with its status (accepted, amended by a later record, or superseded',
    'by one) and the date it was written. A record is not rewritten when a later one changes the',
    "choice: the later one says what changed, and the earlier one's status points to it.",
    '',
    'This index is written by `node scripts/decisions.mjs`; `npm test` fails when it is out of date',
    'or a record lacks its status or date.',
    '',
    '| record | decision | status | date |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(DECISIONS_DIR + 'README.md', renderIndex(readDecisions()));
}
