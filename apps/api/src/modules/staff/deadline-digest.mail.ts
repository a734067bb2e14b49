import { formatLongDate, type DeadlineFlag, type Locale } from '@lisbon/domain';
import type { MailContent } from '../../platform/mail/message';
import { greeting } from '../../platform/mail/greeting';

export type DigestLine = {
  id: number;
  applicant: string;
  qualification: string | null;
  deadline: string;
  flag: DeadlineFlag;
  /** Working days left; negative when late. */
  daysToGo: number;
};

export type DigestFacts = {
  firstName: string;
  /** The caller's own requests as evaluator, or every request of the office. */
  scope: 'assigned' | 'office';
  late: number;
  atRisk: number;
  atRiskDays: number;
  lines: readonly DigestLine[];
  link: string;
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function lineOf(locale: Locale, line: DigestLine): string {
  // In words, as the queues and every other mail say a day: "05/03/2027" reads 3 May in the US.
  const deadline = formatLongDate(line.deadline, locale);
  const what = [`${locale === 'it-IT' ? 'n.' : 'No.'} ${line.id}`, line.applicant, line.qualification]
    .filter(Boolean)
    .join(' · ');
  if (locale === 'it-IT') {
    const when =
      line.flag === 'late'
        ? `in ritardo di ${plural(-line.daysToGo, 'giorno lavorativo', 'giorni lavorativi')}`
        : line.daysToGo === 0
          ? 'scade oggi'
          : `${plural(line.daysToGo, 'giorno lavorativo', 'giorni lavorativi')} alla scadenza`;
    return `- ${what}: ${when} (scadenza ${deadline})`;
  }
  const when =
    line.flag === 'late'
      ? `late by ${plural(-line.daysToGo, 'working day', 'working days')}`
      : line.daysToGo === 0
        ? 'due today'
        : `${plural(line.daysToGo, 'working day', 'working days')} left`;
  return `- ${what}: ${when} (deadline ${deadline})`;
}

/**
 * The daily mail of requests late or at risk, in each interface language; a count of none in words
 * ("none is late"), as "0 are late" read like a figure missing.
 */
export function digestContent(locale: Locale, facts: DigestFacts): MailContent {
  const shown = facts.lines.map((line) => lineOf(locale, line));
  const more = facts.late + facts.atRisk - facts.lines.length;
  if (locale === 'it-IT') {
    const whose =
      facts.scope === 'assigned' ? 'Delle richieste assegnate a te' : 'Delle richieste dell’ufficio';
    return {
      subject: `Scadenze: ${facts.late} in ritardo, ${facts.atRisk} a rischio`,
      greeting: greeting('it-IT', facts.firstName),
      paragraphs: [
        `${whose}, ${facts.late === 0 ? 'nessuna è in ritardo' : `${facts.late} ${facts.late === 1 ? 'è in ritardo' : 'sono in ritardo'}`} e ${facts.atRisk === 0 ? 'nessuna ha' : `${facts.atRisk} ${facts.atRisk === 1 ? 'ha' : 'hanno'}`} ${facts.atRiskDays} giorni lavorativi o meno alla scadenza (chiusure e festività escluse).`,
        shown.join('\n'),
        ...(more > 0 ? [`…e altre ${more}.`] : []),
      ],
      // The office's link opens the dashboard, an evaluator's their queue: the button says which.
      action: { label: facts.scope === 'office' ? 'Apri il cruscotto' : 'Apri la coda', url: facts.link },
    };
  }
  const whose = facts.scope === 'assigned' ? 'Of the requests assigned to you' : 'Of the office’s requests';
  return {
    subject: `Deadlines: ${facts.late} late, ${facts.atRisk} at risk`,
    greeting: greeting('en-US', facts.firstName),
    paragraphs: [
      `${whose}, ${facts.late === 0 ? 'none is' : `${facts.late} ${facts.late === 1 ? 'is' : 'are'}`} late and ${facts.atRisk === 0 ? 'none has' : `${facts.atRisk} ${facts.atRisk === 1 ? 'has' : 'have'}`} ${facts.atRiskDays} working days or fewer left (closures and holidays excluded).`,
      shown.join('\n'),
      ...(more > 0 ? [`…and ${more} more.`] : []),
    ],
    action: { label: facts.scope === 'office' ? 'Open the dashboard' : 'Open the queue', url: facts.link },
  };
}
