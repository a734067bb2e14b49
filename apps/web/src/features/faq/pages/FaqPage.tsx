import { Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useLocale } from '@/shared/i18n';
import { PageHeading } from '@/shared/ui/PageHeading';
import { useCmsEntries } from '../api/cmsEntries';
import { CmsEntries } from '../components/CmsEntries';

/** FAQ and the tips for identifying the country of education system, in the current language. */
export function FaqPage() {
  // useTranslation re-renders this page when the language changes, so the locale is current.
  const { t } = useTranslation();
  const locale = useLocale();
  const faq = useCmsEntries('faq', locale);
  const tips = useCmsEntries('country_tips', locale);
  const { hash } = useLocation();
  // A link to a section (discovery's "tips" link) lands on it once the entries above it are in.
  const isLoaded = !faq.isPending && !tips.isPending;
  useEffect(() => {
    if (hash && isLoaded) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash, isLoaded]);
  return (
    <Stack gap="xl" maw={880}>
      <PageHeading>{t('faq.title')}</PageHeading>
      <section aria-labelledby="faq-questions">
        <Title order={2} id="faq-questions" mb="md">
          {t('faq.questionsTitle')}
        </Title>
        <CmsEntries query={faq} none={t('faq.noQuestions')} />
      </section>
      <section aria-labelledby="faq-tips">
        <Title order={2} id="faq-tips" mb="md">
          {t('faq.tipsTitle')}
        </Title>
        <CmsEntries query={tips} none={t('faq.noTips')} />
      </section>
    </Stack>
  );
}
