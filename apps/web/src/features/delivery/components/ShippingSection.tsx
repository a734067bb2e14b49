import {
  countryName,
  formatPhoneForReading,
  hasPostalCodes,
  type ShippingInfo,
  shippingInfoSchema,
  type ShippingInfoView,
  type User,
} from '@lisbon/domain';
import { Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '@/shared/format';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { useLocale } from '@/shared/i18n';
import { useCurrentUser } from '@/shared/session/currentUser';
import { storage } from '@/shared/storage';
import { CountrySelect } from '@/shared/ui/CountrySelect';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { PageLoader } from '@/shared/ui/PageLoader';
import { showSuccess } from '@/shared/ui/toast';
import { submitShipping } from '../api/delivery';
import { initialShipping, type ShippingValues } from './shippingForm';

/** The recipient and the address, one line each, the country named in the user's language. */
function AddressLines({ shipping }: { shipping: ShippingInfo }) {
  // useTranslation re-renders on a language change, so the country's name follows it.
  useTranslation();
  const locale = useLocale();
  return (
    <>
      <Text>{shipping.recipient_name}</Text>
      <Text>{shipping.address}</Text>
      <Text>{[shipping.zip_code, shipping.city, shipping.province].filter(Boolean).join(' ')}</Text>
      <Text>{countryName(shipping.country, locale)}</Text>
      {shipping.phone && <Text>{formatPhoneForReading(shipping.phone, shipping.country)}</Text>}
    </>
  );
}

/** The shipping information once submitted: read-only (spec §4: it cannot be modified). */
export function ShippingSummary({ shipping }: { shipping: ShippingInfoView }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <AddressLines shipping={shipping} />
      <Text size="sm" c="dimmed">
        {t('delivery.shipping.locked')}
      </Text>
    </Stack>
  );
}

type FormProps = { feeCents: number; onSubmitted: () => Promise<unknown> };

/** The shipping form, once the account it starts from is known. */
export function ShippingForm({ feeCents, onSubmitted }: FormProps) {
  const user = useCurrentUser().data;
  return user ? <ShippingFields user={user} feeCents={feeCents} onSubmitted={onSubmitted} /> : <PageLoader />;
}

/**
 * Recipient name and address, checked by the domain's schema; submitted once ('Shipping info
 * updated'), after a confirmation that shows where the originals will go and the fee to pay next,
 * since it cannot be changed afterwards. It starts from the account's name, address and phone.
 */
function ShippingFields({ user, feeCents, onSubmitted }: FormProps & { user: User }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [failure, setFailure] = useState<string | null>(null);
  // The checked information waiting for the applicant's confirmation; null while the form is open.
  const [toConfirm, setToConfirm] = useState<ShippingInfo | null>(null);
  const [isSending, setIsSending] = useState(false);
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'shipping',
    schema: shippingInfoSchema,
    initialValues: initialShipping(user),
  });
  const { values } = form;
  // The domain's rule: a zip code is asked only where the country has postal codes.
  const isZipCodeRequired = hasPostalCodes(values.country);
  const isDirty = form.isDirty();
  useEffect(() => {
    if (isDirty) storage.set('shipping', values);
  }, [values, isDirty]);

  const onSubmit = submit((shipping) => {
    setFailure(null);
    setToConfirm(shipping);
  });
  const send = async (shipping: ShippingInfo) => {
    setIsSending(true);
    try {
      await submitShipping(shipping);
      storage.remove('shipping');
      setToConfirm(null);
      showSuccess(t('delivery.shipping.updated'));
      await onSubmitted();
    } catch (error) {
      setToConfirm(null);
      if (!showServerErrors(error)) setFailure(errorMessage(error, t));
    } finally {
      setIsSending(false);
    }
  };
  const field = (name: keyof ShippingValues) => form.getInputProps(name);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('delivery.shipping.once')}</Text>
        <TextInput
          label={t('delivery.shipping.recipientName')}
          autoComplete="name"
          required
          {...field('recipient_name')}
        />
        <TextInput
          label={t('delivery.shipping.address')}
          autoComplete="street-address"
          required
          {...field('address')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('delivery.shipping.city')}
            autoComplete="address-level2"
            required
            {...field('city')}
          />
          <TextInput
            label={t('delivery.shipping.zipCode')}
            description={isZipCodeRequired ? undefined : t('delivery.shipping.zipCodeNone')}
            autoComplete="postal-code"
            required={isZipCodeRequired}
            {...field('zip_code')}
          />
          <TextInput label={t('delivery.shipping.province')} {...field('province')} />
          <CountrySelect label={t('delivery.shipping.country')} required {...field('country')} />
          <TextInput
            label={t('delivery.shipping.phone')}
            description={t('delivery.shipping.phoneHelp')}
            type="tel"
            autoComplete="tel"
            {...field('phone')}
          />
        </SimpleGrid>
        <FormAlert message={failure} />
        <Button type="submit" w="fit-content" loading={form.submitting}>
          {t('delivery.shipping.submit')}
        </Button>
      </Stack>
      <ConfirmDialog
        opened={toConfirm !== null}
        title={t('delivery.shipping.confirm.title')}
        message={t('delivery.shipping.confirm.text')}
        confirmLabel={t('delivery.shipping.confirm.submit')}
        confirmColor="primary"
        isBusy={isSending}
        onCancel={() => {
          if (!isSending) setToConfirm(null);
        }}
        onConfirm={() => {
          if (toConfirm) void send(toConfirm);
        }}
      >
        {toConfirm && (
          <Stack gap="sm">
            <Stack gap={4} aria-label={t('delivery.shipping.confirm.address')} role="group">
              <AddressLines shipping={toConfirm} />
            </Stack>
            <Text>{t('delivery.shipping.confirm.fee', { fee: formatEuros(feeCents, locale) })}</Text>
          </Stack>
        )}
      </ConfirmDialog>
    </form>
  );
}
