import { z } from 'zod';
import { documentSchema } from './practice';
import { DOCUMENT_TYPES, type DocumentType } from './services';

/**
 * The message thread of a request, visible to the applicant and to staff: the questions staff
 * ask (`ask_applicant`) and the applicant's replies. Internal notes are not part of it.
 */
export const THREAD_SIDES = ['staff', 'applicant'] as const;
export type ThreadSide = (typeof THREAD_SIDES)[number];

export const MESSAGE_MAX_LENGTH = 5000;
export const MAX_REQUESTED_DOCUMENTS = 13;
export const MAX_REPLY_DOCUMENTS = 20;

const messageText = z.string().trim().min(1).max(MESSAGE_MAX_LENGTH);

/**
 * The document types a question asks for, each once and in the list's order (as the thread shows
 * them): a type given twice is kept once, so the applicant's mail does not name it twice.
 */
export const requestedDocumentsSchema = z
  .array(z.enum(DOCUMENT_TYPES))
  .overwrite((types) => DOCUMENT_TYPES.filter((type) => types.includes(type)))
  .max(MAX_REQUESTED_DOCUMENTS);

export const threadMessageSchema = z
  .object({
    id: z.number().int(),
    side: z.enum(THREAD_SIDES),
    /** The staff member's name for staff; null on the applicant's side, shown as the office (EVALUATION_OFFICE). */
    author_name: z.string().nullable(),
    body: z.string(),
    /** Document types staff asked for with a question. */
    requested_documents: z.array(z.enum(DOCUMENT_TYPES)),
    /** Documents the applicant attached to a reply. */
    documents: z.array(documentSchema),
    created_at: z.string(),
  })
  .meta({ id: 'ThreadMessage' });
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

/** POST /practices/{id}/reply: the applicant's answer, with documents uploaded beforehand to the request. */
export const replyBodySchema = z.object({
  message: messageText,
  document_ids: z.array(z.number().int().positive()).max(MAX_REPLY_DOCUMENTS).default([]),
});
export type ReplyBody = z.infer<typeof replyBodySchema>;

/**
 * The document types asked for with a question that a reply does not attach (each one asked for
 * needs a document of its type), in the order asked: a reply is sent only when there are none.
 */
export const missingRequestedDocuments = (
  requested: readonly DocumentType[],
  attached: readonly DocumentType[],
): DocumentType[] => requested.filter((type) => !attached.includes(type));

/**
 * The types of a request's documents uploaded (or replaced) since the question was asked: what a
 * reply brings, whether attached in the reply form or added on the documents page while the
 * request waited. A document the request held before the question does not answer it.
 */
export const documentTypesSince = (
  documents: readonly { type: DocumentType; created_at: string }[],
  askedAt: string,
): DocumentType[] =>
  documents
    .filter((document) => Date.parse(document.created_at) >= Date.parse(askedAt))
    .map((document) => document.type);

/** Where a 422 on a reply names a document asked for and not attached: `requested_documents.<type>`. */
export const requestedDocumentField = (type: DocumentType): string => `requested_documents.${type}`;
