import type { Locale } from '@lisbon/domain';

/**
 * What the app says when its language file (the catalogue fetched at start) did not come: built in,
 * in both languages, since the texts it would otherwise take are the ones missing. Without it the
 * app rendered its text keys ("nav.login"), with no way to try again but reloading by hand.
 */
export const CATALOGUE_FAILURE: Record<Locale, { title: string; message: string; retry: string }> = {
  'en-US': {
    title: 'The page could not be loaded',
    message: 'Part of the page did not arrive, perhaps because the connection dropped for a moment.',
    retry: 'Try again',
  },
  'it-IT': {
    title: 'Non è stato possibile caricare la pagina',
    message: 'Una parte della pagina non è arrivata, forse per una breve interruzione della connessione.',
    retry: 'Riprova',
  },
};

/**
 * Shows the failure at the top of the page, in `locale`, with a button that tries again (by
 * default, loading the page anew): plain DOM, no React, no Mantine, nothing that needs the texts.
 * A page the build rendered stays readable below it.
 */
export function showCatalogueFailure(
  locale: Locale,
  retry: () => void = () => window.location.reload(),
): HTMLElement {
  const texts = CATALOGUE_FAILURE[locale];
  const notice = document.createElement('div');
  notice.setAttribute('role', 'alert');
  notice.lang = locale;
  Object.assign(notice.style, {
    fontFamily: 'system-ui, sans-serif',
    padding: '1rem 1.5rem',
    background: '#fff4e5',
    borderBottom: '2px solid #8a4b00',
    color: '#1a1a1a',
  });
  const title = document.createElement('h1');
  title.textContent = texts.title;
  Object.assign(title.style, { fontSize: '1.25rem', margin: '0 0 .5rem' });
  const message = document.createElement('p');
  message.textContent = texts.message;
  Object.assign(message.style, { margin: '0 0 .75rem' });
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = texts.retry;
  Object.assign(button.style, {
    fontSize: '1rem',
    padding: '.5rem 1rem',
    minHeight: '44px',
    cursor: 'pointer',
  });
  button.addEventListener('click', () => retry());
  notice.append(title, message, button);
  document.body.prepend(notice);
  return notice;
}
