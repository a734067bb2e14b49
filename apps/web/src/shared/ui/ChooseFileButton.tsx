import { FileButton, type FileButtonProps } from '@mantine/core';
import { useRef } from 'react';

/**
 * Mantine's FileButton for one file, its input emptied as soon as it reports a file: a browser
 * reports no change for the file an input already holds, so choosing the same file again (one PDF
 * holding two documents, a refused file chosen anew) would otherwise be a silent nothing.
 */
export function ChooseFileButton({
  onChoose,
  accept,
  children,
}: {
  onChoose: (file: File) => void;
  accept: string;
  children: FileButtonProps<false>['children'];
}) {
  const resetChooser = useRef<() => void>(null);
  return (
    <FileButton
      resetRef={resetChooser}
      accept={accept}
      onChange={(file) => {
        resetChooser.current?.();
        if (file) onChoose(file);
      }}
    >
      {children}
    </FileButton>
  );
}
