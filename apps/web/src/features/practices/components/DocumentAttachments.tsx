import type { DocumentType, PracticeDocument } from '@lisbon/domain';
import { Button, Group, Text } from '@mantine/core';
import type { Dispatch, SetStateAction } from 'react';
import { DocumentUploader } from '@/shared/documents/DocumentUploader';

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
};

/**
 * Documents uploaded to a request to go with a form (a reply, an appeal): the usual upload widget,
 * then the list of what was attached, each one with a button that takes it off the list.
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
}: Props) {
  return (
    <>
      <DocumentUploader
        name={name}
        practiceId={practiceId}
        types={types}
        defaultType={defaultType}
        isOptional={isOptional}
        onUploaded={(document) => setAttached((current) => [...current, document])}
      />
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
