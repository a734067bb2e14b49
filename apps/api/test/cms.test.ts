import { cmsEntrySchema, LOCALES, type CmsEntry } from '@lisbon/domain';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper';

const t = useTestApp();

const list = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/cms-entries${query}` });
  return { response, body: response.json<{ data: CmsEntry[]; meta: { total: number } }>() };
};

describe('GET /api/v1/cms-entries', () => {
  it('lists the seeded FAQ and country tips in both locales, the same number in each', async () => {
    const { response, body } = await list('');
    expect(response.statusCode).toBe(200);
    body.data.forEach((entry) => cmsEntrySchema.parse(entry));
    expect(body.meta.total).toBe(body.data.length);
    for (const entity of ['faq', 'country_tips'] as const) {
      const counts = LOCALES.map(
        (locale) => body.data.filter((e) => e.entity === entity && e.locale === locale).length,
      );
      expect(counts[0]).toBe(counts[1]);
      expect(counts[0]).toBeGreaterThanOrEqual(entity === 'faq' ? 8 : 4);
    }
  });

  it('states the count of Lisbon Convention states from the countries data, in both languages', async () => {
    const sentence = { 'en-US': 'from the 55 countries that signed', 'it-IT': 'dei 55 Paesi firmatari' };
    for (const locale of LOCALES) {
      const { body } = await list(`?entity=faq&locale=${locale}`);
      const text = body.data.map((entry) => entry.content.body).join('\n');
      expect(text).toContain(sentence[locale]);
      expect(text).not.toContain('{{');
    }
    // An administrator's correction of the data changes the text, with no text edited.
    await t.database.db
      .updateTable('countries')
      .set({ is_lisbon_state: 1 })
      .where('code', '=', 'GR')
      .execute();
    const { body } = await list('?entity=faq&locale=en-US');
    expect(body.data.map((entry) => entry.content.body).join('\n')).toContain(
      'from the 56 countries that signed',
    );
    await t.database.db
      .updateTable('countries')
      .set({ is_lisbon_state: 0 })
      .where('code', '=', 'GR')
      .execute();
  });

  it('says a statement is recorded on the ledger, and on a public blockchain only where the body anchors it', async () => {
    const ledger = { 'en-US': 'recorded on our ledger', 'it-IT': 'registrata nel nostro registro' };
    const always = { 'en-US': 'recorded on a blockchain', 'it-IT': 'registrata su una blockchain' };
    const ifAnchored = {
      'en-US': 'Where we also anchor the ledger on a public blockchain',
      'it-IT': 'Se ancoriamo il registro anche su una blockchain pubblica',
    };
    for (const locale of LOCALES) {
      const { body } = await list(`?entity=faq&locale=${locale}`);
      const text = body.data.map((entry) => entry.content.body).join('\n');
      expect(text).toContain(ledger[locale]);
      expect(text).toContain(ifAnchored[locale]);
      expect(text).not.toContain(always[locale]);
    }
  });

  it('gives the address of every portal page the FAQ names, which the FAQ page shows as a link', async () => {
    // The page's name in each language, and the path the SPA routes to it.
    const pages = {
      'en-US': [
        ['the Documents page', '/documents'],
        ['the Consent page', '/consent'],
        ['your Account page', '/account'],
        ['on the Account page', '/account'],
        ['the Delivery page', '/delivery'],
        ['the refugee registration page', '/auth/register/refugee'],
        ['the verification page', '/verify'],
      ],
      'it-IT': [
        ['la pagina Documenti', '/documents'],
        ['dalla pagina Consenso', '/consent'],
        ['nella pagina Account', '/account'],
        ['Nella pagina Restituzione', '/delivery'],
        ['dedicata ai rifugiati', '/auth/register/refugee'],
        ['dalla pagina di verifica', '/verify'],
      ],
    } as const;
    for (const locale of LOCALES) {
      const { body } = await list(`?entity=faq&locale=${locale}`);
      const text = body.data.map((entry) => entry.content.body).join('\n');
      for (const [name, path] of pages[locale]) {
        const mentions = text.split(name).slice(1);
        expect(mentions.length, `${locale}: ${name}`).toBeGreaterThan(0);
        // The path follows the name: "the Documents page (/documents) lists".
        for (const after of mentions)
          expect(after.slice(0, path.length + 4), `${locale}: ${name}`).toContain(path);
      }
    }
  });

  it('filters by entity and locale and orders by position', async () => {
    const { body } = await list('?entity=faq&locale=it-IT');
    expect(body.data.length).toBeGreaterThanOrEqual(8);
    expect(body.data.every((e) => e.entity === 'faq' && e.locale === 'it-IT')).toBe(true);
    const positions = body.data.map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(body.data[0]?.content.title).toBe('Che cosa posso fare su questo portale?');
  });

  it('carries real text in the tips: the country of education system is not the nationality', async () => {
    const { body } = await list('?entity=country_tips&locale=en-US');
    expect(body.data[0]?.content.body).toMatch(/nothing to do with your nationality/);
  });

  it('answers 422 with the field map and the spec message for an unknown locale', async () => {
    const { response, body } = await list('?locale=xx');
    expect(response.statusCode).toBe(422);
    expect(body).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Some fields are not valid.',
      errors: { locale: ['Choose one of the options offered'] },
    });
  });

  it('gives the 422 messages in Italian when the request asks for it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/cms-entries?entity=news',
      headers: { 'accept-language': 'it-IT,it;q=0.9,en;q=0.5' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Alcuni campi non sono validi.',
      errors: { entity: ['Scegli una delle opzioni proposte'] },
    });
  });
});
