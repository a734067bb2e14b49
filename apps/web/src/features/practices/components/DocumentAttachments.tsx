import type { DocumentType, PracticeDocument } from '@lisbon/domain';
import { Button, Group, Text } from '@mantine/core';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentUploader, type PendingFile } from '@/shared/documents/DocumentUploader';

type Props = {
  /** The uploader's form name. */
  name: string;
  practiceId: number;
  types: readonly DocumentType[];
  defaultType: DocumentType | null;
  /** Whether attaching a document is up to the applicant (no required markers on its type). */
  isOptional?: boolean;
  /** The documents uploaded so far, kept by the form that sends them. */
  attached: readonly PracticeDocument[];
  setAttached: Dispatch<SetStateAction<PracticeDocument[]>>;
  /** The heading of the list of attached documents. */
  attachedLabel: string;
  /** The label of the button that takes a document off the list. */
  removeLabel: (fileName: string) => string;
  /** Told of the file chosen and not attached yet, which the form refuses to go without. */
  onPendingChange: (pending: PendingFile | null) => void;
  /** The file chosen and not attached yet, said when the form was sent regardless (null: nothing said). */
  refusedPending: PendingFile | null;
};

/** The id of the message saying a file chosen is not attached yet: the form moves focus to it. */
export const pendingAlertId = (name: string) => `${name}-not-attached`;

/**
 * Documents uploaded to a request to go with a form (a reply, an appeal): the usual upload widget,
 * then the list of what was attached, each one with a button that takes it off the list. A file
 * chosen and not attached yet (which document it is still to say) keeps the form from going.
 */
export function DocumentAttachments({
  name,
  practiceId,
  types,
  defaultType,
  isOptional = false,
  attached,
  setAttached,
  attachedLabel,
  removeLabel,
  onPendingChange,
  refusedPending,
}: Props) {
  const { t } = useTranslation();
  return (
    <>
      <DocumentUploader
        name={name}
        practiceId={practiceId}
        types={types}
        defaultType={defaultType}
        isOptional={isOptional}
        onUploaded={(document) => setAttached((current) => [...current, document])}
        onPendingChange={onPendingChange}
      />
      <div id={pendingAlertId(name)} tabIndex={-1} role="alert">
        {refusedPending && (
          <Text c="red.9" fw={600}>
            {t(`documentUpload.notAttached.${refusedPending.reason}`, { name: refusedPending.name })}
          </Text>
        )}
      </div>
      {attached.length > 0 && (
        <div>
          <Text fw={600}>{attachedLabel}</Text>
          <ul className="plain-list">
            {attached.map((document) => (
              <li key={document.id}>
                <Group gap="xs">
                  <Text>{document.file_name}</Text>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() =>
                      setAttached((current) => current.filter((item) => item.id !== document.id))
                    }
                  >
                    {removeLabel(document.file_name)}
                  </Button>
                </Group>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
