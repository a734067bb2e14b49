import { setArgon2OptionsForTests } from '../src/platform/passwords';

// Argon2id at a least cost for the API tests (256 KiB, 1 pass, 1 lane): every registration and
// login hashes or checks a password, at 19 MiB and 2 passes tens of milliseconds each on a loaded
// machine. Production's parameters are pinned in passwords.test.ts (ARGON2_OPTIONS) and, hashed
// with no set-up, in src/platform/passwords.test.ts.
setArgon2OptionsForTests({ memoryCost: 256, timeCost: 1, parallelism: 1 });
