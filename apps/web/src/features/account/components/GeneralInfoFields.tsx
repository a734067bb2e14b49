import { isLocale, LOCALES, type User, USER_CATEGORIES } from '@lisbon/domain';
import { Group, NativeSelect, Radio, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { profileFieldId } from '@/shared/session/profileFields';
import { errorMessage } from '@/shared/ui/errorMessage';
import { showError, showSuccess } from '@/shared/ui/toast';
import { useSaveLocale } from '../api/account';
import type { DetailsForm } from './detailsForm';

/**
 * General info: the email (fixed at registration), the language — saved at once, like the
 * header's switch, since it is also the interface's — the phone number and, for an applicant, the
 * category (standard or refugee), which the API holds while a request is a draft or being evaluated.
 */
export function GeneralInfoFields({ form, user }: { form: DetailsForm; user: User }) {
  const { t, i18n } = useTranslation();
  const saveLocale = useSaveLocale();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <TextInput
        label={t('account.fields.email')}
        description={t('account.fields.emailFixed')}
        value={user.email}
        readOnly
        type="email"
      />
      <NativeSelect
        label={t('account.fields.locale')}
        description={t('account.fields.localeHelp')}
        data={LOCALES.map((locale) => ({ value: locale, label: t(`language.names.${locale}`) }))}
        value={user.locale}
        onChange={(event) => {
          const { value } = event.currentTarget;
          if (!isLocale(value)) return;
          // Said in the language just chosen, as the page now is: `t` is the render's, before it.
          saveLocale(value, user).then(
            () => showSuccess(i18n.getFixedT(value)('messages.accountUpdated')),
            (error: unknown) => showError(errorMessage(error, t)),
          );
        }}
      />
      <TextInput
        label={t('account.fields.phone')}
        description={t('account.fields.phoneHelp')}
        type="tel"
        autoComplete="tel"
        placeholder="+39 06 1234 5678"
        id={profileFieldId('phone')}
        required={user.abilities['staff.workspace'] !== true}
        {...form.getInputProps('phone')}
      />
      {user.abilities['staff.workspace'] !== true && (
        <Radio.Group
          label={t('account.fields.category')}
          description={t('account.fields.categoryHelp')}
          {...form.getInputProps('category')}
        >
          <Group gap="md" mt={6}>
            {USER_CATEGORIES.map((category) => (
              <Radio key={category} value={category} label={t(`account.categories.${category}`)} />
            ))}
          </Group>
        </Radio.Group>
      )}
    </SimpleGrid>
  );
}
