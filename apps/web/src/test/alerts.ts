import { screen } from '@testing-library/react';

/** The announced message (role="alert") with exactly this text; toasts of other tests may linger. */
export async function findAlert(text: string): Promise<HTMLElement> {
  const alerts = await screen.findAllByRole('alert');
  const alert = alerts.find((element) => element.textContent === text);
  if (!alert)
    throw new Error(`No alert says "${text}"; found: ${alerts.map((a) => a.textContent).join(' | ')}`);
  return alert;
}
