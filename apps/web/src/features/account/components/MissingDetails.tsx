import { missingProfileFields, type User } from '@lisbon/domain';
import { Alert, Anchor, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PROFILE_FIELD_LABELS, profileFieldId } from '@/shared/session/profileFields';

/**
 * The account details still empty, as saved: each a link that takes the focus to its field.
 * Nothing once the account is complete, and nothing for staff, who file no requests.
 */
export function MissingDetails({ user }: { user: User }) {
  const { t } = useTranslation();
  const missing = missingProfileFields(user);
  if (user.abilities['staff.workspace'] === true || missing.length === 0) return null;
  return (
    <Alert color="orange" variant="light" title={t('account.details.missingTitle')}>
      <Text size="sm" mb={4}>
        {t('account.details.missingIntro')}
      </Text>
      <List size="sm">
        {missing.map((field) => (
          <List.Item key={field}>
            <Anchor
              href={`#${profileFieldId(field)}`}
              inherit
              c="blue.9"
              onClick={(event) => {
                const input = document.getElementById(profileFieldId(field));
                if (!input) return;
                event.preventDefault();
                input.scrollIntoView?.({ block: 'center' });
                input.focus();
              }}
            >
              {t(PROFILE_FIELD_LABELS[field])}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
