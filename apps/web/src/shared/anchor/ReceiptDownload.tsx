import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/api';
import { errorMessage } from '../ui/errorMessage';
import { saveBlob } from '../ui/saveBlob';

/** GET /verify/{id}/receipt (public): the statement's blockchain receipt, saved as the API sends it. */
export async function downloadReceipt(certificateId: string, fileName: string): Promise<void> {
  const blob = await api.download(`verify/${encodeURIComponent(certificateId)}/receipt`, undefined, {
    auth: false,
  });
  saveBlob(blob, fileName);
}

/** The proof of an anchored statement, to keep with its PDF: what anyone needs to check it without us. */
export function ReceiptDownload({ certificateId }: { certificateId: string }) {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: () => downloadReceipt(certificateId, t('anchor.receiptFileName', { id: certificateId })),
  });
  return (
    <Stack gap={4} align="flex-start">
      <Button variant="outline" size="xs" onClick={() => download.mutate()} loading={download.isPending}>
        {t('anchor.receipt')}
      </Button>
      <Text size="sm" c="dimmed">
        {t('anchor.receiptHelp')}
      </Text>
      {download.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(download.error, t)}
        </Alert>
      )}
    </Stack>
  );
}
