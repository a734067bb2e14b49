import { LOCALES, cmsContentSchema, type CmsEntity } from '@lisbon/domain';
import type { Db } from '../../../platform/db/database';
import { insertMissingCmsEntries, type NewCmsEntry } from '../repository';
import { COUNTRY_TIPS } from './country-tips';
import { FAQ } from './faq';
import type { LocalizedCmsContent } from './types';

const SEEDED: Record<CmsEntity, readonly LocalizedCmsContent[]> = {
  faq: FAQ,
  country_tips: COUNTRY_TIPS,
};

/** Every seeded entry, in every locale, positions counting from 1. */
export function cmsSeedEntries(): NewCmsEntry[] {
  return Object.entries(SEEDED).flatMap(([entity, contents]) =>
    contents.flatMap((content, index) =>
      LOCALES.map((locale) => ({
        // Object.entries types SEEDED's keys as strings; they are its CmsEntity keys.
        entity: entity as CmsEntity,
        locale,
        position: index + 1,
        content: JSON.stringify(cmsContentSchema.parse(content[locale])),
      })),
    ),
  );
}

/** Idempotent: adds what is missing and leaves existing (possibly edited) entries alone. */
export async function seedCmsEntries(db: Db): Promise<number> {
  return insertMissingCmsEntries(db, cmsSeedEntries());
}
