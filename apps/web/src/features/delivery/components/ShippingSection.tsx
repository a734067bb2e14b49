import { countryName, shippingInfoSchema, type ShippingInfoView, type User } from '@lisbon/domain';
import { Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { useLocale } from '@/shared/i18n';
import { useCurrentUser } from '@/shared/session/currentUser';
import { storage } from '@/shared/storage';
import { CountrySelect } from '@/shared/ui/CountrySelect';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { PageLoader } from '@/shared/ui/PageLoader';
import { showSuccess } from '@/shared/ui/toast';
import { submitShipping } from '../api/delivery';
import { initialShipping, type ShippingValues } from './shippingForm';

/** The shipping information once submitted: read-only (spec §4: it cannot be modified). */
export function ShippingSummary({ shipping }: { shipping: ShippingInfoView }) {
  // useTranslation re-renders on a language change, so the country's name follows it.
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack gap={4}>
      <Text>{shipping.recipient_name}</Text>
      <Text>{shipping.address}</Text>
      <Text>{[shipping.zip_code, shipping.city, shipping.province].filter(Boolean).join(' ')}</Text>
      <Text>{countryName(shipping.country, locale)}</Text>
      {shipping.phone && <Text>{shipping.phone}</Text>}
      <Text size="sm" c="dimmed">
        {t('delivery.shipping.locked')}
      </Text>
    </Stack>
  );
}

type FormProps = { onSubmitted: () => Promise<unknown> };

/** The shipping form, once the account it starts from is known. */
export function ShippingForm({ onSubmitted }: FormProps) {
  const user = useCurrentUser().data;
  return user ? <ShippingFields user={user} onSubmitted={onSubmitted} /> : <PageLoader />;
}

/**
 * Recipient name and address, checked by the domain's schema; submitted once ('Shipping info
 * updated'). It starts from the account's name, address and phone.
 */
function ShippingFields({ user, onSubmitted }: FormProps & { user: User }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'shipping',
    schema: shippingInfoSchema,
    initialValues: initialShipping(user),
  });
  const { values } = form;
  const isDirty = form.isDirty();
  useEffect(() => {
    if (isDirty) storage.set('shipping', values);
  }, [values, isDirty]);

  const onSubmit = submit(async (shipping) => {
    setFailure(null);
    try {
      await submitShipping(shipping);
      storage.remove('shipping');
      showSuccess(t('delivery.shipping.updated'));
      await onSubmitted();
    } catch (error) {
      if (!showServerErrors(error)) setFailure(errorMessage(error, t));
    }
  });
  const field = (name: keyof ShippingValues) => form.getInputProps(name);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('delivery.shipping.once')}</Text>
        <TextInput
          label={t('delivery.shipping.recipientName')}
          autoComplete="name"
          withAsterisk
          {...field('recipient_name')}
        />
        <TextInput
          label={t('delivery.shipping.address')}
          autoComplete="street-address"
          withAsterisk
          {...field('address')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('delivery.shipping.city')}
            autoComplete="address-level2"
            withAsterisk
            {...field('city')}
          />
          <TextInput
            label={t('delivery.shipping.zipCode')}
            autoComplete="postal-code"
            withAsterisk
            {...field('zip_code')}
          />
          <TextInput label={t('delivery.shipping.province')} {...field('province')} />
          <CountrySelect label={t('delivery.shipping.country')} withAsterisk {...field('country')} />
          <TextInput label={t('delivery.shipping.phone')} autoComplete="tel" {...field('phone')} />
        </SimpleGrid>
        <FormAlert message={failure} />
        <Button type="submit" w="fit-content" loading={form.submitting}>
          {t('delivery.shipping.submit')}
        </Button>
      </Stack>
    </form>
  );
}
