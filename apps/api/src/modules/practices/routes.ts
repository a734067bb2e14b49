import {
  createPracticeSchema,
  dataEnvelope,
  listEnvelope,
  notificationsSchema,
  practiceSchema,
  practicesQuerySchema,
  practiceSummarySchema,
  purposeStepSchema,
  qualificationStepSchemaAt,
  unobtainableDeclarationSchema,
  unobtainableDocumentParamsSchema,
  unobtainableDocumentSchema,
  UNOBTAINABLE_EXPLANATION_MAX,
} from '@lisbon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import {
  bearerSecurity as security,
  errorsOf,
  idParamsSchema as params,
} from '../../platform/http/route-schemas';
import { idempotencyHeadersSchema, idempotencyKeyOf } from '../../platform/http/idempotency';
import { actorOf, type AuthGuard } from '../sessions/guard';
import { PAYMENT_OPEN_DESCRIPTION } from '../practice-records/payment-lock';
import { notificationsOf } from './notifications.service';
import {
  createPractice,
  declareUnobtainable,
  deleteDraft,
  getDraft,
  getPractice,
  listPractices,
  moveToReview,
  savePurpose,
  saveQualification,
  withdrawUnobtainable,
} from './service';
import { submitPractice } from './submission.service';

const practice = dataEnvelope(practiceSchema);
const tags = ['practices'];

/** Requests (practices) of the logged-in applicant: the wizard, the list, the detail. */
export const practicesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guard: AuthGuard }> = async (
  app,
  { ctx, guard },
) => {
  const onRequest = guard.ability('practice.apply');

  app.post(
    '/practices',
    {
      onRequest,
      schema: {
        summary: 'Start a request (a draft) for a country and level of education system',
        description: `The service follows from the rule for the applicant’s category (refugees: the free comparability service, never verification). One draft at a time: 409 DRAFT_EXISTS unless \`replace_draft\` is true, which deletes the current draft and its documents (409 PAYMENT_OPEN while that draft’s checkout is open, below; 409 PRACTICE_CHANGED when its payment submitted it meanwhile, and nothing is deleted). A refugee account holds at most two requests: 409 LIMIT_REACHED. No service for the country and level: 422 on \`country\`. ${PAYMENT_OPEN_DESCRIPTION}`,
        tags,
        security,
        body: createPracticeSchema,
        response: { 201: practice, ...errorsOf(401, 403, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createPractice(ctx, actorOf(request), request.body) }),
  );

  app.get(
    '/practices/draft',
    {
      onRequest,
      schema: {
        summary: 'The current draft, where the wizard resumes (null when there is none)',
        tags,
        security,
        response: { 200: dataEnvelope(practiceSchema.nullable()), ...errorsOf(401, 403) },
      },
    },
    async (request) => ({ data: await getDraft(ctx, actorOf(request)) }),
  );

  app.get(
    '/practices',
    {
      onRequest,
      schema: {
        summary: 'The applicant’s requests, sortable (spec §9) and paginated',
        description:
          '`view=archive`: closed, published and finally decided appeals; `view=current`: the others; no view: all. Default sort `-created_at`.',
        tags,
        security,
        querystring: practicesQuerySchema,
        response: { 200: listEnvelope(practiceSummarySchema), ...errorsOf(401, 403, 422) },
      },
    },
    async (request) => listPractices(ctx, actorOf(request), request.query),
  );

  app.get(
    '/practices/:id',
    {
      onRequest,
      schema: {
        summary: 'A request with its documents, missing documents, status history, deadline and days to go',
        description: 'Another applicant’s request answers 404.',
        tags,
        security,
        params,
        response: { 200: practice, ...errorsOf(401, 403, 404, 422) },
      },
    },
    async (request) => ({ data: await getPractice(ctx, actorOf(request), request.params.id) }),
  );

  const stepOptions = <B extends z.ZodType>(summary: string, body: B) => ({
    onRequest,
    schema: {
      summary,
      description: `Saved as completed; \`wizard_step\` moves on. Drafts only (409 PRACTICE_NOT_EDITABLE). ${PAYMENT_OPEN_DESCRIPTION}`,
      tags,
      security,
      params,
      body,
      response: { 200: practice, ...errorsOf(401, 403, 404, 409, 422) },
    },
  });

  app.patch(
    '/practices/:id/purpose',
    stepOptions('Wizard step: the purpose of the request', purposeStepSchema),
    async (request) => ({ data: await savePurpose(ctx, actorOf(request), request.params.id, request.body) }),
  );

  app.patch(
    '/practices/:id/qualification',
    // Neither the graduation nor the award after the day on the API's clock (Rome), which decides
    // as a test's ManualClock or the journeys' moved clock has it.
    stepOptions(
      'Wizard step: the qualification to assess',
      qualificationStepSchemaAt(() => ctx.clock.now()),
    ),
    async (request) => ({
      data: await saveQualification(ctx, actorOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/practices/:id/review',
    {
      onRequest,
      schema: {
        summary:
          'Move the draft to the review step once both steps are saved and the required documents attached',
        description: `Otherwise 422, with one entry per missing part: \`purpose\`, \`qualification\`, \`documents.<type>\`; and \`country\` for a draft for the operator’s own country, started before decision 113. ${PAYMENT_OPEN_DESCRIPTION}`,
        tags,
        security,
        params,
        response: { 200: practice, ...errorsOf(401, 403, 404, 409, 422) },
      },
    },
    async (request) => ({ data: await moveToReview(ctx, actorOf(request), request.params.id) }),
  );

  const unobtainable = dataEnvelope(z.array(unobtainableDocumentSchema));

  app.put(
    '/practices/:id/unobtainable-documents/:type',
    {
      onRequest,
      schema: {
        summary: 'Declare a missing document of a refugee’s draft unobtainable (decision 119)',
        description: `On the refugee service only, for a required document of the applicant’s studies still missing: it no longer stops the review and the submission, and staff see the declaration beside the documents. \`explanation\`: optional, at most ${UNOBTAINABLE_EXPLANATION_MAX} characters; declaring again replaces it. The refugee status certificate, the identity document and the consent form stay required, and a standard request declares nothing: 422 on \`type\` (\`documentNotDeclarable\`); a document not missing: 422 on \`type\` (\`documentNotMissing\`). Uploading the document withdraws the declaration. A request that is not a draft: 409 PRACTICE_NOT_EDITABLE. Answers the request’s declarations.`,
        tags,
        security,
        params: unobtainableDocumentParamsSchema,
        body: unobtainableDeclarationSchema,
        response: { 200: unobtainable, ...errorsOf(401, 403, 404, 409, 422) },
      },
    },
    async (request) => ({
      data: await declareUnobtainable(
        ctx,
        actorOf(request),
        request.params.id,
        request.params.type,
        request.body,
      ),
    }),
  );

  app.delete(
    '/practices/:id/unobtainable-documents/:type',
    {
      onRequest,
      schema: {
        summary: 'Withdraw a declaration that a document is unobtainable, while the request is a draft',
        description:
          'The document is required again. 404 when it was not declared; a request that is not a draft: 409 PRACTICE_NOT_EDITABLE. Answers the request’s declarations left.',
        tags,
        security,
        params: unobtainableDocumentParamsSchema,
        response: { 200: unobtainable, ...errorsOf(401, 403, 404, 409, 422) },
      },
    },
    async (request) => ({
      data: await withdrawUnobtainable(ctx, actorOf(request), request.params.id, request.params.type),
    }),
  );

  app.post(
    '/practices/:id/submit',
    {
      onRequest,
      schema: {
        summary: 'Submit a complete draft',
        description:
          'Free (refugee) requests go to `unassigned`, with `requested_at` and the expected deadline (60 working days, 30 when urgent). Paid requests answer 409 PAYMENT_REQUIRED: they are paid through `POST /practices/{id}/checkout` and submitted when the payment is confirmed. Past the daily contingency limit: 429 CONTINGENCY_LIMIT, and the draft is kept as it was. A draft for the operator’s own country of education system, started before it stopped being offered (decision 113): 422 on `country`, the draft kept (it can be deleted). With an `Idempotency-Key`, a retry of the submission within 24 hours submits nothing again (no second mail) and answers the request as the first did (not 409 PRACTICE_NOT_EDITABLE); the same key on another request is 422 IDEMPOTENCY_KEY_REUSED.',
        tags,
        security,
        headers: idempotencyHeadersSchema,
        params,
        response: { 200: practice, ...errorsOf(401, 403, 404, 409, 422, 429) },
      },
    },
    async (request) => ({
      data: await submitPractice(ctx, actorOf(request), request.params.id, idempotencyKeyOf(request)),
    }),
  );

  app.delete(
    '/practices/:id',
    {
      onRequest,
      schema: {
        summary: 'Delete a draft with its documents',
        description: `Drafts only: 409 PRACTICE_NOT_EDITABLE once submitted. ${PAYMENT_OPEN_DESCRIPTION}`,
        tags,
        security,
        params,
        response: { 204: z.null().describe('Draft deleted'), ...errorsOf(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      await deleteDraft(ctx, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/users/:id/notifications',
    {
      onRequest: guard.user,
      // A hundred bytes or so, never worth compressing: the poll skips the compression hooks.
      compress: false,
      schema: {
        summary: 'Counts of the user’s requests per status label, and a total (polled every 10 s)',
        tags: ['users'],
        security,
        params,
        response: { 200: dataEnvelope(notificationsSchema), ...errorsOf(401, 404, 422) },
      },
    },
    async (request) => ({ data: await notificationsOf(ctx, actorOf(request), request.params.id) }),
  );
};
