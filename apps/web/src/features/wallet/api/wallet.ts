import {
  type WalletResultAccess,
  walletCheckSchema,
  walletOfferSchema,
  walletRequestSchema,
} from '@lisbon/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/api';

/** POST …/statement/wallet-offers: a credential offer, its one-time code shown this once. */
export const createWalletOffer = async (practiceId: number) =>
  (await api.create(`practices/${practiceId}/statement/wallet-offers`, {}, { schema: walletOfferSchema }))
    .data;

/** POST /wallet/presentations: a verifier's request for a wallet. */
export const createWalletRequest = async () =>
  (await api.create('wallet/presentations', {}, { auth: false, schema: walletRequestSchema })).data;

/** How often the page asks whether the wallet has answered. */
const POLL_MS = 2000;

/**
 * GET /wallet/presentations/{id}: asked again while the request is open (no answer yet, or one NOT
 * valid or declined, which a valid answer may still replace), with the key of the browser that
 * asked or the wallet's response code.
 */
export const walletCheckQuery = (id: string, access: WalletResultAccess) =>
  queryOptions({
    queryKey: ['wallet', 'presentations', id, access] as const,
    queryFn: async () =>
      (
        await api.list(`wallet/presentations/${id}`, access, {
          auth: false,
          schema: walletCheckSchema,
        })
      ).data,
    refetchInterval: (query) =>
      query.state.data?.state === 'waiting' || query.state.data?.is_open ? POLL_MS : false,
  });

/** The QR code's SVG as an image source: drawn by the API, shown as a picture with its own text alternative. */
export const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The `response_code` a wallet on this device came back with, in the address's fragment (OpenID4VP 1.0 §8.2). */
export const responseCodeOf = (hash: string): string | undefined =>
  new URLSearchParams(hash.replace(/^#/, '')).get('response_code') ?? undefined;
