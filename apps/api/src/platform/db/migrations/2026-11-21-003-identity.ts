import { timestampType, withId, withTimestamps, type MigrationDb } from '../schema-helpers';

/**
 * Users, their sessions, activation and reset tokens, recovery codes, auth events and the
 * rate-limit counters. Flags are kept as the time they were set (`marketing_consent_at`, …).
 */
export async function up(db: MigrationDb): Promise<void> {
  const timestamp = timestampType(db);
  const text = (length: number) => `varchar(${length})` as const;
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('users'))
      .addColumn('email', text(254), (column) => column.notNull().unique())
      .addColumn('password_hash', text(255))
      .addColumn('role', text(20), (column) => column.notNull())
      .addColumn('category', text(20), (column) => column.notNull())
      .addColumn('locale', text(10), (column) => column.notNull())
      .addColumn('first_name', text(100), (column) => column.notNull())
      .addColumn('middle_name', text(100))
      .addColumn('last_name', text(100), (column) => column.notNull())
      .addColumn('birth_date', text(10))
      .addColumn('birth_country', text(2))
      .addColumn('birth_city', text(100))
      .addColumn('nationality', text(2))
      .addColumn('document_number', text(40))
      .addColumn('document_issue_country', text(2))
      .addColumn('document_expiration_date', text(10))
      .addColumn('phone', text(32))
      .addColumn('gender', text(10))
      .addColumn('residence_country', text(2))
      .addColumn('address', text(200))
      .addColumn('city', text(100))
      .addColumn('zip_code', text(20))
      .addColumn('province', text(100))
      .addColumn('municipality', text(100))
      .addColumn('tax_id', text(16))
      .addColumn('tax_id_omocodia_confirmed_at', timestamp)
      .addColumn('marketing_consent_at', timestamp)
      .addColumn('terms_accepted_at', timestamp)
      .addColumn('activated_at', timestamp)
      .addColumn('deleted_at', timestamp)
      .addColumn('two_factor_secret', text(64))
      .addColumn('two_factor_pending_secret', text(64))
      .addColumn('two_factor_enabled_at', timestamp)
      .addColumn('two_factor_last_counter', 'integer'),
  ).execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', text(64), (column) => column.notNull().unique())
    .addColumn('two_factor_passed_at', timestamp)
    .addColumn('expires_at', timestamp, (column) => column.notNull())
    .addColumn('last_used_at', timestamp, (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id_index').on('sessions').column('user_id').execute();

  await withId(db, db.schema.createTable('auth_tokens'))
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', text(20), (column) => column.notNull())
    .addColumn('token_hash', text(64), (column) => column.notNull().unique())
    .addColumn('expires_at', timestamp, (column) => column.notNull())
    .addColumn('used_at', timestamp)
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('auth_tokens_user_id_index').on('auth_tokens').column('user_id').execute();

  await withId(db, db.schema.createTable('recovery_codes'))
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', text(64), (column) => column.notNull())
    .addColumn('used_at', timestamp)
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('recovery_codes_user_id_index')
    .on('recovery_codes')
    .column('user_id')
    .execute();

  await withId(db, db.schema.createTable('auth_events'))
    .addColumn('user_id', 'integer', (column) => column.references('users.id'))
    .addColumn('kind', text(40), (column) => column.notNull())
    .addColumn('route', text(2048))
    .addColumn('cause', text(20))
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('auth_events_user_id_index').on('auth_events').column('user_id').execute();

  // Keys are SHA-256 of the rule and its subject (email, address), so no personal data is kept here.
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', text(64), (column) => column.primaryKey())
    .addColumn('hits', 'integer', (column) => column.notNull())
    .addColumn('reset_at', timestamp, (column) => column.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['rate_limits', 'auth_events', 'recovery_codes', 'auth_tokens', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
