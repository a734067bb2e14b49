import { useSearchParams } from 'react-router';
import { paymentIdFrom } from '@/features/payments/api/payments';
import { PaymentReturnPage } from '@/features/payments/pages/PaymentReturnPage';
import { ThankYouPage } from '@/features/service/pages/ThankYouPage';

/**
 * `/service/new/thank-you`: after a free submission (`?practice=`), the request; back from the
 * payment provider (`?payment=`), the payment's outcome first, then the same thank-you.
 */
export function ThankYouRoute() {
  const [search] = useSearchParams();
  const paymentId = paymentIdFrom(search);
  if (paymentId === null) return <ThankYouPage />;
  return (
    <PaymentReturnPage
      key={paymentId}
      paymentId={paymentId}
      renderPaid={(practiceId) => <ThankYouPage practiceId={practiceId} />}
    />
  );
}
