import multipart from '@fastify/multipart';
import {
  dataEnvelope,
  documentSchema,
  documentsOverviewSchema,
  documentsQuerySchema,
  documentUploadFieldsSchema,
  DOCUMENTS_PER_REQUEST_MAX,
  IMAGE_MAX_PIXELS,
} from '@lisbon/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import {
  bearerSecurity as security,
  errorsOf,
  idParamsSchema as params,
} from '../../platform/http/route-schemas';
import { actorOf, type AuthGuard } from '../sessions/guard';
import { sendPrivateFile } from '../../platform/http/download';
import { refuseReservedFieldNames, refuseUnreadableBoundary } from '../../platform/http/multipart-boundary';
import { PAYMENT_OPEN_DESCRIPTION } from '../practice-records/payment-lock';
import { deleteDocument, documentsOverview, openDocument, replaceDocument, uploadDocument } from './service';
import { stageUpload, StagedUpload } from './upload';

// 'required': anything but an uploaded file (nothing, or a text field) means the file is missing.
const fileField = z.instanceof(StagedUpload, { error: 'required' }).meta({
  type: 'string',
  format: 'binary',
  description: 'One file: PDF, JPEG or PNG (checked by content and name)',
});
const tags = ['documents'];
const ACCEPTED =
  'Accepted: PDF, JPEG, PNG, checked by their first bytes and by their name; anything else answers 422 on `file`. The content is inspected as it arrives (decision 058): a PDF with active content (scripts, launch or submit actions, embedded files, media, XFA), an encrypted PDF, HTML or script anywhere in the file, a PDF whose streams expand beyond UPLOAD_PDF_MAX_INFLATED_BYTES, an image that does not parse as its type or has more than 100 million pixels: 422 on `file`, naming the file. Larger than UPLOAD_MAX_BYTES: 413 FILE_TOO_LARGE. More than the applicant’s UPLOAD_QUOTA_BYTES with their other documents: 413 STORAGE_QUOTA_EXCEEDED. More than 20 uploads (new or replaced) by one user in a minute: 429 RATE_LIMITED with Retry-After.';

const EVALUATED_KEPT =
  'A published request in its appeal window takes new documents for the appeal, and changes to those; so does an appeal awaiting the applicant’s reply. A document the request had before its statement was published is the statement’s evidence, in the window and in the appeal alike: 409 DOCUMENT_EVALUATED. Otherwise 409 PRACTICE_NOT_EDITABLE.';

/** Documents of the logged-in applicant: multipart upload, replace, delete, download, overview. */
export const documentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guard: AuthGuard }> = async (
  app,
  { ctx, guard },
) => {
  const staged = new WeakMap<FastifyRequest, StagedUpload[]>();
  app.addHook('onRequest', refuseUnreadableBoundary);
  // Registered here, so only these routes parse multipart; every file goes straight to the store.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: ctx.config.uploadMaxBytes, files: 1, fields: 10, fieldSize: 1000, parts: 11 },
    async onFile(part) {
      const upload = await stageUpload(ctx.storage, part, ctx.config.uploadMaxBytes, {
        pdfMaxInflatedBytes: ctx.config.pdfMaxInflatedBytes,
        imageMaxPixels: IMAGE_MAX_PIXELS,
      });
      staged.set(this, [...(staged.get(this) ?? []), upload]);
      (part as { value?: unknown }).value = upload;
    },
  });
  // Added after the parser's own hook: it reads the fields the parser made the body.
  app.addHook('preValidation', refuseReservedFieldNames);
  // A file no service committed to a row (refused, invalid, failed) is removed before the answer leaves.
  app.addHook('onSend', async (request) => {
    const uncommitted = (staged.get(request) ?? []).filter((upload) => !upload.isCommitted);
    await Promise.allSettled(uncommitted.map((upload) => ctx.storage.remove(upload.key)));
  });

  const onRequest = guard.ability('practice.apply');
  // An upload's content check costs CPU: each counts against the user's budget before its body is read.
  const onUpload = [onRequest, ctx.uploadBudget.refuseSpent, ctx.uploadBudget.chargeCall];

  app.get(
    '/documents',
    {
      onRequest,
      schema: {
        summary: 'The applicant’s documents per request, with the required ones still missing',
        description:
          '`practice_id` narrows the answer to one request (404 when it is not the applicant’s). `is_editable` is false while a checkout of the draft is open (409 PAYMENT_OPEN), and `payment_open_until` says until when at the latest (`payment_open_seconds_left`: how long that is, on the server’s clock).',
        tags,
        security,
        querystring: documentsQuerySchema,
        response: { 200: dataEnvelope(documentsOverviewSchema), ...errorsOf(401, 403, 404, 422) },
      },
    },
    async (request) => ({ data: await documentsOverview(ctx, actorOf(request), request.query) }),
  );

  app.post(
    '/documents',
    {
      onRequest: onUpload,
      schema: {
        summary: 'Upload a document, to a request (draft or awaiting the applicant’s reply) or to none',
        description: `multipart/form-data: the fields and one \`file\`. ${ACCEPTED} A request that is no longer editable: 409 PRACTICE_NOT_EDITABLE. Without \`practice_id\`, the document belongs to no request: kept UPLOAD_UNATTACHED_TTL_HOURS after its upload, at most UPLOAD_UNATTACHED_MAX of them (409 UNATTACHED_DOCUMENTS_LIMIT). A request holds at most ${DOCUMENTS_PER_REQUEST_MAX} documents: one more answers 409 REQUEST_DOCUMENTS_LIMIT. \`upload_id\`, a UUID the client makes for the upload: the same upload sent again with it (its answer was lost) answers the document stored the first time, and stores nothing more. ${PAYMENT_OPEN_DESCRIPTION}`,
        tags,
        security,
        consumes: ['multipart/form-data'],
        body: documentUploadFieldsSchema.safeExtend({ file: fileField }),
        response: { 201: dataEnvelope(documentSchema), ...errorsOf(401, 403, 404, 409, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const { file, ...fields } = request.body;
      return reply.code(201).send({ data: await uploadDocument(ctx, actorOf(request), fields, file) });
    },
  );

  app.put(
    '/documents/:id',
    {
      onRequest: onUpload,
      schema: {
        summary: 'Replace a document’s file, while its request is a draft or awaits the applicant’s reply',
        description: `multipart/form-data with one \`file\`. ${ACCEPTED} ${EVALUATED_KEPT} ${PAYMENT_OPEN_DESCRIPTION}`,
        tags,
        security,
        consumes: ['multipart/form-data'],
        params,
        body: z.object({ file: fileField }),
        response: { 200: dataEnvelope(documentSchema), ...errorsOf(401, 403, 404, 409, 413, 415, 422, 429) },
      },
    },
    async (request) => ({
      data: await replaceDocument(ctx, actorOf(request), request.params.id, request.body.file),
    }),
  );

  app.delete(
    '/documents/:id',
    {
      onRequest,
      schema: {
        summary: 'Delete a document, while its request is a draft or awaits the applicant’s reply',
        description: `${EVALUATED_KEPT} ${PAYMENT_OPEN_DESCRIPTION}`,
        tags,
        security,
        params,
        response: { 204: z.null().describe('Document deleted'), ...errorsOf(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      await deleteDocument(ctx, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/documents/:id/download',
    {
      onRequest,
      schema: {
        summary: 'Download a document (owner only), as an attachment',
        description:
          'Sent as an attachment with its checked type, `nosniff` and `Content-Security-Policy: sandbox`: a browser saves it and never runs it.',
        tags,
        security,
        params,
        produces: ['application/pdf', 'image/jpeg', 'image/png'],
        response: {
          200: z.any().meta({ type: 'string', format: 'binary', description: 'The file' }),
          ...errorsOf(401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { content, document } = await openDocument(ctx, actorOf(request), request.params.id);
      return sendPrivateFile(reply, {
        content,
        size: document.size,
        fileName: document.file_name,
        contentType: document.content_type,
      });
    },
  );
};
