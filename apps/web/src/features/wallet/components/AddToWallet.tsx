import type { WalletOffer } from '@lisbon/domain';
import { Alert, Button, Code, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { failureMessage } from '@/shared/ui/errorMessage';
import { createWalletOffer, svgSource } from '../api/wallet';

function Offer({ offer }: { offer: WalletOffer }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack gap="sm">
      <Text size="sm">{t('wallet.offerIntro')}</Text>
      <Image
        src={svgSource(offer.qr_svg)}
        alt={t('wallet.qrAlt')}
        w={240}
        h={240}
        mx="auto"
        data-testid="wallet-offer-qr"
      />
      {/* A long label wraps on a phone rather than being cut. */}
      <Button
        component="a"
        href={offer.offer_url}
        variant="light"
        data-testid="wallet-offer-link"
        h="auto"
        py={8}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
      >
        {t('wallet.sameDevice')}
      </Button>
      <div>
        <Text fw={700} id="wallet-tx-code-label">
          {t('wallet.txCode')}
        </Text>
        <Code fz="xl" aria-labelledby="wallet-tx-code-label" data-testid="wallet-tx-code">
          {offer.tx_code}
        </Code>
        <Text size="sm" c="dimmed">
          {t('wallet.txCodeHelp')}
        </Text>
      </div>
      <Text size="sm">{t('wallet.expires', { time: formatDateTime(offer.expires_at, locale) })}</Text>
    </Stack>
  );
}

/**
 * "Add to a digital wallet" on the applicant's published statement (decision 088): a credential
 * offer as a QR code and a same-device link, with its one-time code, in a dialog. Each opening
 * makes a new offer; none is kept in the page after it closes.
 */
export function AddToWallet({ practiceId }: { practiceId: number }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const offer = useMutation({ mutationFn: () => createWalletOffer(practiceId) });
  const open = () => {
    setOpen(true);
    offer.mutate();
  };
  const close = () => {
    setOpen(false);
    offer.reset();
  };
  return (
    <>
      <Button variant="outline" onClick={open}>
        {t('wallet.add')}
      </Button>
      <Modal
        opened={isOpen}
        onClose={close}
        title={t('wallet.offerTitle')}
        closeButtonProps={{ 'aria-label': t('wallet.close') }}
      >
        {offer.isPending && <Text>{t('app.loading')}</Text>}
        {offer.isError && (
          <Alert color="red" variant="light" role="alert">
            {failureMessage(offer.error, t('wallet.offerFailed'))}
          </Alert>
        )}
        {offer.data && <Offer offer={offer.data} />}
        <Group justify="flex-end" mt="md">
          {(offer.data ?? offer.isError) && (
            <Button variant="subtle" onClick={() => offer.mutate()} loading={offer.isPending}>
              {t('wallet.newOffer')}
            </Button>
          )}
          <Button variant="default" onClick={close}>
            {t('wallet.close')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
