import { Alert } from '@mantine/core';
import { useRevealError } from './revealError';

type Props = {
  message: string | null;
  /** For a field the failure is about to be described by (`aria-describedby`). */
  id?: string;
  /** Scroll to the alert and move focus to it when it appears (a form whose failure may be out of view). */
  reveal?: boolean;
  /**
   * Instead of `reveal`: reveal the alert each time this count of refused attempts grows, and not
   * when only its words change (a refusal that follows what is still missing as it is supplied).
   */
  revealOn?: number;
};

/** A form's failure, announced as soon as it appears; nothing when there is none. */
export function FormAlert({ message, id, reveal = false, revealOn }: Props) {
  const ref = useRevealError<HTMLDivElement>(revealOn ?? (reveal ? message : null));
  if (!message) return null;
  return (
    <Alert ref={ref} id={id} color="red" variant="light" role="alert" tabIndex={-1}>
      {message}
    </Alert>
  );
}
