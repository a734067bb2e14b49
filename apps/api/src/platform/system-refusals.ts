import { errorCode } from './errors';

const fieldOf = (error: unknown, field: 'path' | 'syscall'): unknown =>
  typeof error === 'object' && error !== null && field in error
    ? (error as Record<string, unknown>)[field]
    : undefined;

/**
 * One line naming the variable when the instance cannot listen where it is told to (an operator's
 * HOST or PORT, not a fault of the code); undefined for any other error.
 */
export function unusableAddress(
  error: unknown,
  { host, port }: { host: string; port: number },
): string | undefined {
  if (fieldOf(error, 'syscall') !== 'listen') return undefined;
  switch (errorCode(error)) {
    case 'EADDRINUSE':
      return `Invalid configuration: PORT: ${host}:${port} is in use by another process. Each instance needs a port of its own (lisbon@<port> sets it); a PORT in lisbon.env overrides the unit's, so keep it out of that file.`;
    case 'EADDRNOTAVAIL':
      return `Invalid configuration: HOST: ${host} is not an address of this machine (each machine's lisbon.env names its own).`;
    case 'EACCES':
      return `Invalid configuration: PORT: this user may not listen on port ${port}; use a port above 1023 behind the reverse proxy.`;
    default:
      return undefined;
  }
}

const FILE_PROBLEMS: Record<string, string> = {
  EACCES: 'this user may not open it',
  EPERM: 'this user may not open it',
  ENOENT: 'there is no such file or folder',
  EEXIST: 'it exists already',
  EISDIR: 'it is a folder, not a file',
  ENOTDIR: 'a part of the path is not a folder',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
};

/**
 * One line for a file a command or the start could not read or write (a path the operator gave,
 * or its owner and mode); undefined for any other error, which keeps its stack.
 */
export function unusableFile(error: unknown): string | undefined {
  const path = fieldOf(error, 'path');
  const code = errorCode(error);
  const problem = typeof code === 'string' ? FILE_PROBLEMS[code] : undefined;
  if (typeof path !== 'string' || !problem) return undefined;
  return `${path}: ${problem} (${String(code)}). Check the path, and that the user running Lisbon (lisbon, in the packaged units) may read or write it.`;
}
