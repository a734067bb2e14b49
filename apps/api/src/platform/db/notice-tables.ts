import type { Generated } from 'kysely';

/** Row types of the settings tables (migration 060); `database.ts` lists them in `Database`. */

/** An administrators' switch, one row per key; the value is JSON text. */
export type SettingsTable = {
  key: string;
  value: string;
  updated_by: number | null;
  updated_at: string;
};

/** The audit of every settings change: who, when, before and after. */
export type SettingChangesTable = {
  id: Generated<number>;
  key: string;
  value_before: string | null;
  value_after: string;
  changed_by: number | null;
  changed_at: string;
};
