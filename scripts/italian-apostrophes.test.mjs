// Italian texts write the apostrophe as the typographic ’, as most of them did, never the straight '.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { italianTexts } from './italian-apostrophes.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('the Italian texts', () => {
  it('write every apostrophe as ’, in the web’s catalogues, the domain’s and the API’s', () => {
    const texts = italianTexts(ROOT);
    // The scan finds the texts: the catalogues, the messages, the mails and the PDFs.
    for (const path of [
      'apps/web/src/shared/i18n/locales/account.it-IT.ts',
      'packages/domain/src/messages-it.ts',
      'apps/api/src/modules/mails/request.texts.ts',
      'apps/api/src/modules/auth/mail-texts.ts',
      'apps/api/src/modules/statements/texts.ts',
      'apps/api/src/modules/consent/texts.ts',
    ])
      expect(texts.some((text) => text.path === path && text.text.includes('’'))).toBe(true);
    const straight = texts
      .filter(({ text }) => text.includes("'"))
      .map(({ path, line, text }) => `${path}:${line}: ${text}`);
    expect(straight).toEqual([]);
  });

  describe('are found', () => {
    const root = mkdtempSync(join(tmpdir(), 'lisbon-italian-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const write = (path, text) => {
      mkdirSync(join(root, dirname(path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    write('packages/domain/src/words-it.ts', `export const W = { a: "Un'app" };\n`);
    write('packages/domain/src/words.test.ts', `const t = { 'it-IT': "L'esempio" };\n`);
    write('apps/web/src/shared/i18n/locales/x.it-IT.ts', "export const x = { a: `Dell'ente ${1}` };\n");
    write('apps/web/src/shared/i18n/locales/it-IT.ts', `export const y = { a: 'Vai all\\'accesso' };\n`);
    write('apps/web/src/shared/i18n/locales/en-US.ts', `export const y = { a: "Go to the body's" };\n`);
    // Seeded into new databases: found (migration 117 mends the pages of those seeded before).
    write(
      'apps/api/src/modules/cms/seed/faq.ts',
      `export const F = { 'it-IT': { body: "Un'università" } };\n`,
    );
    // Released migrations stay as written (italian-apostrophes.mjs, LEFT_OUT).
    write(
      'apps/api/src/platform/db/migrations/2026-12-05-106-faq.ts',
      `export const S = { 'it-IT': { body: "Dell'attestato" } };\n`,
    );
    write(
      'apps/api/src/mail.ts',
      [
        `const IT = { subject: "L'attestato" };`,
        `export const T = { 'en-US': { subject: "The body's" }, 'it-IT': IT };`,
        `export const U = { 'it-IT': { body: (n: string) => \`Ciao \${n}, all'ufficio\` } };`,
        `export const v = (locale: string) => (locale === 'it-IT' ? "Nell'area" : "In the area's");`,
        `export function w(locale: string) { if (locale !== 'it-IT') return "Today's"; else return "Oggi c'è"; }`,
        '',
      ].join('\n'),
    );

    it('in Italian files, catalogues, their branches and the texts they name, not English ones or tests', () => {
      const straight = italianTexts(root)
        .filter(({ text }) => text.includes("'"))
        .map(({ path, text }) => `${path}: ${text}`)
        .sort();
      expect(straight).toEqual([
        "apps/api/src/mail.ts: , all'ufficio",
        "apps/api/src/mail.ts: L'attestato",
        "apps/api/src/mail.ts: Nell'area",
        "apps/api/src/mail.ts: Oggi c'è",
        "apps/api/src/modules/cms/seed/faq.ts: Un'università",
        "apps/web/src/shared/i18n/locales/it-IT.ts: Vai all'accesso",
        "apps/web/src/shared/i18n/locales/x.it-IT.ts: Dell'ente ",
        "packages/domain/src/words-it.ts: Un'app",
      ]);
    });
  });
});
