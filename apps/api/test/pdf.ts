import { extractText, getDocumentProxy } from 'unpdf';

/**
 * The text a PDF shows, read by PDF.js the way a viewer reads it (the portal's PDFs embed
 * subset fonts, so their content streams hold glyph ids, not letters). Lines are joined by "\n".
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/** Where each piece of text a PDF shows sits, per page: its left edge and its width, in points. */
export async function pdfTextBoxes(
  bytes: Uint8Array,
): Promise<{ pageWidth: number; items: { text: string; x: number; width: number }[] }[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const pages = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const [, , pageWidth = 0] = page.view;
    const content = await page.getTextContent();
    const items = content.items.flatMap((item) =>
      'str' in item && item.str.trim() !== ''
        ? [{ text: item.str, x: Number(item.transform[4]), width: item.width }]
        : [],
    );
    pages.push({ pageWidth, items });
  }
  return pages;
}
