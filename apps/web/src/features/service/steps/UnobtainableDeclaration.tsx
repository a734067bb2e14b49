import { type DocumentType, UNOBTAINABLE_EXPLANATION_MAX, type UnobtainableDocument } from '@lisbon/domain';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api';
import { DOCUMENT_QUERY_KEYS } from '@/shared/documents/api';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { declareUnobtainable, withdrawUnobtainable } from '../api/practices';

type Props = {
  practiceId: number;
  type: DocumentType;
  /** The declaration made for the document, if it was. */
  declaration: UnobtainableDocument | undefined;
};

/**
 * Beside a missing document of a refugee's studies (decision 119): "I cannot obtain this
 * document", with an optional short explanation; once declared, the document no longer stops the
 * request, and the declaration can be withdrawn (an upload of the document withdraws it too).
 */
export function UnobtainableDeclaration({ practiceId, type, declaration }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const explanationId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [explanation, setExplanation] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [failures, setFailures] = useState(0);
  const document = t(`labels.document.${type}`);

  const run = async (change: () => Promise<unknown>) => {
    setFailure(null);
    setIsBusy(true);
    try {
      await change();
      await Promise.all(DOCUMENT_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      setIsOpen(false);
      setExplanation('');
    } catch (error) {
      const field = isApiError(error) ? (error.errors?.explanation ?? error.errors?.type) : undefined;
      setFailure(field?.[0] ?? errorMessage(error, t));
      setFailures((count) => count + 1);
    } finally {
      setIsBusy(false);
    }
  };

  if (declaration) {
    return (
      <Stack gap={4} mt={4}>
        <Text size="sm">
          {declaration.explanation
            ? t('wizard.documents.unobtainable.declaredWithExplanation', {
                explanation: declaration.explanation,
              })
            : t('wizard.documents.unobtainable.declared')}
        </Text>
        <FormAlert message={failure} revealOn={failures} />
        <Button
          size="xs"
          variant="subtle"
          w="fit-content"
          loading={isBusy}
          onClick={() => void run(() => withdrawUnobtainable(practiceId, type))}
        >
          {t('wizard.documents.unobtainable.withdraw')}
          <span className="visually-hidden"> {document}</span>
        </Button>
      </Stack>
    );
  }
  if (!isOpen) {
    return (
      <Button size="xs" variant="subtle" w="fit-content" onClick={() => setIsOpen(true)}>
        {t('wizard.documents.unobtainable.open')}
        <span className="visually-hidden"> {document}</span>
      </Button>
    );
  }
  return (
    <Stack gap="xs" mt={4} maw={520}>
      <Textarea
        id={explanationId}
        label={t('wizard.documents.unobtainable.explanationLabel', { document })}
        description={t('wizard.documents.unobtainable.explanationHint', {
          max: UNOBTAINABLE_EXPLANATION_MAX,
        })}
        maxLength={UNOBTAINABLE_EXPLANATION_MAX}
        rows={3}
        value={explanation}
        onChange={(event) => setExplanation(event.currentTarget.value)}
      />
      <FormAlert message={failure} revealOn={failures} />
      <Group gap="xs">
        <Button
          size="xs"
          loading={isBusy}
          onClick={() =>
            void run(() =>
              declareUnobtainable(
                practiceId,
                type,
                explanation.trim() ? { explanation: explanation.trim() } : {},
              ),
            )
          }
        >
          {t('wizard.documents.unobtainable.declare')}
          <span className="visually-hidden"> {document}</span>
        </Button>
        <Button size="xs" variant="default" disabled={isBusy} onClick={() => setIsOpen(false)}>
          {t('common.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
