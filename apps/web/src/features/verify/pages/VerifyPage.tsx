import { VERIFY_MAX_BYTES, type CertificateStatus, type Verification } from '@lisbon/domain';
import { Alert, Button, Code, FileButton, Loader, Stack, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDate } from '@/shared/format';
import { currentLocale } from '@/shared/i18n';
import { errorMessage } from '@/shared/ui/errorMessage';
import { PageHeading } from '@/shared/ui/PageHeading';
import { certificateStatusQuery, verifyFile } from '../api/verify';
import { VerificationResult } from '../components/VerificationResult';

const MEGABYTE = 1024 * 1024;

/** What the id is, in a sentence, with no personal data (the API gives none). */
function StatementState({ status }: { status: CertificateStatus }) {
  const { t } = useTranslation();
  const date = status.published_at ? formatDate(status.published_at, currentLocale()) : '';
  return <Text>{t(`verify.states.${status.state}`, { date, authority: status.certificate_authority })}</Text>;
}

/**
 * `/verify/{id}` (spec §2), public: the statement's QR code leads here. It says what the id is,
 * takes the PDF by drop or by choice, and announces valid or NOT valid in a live region.
 */
export function VerifyPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const hintId = useId();
  const status = useQuery(certificateStatusQuery(id));
  const maxBytes = status.data?.max_upload_bytes ?? VERIFY_MAX_BYTES;
  const maxMegabytes = Math.round(maxBytes / MEGABYTE);
  const [problem, setProblem] = useState<string | null>(null);
  const [checked, setChecked] = useState<{ result: Verification; fileName: string } | null>(null);
  const check = useMutation({
    mutationFn: (file: File) => verifyFile(id, file),
    onSuccess: (result, file) => setChecked({ result, fileName: file.name }),
    onError: (error) => setProblem(errorMessage(error, t)),
  });

  const send = (file: File) => {
    setChecked(null);
    setProblem(null);
    if (file.size > maxBytes) {
      setProblem(t('verify.tooLarge', { max: maxMegabytes }));
      return;
    }
    check.mutate(file);
  };

  return (
    <Stack gap="xl" maw={880}>
      <div>
        <PageHeading>{t('verify.title')}</PageHeading>
        <Text>{t('verify.intro')}</Text>
      </div>

      <section aria-labelledby="verify-id">
        <Title order={2} id="verify-id" size="h4" mb="xs">
          {t('verify.idLabel')}: <Code>{id}</Code>
        </Title>
        {status.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
        {status.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(status.error, t)}
          </Alert>
        )}
        {status.data && <StatementState status={status.data} />}
      </section>

      <section aria-labelledby="verify-file">
        <Title order={2} id="verify-file" mb="sm">
          {t('verify.fileTitle')}
        </Title>
        <Stack gap="sm">
          <Dropzone
            onDrop={(files) => files[0] && send(files[0])}
            onReject={(rejections) => {
              const file = rejections[0]?.file;
              setChecked(null);
              setProblem(
                file && file.size > maxBytes
                  ? t('verify.tooLarge', { max: maxMegabytes })
                  : t('verify.notPdf'),
              );
            }}
            accept={['application/pdf']}
            maxSize={maxBytes}
            multiple={false}
            activateOnClick={false}
            activateOnKeyboard={false}
            loading={check.isPending}
            aria-describedby={hintId}
          >
            <Stack align="center" gap={4} py="lg" style={{ pointerEvents: 'none' }}>
              <Text fw={600}>{t('verify.drop')}</Text>
              <Text size="sm" id={hintId}>
                {t('verify.hint', { max: maxMegabytes })}
              </Text>
            </Stack>
          </Dropzone>
          <FileButton onChange={(file) => file && send(file)} accept="application/pdf,.pdf">
            {(props) => (
              <Button {...props} variant="outline" w="fit-content" disabled={check.isPending}>
                {checked ? t('verify.another') : t('verify.choose')}
              </Button>
            )}
          </FileButton>
        </Stack>
      </section>

      <section aria-labelledby="verify-result">
        <Title order={2} id="verify-result" className="visually-hidden">
          {t('verify.resultTitle')}
        </Title>
        {/* Always present, so assistive technology announces whatever appears in it. */}
        <div role="status" aria-live="polite" aria-atomic="true">
          {check.isPending && <Text>{t('verify.checking')}</Text>}
          {problem && (
            <Alert color="red" variant="light">
              {problem}
            </Alert>
          )}
          {checked && <VerificationResult result={checked.result} fileName={checked.fileName} />}
        </div>
      </section>
    </Stack>
  );
}
