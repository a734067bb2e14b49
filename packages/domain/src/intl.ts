// `Intl` formatters, made once per language and options: the SPA's, the mails', the PDFs' and the
// API's messages'.

/**
 * An `Intl` formatter is slow to make (the first of a language loads ICU's data) and quick to use:
 * each is made once per language and options, and kept. The few there are (two languages, a dozen
 * options) are held; past `KEPT_FORMATS`, a language no page offers (an API caller's header, say)
 * starts the store afresh rather than growing it.
 */
const KEPT_FORMATS = 200;
function keptFormats<Options, Format>(make: (locale: string, options: Options) => Format) {
  const kept = new Map<string, Format>();
  return (locale: string, options: Options): Format => {
    const key = `${locale} ${JSON.stringify(options)}`;
    const found = kept.get(key);
    if (found) return found;
    const made = make(locale, options);
    if (kept.size >= KEPT_FORMATS) kept.clear();
    kept.set(key, made);
    return made;
  };
}

/** `new Intl.NumberFormat(locale, options)`, made once (`keptFormats`). */
export const numberFormat = keptFormats(
  (locale: string, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);
/** `new Intl.DateTimeFormat(locale, options)`, made once (`keptFormats`). */
export const dateTimeFormat = keptFormats(
  (locale: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);
