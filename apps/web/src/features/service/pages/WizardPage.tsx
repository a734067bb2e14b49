import {
  type Practice,
  WIZARD_STEPS,
  type WizardStep,
  isDraftOfOperatorCountry,
  isOneOf,
} from '@lisbon/domain';
import { Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { OperatorCountryDraftNotice } from '@/shared/practice/OperatorCountryDraftNotice';
import { storage } from '@/shared/storage';
import { PageHeading } from '@/shared/ui/PageHeading';
import { PageLoading } from '@/shared/ui/PageLoading';
import { draftQuery, useStoreDraft } from '../api/practices';
import { DocumentsStep } from '../steps/DocumentsStep';
import { PurposeStep } from '../steps/PurposeStep';
import { QualificationStep } from '../steps/QualificationStep';
import { type CheckoutSlot, ReviewStep } from '../steps/ReviewStep';
import { WizardStepper } from '../components/WizardStepper';

const isWizardStep = (value: string | undefined): value is WizardStep => isOneOf(WIZARD_STEPS, value ?? '');

/** The step after `step` (the review has none: the wizard hands over to submission or payment). */
const nextStep = (step: WizardStep): WizardStep => WIZARD_STEPS[WIZARD_STEPS.indexOf(step) + 1] ?? 'review';

/**
 * `/service/new/{step}`: one step of the draft. Each step is saved on the server when completed;
 * a step beyond the one the draft has reached sends the applicant back to where they were. The
 * review step's payment comes from the app (`checkout`), as features do not import each other.
 */
export function WizardPage({ checkout }: { checkout: CheckoutSlot }) {
  const { t } = useTranslation();
  const { step } = useParams();
  const navigate = useNavigate();
  const storeDraft = useStoreDraft();
  const draft = useQuery(draftQuery);
  const practice = draft.data;
  const current = isWizardStep(step) ? step : null;

  useEffect(() => {
    if (practice && current) storage.set('draft', { practiceId: practice.id, step: current });
  }, [practice, current]);

  if (draft.isPending || draft.isError) {
    return <PageLoading title={t('wizard.title')} error={draft.isError ? draft.error : undefined} />;
  }
  if (!practice) return <Navigate to="/service/new" replace />;
  if (isDraftOfOperatorCountry(practice)) {
    // Never paid for or submitted (decision 113): no step leads anywhere, so none is offered.
    return (
      <Stack gap="lg" maw={960}>
        <PageHeading focusOnMount>{t('wizard.title')}</PageHeading>
        <OperatorCountryDraftNotice practice={practice}>
          <Button component={Link} to="/service/new">
            {t('practice.operatorCountry.startNew')}
          </Button>
          <Button component={Link} to={`/practices/${practice.id}`} variant="outline">
            {t('practice.operatorCountry.seeDraft')}
          </Button>
        </OperatorCountryDraftNotice>
      </Stack>
    );
  }
  const reached = practice.wizard_step;
  if (!current || WIZARD_STEPS.indexOf(current) > WIZARD_STEPS.indexOf(reached)) {
    return <Navigate to={`/service/new/${reached}`} replace />;
  }

  /** A step saved: keep the server's copy and go on to the next step. */
  const onSaved = async (saved: Practice) => {
    const next = nextStep(current);
    storeDraft(saved, next);
    await navigate(`/service/new/${next}`);
  };

  const index = WIZARD_STEPS.indexOf(current);
  return (
    <Stack gap="lg" maw={960}>
      <PageHeading key={current} focusOnMount>
        {t('wizard.stepTitle', {
          step: index + 1,
          total: WIZARD_STEPS.length,
          name: t(`wizard.steps.${current}`),
        })}
      </PageHeading>
      <WizardStepper current={current} reached={reached} />
      {current === 'purpose' && <PurposeStep practice={practice} onSaved={onSaved} />}
      {current === 'qualification' && <QualificationStep practice={practice} onSaved={onSaved} />}
      {current === 'documents' && <DocumentsStep practice={practice} onSaved={onSaved} />}
      {current === 'review' && <ReviewStep practice={practice} checkout={checkout} />}
    </Stack>
  );
}
