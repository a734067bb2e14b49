import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from '../src/platform/config';
import { productionWarnings } from '../src/platform/production-warnings';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

describe('configuration', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      database: { dialect: 'sqlite', path: join(REPO_ROOT, 'data', 'lisbon.sqlite') },
      dataDir: join(REPO_ROOT, 'data'),
      webDistDir: join(REPO_ROOT, 'apps', 'web', 'dist'),
      logLevel: 'info',
      isMaintenanceMode: false,
      maintenanceModeSetting: null,
      trustProxy: false,
      smtpUrl: null,
      mailFrom: 'Lisbon <no-reply@localhost>',
      sessionTtlMinutes: 60,
      activationTokenTtlHours: 72,
      resetTokenTtlMinutes: 60,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('resolves the repository root from the source file, not the working directory', () => {
    const rootPackage = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string };
    expect(rootPackage.name).toBe('lisbon');
    expect(loadConfig({ DATA_DIR: 'var/lisbon' }).dataDir).toBe(join(REPO_ROOT, 'var', 'lisbon'));
  });

  it.each(['abc', '70000', '-1', '3.5'])('refuses PORT=%s with a message naming PORT', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(/^Invalid configuration: PORT must be/);
  });

  it.each(['mysql://user@host/db', 'postgres://', 'sqlite:'])(
    'refuses DATABASE_URL=%s naming DATABASE_URL',
    (url) => {
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(/^Invalid configuration: DATABASE_URL /);
    },
  );

  it.each([
    ['a % that begins no encoded character', 'postgres://lisbon:ab%cd@db.internal/lisbon'],
    ['a / left as it is', 'postgres://lisbon:ab/cd+ef=@db.internal/lisbon'],
  ])('refuses a password with %s in one line that says to percent-encode it', (_, url) => {
    let refusal: unknown;
    try {
      loadConfig({ DATABASE_URL: url });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ConfigError);
    const { message } = refusal as ConfigError;
    expect(message).toMatch(/^Invalid configuration: DATABASE_URL .*percent-encode .*% as %25, \/ as %2F/);
    expect(message).not.toContain('\n');
    expect(message).not.toMatch(/ab%cd|ab\/cd/);
  });

  it('takes a password percent-encoded', () => {
    const url = 'postgres://lisbon:ab%25cd%2Fef+gh=@db.internal/lisbon?sslmode=require';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ dialect: 'postgres', url });
  });

  it('picks PostgreSQL for postgres:// and postgresql:// URLs', () => {
    for (const url of ['postgres://app@db:5432/lisbon', 'postgresql://app@db/lisbon']) {
      expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ dialect: 'postgres', url });
    }
  });

  it('picks PostgreSQL over its Unix socket in the forms the driver (pg-connection-string) reads', () => {
    for (const url of [
      'postgres://lisbon@/lisbon?host=/run/postgresql',
      'postgres://lisbon:ab%25cd@/lisbon?host=/var/run/postgresql&sslmode=disable',
      'postgresql:///lisbon?host=/var/run/postgresql',
      'postgres://lisbon@%2Frun%2Fpostgresql/lisbon',
      'postgres://lisbon@localhost/lisbon?host=/run/postgresql',
    ])
      expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ dialect: 'postgres', url });
  });

  it('refuses a socket URL whose parameters ask for TLS, which PostgreSQL never answers over a socket, naming them', () => {
    // pg fails there with "The server does not support SSL connections"; the certificate files
    // named are not read (only their being named counts).
    for (const [url, names] of [
      [
        'postgres://lisbon@/lisbon?host=/run/postgresql&sslmode=verify-full&sslrootcert=/nowhere/ca.pem',
        'sslmode and sslrootcert',
      ],
      ['postgres://lisbon@/lisbon?host=/run/postgresql&sslmode=require', 'sslmode'],
      ['postgres://lisbon@%2Frun%2Fpostgresql/lisbon?ssl=true', 'ssl'],
    ] as const)
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(
        `Invalid configuration: DATABASE_URL names PostgreSQL's Unix socket, over which PostgreSQL uses no TLS, and ${names} ${names.includes(' and ') ? 'ask' : 'asks'} for it: leave ${names.includes(' and ') ? 'them' : 'it'} out (docs/deploy.md, section 1)`,
      );
    // A TCP host keeps them.
    const tcp = 'postgres://lisbon@db.internal/lisbon?sslmode=verify-full&sslrootcert=/nowhere/ca.pem';
    expect(loadConfig({ DATABASE_URL: tcp }).database).toEqual({ dialect: 'postgres', url: tcp });
  });

  it('refuses a socket URL when PGSSLMODE in the environment asks for TLS, naming it', () => {
    vi.stubEnv('PGSSLMODE', 'require');
    try {
      expect(() => loadConfig({ DATABASE_URL: 'postgres://lisbon@/lisbon?host=/run/postgresql' })).toThrow(
        /Unix socket, over which PostgreSQL uses no TLS, and PGSSLMODE asks for it: leave it out/,
      );
      const off = 'postgres://lisbon@/lisbon?host=/run/postgresql&sslmode=disable';
      expect(loadConfig({ DATABASE_URL: off }).database).toEqual({ dialect: 'postgres', url: off });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it.each([
    [
      'a % that begins no encoded character',
      'postgres://lisbon:ab%cd@/lisbon?host=/run/postgresql',
      /percent-encode .*% as %25/,
    ],
    ['a stray %', 'postgres://lisbon:ab%zz@/lisbon?host=/run/postgresql', /percent-encode .*% as %25/],
    [
      'a / left as it is',
      'postgres://lisbon:ab/cd@/lisbon?host=/run/postgresql',
      /is not a valid PostgreSQL URL: percent-encode/,
    ],
    [
      'no host after the @',
      'postgres://lisbon:ab-cd@/lisbon',
      /names no host after its @: .*postgresql:\/\/\/lisbon\?host=\/var\/run\/postgresql .*or name a host/,
    ],
    [
      'no host at all and no ?host= (node-postgres would go to localhost over TCP, psql to the socket)',
      'postgresql:///lisbon',
      /names no host, nor a socket’s directory in \?host=: .*add \?host=\/var\/run\/postgresql .*or name a host/,
    ],
  ])('refuses a socket’s URL with %s in one line, its password never repeated', (_, url, reason) => {
    let refusal: unknown;
    try {
      loadConfig({ DATABASE_URL: url });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ConfigError);
    const { message } = refusal as ConfigError;
    expect(message).toMatch(/^Invalid configuration: DATABASE_URL /);
    expect(message).toMatch(reason);
    expect(message).not.toContain('\n');
    expect(message).not.toMatch(/ab%cd|ab%zz|ab\/cd|ab-cd/);
  });

  it('picks SQLite for sqlite:<path> and plain paths, relative to the repository', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:data/other.sqlite' }).database).toEqual({
      dialect: 'sqlite',
      path: join(REPO_ROOT, 'data', 'other.sqlite'),
    });
    expect(loadConfig({ DATABASE_URL: '/tmp/x.sqlite' }).database).toEqual({
      dialect: 'sqlite',
      path: '/tmp/x.sqlite',
    });
  });

  it('reads the flags and names the variable of a wrong one', () => {
    expect(loadConfig({ MAINTENANCE_MODE: '1', TRUST_PROXY: '1' })).toMatchObject({
      isMaintenanceMode: true,
      trustProxy: 1,
    });
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true would trust any X-Forwarded-For/,
    );
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL must be/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ MAINTENANCE_MODE: 'maybe' })).toThrow(/MAINTENANCE_MODE must be/);
    // Opening hours: impossible ones refused at startup; free text kept as written.
    // The example it gives is written with en dashes, as the contact page shows hours.
    expect(() => loadConfig({ CONTACT_HOURS: 'Mon-Fri 13:00-09:00' })).toThrow(
      'CONTACT_HOURS has impossible hours: write them like "Mon–Fri 09:00–13:00 (Europe/Rome)", the closing after the opening',
    );
    expect(loadConfig({ CONTACT_HOURS: 'Mon-Fri 09:00-13:00' }).contact.hours).toBe('Mon-Fri 09:00-13:00');
    expect(loadConfig({ CONTACT_HOURS: 'By appointment' }).contact.hours).toBe('By appointment');
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://example.org' })).toThrow(/PUBLIC_URL must be/);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY must be/);
    expect(loadConfig({ INSTANCE_ID: 'web-1' }).instanceId).toBe('web-1');
    expect(loadConfig({}).instanceId).toBeNull();
    expect(() => loadConfig({ INSTANCE_ID: 'web 1; rm' })).toThrow(/INSTANCE_ID must be/);
  });

  it('holds a refusal a second by default, not at all with 0, and names a wrong pause', () => {
    expect(loadConfig({}).rateLimitRefusalDelayMs).toBe(1000);
    expect(loadConfig({ RATE_LIMIT_REFUSAL_DELAY_MS: '0' }).rateLimitRefusalDelayMs).toBe(0);
    for (const value of ['10001', '-1', 'soon'])
      expect(() => loadConfig({ RATE_LIMIT_REFUSAL_DELAY_MS: value })).toThrow(
        /RATE_LIMIT_REFUSAL_DELAY_MS must be a whole number of milliseconds between 0 and 10000/,
      );
  });

  it('limits PDF checks and wallet check requests to 30 per address, registrations and link requests to 100 by default, as configured, and names a wrong limit', () => {
    expect(loadConfig({})).toMatchObject({
      verifyChecksPerAddress: 30,
      walletRequestsPerAddress: 30,
      registrationsPerAddress: 100,
      linkRequestsPerAddress: 100,
    });
    expect(
      loadConfig({
        VERIFY_CHECKS_PER_ADDRESS: '200',
        WALLET_REQUESTS_PER_ADDRESS: '300',
        REGISTRATIONS_PER_ADDRESS: '500',
        LINK_REQUESTS_PER_ADDRESS: '250',
      }),
    ).toMatchObject({
      verifyChecksPerAddress: 200,
      walletRequestsPerAddress: 300,
      registrationsPerAddress: 500,
      linkRequestsPerAddress: 250,
    });
    for (const name of [
      'VERIFY_CHECKS_PER_ADDRESS',
      'WALLET_REQUESTS_PER_ADDRESS',
      'REGISTRATIONS_PER_ADDRESS',
      'LINK_REQUESTS_PER_ADDRESS',
    ])
      for (const value of ['0', '-1', 'many', '100001'])
        expect(() => loadConfig({ [name]: value })).toThrow(
          new RegExp(`${name} must be a whole number between 1 and 100000`),
        );
  });

  it('asks wallets for direct_post answers by default, direct_post.jwt when set, and names a wrong mode', () => {
    expect(loadConfig({}).walletResponseMode).toBe('direct_post');
    expect(loadConfig({ WALLET_RESPONSE_MODE: 'direct_post.jwt' }).walletResponseMode).toBe(
      'direct_post.jwt',
    );
    expect(() => loadConfig({ WALLET_RESPONSE_MODE: 'fragment' })).toThrow(
      /WALLET_RESPONSE_MODE must be one of direct_post, direct_post\.jwt/,
    );
  });

  it('says that both response modes at once are not supported, however the two are written', () => {
    for (const value of [
      'direct_post,direct_post.jwt',
      'direct_post.jwt, direct_post',
      'direct_post direct_post.jwt',
      'both',
    ])
      expect(() => loadConfig({ WALLET_RESPONSE_MODE: value }), value).toThrow(
        'WALLET_RESPONSE_MODE takes one mode, direct_post or direct_post.jwt: both at once is not supported (each request asks a wallet for one mode; docs/wallet.md)',
      );
  });

  it('refuses a PUBLIC_URL with a path, where wallets would never find the issuer metadata, and takes the root', () => {
    for (const url of ['https://host.example.org/recognition', 'https://host.example.org/lisbon/'])
      expect(() => loadConfig({ PUBLIC_URL: url })).toThrow(
        /^Invalid configuration: PUBLIC_URL must be the portal’s root address, scheme and host \(and port\) without a path/,
      );
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4560/' }).publicUrl).toBe('http://127.0.0.1:4560');
  });

  it('treats empty variables as unset and strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '', PUBLIC_URL: 'https://lisbon.example.org/' })).toMatchObject({
      port: 3000,
      publicUrl: 'https://lisbon.example.org',
    });
  });

  it('reads the mail settings and the identity lifetimes, naming a wrong one', () => {
    expect(
      loadConfig({
        SMTP_URL: 'smtps://user:pass@mail.example.org:465',
        MAIL_FROM: 'notifiche@example.org',
        SESSION_TTL_MINUTES: '30',
        ACTIVATION_TOKEN_TTL_HOURS: '24',
        RESET_TOKEN_TTL_MINUTES: '15',
      }),
    ).toMatchObject({
      smtpUrl: 'smtps://user:pass@mail.example.org:465',
      mailFrom: 'notifiche@example.org',
      sessionTtlMinutes: 30,
      activationTokenTtlHours: 24,
      resetTokenTtlMinutes: 15,
    });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.org' })).toThrow(/SMTP_URL must be an smtp/);
    expect(() => loadConfig({ MAIL_FROM: 'Lisbon' })).toThrow(/MAIL_FROM must be/);
    expect(() => loadConfig({ SESSION_TTL_MINUTES: '0' })).toThrow(
      /SESSION_TTL_MINUTES must be a whole number/,
    );
    expect(() => loadConfig({ RESET_TOKEN_TTL_MINUTES: 'soon' })).toThrow(/RESET_TOKEN_TTL_MINUTES must be/);
    expect(() => loadConfig({ ACTIVATION_TOKEN_TTL_HOURS: '9999' })).toThrow(
      /ACTIVATION_TOKEN_TTL_HOURS must be/,
    );
    // The example env file's placeholder password.
    expect(() => loadConfig({ SMTP_URL: 'smtp://user:CHANGE-ME@relay.internal:587' })).toThrow(
      /SMTP_URL still holds the example’s placeholder \(CHANGE-ME\): set the relay’s own password$/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://lisbon:CHANGE-ME@db.internal:5432/lisbon?sslmode=require' }),
    ).toThrow(
      /DATABASE_URL still holds the example’s placeholder \(CHANGE-ME\): set the database role’s own password$/,
    );
    const store = { S3_BUCKET: 'lisbon-files', S3_ENDPOINT: 'http://127.0.0.1:4568' };
    expect(() =>
      loadConfig({ ...store, S3_ACCESS_KEY_ID: 'CHANGE-ME', S3_SECRET_ACCESS_KEY: 'a-real-secret' }),
    ).toThrow(/S3_ACCESS_KEY_ID still holds the example’s placeholder/);
    expect(() =>
      loadConfig({ ...store, S3_ACCESS_KEY_ID: 'AKIAREALKEY', S3_SECRET_ACCESS_KEY: 'CHANGE-ME' }),
    ).toThrow(/S3_SECRET_ACCESS_KEY still holds the example’s placeholder/);
  });

  it('refuses the example file copied unchanged in one sentence naming every placeholder, its verb plural', () => {
    const example = readFileSync(join(REPO_ROOT, 'packaging/lisbon.env.example'), 'utf8');
    const values = Object.fromEntries(
      [...example.matchAll(/^([A-Z0-9_]+)=(.*)$/gm)].map(([, name = '', value = '']) => [
        name,
        value.replace(/^"(.*)"$/, '$1'),
      ]),
    );
    expect(() => loadConfig(values)).toThrow(
      new ConfigError(
        'Invalid configuration: DATABASE_URL, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, SMTP_URL and METRICS_TOKEN still hold the example’s placeholder (CHANGE-ME): set the database role’s own password, the object store’s own key, the object store’s own secret, the relay’s own password and a random token',
      ),
    );
    expect(() =>
      loadConfig({
        ...values,
        DATABASE_URL: 'postgres://lisbon@db.internal/lisbon',
        SMTP_URL: undefined,
        METRICS_TOKEN: undefined,
      }),
    ).toThrow(
      /: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY still hold the example’s placeholder \(CHANGE-ME\): set the object store’s own key and the object store’s own secret$/,
    );
  });

  it('asks a production deployment for its database and public address instead of the defaults', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://lisbon@db.internal/lisbon',
      PUBLIC_URL: 'https://portal.example.org',
    };
    expect(loadConfig(production)).toMatchObject({ isProduction: true, database: { dialect: 'postgres' } });
    // A missing or misspelt DATABASE_URL would give the instance a SQLite file of its own.
    expect(() => loadConfig({ ...production, DATABASE_URL: undefined })).toThrow(
      /DATABASE_URL must be set with NODE_ENV=production/,
    );
    expect(() => loadConfig({ ...production, DATABASE_URL: '' })).toThrow(/DATABASE_URL must be set/);
    // SQLite stays possible, said on purpose.
    expect(loadConfig({ ...production, DATABASE_URL: 'sqlite:/var/lib/lisbon/lisbon.sqlite' })).toMatchObject(
      {
        database: { dialect: 'sqlite', path: '/var/lib/lisbon/lisbon.sqlite' },
      },
    );
    expect(() => loadConfig({ ...production, PUBLIC_URL: undefined })).toThrow(
      /PUBLIC_URL must be set with NODE_ENV=production/,
    );
    // Another spelling of production would pass every check unseen.
    expect(() => loadConfig({ ...production, NODE_ENV: 'Production' })).toThrow(
      /NODE_ENV must be written production, in lower case/,
    );
    // Elsewhere the embedded defaults stand.
    expect(loadConfig({})).toMatchObject({ isProduction: false, database: { dialect: 'sqlite' } });
  });
});

describe('what a production instance warns its operator of at start', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://lisbon@db.internal/lisbon',
    PUBLIC_URL: 'https://portal.example.org',
  };
  const configured = {
    ...production,
    SMTP_URL: 'smtps://portal:relay-password@relay.internal:465',
    REDIS_URL: 'redis://redis.internal:6379/0',
    PAYMENT_PROVIDER: 'nexi',
    PAYMENT_API_KEY: 'xpay-terminal-key-0123',
    BODY_NAME: 'Centro di Valutazione',
    BODY_ADDRESS: 'Via Roma 1, 00100 Roma RM, Italia',
    BODY_VAT_NUMBER: '01234567897',
    PRICE_CORRESPONDENCE_VERIFICATION_CENTS: '15000',
    PRICE_COMPARABILITY_VERIFICATION_CENTS: '20000',
    PRICE_COMPARABILITY_CENTS: '10000',
    PRICE_URGENT_SUPPLEMENT_CENTS: '10000',
    CONTACT_ADDRESS: 'Via Roma 1, 00100 Roma RM, Italia',
    CONTACT_EMAIL: 'info@centro.example.org',
    CONTACT_HOURS: 'lun–ven 9–13',
  };

  it('names each setting left at its laptop default: mail, Redis, the sandbox payments, the demo body, prices and contact', () => {
    const warnings = productionWarnings(loadConfig(production));
    expect(warnings.map((warning) => warning.split(' ')[0])).toEqual([
      'SMTP_URL',
      'REDIS_URL',
      'PAYMENT_PROVIDER',
      'BODY_NAME,',
      'the',
      'CONTACT_ADDRESS,',
    ]);
    expect(warnings[2]).toMatch(/no money moves/);
    expect(warnings[4]).toMatch(/PRICE_\*_CENTS/);
    // One body detail left out is enough for the demo marks on the PDFs.
    expect(productionWarnings(loadConfig({ ...configured, BODY_VAT_NUMBER: undefined }))).toEqual([
      expect.stringMatching(/^BODY_NAME, BODY_ADDRESS and BODY_VAT_NUMBER are not all set/),
    ]);
  });

  it('warns a production deployment on http:// that wallets refuse its offers, and not one on https nor a laptop', () => {
    expect(productionWarnings(loadConfig({ ...configured, PUBLIC_URL: 'http://127.0.0.1:4560' }))).toEqual([
      'PUBLIC_URL is http://: wallets refuse the statement’s credential offers and the issuer metadata, which OpenID4VCI requires on https (set the https:// address TLS serves: docs/deploy.md)',
    ]);
    expect(productionWarnings(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4560' }))).toEqual([]);
  });

  it('says nothing of a deployment that set them all, nor of a laptop', () => {
    expect(productionWarnings(loadConfig(configured))).toEqual([]);
    expect(productionWarnings(loadConfig({}))).toEqual([]);
  });
});

describe('configuration of requests: prices, contingency limit, uploads, local holidays', () => {
  it('uses marked demo prices, a daily cap of 500, 20 MB uploads and 29 June by default', () => {
    expect(loadConfig({})).toMatchObject({
      prices: {
        correspondenceVerification: 15_000,
        comparabilityVerification: 20_000,
        comparability: 10_000,
        urgentSupplement: 10_000,
      },
      arePricesDemo: true,
      dailySubmissionCap: 500,
      uploadMaxBytes: 20 * 1024 * 1024,
      localHolidays: [{ month: 6, day: 29 }],
    });
  });

  it('keeps 100 MB per applicant, ten documents of no request for 24 hours, and PDFs expanding to 128 MB', () => {
    expect(loadConfig({})).toMatchObject({
      uploadQuotaBytes: 100 * 1024 * 1024,
      unattachedDocumentsMax: 10,
      unattachedDocumentTtlHours: 24,
      pdfMaxInflatedBytes: 128 * 1024 * 1024,
    });
    expect(
      loadConfig({
        UPLOAD_QUOTA_BYTES: '52428800',
        UPLOAD_UNATTACHED_MAX: '3',
        UPLOAD_UNATTACHED_TTL_HOURS: '72',
        UPLOAD_PDF_MAX_INFLATED_BYTES: '536870912',
      }),
    ).toMatchObject({
      uploadQuotaBytes: 50 * 1024 * 1024,
      unattachedDocumentsMax: 3,
      unattachedDocumentTtlHours: 72,
      pdfMaxInflatedBytes: 512 * 1024 * 1024,
    });
  });

  it('stops marking prices as demo only once every price is set', () => {
    const prices = {
      PRICE_CORRESPONDENCE_VERIFICATION_CENTS: '18000',
      PRICE_COMPARABILITY_VERIFICATION_CENTS: '22000',
      PRICE_COMPARABILITY_CENTS: '12000',
    };
    expect(loadConfig(prices).arePricesDemo).toBe(true);
    const config = loadConfig({ ...prices, PRICE_URGENT_SUPPLEMENT_CENTS: '5000' });
    expect(config.arePricesDemo).toBe(false);
    expect(config.prices.comparability).toBe(12_000);
  });

  it.each([
    ['PRICE_COMPARABILITY_CENTS', '99.50'],
    ['DAILY_SUBMISSION_CAP', '0'],
    ['UPLOAD_MAX_BYTES', '20MB'],
    ['UPLOAD_QUOTA_BYTES', '100MB'],
    ['UPLOAD_UNATTACHED_MAX', '0'],
    ['UPLOAD_UNATTACHED_TTL_HOURS', '-1'],
    ['UPLOAD_PDF_MAX_INFLATED_BYTES', '1e9'],
    ['LOCAL_HOLIDAYS', '29/06'],
    ['LOCAL_HOLIDAYS', '02-30'],
  ])('refuses %s=%s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid configuration: ${name} must be`),
    );
  });

  it('reads several local holidays, or none', () => {
    expect(loadConfig({ LOCAL_HOLIDAYS: '06-29, 12-07' }).localHolidays).toEqual([
      { month: 6, day: 29 },
      { month: 12, day: 7 },
    ]);
  });
});
