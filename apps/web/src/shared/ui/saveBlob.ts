/** Hands a downloaded file to the browser under `fileName`, as a link with `download` would. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click returns; let them finish first.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
