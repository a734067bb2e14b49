/**
 * The Node the server needs (`engines` of the root package.json, decision 001). Checked by the
 * entry before any other module loads: under an older Node the native SQLite binding crashes the
 * process without a word, so the operator gets this one line instead. Imports nothing on purpose.
 */
export const MINIMUM_NODE_MAJOR = 24;

/** The line that refuses a start under an older Node, or null when the version will do. */
export function nodeVersionRefusal(version: string): string | null {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (major >= MINIMUM_NODE_MAJOR) return null;
  return `Lisbon needs Node ${MINIMUM_NODE_MAJOR} or later; this is Node ${version.replace(/^v/, '')}. Use the release's runtime/bin/node, or npm start in a checkout.`;
}

/** Ends the process with that line and exit code 1 under an older Node; returns otherwise. */
export function exitUnderOlderNode(): void {
  const refusal = nodeVersionRefusal(process.versions.node);
  if (!refusal) return;
  console.error(refusal);
  process.exit(1);
}
