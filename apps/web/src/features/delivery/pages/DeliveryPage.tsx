import { type BillingInfo, type CheckoutSessionView, DELIVERY_CANCELLED_PARAM } from '@lisbon/domain';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDate, formatEuros } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { PageHeading } from '@/shared/ui/PageHeading';
import { PageLoading } from '@/shared/ui/PageLoading';
import { useRevealError } from '@/shared/ui/revealError';
import {
  cart as cartStorage,
  DELIVERY_KEY,
  deliveryQuery,
  returnedPaymentQuery,
  startDeliveryCheckout,
} from '../api/delivery';
import { CartSection } from '../components/CartSection';
import { ShipmentsSection } from '../components/ShipmentsSection';
import { ShippingForm, ShippingSummary } from '../components/ShippingSection';

/** The payments feature's billing form and "Pay", handed in by the app (features do not import each other). */
export type PayPanel = ComponentType<{
  totalCents: number;
  start: (billing: BillingInfo) => Promise<CheckoutSessionView>;
  /** The shipping address, which the billing address can be the same as. */
  shippingAddress: {
    address: string;
    city: string;
    zip_code: string;
    province: string;
    country: string | null;
  };
}>;

function Part({
  id,
  title,
  children,
  headingRef,
}: {
  id: string;
  title: string;
  children: ReactNode;
  /** A heading the page moves the keyboard to (focusable by script, not by Tab). */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <Title
        order={2}
        size="h3"
        id={`${id}-title`}
        mb="sm"
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
      >
        {title}
      </Title>
      {children}
    </section>
  );
}

/** The payment id the provider sends the browser back with (`?payment=<id>`). */
const paymentIdOf = (search: URLSearchParams) => {
  const id = Number(search.get('payment'));
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * `/delivery` (spec §2): the cart of requests open to delivery, the shipping information (once),
 * the billing information and the payment of the fee, then the shipments with their waybills.
 * During a suspension window the cart cannot be paid, and the page says until when.
 */
export function DeliveryPage({ payPanel: PayPanel }: { payPanel: PayPanel }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const returnedPayment = paymentIdOf(search);
  const [isAwaiting, setIsAwaiting] = useState(returnedPayment !== null);
  const query = useQuery(deliveryQuery(isAwaiting));
  // Declined or cancelled, the provider sends the payer back here too: the payment says which.
  const payment = useQuery({
    ...returnedPaymentQuery(returnedPayment ?? 0),
    enabled: returnedPayment !== null && isAwaiting,
  });
  const paymentStatus = payment.data?.status;
  const hasFailed = paymentStatus === 'failed' || paymentStatus === 'expired';
  // Back from the provider's Cancel with the payment still pending (the API asked the provider):
  // left unpaid, as the review step reads it; nothing is coming to wait for. Back from paying, a
  // pending payment may still be confirmed (a delayed one): that is waited for.
  const isNotCompleted = paymentStatus === 'pending' && search.get(DELIVERY_CANCELLED_PARAM) === '1';
  const [cart, setCart] = useState(cartStorage.read);
  // Said above the cart, far below where the payer lands: scroll there and focus it, once the page
  // that holds it has come.
  const outcome = useRevealError<HTMLDivElement>(
    query.data && (hasFailed || isNotCompleted) ? paymentStatus : null,
  );
  // Sent, the shipping information replaces its form, the confirmation's opener with it: the
  // keyboard goes to the section's heading, above the summary, not to the top of the document.
  const shippingHeading = useRef<HTMLHeadingElement>(null);
  const isShippingSent = useRef(false);
  const hasShipping = Boolean(query.data?.current?.shipping);
  useEffect(() => {
    if (!hasShipping || !isShippingSent.current) return;
    isShippingSent.current = false;
    shippingHeading.current?.focus();
  }, [hasShipping]);

  if (query.isPending || query.isError) {
    return <PageLoading title={t('delivery.title')} error={query.isError ? query.error : undefined} />;
  }
  const overview = query.data;
  const isPaid = overview.shipments.some((shipment) => shipment.payment_id === returnedPayment);
  // Paid once the shipment holds the payment; declined, cancelled or expired, nothing more to wait for.
  if (isAwaiting && (isPaid || hasFailed || isNotCompleted)) setIsAwaiting(false);
  const deliverableIds = new Set(overview.deliverable.map((practice) => practice.id));
  const cartIds = cart.filter((id) => deliverableIds.has(id));
  const updateCart = (ids: number[]) => {
    setCart(ids);
    cartStorage.write(ids);
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: DELIVERY_KEY });
  const shipping = overview.current?.shipping ?? null;

  return (
    <Stack gap="xl" maw={860}>
      <PageHeading>{t('delivery.title')}</PageHeading>
      <Text>
        {t('delivery.intro', {
          fee: formatEuros(overview.fee.total, locale),
          net: formatEuros(overview.fee.net, locale),
          vat: formatEuros(overview.fee.vat, locale),
        })}
      </Text>
      {overview.suspension && (
        <Alert color="orange" role="status" title={t('delivery.suspended.title')}>
          {t('delivery.suspended.text', { day: formatDate(overview.suspension.orderable_on, locale) })}
        </Alert>
      )}
      {returnedPayment !== null &&
        (hasFailed && !isPaid ? (
          <Alert ref={outcome} color="red" variant="light" role="alert" tabIndex={-1}>
            {t(
              paymentStatus === 'expired'
                ? 'payments.outcome.paymentExpired'
                : 'payments.outcome.paymentFailed',
            )}
          </Alert>
        ) : isNotCompleted && !isPaid ? (
          <Alert ref={outcome} color="blue" variant="light" role="status" tabIndex={-1}>
            {t('delivery.notCompleted')}
          </Alert>
        ) : (
          <Alert color={isPaid ? 'green' : 'blue'} role="status">
            {isPaid ? t('delivery.paid') : t('delivery.awaitingPayment')}
          </Alert>
        ))}
      <Part id="cart" title={t('delivery.cart.title')}>
        <CartSection practices={overview.deliverable} cart={cartIds} onChange={updateCart} />
      </Part>
      <Part id="shipping" title={t('delivery.shipping.title')} headingRef={shippingHeading}>
        {shipping ? (
          <ShippingSummary shipping={shipping} />
        ) : overview.deliverable.length === 0 ? (
          // The API opens no shipment with nothing to ship (409 NOTHING_TO_SHIP, decision 028). After
          // a shipment, not "nothing to ship yet" under the payment just made: nothing more.
          <Text>
            {t(
              overview.shipments.length > 0
                ? 'delivery.shipping.nothingMoreToShip'
                : 'delivery.shipping.nothingToShip',
            )}
          </Text>
        ) : (
          <ShippingForm
            feeCents={overview.fee.total}
            onSubmitted={() => {
              isShippingSent.current = true;
              return refresh();
            }}
          />
        )}
      </Part>
      <Part id="payment" title={t('delivery.payment.title')}>
        {overview.suspension ? (
          <Text>
            {t('delivery.payment.suspended', { day: formatDate(overview.suspension.orderable_on, locale) })}
          </Text>
        ) : overview.deliverable.length === 0 ? (
          // Not "add a request to the cart" when there is none to add.
          <Text>{t('delivery.payment.nothingToPay')}</Text>
        ) : cartIds.length === 0 ? (
          <Text>{t('delivery.payment.emptyCart')}</Text>
        ) : !shipping ? (
          <Text>{t('delivery.payment.shippingFirst')}</Text>
        ) : (
          <PayPanel
            totalCents={overview.fee.total}
            shippingAddress={{
              address: shipping.address,
              city: shipping.city,
              zip_code: shipping.zip_code ?? '',
              province: shipping.province ?? '',
              country: shipping.country,
            }}
            // The cart stays as it is: once paid, its requests leave the list and so the cart.
            start={(billing) => startDeliveryCheckout(cartIds, billing)}
          />
        )}
      </Part>
      <Part id="shipments" title={t('delivery.shipments.heading')}>
        <ShipmentsSection shipments={overview.shipments} />
      </Part>
    </Stack>
  );
}
