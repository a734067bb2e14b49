import type { PracticeDocument } from '@lisbon/domain';
import { Alert, Image, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
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
 * An image shown inline, as a data URL (the portal's CSP allows images from `data:`): an <img>
 * never runs anything. PDFs are never shown inside the portal, whose origin a PDF viewer's
 * scripts would share; staff download them (decision 058).
 */
export function DocumentPreview({
  practiceId,
  document,
}: {
  practiceId: number;
  document: PracticeDocument;
}) {
  const { t } = useTranslation();
  const file = useQuery({
    queryKey: [...STAFF_KEY, 'preview', document.id, document.sha256],
    queryFn: async () =>
      new Blob([await fetchStaffDocument(practiceId, document.id)], { type: document.content_type }),
    staleTime: Infinity,
  });
  const label = t('staff.documents.previewOf', { name: document.file_name });
  return (
    <Paper withBorder p="sm" mt="sm" component="figure" m={0}>
      {file.isPending ? (
        <PageLoader />
      ) : file.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('messages.exportFailed')}
        </Alert>
      ) : (
        <ImagePreview blob={file.data} label={label} />
      )}
      <Text component="figcaption" size="sm" mt="xs">
        {document.file_name}
      </Text>
    </Paper>
  );
}

function ImagePreview({ blob, label }: { blob: Blob; label: string }) {
  const [source, setSource] = useState<string>();
  useEffect(() => {
    let isCurrent = true;
    void toDataUrl(blob).then((url) => {
      if (isCurrent) setSource(url);
    });
    return () => {
      isCurrent = false;
    };
  }, [blob]);
  return source ? <Image src={source} alt={label} fit="contain" mah={720} /> : <PageLoader />;
}
