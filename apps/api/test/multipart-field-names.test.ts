import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { bearer } from './identity';
import { dataOf, FILES, upload, type Applicant } from './requests';

const clock = new ManualClock('2025-03-03T09:00:00Z');
const t = useTestApp({ clock });
let ada: Applicant;
let documentId: number;

beforeAll(async () => {
  ada = await t.applicant({ email: 'ada@example.org' });
  const uploaded = await upload(t.app, ada, { type: 'diploma' }, { name: 'diploma.pdf', content: FILES.pdf });
  documentId = dataOf<{ id: number }>(uploaded).id;
});

/** A multipart body with the fields in the order given (an object literal would eat `__proto__`). */
function body(parts: readonly { name: string; value?: string; file?: Buffer }[]) {
  const boundary = `----lisbon${randomBytes(8).toString('hex')}`;
  const chunks = parts.flatMap(({ name, value, file }) =>
    file
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          file,
          Buffer.from('\r\n'),
        ]
      : [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value ?? ''}\r\n`,
          ),
        ],
  );
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const RESERVED = ['__proto__', 'constructor', 'prototype', 'toString'];
const file = { name: 'file', file: FILES.pdf };
const REFUSED = {
  code: 'VALIDATION_FAILED',
  errors: {
    body: [
      'A field may not be named __proto__, constructor, prototype or like another property every object has',
    ],
  },
};

/** Every route that reads multipart, with a body otherwise valid and the reserved name added. */
const endpoints = (name: string) =>
  [
    ['POST', '/documents', true, [{ name: 'type', value: 'diploma' }, { name, value: 'x' }, file]],
    [
      'POST',
      '/documents',
      true,
      [
        { name: 'type', value: 'diploma' },
        { name, file: FILES.pdf },
      ],
    ],
    ['PUT', `/documents/${documentId}`, true, [{ name, value: 'x' }, file]],
    ['POST', '/verify', false, [{ name, value: 'x' }, file]],
    ['POST', '/verify/3f8a1c2e-0000-4000-8000-000000000000', false, [{ name, value: 'x' }, file]],
  ] as const;

describe('a multipart field named like a property of every object', () => {
  it.each(RESERVED)(
    '%s answers 422 with the field map on every multipart route, and stores nothing',
    async (name) => {
      for (const [method, url, isPrivate, parts] of endpoints(name)) {
        const multipart = body(parts);
        const answer = await t.app.inject({
          method,
          url: `/api/v1${url}`,
          headers: { ...(isPrivate ? bearer(ada.token) : {}), ...multipart.headers },
          payload: multipart.payload,
        });
        expect({ route: `${method} ${url}`, status: answer.statusCode, body: answer.json() }).toEqual({
          route: `${method} ${url}`,
          status: 422,
          body: { ...REFUSED, message: 'Some fields are not valid.' },
        });
      }
      const documents = await t.database.db.selectFrom('documents').select('id').execute();
      expect(documents.map((document) => document.id)).toEqual([documentId]);
    },
  );

  it('is refused in the request’s language', async () => {
    const multipart = body([{ name: '__proto__', value: 'x' }, file]);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/verify',
      headers: { 'accept-language': 'it-IT', ...multipart.headers },
      payload: multipart.payload,
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json<{ errors: { body: string[] } }>().errors.body).toEqual([
      'Un campo non può chiamarsi __proto__, constructor, prototype o come un’altra proprietà che ogni oggetto ha',
    ]);
  });
});
