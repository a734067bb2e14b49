import type { UserCategory } from '@lisbon/domain';
import { Anchor, Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { TermsText } from './TermsText';

/**
 * Where the terms being accepted can be read: the refugee variant has its own page (/terms,
 * spec §2), opened in a new tab so the form keeps what was typed; the standard terms open here.
 */
export function TermsLink({ category }: { category: UserCategory }) {
  const { t } = useTranslation();
  const [isOpen, modal] = useDisclosure(false);
  if (category === 'refugee') {
    return (
      <Anchor href="/terms" target="_blank" rel="noopener" size="sm" ml={32}>
        {t('auth.register.readRefugeeTerms')}
      </Anchor>
    );
  }
  return (
    <>
      <Button variant="subtle" size="compact-sm" ml={24} onClick={modal.open} w="fit-content">
        {t('auth.register.readTerms')}
      </Button>
      <Modal.Root opened={isOpen} onClose={modal.close} size="lg">
        <Modal.Overlay />
        <Modal.Content>
          {/* Not a <header> landmark: the page already has its banner. */}
          <Modal.Header role="none">
            <Modal.Title>{t('terms.standard.title')}</Modal.Title>
            <Modal.CloseButton aria-label={t('common.close')} />
          </Modal.Header>
          <Modal.Body>
            <TermsText variant="standard" headingOrder={3} />
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </>
  );
}
