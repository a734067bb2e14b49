import { typeByName } from '@lisbon/domain';
import { Progress, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadProgress } from '@/api';
import { config } from '../config';
import { aboutFile } from './aboutFile';

export { aboutFile };

const MB = 1024 * 1024;

/**
 * Why a file cannot be sent, checked before sending by its name, as the API does (which checks its
 * content too): not by the type its system declared, which may be none for a PDF it does not know.
 */
export function fileProblem(file: File, t: TFunction): string | null {
  if (typeByName(file.name) === null) return aboutFile(file, t('validation.fileTypeNotAccepted'), t);
  if (file.size > config.uploadMaxBytes) {
    return aboutFile(file, t('apiErrors.FILE_TOO_LARGE', { max: config.uploadMaxBytes / MB }), t);
  }
  return null;
}

/** Runs one upload at a time and keeps its progress in percent (null when none is running). */
export function useUploadProgress() {
  const [progress, setProgress] = useState<number | null>(null);
  async function run<T>(start: (onProgress: (progress: UploadProgress) => void) => Promise<T>): Promise<T> {
    setProgress(0);
    try {
      return await start(({ loaded, total }) => setProgress(Math.round((loaded / total) * 100)));
    } finally {
      setProgress(null);
    }
  }
  return { progress, isUploading: progress !== null, run };
}

/** The bar of a running upload, with its percentage announced politely. */
export function UploadProgressBar({ progress }: { progress: number | null }) {
  const { t } = useTranslation();
  return (
    <div role="status">
      {progress !== null && (
        <Stack gap={4}>
          <Progress value={progress} aria-label={t('documentUpload.progress')} size="lg" />
          <Text size="sm">{t('documentUpload.uploading', { percent: progress })}</Text>
        </Stack>
      )}
    </div>
  );
}
