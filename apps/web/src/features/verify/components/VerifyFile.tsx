import { acceptedFiles, MAGIC_BYTES, typeByContent, type Verification } from '@lisbon/domain';
import { Alert, Box, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type DragEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { aboutFile } from '@/shared/documents/aboutFile';
import { withTexts } from '@/shared/i18n';
import { errorMessage } from '@/shared/ui/errorMessage';
import { useIsPrerendered } from '@/shared/ui/hydration';
import { ChooseFileButton } from '@/shared/ui/ChooseFileButton';

/**
 * The check and its answer's display (with the texts of a statement's record), fetched when a file
 * is chosen: a first visit needs neither.
 */
const loadCheck = () => import('../api/verifyFile');
const loadResult = withTexts('ledger', () => import('./VerificationResult'));
const VerificationResult = lazy(() =>
  loadResult().then((module) => ({ default: module.VerificationResult })),
);

const MEGABYTE = 1024 * 1024;

/**
 * Takes the PDF by drop or by choice, has the API check it against statement `id` (null: the
 * statement the file is), and announces valid or NOT valid in a live region. Used by `/verify`,
 * `/verify/{id}` and a shared link's page.
 */
export function VerifyFile({ id, maxBytes }: { id: string | null; maxBytes: number }) {
  const { t } = useTranslation();
  const hintId = useId();
  const maxMegabytes = Math.round(maxBytes / MEGABYTE);
  const [problem, setProblem] = useState<string | null>(null);
  const [checked, setChecked] = useState<{ result: Verification; fileName: string } | null>(null);
  const check = useMutation({
    mutationFn: async (file: File) => {
      void loadResult();
      return (await loadCheck()).verifyFile(id, file);
    },
    onSuccess: (result, file) => setChecked({ result, fileName: file.name }),
    // The API's refusals (too many attempts, the service down) are not about the file itself.
    onError: (error) => setProblem(errorMessage(error, t)),
  });

  // The file last chosen: a check of an earlier one still reading its bytes goes no further.
  const latest = useRef<File | null>(null);

  /**
   * The one check of a file chosen by drop or by the button, before anything is sent: a file whose
   * first bytes are not a PDF's (`%PDF-`, the API's own rule), whatever its type or name, is no
   * statement, and one over the limit is not sent.
   */
  const send = async (file: File) => {
    latest.current = file;
    setChecked(null);
    setProblem(null);
    // A file the browser cannot read (moved or deleted since) has no PDF's bytes either.
    const head = new Uint8Array(
      await file
        .slice(0, MAGIC_BYTES)
        .arrayBuffer()
        .catch(() => new ArrayBuffer(0)),
    );
    if (latest.current !== file) return;
    if (typeByContent(head) !== 'application/pdf') {
      setProblem(aboutFile(file, t('verify.notPdf'), t));
      return;
    }
    if (file.size > maxBytes) {
      setProblem(aboutFile(file, t('verify.tooLarge', { max: maxMegabytes }), t));
      return;
    }
    check.mutate(file);
  };

  return (
    <>
      {/* Each section a boundary React hydrates apart (decision 082). */}
      <Suspense>
        <FileSection
          hintId={hintId}
          maxMegabytes={maxMegabytes}
          isPending={check.isPending}
          hasChecked={checked !== null}
          onFile={(file) => void send(file)}
        />
      </Suspense>

      <Suspense>
        <section aria-labelledby="verify-result">
          <Title order={2} id="verify-result" className="visually-hidden">
            {t('verify.resultTitle')}
          </Title>
          {/* Always present, so assistive technology announces whatever appears in it. */}
          <div role="status" aria-live="polite" aria-atomic="true">
            {check.isPending && <Text>{t('verify.checking')}</Text>}
            {problem && (
              // Not an alert of its own: the live region announces it, once.
              <Alert color="red" variant="light" role="group">
                {problem}
              </Alert>
            )}
            {checked && (
              <Suspense fallback={null}>
                <VerificationResult result={checked.result} fileName={checked.fileName} />
              </Suspense>
            )}
          </div>
        </section>
      </Suspense>
    </>
  );
}

type FileSectionProps = {
  hintId: string;
  maxMegabytes: number;
  isPending: boolean;
  hasChecked: boolean;
  /** A file chosen by drop or by the button, whatever it is: `onFile` checks it. */
  onFile: (file: File) => void;
};

/** The drop zone and the button that choose the file; the button waits for the app (decision 078). */
function FileSection({ hintId, maxMegabytes, isPending, hasChecked, onFile }: FileSectionProps) {
  const { t } = useTranslation();
  const isPrerendered = useIsPrerendered();
  const [isDragging, setDragging] = useState(false);
  // Files dragged over the page are the target's to take: the browser would open them instead.
  const takeDrag = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = isPending ? 'none' : 'copy';
    setDragging(!isPending);
  };
  return (
    <section aria-labelledby="verify-file">
      <Title order={2} id="verify-file" mb="sm">
        {t('verify.fileTitle')}
      </Title>
      <Stack gap="sm">
        {/* A drop target and nothing more: the button below chooses the file by click or keyboard. */}
        <Box
          className="file-drop"
          data-dragging={isDragging || undefined}
          data-loading={isPending || undefined}
          aria-describedby={hintId}
          onDragEnter={takeDrag}
          onDragOver={takeDrag}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            const file = event.dataTransfer.files[0];
            if (file && !isPending) onFile(file);
          }}
        >
          <Stack align="center" gap={4} py="lg" style={{ pointerEvents: 'none' }}>
            {/* Only where a pointer can drag a file: CSS, not JS, so the build's HTML is right too. */}
            <Text fw={600} className="file-drop-words">
              {t('verify.drop')}
            </Text>
            <Text size="sm" id={hintId}>
              {t('verify.hint', { max: maxMegabytes })}
            </Text>
          </Stack>
        </Box>
        <ChooseFileButton onChoose={onFile} accept={acceptedFiles(['application/pdf'])}>
          {(props) => (
            // Busy while a file is checked, yet focusable (Mantine's `data-disabled`): a disabled
            // button would drop the keyboard's focus to the page's top.
            <Button
              {...props}
              onClick={isPending ? undefined : props.onClick}
              data-disabled={isPending || undefined}
              aria-disabled={isPending || undefined}
              disabled={isPrerendered}
              variant="outline"
              w="fit-content"
            >
              {hasChecked ? t('verify.another') : t('verify.choose')}
            </Button>
          )}
        </ChooseFileButton>
      </Stack>
    </section>
  );
}
