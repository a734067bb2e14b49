import { formatEuros } from '@lisbon/domain';
import { TEST_CARDS } from './cards';
import type { CardForm, CardFormErrors } from './gateway';
import type { SandboxSessionRow } from './repository';
import type { SandboxTexts } from './texts';

/**
 * The sandbox gateway's hosted pages: plain HTML forms posted to the server, no script (the strict
 * CSP allows none inline), styles inline. In the payer's language (`texts.ts`), as a gateway's
 * checkout speaks the language the merchant passes it.
 */

const escape = (value: string): string => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const euro = (cents: number, texts: SandboxTexts) => formatEuros(cents, texts.moneyLocale);

const STYLE = `
body{font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;margin:0;background:#f4f5f7}
main{max-width:32rem;margin:0 auto;padding:1.5rem}
.banner{background:#7a1f00;color:#fff;padding:.75rem 1rem;font-weight:bold;text-align:center}
.card{background:#fff;border:1px solid #c4c8cf;border-radius:6px;padding:1.5rem;margin-top:1rem}
h1{font-size:1.4rem;margin:0 0 1rem}
label{display:block;font-weight:bold;margin-top:1rem}
.hint{display:block;font-weight:normal;color:#4a4f57;font-size:.9rem}
input{display:block;width:100%;box-sizing:border-box;font-size:1rem;padding:.6rem;border:2px solid #4a4f57;border-radius:4px;margin-top:.25rem}
input:focus{outline:3px solid #ffbf47;outline-offset:1px}
input[aria-invalid=true]{border-color:#b10e1e}
.error{color:#b10e1e;font-weight:bold;display:block;margin-top:.25rem}
.summary{border:3px solid #b10e1e;padding:1rem;margin-bottom:1rem}
.notice{border-left:6px solid #7a1f00;background:#fff4ef;padding:1rem;margin-bottom:1rem}
button{margin-top:1.5rem;font-size:1rem;padding:.75rem 1.25rem;border:0;border-radius:4px;background:#1c4e80;color:#fff;cursor:pointer}
button:focus{outline:3px solid #ffbf47;outline-offset:2px}
.secondary{background:#fff;color:#1c4e80;border:2px solid #1c4e80}
details{margin-top:1.5rem}
summary{font-weight:bold;padding:.5rem 0;cursor:pointer}
summary:focus,a:focus{outline:3px solid #ffbf47;outline-offset:2px}
table{border-collapse:collapse;margin-top:.5rem}td,th{text-align:left;padding:.25rem .75rem .25rem 0}
.card-number{white-space:nowrap}
a{color:#1c4e80}`;

function layout(texts: SandboxTexts, title: string, body: string): string {
  return `<!doctype html>
<html lang="${texts.htmlLang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<title>${escape(title)} – ${escape(texts.gatewayName)}</title><style>${STYLE}</style></head>
<body>
<header class="banner">${escape(texts.banner)}</header>
<main>
${body}
</main>
</body>
</html>
`;
}

const summaryOf = (session: SandboxSessionRow, payee: string, texts: SandboxTexts) =>
  `<p>${escape(session.description)}</p>
<p>${texts.amount(escape(euro(session.amount_total, texts)), escape(payee))}</p>`;

const testCardsTable = (texts: SandboxTexts) => {
  const rows = Object.entries(TEST_CARDS)
    .map(([number, outcome]) => {
      const spaced = number.replace(/(\d{4})(?=\d)/g, '$1 ');
      // One line, however narrow the screen: a number cut in two is copied wrong.
      return `<tr><td class="card-number">${spaced}</td><td>${escape(texts.outcomes[outcome])}</td></tr>`;
    })
    .join('');
  return `<details><summary>${escape(texts.testCards)}</summary><table><thead><tr><th scope="col">${escape(texts.cardNumberColumn)}</th><th scope="col">${escape(texts.outcomeColumn)}</th></tr></thead><tbody>${rows}</tbody></table><p>${escape(texts.anyDetails)}</p></details>`;
};

type Field = { name: keyof CardForm; autocomplete: string; inputmode?: string };

const FIELDS: Field[] = [
  { name: 'card_number', autocomplete: 'cc-number', inputmode: 'numeric' },
  { name: 'expiry', autocomplete: 'cc-exp', inputmode: 'numeric' },
  { name: 'cvc', autocomplete: 'cc-csc', inputmode: 'numeric' },
  { name: 'holder', autocomplete: 'cc-name' },
];

function field(spec: Field, texts: SandboxTexts, value: string, error: string | undefined): string {
  const id = `field-${spec.name}`;
  const { label, hint } = texts.fields[spec.name];
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return `<div><label for="${id}">${escape(label)}${hint ? `<span class="hint" id="${id}-hint">${escape(hint)}</span>` : ''}</label>
${error ? `<span class="error" id="${id}-error">${escape(error)}</span>` : ''}
<input id="${id}" name="${spec.name}" type="text" autocomplete="${spec.autocomplete}"${spec.inputmode ? ` inputmode="${spec.inputmode}"` : ''} value="${escape(value)}" required${described ? ` aria-describedby="${described}"` : ''}${error ? ' aria-invalid="true"' : ''}></div>`;
}

/**
 * The checkout form; with the errors of a refused attempt, or the gateway's busy notice, which
 * takes the focus as the page opens (`autofocus`, no script): the payer, whose focus was on Pay,
 * starts from what went wrong, its links leading to the fields, rather than at the page's top. The test
 * cards come before the card's fields, where a keyboard or screen reader user reads them before
 * paying, not after Pay and Cancel.
 */
export function checkoutPage(
  session: SandboxSessionRow,
  payee: string,
  texts: SandboxTexts,
  state: { values?: Partial<CardForm>; errors?: CardFormErrors; isBusy?: boolean } = {},
): string {
  const errors = state.errors ?? {};
  const errorOf = (name: keyof CardForm) => {
    const error = errors[name];
    return error ? texts.errors[error] : undefined;
  };
  const errorList = FIELDS.filter((spec) => errors[spec.name])
    .map((spec) => `<li><a href="#field-${spec.name}">${escape(errorOf(spec.name) ?? '')}</a></li>`)
    .join('');
  const fields = FIELDS.map((spec) =>
    field(
      spec,
      texts,
      spec.name === 'card_number' || spec.name === 'holder' ? (state.values?.[spec.name] ?? '') : '',
      errorOf(spec.name),
    ),
  ).join('\n');
  const action = `/sandbox/checkout/${encodeURIComponent(session.id)}`;
  return layout(
    texts,
    texts.payTitle,
    `<h1>${escape(texts.heading)}</h1>
${state.isBusy ? `<div class="notice" role="alert" tabindex="-1" autofocus>${escape(texts.busy)}</div>` : ''}
${errorList ? `<div class="summary" role="alert" tabindex="-1" autofocus><h2>${escape(texts.problem)}</h2><ul>${errorList}</ul></div>` : ''}
<div class="card">${summaryOf(session, payee, texts)}
${testCardsTable(texts)}
<form method="post" action="${action}" novalidate>
${fields}
<button type="submit">${escape(texts.pay(euro(session.amount_total, texts)))}</button>
</form>
<form method="post" action="${action}/cancel"><button type="submit" class="secondary">${escape(texts.cancel)}</button></form>
</div>`,
  );
}

/** A session that can no longer be paid: already paid, declined or expired. */
export function closedPage(
  session: SandboxSessionRow,
  payee: string,
  texts: SandboxTexts,
  state: 'paid' | 'failed' | 'expired',
): string {
  const back = state === 'paid' ? session.success_url : session.cancel_url;
  return layout(
    texts,
    texts.closedTitle,
    `<h1>${escape(texts.closedTitle)}</h1><div class="card"><p>${escape(texts.closed[state])}</p><p><a href="${escape(back)}">${escape(texts.backTo(payee))}</a></p></div>`,
  );
}

export const unknownPage = (texts: SandboxTexts): string =>
  layout(
    texts,
    texts.notFoundTitle,
    `<h1>${escape(texts.notFoundHeading)}</h1><div class="card"><p>${escape(texts.notFound)}</p></div>`,
  );
