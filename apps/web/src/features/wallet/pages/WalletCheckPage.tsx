import { Alert, Button, Image, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { failureMessage } from '@/shared/ui/errorMessage';
import { PageHeading } from '@/shared/ui/PageHeading';
import { createWalletRequest, responseCodeOf, svgSource } from '../api/wallet';
import { WalletResult } from '../components/WalletResult';

/** `/verify/wallet`: a new OpenID4VP request as a QR code and a same-device link, then its outcome. */
function NewRequest() {
  const { t } = useTranslation();
  const request = useMutation({ mutationFn: createWalletRequest });
  const { mutate } = request;
  useEffect(() => mutate(), [mutate]);
  return (
    <Stack gap="md">
      <Text>{t('wallet.checkIntro')}</Text>
      {request.isError && (
        <Alert color="red" variant="light" role="alert">
          {failureMessage(request.error, t('wallet.requestFailed'))}
        </Alert>
      )}
      {request.data && (
        <>
          <Image
            src={svgSource(request.data.qr_svg)}
            alt={t('wallet.checkQrAlt')}
            w={240}
            h={240}
            data-testid="wallet-request-qr"
          />
          <Button
            component="a"
            href={request.data.request_url}
            variant="light"
            w="fit-content"
            data-testid="wallet-request-link"
          >
            {t('wallet.checkSameDevice')}
          </Button>
          <WalletResult id={request.data.id} access={{ key: request.data.result_key }} />
        </>
      )}
      <Button variant="subtle" w="fit-content" onClick={() => mutate()} loading={request.isPending}>
        {t('wallet.newRequest')}
      </Button>
    </Stack>
  );
}

/**
 * "Check a credential from a wallet" (decision 088): `/verify/wallet` makes a request and shows its
 * outcome once the wallet answered; `/verify/wallet/{id}#response_code=…` (where a wallet on the
 * same device comes back) shows the outcome of one request.
 */
export function WalletCheckPage() {
  const { t } = useTranslation();
  const id = useParams().id;
  const responseCode = responseCodeOf(useLocation().hash);
  return (
    <Stack gap="xl" maw={880}>
      <PageHeading>{t('wallet.checkTitle')}</PageHeading>
      {id ? (
        <>
          <WalletResult id={id} access={responseCode ? { response_code: responseCode } : {}} />
          <Button component={Link} to="/verify/wallet" variant="subtle" w="fit-content">
            {t('wallet.newRequest')}
          </Button>
        </>
      ) : (
        <NewRequest />
      )}
    </Stack>
  );
}
