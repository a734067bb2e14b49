import { formatEuros } from '@lisbon/domain';
import { TEST_CARDS } from './cards';
import type { CardForm, CardFormErrors } from './gateway';
import type { SandboxSessionRow } from './repository';

/**
 * The sandbox gateway's hosted pages: plain HTML forms posted to the server, no script (the strict
 * CSP allows none inline), styles inline. English only, as a gateway's page in its own language.
 */

const escape = (value: string): string => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const euro = (cents: number) => formatEuros(cents, 'en-IE');

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
table{border-collapse:collapse;margin-top:.5rem}td,th{text-align:left;padding:.25rem .75rem .25rem 0}
a{color:#1c4e80}`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<title>${escape(title)} – Sandbox payment gateway</title><style>${STYLE}</style></head>
<body>
<header class="banner">SANDBOX — no real money. Test cards only; nothing is ever charged.</header>
<main>
${body}
</main>
</body>
</html>
`;
}

const summaryOf = (session: SandboxSessionRow, payee: string) =>
  `<p>${escape(session.description)}</p>
<p>Amount: <strong>${escape(euro(session.amount_total))}</strong> (VAT included) — payee: ${escape(payee)}</p>`;

const testCardsTable = () => {
  const rows = Object.entries(TEST_CARDS)
    .map(([number, outcome]) => {
      const spaced = number.replace(/(\d{4})(?=\d)/g, '$1 ');
      const meaning = {
        succeed: 'payment succeeds',
        decline: 'card declined',
        busy: 'gateway busy (try again later)',
      }[outcome];
      return `<tr><td>${spaced}</td><td>${meaning}</td></tr>`;
    })
    .join('');
  return `<details><summary>Test cards</summary><table><thead><tr><th scope="col">Card number</th><th scope="col">Outcome</th></tr></thead><tbody>${rows}</tbody></table><p>Any future expiry date, any 3-digit security code, any name.</p></details>`;
};

type Field = { name: keyof CardForm; label: string; hint?: string; autocomplete: string; inputmode?: string };

const FIELDS: Field[] = [
  { name: 'card_number', label: 'Card number', autocomplete: 'cc-number', inputmode: 'numeric' },
  { name: 'expiry', label: 'Expiry date', hint: 'MM/YY', autocomplete: 'cc-exp', inputmode: 'numeric' },
  {
    name: 'cvc',
    label: 'Security code (CVC)',
    hint: '3 or 4 digits on the back',
    autocomplete: 'cc-csc',
    inputmode: 'numeric',
  },
  { name: 'holder', label: 'Name on the card', autocomplete: 'cc-name' },
];

function field(spec: Field, value: string, error: string | undefined): string {
  const id = `field-${spec.name}`;
  const described = [spec.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return `<div><label for="${id}">${escape(spec.label)}${spec.hint ? `<span class="hint" id="${id}-hint">${escape(spec.hint)}</span>` : ''}</label>
${error ? `<span class="error" id="${id}-error">${escape(error)}</span>` : ''}
<input id="${id}" name="${spec.name}" type="text" autocomplete="${spec.autocomplete}"${spec.inputmode ? ` inputmode="${spec.inputmode}"` : ''} value="${escape(value)}" required${described ? ` aria-describedby="${described}"` : ''}${error ? ' aria-invalid="true"' : ''}></div>`;
}

/** The checkout form; with the errors of a refused attempt, or a notice (the gateway was busy). */
export function checkoutPage(
  session: SandboxSessionRow,
  payee: string,
  state: { values?: Partial<CardForm>; errors?: CardFormErrors; notice?: string } = {},
): string {
  const errors = state.errors ?? {};
  const errorList = FIELDS.filter((spec) => errors[spec.name])
    .map((spec) => `<li><a href="#field-${spec.name}">${escape(errors[spec.name] ?? '')}</a></li>`)
    .join('');
  const fields = FIELDS.map((spec) =>
    field(
      spec,
      spec.name === 'card_number' || spec.name === 'holder' ? (state.values?.[spec.name] ?? '') : '',
      errors[spec.name],
    ),
  ).join('\n');
  const action = `/sandbox/checkout/${encodeURIComponent(session.id)}`;
  return layout(
    'Pay',
    `<h1>Pay by card</h1>
${state.notice ? `<div class="notice" role="alert">${escape(state.notice)}</div>` : ''}
${errorList ? `<div class="summary" role="alert"><h2>There is a problem</h2><ul>${errorList}</ul></div>` : ''}
<div class="card">${summaryOf(session, payee)}
<form method="post" action="${action}" novalidate>
${fields}
<button type="submit">Pay ${escape(euro(session.amount_total))}</button>
</form>
<form method="post" action="${action}/cancel"><button type="submit" class="secondary">Cancel and go back</button></form>
</div>
${testCardsTable()}`,
  );
}

export const BUSY_NOTICE =
  'The payment service is very busy right now (high payment volume). Nothing has been charged. Please try again in a few minutes.';

/** A session that can no longer be paid: already paid, declined or expired. */
export function closedPage(
  session: SandboxSessionRow,
  payee: string,
  state: 'paid' | 'failed' | 'expired',
): string {
  const text = {
    paid: 'This payment has already been made.',
    failed: 'This payment was declined. Go back to start a new one.',
    expired: 'This payment session has expired. Nothing has been charged. Go back to start a new one.',
  }[state];
  const back = state === 'paid' ? session.success_url : session.cancel_url;
  return layout(
    'Payment closed',
    `<h1>Payment closed</h1><div class="card"><p>${escape(text)}</p><p><a href="${escape(back)}">Back to ${escape(payee)}</a></p></div>`,
  );
}

export const unknownPage = (): string =>
  layout(
    'Not found',
    '<h1>Payment session not found</h1><div class="card"><p>This payment link is not valid.</p></div>',
  );
