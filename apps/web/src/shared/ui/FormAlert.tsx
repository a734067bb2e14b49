import { Alert } from '@mantine/core';
import { useRevealError } from './revealError';

type Props = {
  message: string | null;
  /** Scroll to the alert and move focus to it when it appears (a form whose failure may be out of view). */
  reveal?: boolean;
};

/** A form's failure, announced as soon as it appears; nothing when there is none. */
export function FormAlert({ message, reveal = false }: Props) {
  const ref = useRevealError<HTMLDivElement>(reveal ? message : null);
  if (!message) return null;
  return (
    <Alert ref={ref} color="red" variant="light" role="alert" tabIndex={-1}>
      {message}
    </Alert>
  );
}
