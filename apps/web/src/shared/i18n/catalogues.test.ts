import { LOCALES, STATUS_LABELS } from '@lisbon/domain';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaEn } from './locales/area.en-US';
import { areaIt } from './locales/area.it-IT';
import { enUS } from './locales/en-US';
import { itIT } from './locales/it-IT';
import { termsEn } from './locales/terms.en-US';
import { termsIt } from './locales/terms.it-IT';
import { anchorEn } from './locales/anchor.en-US';
import { authEn } from './locales/auth.en-US';
import { authIt } from './locales/auth.it-IT';
import { anchorIt } from './locales/anchor.it-IT';
import { discoveryEn } from './locales/discovery.en-US';
import { discoveryIt } from './locales/discovery.it-IT';
import { ledgerEn } from './locales/ledger.en-US';
import { ledgerIt } from './locales/ledger.it-IT';
import { walletEn } from './locales/wallet.en-US';
import { walletIt } from './locales/wallet.it-IT';
import { documentEn } from './locales/document.en-US';
import { documentIt } from './locales/document.it-IT';

// Each language's texts: the catalogue fetched at start and the groups fetched apart, the
// logged-in area's (decision 063), the terms, the service finder's and a statement's record's
// (decision 079).
const catalogues = {
  'en-US': {
    ...enUS,
    ...areaEn,
    ...authEn,
    ...termsEn,
    ...discoveryEn,
    ...ledgerEn,
    ...anchorEn,
    ...walletEn,
    ...documentEn,
  },
  'it-IT': {
    ...itIT,
    ...areaIt,
    ...authIt,
    ...termsIt,
    ...discoveryIt,
    ...ledgerIt,
    ...anchorIt,
    ...walletIt,
    ...documentIt,
  },
};

type Tree = { readonly [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [leaf, text] of leaves(value, path)) found.set(leaf, text);
  }
  return found;
}

/** The web's own code, its tests and catalogues apart: what the pages say comes from here. */
const code = (() => {
  const root = join(import.meta.dirname, '../..');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|^test[/\\]|i18n[/\\]locales/.test(file))
    .map((file) => readFileSync(join(root, file), 'utf8'));
})();

const english = leaves(catalogues['en-US']);
const italian = leaves(catalogues['it-IT']);

describe('translation catalogues', () => {
  it('has every English key in Italian', () => {
    expect([...english.keys()].filter((key) => !italian.has(key))).toEqual([]);
  });

  it('has no Italian key that English lacks', () => {
    expect([...italian.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it.each(LOCALES)('has no empty text in %s', (locale) => {
    const empty = [...leaves(catalogues[locale])]
      .filter(([, text]) => text.trim() === '')
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const mismatched = [...english].filter(([key, text]) => {
      const other = italian.get(key);
      return other !== undefined && placeholders(other).join() !== placeholders(text).join();
    });
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it.each(LOCALES)('names every status the applicant sees in words in %s, never as a code', (locale) => {
    const status = leaves(catalogues[locale]);
    const unnamed = STATUS_LABELS.filter((label) => {
      const text = status.get(`labels.status.${label}`);
      return text === undefined || /_/.test(text);
    });
    expect(unnamed).toEqual([]);
  });

  it.each(LOCALES)(
    'quotes a name or an example with “ ” in %s, as the upload notices do, never with "',
    (locale) => {
      const straight = [...leaves(catalogues[locale])]
        .filter(([, text]) => text.includes('"'))
        .map(([key]) => key);
      expect(straight).toEqual([]);
    },
  );

  it.each(LOCALES)(
    'names the zip code one way on every form in %s (account, billing, delivery)',
    (locale) => {
      const names = new Set(
        [...leaves(catalogues[locale])].filter(([key]) => key.endsWith('.zipCode')).map(([, text]) => text),
      );
      // Spec §3 "User": "zip code".
      expect([...names]).toEqual([locale === 'en-US' ? 'Zip code' : 'CAP']);
    },
  );

  it('names a request one way on every page, staff\'s and applicant\'s, as the mails do: "request no. 7"', () => {
    expect([...english].filter(([, text]) => /request #|#\{\{/i.test(text)).map(([key]) => key)).toEqual([]);
    expect(catalogues['en-US'].practice.title).toBe('Request no. {{id}}');
    expect(catalogues['it-IT'].practice.title).toBe('Richiesta n. {{id}}');
  });

  it('names the request number one way in Italian, the statement’s label too: "Numero della richiesta", never "pratica"', () => {
    expect([...italian].filter(([, text]) => /\bpratic/i.test(text)).map(([key]) => key)).toEqual([]);
    expect(italian.get('practiceFacts.number')).toBe('Numero della richiesta');
    expect(italian.get('statement.fields.request_id')).toBe('Numero della richiesta');
    expect(english.get('statement.fields.request_id')).toBe(english.get('practiceFacts.number'));
  });

  it("carries the spec's messages word for word in English", () => {
    expect(catalogues['en-US'].messages.generic).toBe(
      'An error occurred. Try again later or contact your system administrator',
    );
    expect(catalogues['en-US'].messages.pageNotFound).toBe('Page not found');
    expect(catalogues['en-US'].validation.required).toBe('This field is required');
  });

  it("carries the rest of the spec's quoted messages (§5 and §8) word for word in English, where a page shows them", () => {
    const spec = {
      // §5 validation rules.
      'validation.minLength': 'Minimum length {{min}} characters',
      'validation.maxLength': 'Maximum length {{max}} characters',
      'validation.emailInvalid': 'Email not valid',
      'validation.dateInvalid': 'Date not valid',
      'validation.numberMin': 'Must be greater than {{min}}',
      'validation.numberMax': 'Must be less or equal than {{max}}',
      'delivery.shipping.locked': 'Shipping information cannot be modified after submission.',
      // §8 user-facing messages.
      'notices.optOut.failed': 'Something went wrong while unsubscribing. Please try again later.',
      'messages.exportFailed':
        'An error occurred while exporting your document. Try again on another browser.',
      'payments.outcome.paymentFailed': 'Payment failed! Try again or contact your bank.',
      'discovery.limit.title': 'Limit reached',
      'validation.noServiceAvailable': 'No service available',
      'verify.notValid': 'NOT valid',
      // §8 success messages.
      'messages.exportSucceeded': 'Export successful',
      'payments.outcome.paymentSuccessful': 'Payment successful',
      'delivery.shipping.updated': 'Shipping info updated',
    };
    expect(Object.fromEntries(Object.keys(spec).map((key) => [key, english.get(key)]))).toEqual(spec);
  });

  it('keeps no "No items found": every list says what it lacks in its own words, and no page names it', () => {
    expect(code.length).toBeGreaterThan(100);
    expect(code.filter((text) => text.includes('noItems'))).toEqual([]);
    for (const locale of LOCALES) expect(catalogues[locale].messages).not.toHaveProperty('noItems');
  });

  it('holds no text that no page shows: a message reworded where it is shown is not kept unchanged in a key nobody reads', () => {
    const source = code.join('\n');
    // A key built at run time (`labels.status.${label}`) shows every text under its fixed start.
    const builtFrom = [...source.matchAll(/`([a-z][\w.]*\.)\$\{/gi)].map((match) => match[1] ?? '');
    const isNamed = (key: string) =>
      [`'${key}'`, `"${key}"`, `\`${key}\``].some((quoted) => source.includes(quoted));
    // The page's head and fallback: the build writes the group whole into each page (boot/prerender.tsx).
    expect(source).toContain('documentEn.document');
    const unshown = [...english.keys()].filter((key) => {
      if (key.startsWith('document.')) return false;
      const named = key.replace(/_(zero|one|two|few|many|other)$/, '');
      return !isNamed(named) && !builtFrom.some((start) => named.startsWith(start));
    });
    expect(unshown).toEqual([]);
  });

  it('names every file a page saves in the language in use, as the consent form is named, never in English alone', () => {
    // A name written in the code (`statement-${id}.pdf`) is English in every language; a name
    // from the catalogue (t('consent.fileName')) is the reader's. The extension and what fills the
    // name (`${id}`) say nothing in a language.
    // …or a name given to a component that adds its extension (`<FigureTable fileName="backlog">`).
    const written = code.flatMap((text) => [
      ...[...text.matchAll(/[`'"]([^`'"\n]*\.(?:pdf|json|txt|csv|zip))[`'"]/g)].map(
        (match) => match[1] ?? '',
      ),
      ...[...text.matchAll(/fileName=\{?[`'"]([^`'"\n]*)[`'"]/g)].map((match) => match[1] ?? ''),
    ]);
    const worded = written.filter(
      (name) =>
        !english.has(name) && /\p{L}{2}/u.test(name.replace(/\$\{[^}]*\}/g, '').replace(/\.\w+$/, '')),
    );
    expect(worded).toEqual([]);
  });

  it('carries the identity messages of spec §5 and §8 word for word in English', () => {
    const { messages, validation } = catalogues['en-US'];
    expect(messages.loginFailed).toBe('Invalid credentials');
    expect(messages.registerFailed).toBe('An error occurred while registering');
    expect(messages.activationFailed).toBe('An error occurred while activating the account');
    expect(messages.resetFailed).toBe('An error occurred while resetting the password');
    expect(messages.tryAgainOrContact).toBe('Try again or contact us');
    expect(messages.tokenNotFound).toBe('Token not found');
    expect(validation.phoneInvalid).toBe('Phone number not valid (add country code)');
    expect(validation.passwordsDoNotMatch).toBe('The passwords do not match');
    expect(validation.taxIdInvalid).toBe('Invalid Tax ID Number');
    expect(validation.emailMismatch).toBe('The email address does not match.');
  });
});
