/**
 * What staff typed in a dialog, kept while the page is open, so that closing it (Esc, Cancel, a
 * click outside) loses nothing: opened again for the same request, it shows the text; sent, it is
 * forgotten. Kept in this module's memory only — never in storage, so a reload or another tab
 * starts empty and nothing typed outlives the page.
 */
const drafts = new Map<string, unknown>();

export const dialogDrafts = {
  read<T>(key: string): T | undefined {
    return drafts.get(key) as T | undefined;
  },
  /** Keeps the values, or forgets them when nothing was typed in any field. */
  keep(key: string, values: Record<string, unknown>): void {
    const isBlank = Object.values(values).every((value) =>
      Array.isArray(value) ? value.length === 0 : typeof value !== 'string' || value.trim() === '',
    );
    if (isBlank) drafts.delete(key);
    else drafts.set(key, values);
  },
  forget(key: string): void {
    drafts.delete(key);
  },
};
