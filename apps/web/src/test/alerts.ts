import { screen, waitFor } from '@testing-library/react';

/** The announced message (role="alert") with exactly this text, once it appears; toasts of other tests may linger. */
export async function findAlert(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const alerts = screen.queryAllByRole('alert');
    const alert = alerts.find((element) => element.textContent === text);
    if (!alert)
      throw new Error(`No alert says "${text}"; found: ${alerts.map((a) => a.textContent).join(' | ')}`);
    return alert;
  });
}
