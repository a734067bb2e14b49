import { describe, expect, it } from 'vitest';
import { APPEAL_MAILS } from '../src/modules/mails/appeal.texts';

const facts = (appealType: 'appeal' | 'amendment') => ({
  firstName: 'Maria',
  practiceId: 42,
  text: 'A reason.',
  link: 'https://portal.example.org/practices/42',
  contactUrl: 'https://portal.example.org/contact',
  documents: [],
  appealType,
});

/** Subject and body of a mail, as one text to search. */
const render = (
  locale: 'en-US' | 'it-IT',
  kind: 'appeal-received' | 'appeal-confirmed' | 'appeal-refused' | 'appeal-rejected',
  type: 'appeal' | 'amendment',
) => {
  const mail = APPEAL_MAILS[locale][kind](facts(type));
  return { subject: mail.subject, body: mail.paragraphs.join('\n') };
};

const KINDS = ['appeal-received', 'appeal-confirmed', 'appeal-refused', 'appeal-rejected'] as const;

// Decision 026: an amendment goes through an appeal's steps, but its mails never call it an appeal.
describe('the mails along an appeal or an amendment', () => {
  it('name an amendment, never an appeal, in English', () => {
    expect(render('en-US', 'appeal-confirmed', 'amendment').subject).toBe(
      'Amendment of request no. 42 confirmed',
    );
    expect(render('en-US', 'appeal-confirmed', 'appeal').subject).toBe('Appeal of request no. 42 confirmed');
    for (const kind of KINDS) {
      const amendment = render('en-US', kind, 'amendment');
      expect(`${amendment.subject}\n${amendment.body}`, kind).toMatch(/amendment/i);
      expect(`${amendment.subject}\n${amendment.body}`, kind).not.toMatch(/appeal/i);
      const appeal = render('en-US', kind, 'appeal');
      expect(`${appeal.subject}\n${appeal.body}`, kind).toMatch(/appeal/i);
      expect(`${appeal.subject}\n${appeal.body}`, kind).not.toMatch(/amendment/i);
    }
  });

  it('name a rettifica, never a ricorso, in Italian', () => {
    expect(render('it-IT', 'appeal-confirmed', 'amendment')).toEqual({
      subject: 'Rettifica della richiesta n. 42 confermata',
      body: 'La tua rettifica della richiesta n. 42 è stata ammessa ed è ora in valutazione.',
    });
    expect(render('it-IT', 'appeal-confirmed', 'appeal')).toEqual({
      subject: 'Ricorso della richiesta n. 42 confermato',
      body: 'Il tuo ricorso della richiesta n. 42 è stato ammesso ed è ora in valutazione.',
    });
    expect(render('it-IT', 'appeal-refused', 'amendment').subject).toBe(
      'Rettifica della richiesta n. 42 respinta',
    );
    for (const kind of KINDS) {
      const amendment = render('it-IT', kind, 'amendment');
      expect(`${amendment.subject}\n${amendment.body}`, kind).toMatch(/rettifica/i);
      expect(`${amendment.subject}\n${amendment.body}`, kind).not.toMatch(/ricorso/i);
      const appeal = render('it-IT', kind, 'appeal');
      expect(`${appeal.subject}\n${appeal.body}`, kind).toMatch(/ricorso/i);
      expect(`${appeal.subject}\n${appeal.body}`, kind).not.toMatch(/rettifica/i);
    }
  });
});
