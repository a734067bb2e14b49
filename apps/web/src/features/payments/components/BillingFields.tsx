import { ENTITY_TYPES, hasPostalCodes, isOmocodicTaxId } from '@lisbon/domain';
import { Checkbox, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '@/shared/ui/CountrySelect';
import type { BillingForm } from './billingForm';

type Props = {
  form: BillingForm;
  /** Shown above the billing address: "same as shipping" on the return delivery. */
  addressToggle?: ReactNode;
  /** The address is copied from elsewhere: shown, not editable. */
  isAddressLocked?: boolean;
};

/** Billing information (spec §3): an individual or a legal entity, then the billing address. */
export function BillingFields({ form, addressToggle, isAddressLocked = false }: Props) {
  const { t } = useTranslation();
  const kindLabelId = useId();
  const { entity_type: kind, fiscal_code: fiscalCode, country } = form.getValues();
  // The domain's rule: an individual billed in Italy gives a fiscal code (billingInfoSchema).
  const isFiscalCodeRequired = country === 'IT';
  // The domain's rule: a zip code is asked only where the country has postal codes.
  const isZipCodeRequired = hasPostalCodes(country);
  const field = (name: Parameters<BillingForm['getInputProps']>[0]) => form.getInputProps(name);

  return (
    <Stack gap="md">
      <div>
        <Text component="span" id={kindLabelId} fw={500} size="sm" display="block" mb={4}>
          {t('payments.billing.entityType')}
        </Text>
        <SegmentedControl
          aria-labelledby={kindLabelId}
          name="entity_type"
          value={kind}
          onChange={(value) => {
            form.setFieldValue('entity_type', value);
            form.clearErrors();
          }}
          data={ENTITY_TYPES.map((value) => ({ value, label: t(`payments.billing.entityTypes.${value}`) }))}
        />
      </div>
      {kind === 'individual' ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('payments.billing.firstName')}
            autoComplete="given-name"
            required
            {...field('first_name')}
          />
          <TextInput
            label={t('payments.billing.lastName')}
            autoComplete="family-name"
            required
            {...field('last_name')}
          />
          <div>
            <TextInput
              label={t('payments.billing.fiscalCode')}
              description={t('payments.billing.fiscalCodeHelp')}
              autoComplete="off"
              required={isFiscalCodeRequired}
              {...field('fiscal_code')}
            />
            {isOmocodicTaxId(fiscalCode) && (
              <Checkbox
                mt="xs"
                label={t('payments.billing.fiscalCodeOmocodiaConfirm')}
                {...form.getInputProps('fiscal_code_omocodia_confirmed', { type: 'checkbox' })}
              />
            )}
          </div>
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('payments.billing.businessName')}
            autoComplete="organization"
            required
            {...field('business_name')}
          />
          <TextInput
            label={t('payments.billing.vatNumber')}
            description={t('payments.billing.vatNumberHelp')}
            autoComplete="off"
            required
            {...field('vat_number')}
          />
          <TextInput
            label={t('payments.billing.companyFiscalCode')}
            description={t('payments.billing.companyFiscalCodeHelp')}
            autoComplete="off"
            {...field('fiscal_code')}
          />
          <TextInput
            label={t('payments.billing.sdiCode')}
            description={t('payments.billing.sdiCodeHelp')}
            autoComplete="off"
            maxLength={7}
            {...field('sdi_code')}
          />
          <TextInput
            label={t('payments.billing.pec')}
            description={t('payments.billing.pecHelp')}
            type="email"
            autoComplete="off"
            {...field('pec')}
          />
        </SimpleGrid>
      )}
      {addressToggle}
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <CountrySelect
          label={t('payments.billing.country')}
          required
          disabled={isAddressLocked}
          {...field('country')}
        />
        <TextInput
          label={t('payments.billing.address')}
          autoComplete="street-address"
          required
          disabled={isAddressLocked}
          {...field('address')}
        />
        <TextInput
          label={t('payments.billing.city')}
          autoComplete="address-level2"
          required
          disabled={isAddressLocked}
          {...field('city')}
        />
        <TextInput
          label={t('payments.billing.zipCode')}
          description={isZipCodeRequired ? undefined : t('payments.billing.zipCodeNone')}
          autoComplete="postal-code"
          required={isZipCodeRequired}
          disabled={isAddressLocked}
          {...field('zip_code')}
        />
        <TextInput
          label={t('payments.billing.province')}
          autoComplete="address-level1"
          disabled={isAddressLocked}
          {...field('province')}
        />
      </SimpleGrid>
    </Stack>
  );
}
