import { WIZARD_STEPS, type WizardStep } from '@lisbon/domain';
import { Anchor, Group, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type Props = { current: WizardStep; reached: WizardStep };

/**
 * The steps as an ordered list of links: steps already reached open with Tab and Enter, the
 * current one is marked for assistive technology, later ones are plain text until reached.
 */
export function WizardStepper({ current, reached }: Props) {
  const { t } = useTranslation();
  const reachedIndex = WIZARD_STEPS.indexOf(reached);
  return (
    <nav aria-label={t('wizard.stepsLabel')}>
      <Group component="ol" className="plain-list wizard-steps" gap="lg">
        {WIZARD_STEPS.map((step, index) => {
          const isCurrent = step === current;
          const isOpen = index <= reachedIndex;
          const label = t(`wizard.steps.${step}`);
          return (
            <li key={step}>
              <Group gap={8} wrap="nowrap">
                <ThemeIcon
                  radius="xl"
                  size="md"
                  variant={isCurrent ? 'filled' : isOpen ? 'light' : 'default'}
                  aria-hidden
                >
                  {index + 1}
                </ThemeIcon>
                {isCurrent ? (
                  <strong aria-current="step">{label}</strong>
                ) : isOpen ? (
                  <Anchor component={Link} to={`/service/new/${step}`}>
                    {label}
                  </Anchor>
                ) : (
                  <span className="wizard-step-later">
                    {label}
                    <span className="visually-hidden"> {t('wizard.notReached')}</span>
                  </span>
                )}
              </Group>
            </li>
          );
        })}
      </Group>
    </nav>
  );
}
