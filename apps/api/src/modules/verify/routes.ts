import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  anchorReceiptSchema,
  certificateIdParamsSchema as params,
  certificateStatusSchema,
  dataEnvelope,
  negotiateLocale,
  VERIFY_MAX_BYTES,
  verificationSchema,
} from '@lisbon/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError, fieldError } from '../../platform/errors';
import { clientAddress } from '../../platform/http/client-address';
import { attachmentDisposition } from '../../platform/http/download';
import {
  isReservedFieldName,
  refuseUnreadableBoundary,
  reservedFieldName,
} from '../../platform/http/multipart-boundary';
import { errorsOf } from '../../platform/http/route-schemas';
import type { RateRule } from '../../platform/rate-limit/limiter';
import { certificateStatus, statementReceipt, verifyStatement, verifyStatementFile } from './service';

const MEGABYTE = 1024 * 1024;
const MAX_MEGABYTES = VERIFY_MAX_BYTES / MEGABYTE;

/**
 * Per address: enough for a visitor trying a few files, not for hashing at scale. How many is
 * VERIFY_CHECKS_PER_ADDRESS (30 by default): an office's desks behind one address share it.
 */
export const verifyRule = (limit: number): RateRule => ({
  name: 'verify:address',
  limit,
  windowSeconds: 10 * 60,
});

/**
 * Reads the one file part, named `file`, and hashes it as it streams: the file is never stored, not
 * even in memory whole. A second file part is refused (`files: 1`: 422 on `file`, as an upload's),
 * and a file under another name is no `file`.
 */
async function hashUpload(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const tooLarge = () => new AppError('FILE_TOO_LARGE', { params: { max: MAX_MEGABYTES } });
  let digest: string | undefined;
  const parts = request.parts({ limits: { fileSize: VERIFY_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  for await (const part of parts) {
    if (isReservedFieldName(part.fieldname)) throw reservedFieldName();
    if (part.type !== 'file') continue;
    const hash = createHash('sha256');
    try {
      // A multipart file stream yields Buffers; its iterator is typed any.
      for await (const chunk of part.file) hash.update(chunk as Buffer);
    } catch (error) {
      if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw error;
    }
    if (part.file.truncated) throw tooLarge();
    if (part.fieldname === 'file') digest = hash.digest('hex');
  }
  if (!digest) throw fieldError('file', 'required');
  return digest;
}

/** The public face of statements: verification by upload, what an id is, its receipt. No login. */
export const verifyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const VERIFY_RULE = verifyRule(ctx.config.verifyChecksPerAddress);
  app.addHook('onRequest', refuseUnreadableBoundary);
  await app.register(multipart);

  app.get(
    '/verify/:id',
    {
      schema: {
        summary: 'What a certificate id is (published or not), without personal data',
        description: `The QR code of a statement leads here. Unknown ids answer \`state: unknown\`. \`max_upload_bytes\` is the size limit of the upload (${MAX_MEGABYTES} MB).`,
        tags: ['verification'],
        params,
        response: { 200: dataEnvelope(certificateStatusSchema), ...errorsOf(422) },
      },
    },
    async (request) => ({ data: await certificateStatus(ctx, request.params.id) }),
  );

  app.get(
    '/verify/:id/receipt',
    {
      schema: {
        summary:
          'The statement’s blockchain receipt: its seal entry, Merkle path, root, chain and transaction',
        description:
          'A JSON file in the format of docs/anchor-receipt.md (not wrapped in `data`: it is the document itself), saved as an attachment. With the statement PDF and any node of the chain, `npm run cli -- anchor:verify <receipt> --rpc <node> --file <pdf>` checks it without the portal (decision 066). Ids and hashes only, like `GET /ledger/{txHash}`. 404 for an unknown or unpublished statement; 409 NOT_ANCHORED while its anchoring is pending or when the body anchors nothing.',
        tags: ['verification'],
        params,
        response: { 200: anchorReceiptSchema, ...errorsOf(404, 409, 422) },
      },
    },
    async (request, reply) => {
      const receipt = await statementReceipt(ctx, request.params.id);
      return reply
        .header('content-disposition', attachmentDisposition(`statement-${request.params.id}.receipt.json`))
        .header('cache-control', 'public, max-age=3600')
        .send(receipt);
    },
  );

  app.post(
    '/verify',
    {
      schema: {
        summary: 'Verify a statement PDF without its id: the file names the statement',
        description: `multipart/form-data with one \`file\` (at most ${MAX_MEGABYTES} MB: 413 FILE_TOO_LARGE beyond), hashed as it arrives and never stored. The statement is the one whose seal entry holds the file's SHA-256; it is then checked as \`POST /verify/{id}\` does, with the same answer. A file that is no statement's original: \`not_valid\`, \`not_original\`, \`certificate_id\` null. Rate-limited per address with \`POST /verify/{id}\` (${VERIFY_RULE.limit} per ${VERIFY_RULE.windowSeconds / 60} minutes, 429 with Retry-After).`,
        tags: ['verification'],
        consumes: ['multipart/form-data'],
        response: { 200: dataEnvelope(verificationSchema), ...errorsOf(413, 415, 422, 429) },
      },
    },
    async (request) => {
      await ctx.limiter.consume([{ rule: VERIFY_RULE, subject: clientAddress(request) }]);
      const sha256 = await hashUpload(request);
      const locale = negotiateLocale(request.headers['accept-language']);
      const verdict = await verifyStatementFile(ctx, { sha256, locale });
      ctx.metrics.verifications.inc({ result: verdict.result });
      return { data: verdict };
    },
  );

  app.post(
    '/verify/:id',
    {
      schema: {
        summary: 'Verify a statement PDF: valid only for the byte-exact original',
        description: `multipart/form-data with one \`file\` (at most ${MAX_MEGABYTES} MB: 413 FILE_TOO_LARGE beyond). The file is hashed as it arrives and never stored. \`result\`: valid, not_valid, not_published or unknown, with a \`reason\` code and a plain \`message\` in the caller's language (Accept-Language). Valid only when a seal entry of this certificate holds exactly the file's SHA-256, the certificate's ledger entries hash, verify and link, the ledger's last recorded audit found the chain whole and the entries appended since check, the issue entry matches the certificate's fields and nothing supersedes or revokes it. Rate-limited per address (${VERIFY_RULE.limit} per ${VERIFY_RULE.windowSeconds / 60} minutes, 429 with Retry-After).`,
        tags: ['verification'],
        consumes: ['multipart/form-data'],
        params,
        response: { 200: dataEnvelope(verificationSchema), ...errorsOf(413, 415, 422, 429) },
      },
    },
    async (request) => {
      await ctx.limiter.consume([{ rule: VERIFY_RULE, subject: clientAddress(request) }]);
      const sha256 = await hashUpload(request);
      const locale = negotiateLocale(request.headers['accept-language']);
      const verdict = await verifyStatement(ctx, { certificateId: request.params.id, sha256, locale });
      ctx.metrics.verifications.inc({ result: verdict.result });
      return { data: verdict };
    },
  );
};
