import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  type PasswordRequirement,
  passwordProblems,
} from '@lisbon/domain';
import { Box, Code, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const ALWAYS_SHOWN: readonly PasswordRequirement[] = [
  'minLength',
  'uppercase',
  'lowercase',
  'digit',
  'special',
];

/**
 * The password rule of spec §5 as a live checklist, from the domain's `passwordProblems`: each
 * requirement says whether the password typed so far meets it. The maximum length appears only
 * when it is exceeded.
 */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation();
  const problems = new Set(passwordProblems(password));
  const shown = problems.has('maxLength') ? [...ALWAYS_SHOWN, 'maxLength' as const] : ALWAYS_SHOWN;
  return (
    <Box id={id}>
      <Text size="sm" fw={600}>
        {t('password.checklistTitle')}
      </Text>
      <List size="sm" spacing={2} listStyleType="none" aria-label={t('password.checklistTitle')}>
        {shown.map((requirement) => {
          const isMet = !problems.has(requirement);
          return (
            <List.Item
              key={requirement}
              data-met={isMet}
              icon={
                <Text span aria-hidden c={isMet ? 'green.9' : 'red.9'} fw={700}>
                  {isMet ? '✓' : '✗'}
                </Text>
              }
            >
              {t(`password.requirements.${requirement}`, {
                min: PASSWORD_MIN_LENGTH,
                max: PASSWORD_MAX_LENGTH,
              })}
              <span className="visually-hidden"> ({isMet ? t('password.met') : t('password.notMet')})</span>
            </List.Item>
          );
        })}
      </List>
      <Text size="sm" mt={4}>
        {t('password.specialCharacters')} <Code>{[...PASSWORD_SPECIAL_CHARACTERS].join(' ')}</Code>
      </Text>
    </Box>
  );
}
