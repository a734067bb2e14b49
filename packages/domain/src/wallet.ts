import { z } from 'zod/mini';
import type { Locale } from './locales';
import type { VerifyReason } from './statement-fields';

/**
 * The statement in the holder's wallet (decision 088): the credential's type, which of its claims
 * the holder may withhold, the offer the applicant shows, and the verifier's answer. One place for
 * the API, the web and the docs.
 */

/** The credential configuration id in the issuer metadata, and the last segment of the `vct`. */
export const WALLET_CREDENTIAL_ID = 'recognition-statement';
/** The `vct` is the deployment's URL of this path: the type metadata document is served there. */
export const WALLET_VCT_PATH = `/api/v1/wallet/vct/${WALLET_CREDENTIAL_ID}`;
/** Where the status list of the deployment's credentials is served (IETF Token Status List). */
export const WALLET_STATUS_LIST_PATH = '/api/v1/wallet/status-list';
/** A status list answer may be cached this long: a superseded statement reads revoked within a minute. */
export const WALLET_STATUS_LIST_MAX_AGE_SECONDS = 30;
/** Digits of the transaction code shown beside the offer. */
export const WALLET_TX_CODE_LENGTH = 6;
/** Wrong transaction codes an offer takes before it is spent. */
export const WALLET_TX_CODE_ATTEMPTS = 5;
/** How long a verifier's request waits for the wallet's answer. */
export const WALLET_PRESENTATION_TTL_MINUTES = 10;
/**
 * How long after its request expired a verifier's check is kept, with the claims the wallet
 * disclosed: long enough for the verifier to read it again that day, then deleted (data
 * minimisation; decision 088).
 */
export const WALLET_RESULT_KEPT_HOURS = 24;

/**
 * The claims of the credential, in the order of the type metadata; `personal` ones are selectively
 * disclosable. `asked`: what the portal's verifier asks a wallet for (its DCQL query):
 * `required` claims every credential holds, `if_held` ones a statement may lack (the wallet
 * discloses those its credential holds), `no` for the date of birth, which a check does not need
 * (data minimisation), and for the chain's transaction, which is not selectively disclosable and
 * comes with the credential when it is held.
 */
export const WALLET_CLAIMS = [
  { name: 'holder_name', personal: true, asked: 'required' },
  { name: 'birth_date', personal: true, asked: 'no' },
  { name: 'qualification_name', personal: true, asked: 'if_held' },
  { name: 'classification', personal: true, asked: 'if_held' },
  { name: 'awarding_institution', personal: true, asked: 'if_held' },
  { name: 'award_year', personal: true, asked: 'if_held' },
  { name: 'country_of_education_system', personal: true, asked: 'required' },
  { name: 'statement_id', personal: false, asked: 'required' },
  { name: 'issue_date', personal: false, asked: 'required' },
  { name: 'ledger_transaction', personal: false, asked: 'required' },
  { name: 'chain_transaction', personal: false, asked: 'no' },
] as const;
export type WalletClaim = (typeof WALLET_CLAIMS)[number]['name'];

export const WALLET_CLAIM_LABELS: Record<Locale, Record<WalletClaim, string>> = {
  'en-US': {
    holder_name: 'Holder',
    birth_date: 'Date of birth',
    qualification_name: 'Qualification',
    classification: 'Classification',
    awarding_institution: 'Awarding institution',
    award_year: 'Year of award',
    country_of_education_system: 'Country of the education system',
    statement_id: 'Statement id',
    issue_date: 'Date of issue',
    ledger_transaction: 'Ledger transaction',
    chain_transaction: 'Chain transaction',
  },
  'it-IT': {
    holder_name: 'Titolare',
    birth_date: 'Data di nascita',
    qualification_name: 'Titolo di studio',
    classification: 'Classificazione',
    awarding_institution: 'Istituzione che ha rilasciato il titolo',
    award_year: 'Anno di conseguimento',
    country_of_education_system: 'Paese del sistema di istruzione',
    statement_id: 'Identificativo dell’attestato',
    issue_date: 'Data di emissione',
    ledger_transaction: 'Transazione nel registro',
    chain_transaction: 'Transazione sulla blockchain',
  },
};

export const WALLET_CREDENTIAL_NAME: Record<Locale, { name: string; description: string }> = {
  'en-US': {
    name: 'Recognition statement',
    description: 'A statement of comparability of a foreign qualification, issued by the recognition body.',
  },
  'it-IT': {
    name: 'Attestato di riconoscimento',
    description: 'Attestato di comparabilità di un titolo estero, rilasciato dall’ente di riconoscimento.',
  },
};

/**
 * What a wallet shows beside its field for the transaction code (OpenID4VCI 1.0 §4.1.1,
 * `tx_code.description`, at most 300 characters), in the language of the page that made the
 * offer: where the holder finds the code, and not to share it.
 */
export const WALLET_TX_CODE_DESCRIPTION: Record<Locale, string> = {
  'en-US':
    'Type the one-time code shown beside this offer on your request’s page in the portal. Do not share it.',
  'it-IT':
    'Digita il codice monouso mostrato accanto a questa offerta nella pagina della tua richiesta sul portale. Non condividerlo.',
};

/** POST /practices/{id}/statement/wallet-offers: what the applicant shows to their wallet. */
export const walletOfferSchema = z
  .object({
    /** `openid-credential-offer://?credential_offer=…`, for the same device, and what the QR code holds. */
    offer_url: z.string(),
    /** The QR code of `offer_url`, as an SVG document. */
    qr_svg: z.string(),
    /** The one-time code the wallet asks for; shown once, stored only as a hash. */
    tx_code: z.string(),
    expires_at: z.string(),
  })
  .register(z.globalRegistry, { id: 'WalletOffer' });
export type WalletOffer = z.infer<typeof walletOfferSchema>;

/**
 * The `authorization_details` a wallet may send with its token request (OpenID4VCI 1.0 §5.1.1,
 * §6.1; RFC 9396 §2): credentials asked for by their configuration. Other fields an
 * `openid_credential` entry carries (`claims`, say) are allowed and change nothing: a credential
 * always holds every claim, the personal ones disclosed at the holder's choice.
 */
export const walletAuthorizationDetailsSchema = z
  .array(
    z.looseObject({
      type: z.literal('openid_credential'),
      credential_configuration_id: z.string(),
      locations: z.optional(z.array(z.string())),
    }),
  )
  .check(z.minLength(1));

/**
 * What the token grants, in its response and in the access token itself (OpenID4VCI 1.0 §6.2):
 * each configuration asked for with the identifiers the credential request then names.
 */
export const walletGrantedDetailsSchema = z.array(
  z.object({
    type: z.literal('openid_credential'),
    credential_configuration_id: z.string(),
    credential_identifiers: z.array(z.string()).check(z.minLength(1)),
  }),
);
export type WalletGrantedDetails = z.infer<typeof walletGrantedDetailsSchema>;

/** POST /wallet/presentations: a verifier's request for the wallet. */
export const walletRequestSchema = z
  .object({
    id: z.string(),
    /** `openid4vp://?client_id=…&request_uri=…`: the same-device link, and what the QR code holds. */
    request_url: z.string(),
    qr_svg: z.string(),
    expires_at: z.string(),
    /**
     * The key this browser reads the outcome with (`GET /wallet/presentations/{id}?key=…`): given
     * once, to the browser that asked, stored only as a hash. The QR code does not carry it.
     */
    result_key: z.string(),
  })
  .register(z.globalRegistry, { id: 'WalletRequest' });
export type WalletRequest = z.infer<typeof walletRequestSchema>;

/**
 * The steps of a wallet presentation's check: the issuer's signature, the holder's key binding,
 * the status list, the ledger record, and the claims asked for disclosed (`required` above).
 */
export const WALLET_CHECK_STEPS = ['signature', 'holder_binding', 'status', 'ledger', 'claims'] as const;
export type WalletCheckStep = (typeof WALLET_CHECK_STEPS)[number];
/** The PDF check's reasons (VERIFY_REASONS) a credential's status step can give. */
export const WALLET_STATUS_REASONS = ['superseded', 'revoked'] as const satisfies readonly VerifyReason[];
export type WalletStatusReason = (typeof WALLET_STATUS_REASONS)[number];

const WALLET_SECRET = /^[A-Za-z0-9_-]{16,128}$/;

export const walletPresentationIdSchema = z.object({
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)),
});

/**
 * Who may read a check's outcome (decision 088): the browser that asked, with the `result_key` it
 * was given, or the browser a wallet on the same device opens, with the `response_code` of the
 * wallet's redirect (OpenID4VP 1.0 §8.2). Either one; without both the answer is 404.
 */
export const walletResultQuerySchema = z.object({
  key: z.optional(z.string().check(z.regex(WALLET_SECRET))),
  response_code: z.optional(z.string().check(z.regex(WALLET_SECRET))),
});
export type WalletResultAccess = z.infer<typeof walletResultQuerySchema>;

/**
 * GET /wallet/presentations/{id}: waiting for the wallet, the outcome of each step, or `declined`
 * when the wallet answered with an error (its holder refused, or it holds no such credential).
 * An answer NOT valid, or declined, leaves the request open (`is_open`) until it expires: anyone who
 * saw the QR code can send one, and a later valid presentation replaces it.
 */
export const walletCheckSchema = z
  .object({
    id: z.string(),
    state: z.enum(['waiting', 'checked', 'expired', 'declined']),
    is_valid: z.nullable(z.boolean()),
    /** The request still takes an answer: none valid yet, and not expired (the page keeps asking). */
    is_open: z.boolean(),
    checks: z.array(
      z.object({ step: z.enum(WALLET_CHECK_STEPS), outcome: z.enum(['passed', 'failed', 'not_checked']) }),
    ),
    /** Why the statement is no longer in force, as the PDF check says it; null otherwise. */
    reason: z.nullable(z.enum(WALLET_STATUS_REASONS)),
    /** What the holder disclosed, by claim name; empty until checked. */
    claims: z.record(z.string(), z.nullable(z.union([z.string(), z.number()]))),
  })
  .register(z.globalRegistry, { id: 'WalletCheck' });
export type WalletCheck = z.infer<typeof walletCheckSchema>;
