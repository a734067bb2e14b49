/** A command given wrong arguments: `cli.ts` prints the message and the usage, and exits with 2. */
export class UsageError extends Error {}
