/** Resolves in a later task, so the browser can paint and answer input in between (decision 078). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
