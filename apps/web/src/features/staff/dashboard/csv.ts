/**
 * A table as CSV (RFC 4180): every cell quoted where it holds a comma, a quote or a line break,
 * lines ended by CRLF, with a byte-order mark so spreadsheet programs read accented names right. A
 * text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@` first) is kept as text by a
 * leading apostrophe: an applicant's name is never a formula.
 */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  const cell = (value: string | number | null) => {
    if (value === null) return '';
    if (typeof value === 'number') return String(value);
    const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
