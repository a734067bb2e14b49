import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from '../src/app';
import type { Clock } from '../src/platform/clock';
import type { TestDatabase } from './helper';
import { bearer, createUser, login } from './identity';
import { jpegOf, pngOf } from './samples';

/** Shared by the request-flow tests: applicants, wizard payloads, files and multipart bodies. */

export type Applicant = { id: number; token: string };

export async function applicant(
  app: App,
  database: TestDatabase,
  clock: Clock,
  email: string,
  options: { category?: 'standard' | 'refugee'; locale?: 'en-US' | 'it-IT'; firstName?: string } = {},
): Promise<Applicant> {
  const id = await createUser(database, clock, { email, ...options });
  return { id, token: (await login(app, email)).token };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export const apiCall = (app: App) => (method: Method, url: string, who?: Applicant, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    ...(who ? { headers: bearer(who.token) } : {}),
    ...(payload ? { payload } : {}),
  });

export const dataOf = <T = Record<string, unknown>>(response: { json(): unknown }): T =>
  (response.json() as { data: T }).data;

export const PURPOSE = {
  purpose: 'further_studies',
  italian_institution: 'Università di Bologna',
  programme_name: 'Laurea magistrale in Biologia',
};

export const QUALIFICATION = {
  qualification_name: 'Bachelor of Science in Biology',
  institution_name: 'Universidade de São Paulo',
  institution_country: 'BR',
  institution_city: 'São Paulo',
  delivery_mode: 'in_presence',
  study_program_name: 'Biology',
  study_program_locale: 'Portuguese',
  studies_type: 'full_time',
  enrolled_at: '2015-03-01',
  graduated_at: '2019-07-15',
  issued_at: '2019-09-01',
  diploma_type: 'final',
};

/** The smallest files that pass the checks by content: each starts with its type's magic bytes. */
export const FILES = {
  pdf: Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(64), Buffer.from('\n%%EOF\n')]),
  // Real images: the upload parses their structure (decision 058).
  jpeg: jpegOf({ comment: randomBytes(32).toString('hex') }),
  png: pngOf(),
  executable: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]), randomBytes(64)]), // ELF
  text: Buffer.from('Just some text pretending to be a PDF.\n'),
};

export type FilePart = { name: string; content: Buffer; contentType?: string };

/** A multipart/form-data body as a browser sends it: the fields, then one `file`. */
export function multipart(
  fields: Record<string, string | number>,
  file?: FilePart,
  boundary = `----lisbon${randomBytes(8).toString('hex')}`,
) {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function upload(
  app: App,
  who: Applicant,
  fields: Record<string, string | number>,
  file?: FilePart,
  {
    method = 'POST',
    url = '/documents',
    headers = {},
  }: { method?: 'POST' | 'PUT'; url?: string; headers?: Record<string, string> } = {},
) {
  const body = multipart(fields, file);
  return app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(who.token), ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** The documents the seeded data asks of a request in higher education. */
export const STANDARD_DOCUMENTS = ['identity_document', 'diploma', 'transcript_of_records', 'consent_form'];
/** A refugee's request: those and the certificate of their status. */
export const REFUGEE_DOCUMENTS = [...STANDARD_DOCUMENTS, 'refugee_status_certificate'];

/** A draft with both steps saved and the documents the country and level require, ready to submit. */
export async function completeDraft(
  app: App,
  who: Applicant,
  { country = 'FR', level = 'higher', documents }: { country?: string; level?: string; documents: string[] },
): Promise<number> {
  const call = apiCall(app);
  const created = await call('POST', '/practices', who, { country, level, replace_draft: true });
  const { id } = dataOf<{ id: number }>(created);
  await call('PATCH', `/practices/${id}/purpose`, who, PURPOSE);
  await call('PATCH', `/practices/${id}/qualification`, who, QUALIFICATION);
  for (const type of documents) {
    await upload(app, who, { type, practice_id: id }, { name: `${type}.pdf`, content: FILES.pdf });
  }
  return id;
}

export type StoredDocument = {
  id: number;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
};

/** Every file in the store, as paths relative to DATA_DIR/files. */
export function storedFiles(database: TestDatabase): string[] {
  const root = join(database.tempDir, 'files');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((path) =>
    statSync(join(root, path)).isFile(),
  );
}

export const storedPathOf = async (database: TestDatabase, documentId: number): Promise<string> => {
  const { storage_key: key } = await database.db
    .selectFrom('documents')
    .select('storage_key')
    .where('id', '=', documentId)
    .executeTakeFirstOrThrow();
  return join(key.slice(0, 2), key);
};
