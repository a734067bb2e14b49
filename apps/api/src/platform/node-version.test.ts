import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config';
import { MINIMUM_NODE_MAJOR, nodeVersionRefusal } from './node-version';

describe('nodeVersionRefusal', () => {
  it('refuses a Node older than 24 in one line naming both versions and the way out', () => {
    expect(nodeVersionRefusal('20.20.2')).toBe(
      "Lisbon needs Node 24 or later; this is Node 20.20.2. Use the release's runtime/bin/node, or npm start in a checkout.",
    );
    expect(nodeVersionRefusal('v23.11.1')).toMatch(
      /^Lisbon needs Node 24 or later; this is Node 23\.11\.1\. /,
    );
    expect(nodeVersionRefusal('not a version')).toMatch(/^Lisbon needs Node 24 or later/);
  });

  it('lets Node 24 and later start', () => {
    expect(['24.0.0', 'v24.21.0', '25.1.0', '100.0.0'].map(nodeVersionRefusal)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('asks for the Node of the engines field', () => {
    const { engines } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    expect(engines.node).toBe(`>=${MINIMUM_NODE_MAJOR}`);
  });
});
