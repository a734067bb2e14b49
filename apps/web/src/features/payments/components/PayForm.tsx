import { billingInfoSchema, type BillingInfo, type CheckoutSessionView } from '@lisbon/domain';
import { Button, Checkbox, Fieldset, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api';
import { formatEuros } from '@/shared/format';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { useLocale } from '@/shared/i18n';
import { storage } from '@/shared/storage';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { BillingFields } from './BillingFields';
import { type BillingAddress, billingToInput, type BillingValues, withAddress } from './billingForm';

type Props = {
  totalCents: number;
  initialValues: BillingValues;
  /** Opens the checkout session: of a request, or of a return-delivery cart. */
  start: (billing: BillingInfo) => Promise<CheckoutSessionView>;
  /**
   * The return delivery's shipping address: "Billing address same as shipping" copies it into the
   * billing address (ticked or not to start with); unticked, the address is editable.
   */
  shipping?: { address: BillingAddress; isSame: boolean };
};

/**
 * Billing information, checked by the domain's schema, then "Pay": the API opens a checkout
 * session (keeping the billing information on the account) and the browser goes to its page.
 */
export function PayForm({ totalCents, initialValues, start, shipping }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [failure, setFailure] = useState<string | null>(null);
  const [isLeaving, setIsLeaving] = useState(false);
  const shippingAddress = shipping?.address;
  const [isSameAsShipping, setIsSameAsShipping] = useState(shipping?.isSame ?? false);
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'billing',
    schema: billingInfoSchema,
    initialValues:
      shippingAddress && isSameAsShipping ? withAddress(initialValues, shippingAddress) : initialValues,
    toInput: billingToInput,
  });
  const toggleSameAsShipping = (isSame: boolean) => {
    setIsSameAsShipping(isSame);
    // Unticked, the copied address stays as the start of another one.
    if (isSame && shippingAddress) {
      form.setValues(withAddress(form.getValues(), shippingAddress));
      form.clearErrors();
    }
  };

  // What is typed is kept in this browser ('billing'), so a reload or a failed payment loses nothing.
  const { values } = form;
  const isDirty = form.isDirty();
  useEffect(() => {
    if (isDirty) storage.set('billing', values);
  }, [values, isDirty]);

  const onSubmit = submit(async (billing) => {
    setFailure(null);
    storage.set('billing', form.getValues());
    try {
      const session = await start(billing);
      setIsLeaving(true);
      window.location.assign(session.checkout_url);
    } catch (error) {
      // A busy provider (429 PROVIDER_BUSY): nothing charged, try again in a few minutes (spec §8).
      if (isApiError(error) && error.code === 'PROVIDER_BUSY') setFailure(t('payments.outcome.providerBusy'));
      else if (!showServerErrors(error)) setFailure(errorMessage(error, t));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Fieldset legend={t('payments.billing.title')}>
          <BillingFields
            form={form}
            addressToggle={
              shippingAddress && (
                <Checkbox
                  label={t('payments.billing.sameAsShipping')}
                  checked={isSameAsShipping}
                  onChange={(event) => toggleSameAsShipping(event.currentTarget.checked)}
                />
              )
            }
            isAddressLocked={isSameAsShipping}
          />
        </Fieldset>
        <FormAlert message={failure} />
        <Button type="submit" size="md" w="fit-content" loading={form.submitting || isLeaving}>
          {t('payments.pay', { amount: formatEuros(totalCents, locale) })}
        </Button>
      </Stack>
    </form>
  );
}
