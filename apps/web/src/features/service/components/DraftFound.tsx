import { countryName, isDraftOfOperatorCountry, type Practice, WIZARD_STEPS } from '@lisbon/domain';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { OperatorCountryDraftNotice } from '@/shared/practice/OperatorCountryDraftNotice';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog';

type Props = { draft: Practice; onStartNew: () => void };

/** One draft at a time (spec §4): continue it, or confirm to start a new one in its place. */
export function DraftFound({ draft, onStartNew }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [isConfirming, setIsConfirming] = useState(false);
  const stepNumber = WIZARD_STEPS.indexOf(draft.wizard_step) + 1;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="draft-found">
      <Stack gap="sm">
        <Title order={2} id="draft-found">
          {t('wizard.draft.title')}
        </Title>
        <Text>
          {t('wizard.draft.body', {
            date: formatDate(draft.created_at, locale),
            service: t(`labels.service.${draft.service}`),
            country: countryName(draft.country, locale),
            level: t(`labels.level.${draft.level}`),
            step: stepNumber,
            total: WIZARD_STEPS.length,
            name: t(`wizard.steps.${draft.wizard_step}`),
          })}
        </Text>
        <OperatorCountryDraftNotice practice={draft} />
        <Group gap="sm">
          {/* A draft that can never be sent (decision 113) is not continued: its page deletes it. */}
          {isDraftOfOperatorCountry(draft) ? (
            <Button component={Link} to={`/practices/${draft.id}`}>
              {t('practice.operatorCountry.seeDraft')}
            </Button>
          ) : (
            <Button component={Link} to={`/service/new/${draft.wizard_step}`}>
              {t('wizard.draft.continue')}
            </Button>
          )}
          <Button variant="outline" color="red" onClick={() => setIsConfirming(true)}>
            {t('wizard.draft.startNew')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={isConfirming}
        title={t('wizard.draft.confirmTitle')}
        message={t('wizard.draft.confirmBody')}
        confirmLabel={t('wizard.draft.confirm')}
        onConfirm={() => {
          setIsConfirming(false);
          onStartNew();
        }}
        onCancel={() => setIsConfirming(false)}
      />
    </Paper>
  );
}
