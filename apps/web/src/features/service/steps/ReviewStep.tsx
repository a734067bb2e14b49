import {
  applicableService,
  feeTotal,
  serviceFee,
  type Practice,
  type ServiceDescription,
  type WizardStep,
} from '@lisbon/domain';
import { Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { createSendKeys } from '@/api';
import { formatDate } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { Facts } from '@/shared/practice/Facts';
import { PurposeFacts, QualificationFacts, ServiceFacts } from '@/shared/practice/PracticeFacts';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { PageLoader } from '@/shared/ui/PageLoader';
import { useDiscovery } from '../api/discovery';
import { draftQuery, practiceDocumentsQuery, submitPractice } from '../api/practices';
import { PriceText } from '../components/ServiceSummary';
import { documentLabel } from '@/shared/documents/documentLabel';
import { IdentityDocumentExpiryNotice } from '@/shared/documents/DocumentExpiryWarning';

function Part({ title, step, children }: { title: string; step: WizardStep; children: React.ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={id}>
      {/* "Change" stays beside its heading on a phone, the heading wrapping, not pushed under it. */}
      <Group justify="space-between" align="baseline" mb="xs" wrap="nowrap">
        <Title order={2} id={id} miw={0}>
          {title}
        </Title>
        <Anchor component={Link} to={`/service/new/${step}`}>
          {t('wizard.review.edit')}
          <span className="visually-hidden"> {title}</span>
        </Anchor>
      </Group>
      {children}
    </section>
  );
}

/** The payment of a paid request, given by the app (the payments feature). */
export type CheckoutSlot = ComponentType<{ practice: Practice; service: ServiceDescription }>;

/**
 * Step 4: everything at a glance, the price and the time, then submission. A free (refugee)
 * request is submitted here; a paid one is paid here (`checkout`) and submitted once paid.
 */
export function ReviewStep({ practice, checkout: Checkout }: { practice: Practice; checkout: CheckoutSlot }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const discoveryQuery = useDiscovery(practice.country, practice.level);
  const discovery = discoveryQuery.data;
  const documents = useQuery(practiceDocumentsQuery(practice.id)).data;
  const service = discovery && applicableService(discovery, practice.service === 'refugee_comparability');
  const price = service && feeTotal(serviceFee(service), practice.is_urgent);
  const isFree = practice.service === 'refugee_comparability' || service?.is_free === true;
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [sendKeys] = useState(createSendKeys);

  const submit = async () => {
    setFailure(null);
    setIsBusy(true);
    try {
      // A read of the draft still on its way (an upload or a declaration just asked for one) would
      // answer "no draft" once the request is submitted, and the wizard, still on screen while the
      // navigation settles, would send the applicant back to /service/new: it is called off.
      await queryClient.cancelQueries({ queryKey: draftQuery.queryKey });
      // The same Idempotency-Key for a retry of a submission whose answer was lost: submitted once.
      const submitted = await sendKeys.send({ practice_id: practice.id }, (key) =>
        submitPractice(practice.id, key),
      );
      await queryClient.cancelQueries({ queryKey: draftQuery.queryKey });
      // The thank-you page forgets the draft: done here, the wizard would find no draft likewise.
      await navigate(`/service/new/thank-you?practice=${submitted.id}`);
    } catch (error) {
      // 'Limit reached', the contingency message (data kept), or payment required: the API's words.
      setFailure(errorMessage(error, t));
      setIsBusy(false);
    }
  };

  const days = practice.is_urgent ? service?.urgent_working_days : service?.ordinary_working_days;
  return (
    <Stack gap="xl">
      <section aria-labelledby="review-service">
        <Title order={2} id="review-service" mb="xs">
          {t('wizard.review.serviceTitle')}
        </Title>
        <Stack gap="xs">
          <ServiceFacts practice={practice} />
          <Facts
            facts={[
              [t('practiceFacts.price'), price ? <PriceText price={price} /> : null],
              [
                t('practiceFacts.time'),
                days
                  ? practice.is_urgent
                    ? t('wizard.review.urgentTime', { days })
                    : t('discovery.timeLine', {
                        days,
                        date: formatDate(service?.expected_deadline ?? '', locale),
                      })
                  : null,
              ],
            ]}
          />
        </Stack>
      </section>
      {practice.purpose && (
        <Part title={t('wizard.steps.purpose')} step="purpose">
          <PurposeFacts purpose={practice.purpose} />
        </Part>
      )}
      {practice.qualification && (
        <Part title={t('wizard.steps.qualification')} step="qualification">
          <QualificationFacts qualification={practice.qualification} />
        </Part>
      )}
      <Part title={t('wizard.steps.documents')} step="documents">
        <IdentityDocumentExpiryNotice />
        <List>
          {(documents?.documents ?? practice.documents).map((document) => (
            <List.Item key={document.id}>
              {documentLabel(document, t)}: {document.file_name}
            </List.Item>
          ))}
        </List>
      </Part>

      {isFree ? (
        <Stack gap="sm" maw={720}>
          <FormAlert message={failure} />
          <Text>{t('wizard.review.submitIntro')}</Text>
          <Button size="md" onClick={() => void submit()} loading={isBusy} w="fit-content">
            {t('wizard.review.submit')}
          </Button>
        </Stack>
      ) : service ? (
        <Checkout practice={practice} service={service} />
      ) : discoveryQuery.isError ? (
        <FormAlert message={errorMessage(discoveryQuery.error, t)} />
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}
