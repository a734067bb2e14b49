import type { CmsEntry, Locale } from '@lisbon/domain';

/** One seeded entry written side by side in every locale, so no translation can go missing. */
export type LocalizedCmsContent = Record<Locale, CmsEntry['content']>;
