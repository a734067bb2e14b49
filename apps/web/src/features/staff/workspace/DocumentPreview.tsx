import type { PracticeDocument } from '@lisbon/domain';
import { Alert, Image, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/shared/ui/PageLoader';
import { STAFF_KEY } from '../api/queues';
import { fetchStaffDocument } from '../api/workspace';

export const isImage = (document: Pick<PracticeDocument, 'content_type'>) =>
  document.content_type === 'image/jpeg' || document.content_type === 'image/png';

const toDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(blob);
  });

/**
 * An image document shown inline. The portal's CSP allows images from `data:` but no `blob:`
 * anywhere, and no frames or objects beyond its own origin (`frame-src` falls back to 'self',
 * `object-src 'none'`): so an image is shown as a data URL, and a PDF is opened in a tab of its own.
 */
export function DocumentPreview({
  practiceId,
  document,
}: {
  practiceId: number;
  document: PracticeDocument;
}) {
  const { t } = useTranslation();
  const image = useQuery({
    queryKey: [...STAFF_KEY, 'preview', document.id, document.sha256],
    queryFn: async () =>
      toDataUrl(
        new Blob([await fetchStaffDocument(practiceId, document.id)], { type: document.content_type }),
      ),
    staleTime: Infinity,
  });
  return (
    <Paper withBorder p="sm" mt="sm" component="figure" m={0}>
      {image.isPending ? (
        <PageLoader />
      ) : image.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('messages.exportFailed')}
        </Alert>
      ) : (
        <Image
          src={image.data}
          alt={t('staff.documents.previewOf', { name: document.file_name })}
          fit="contain"
          mah={720}
        />
      )}
      <Text component="figcaption" size="sm" mt="xs">
        {document.file_name}
      </Text>
    </Paper>
  );
}
