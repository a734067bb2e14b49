import { createHash } from 'node:crypto';
import type { MerkleStep } from '@lisbon/domain';

/**
 * The Merkle tree of RFC 6962 §2.1 (Certificate Transparency; decision 065): SHA-256, a leaf
 * hashed as 0x00 ‖ data, an inner node as 0x01 ‖ left ‖ right, pairs kept in their order, and a
 * tree of n leaves split after the largest power of two below n (no leaf is ever duplicated). A
 * leaf's data is the 32 bytes of a ledger entry's hash. The prefixes keep a leaf from passing for
 * an inner node; the split makes the tree, its root and every path one function of the leaves.
 */

const sha256 = (...parts: Buffer[]): Buffer => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

const LEAF_PREFIX = Buffer.from([0x00]);
const NODE_PREFIX = Buffer.from([0x01]);

/** The leaf of one entry: SHA-256(0x00 ‖ the entry hash's 32 bytes), in hex. */
export const leafHash = (entryHash: string): string =>
  sha256(LEAF_PREFIX, Buffer.from(entryHash, 'hex')).toString('hex');

export const nodeHash = (left: string, right: string): string =>
  sha256(NODE_PREFIX, Buffer.from(left, 'hex'), Buffer.from(right, 'hex')).toString('hex');

/** The largest power of two strictly below n (n ≥ 2). */
const splitPoint = (n: number): number => 2 ** Math.floor(Math.log2(n - 1));

export type MerkleTree = {
  root: string;
  /** Each leaf's path to the root, from the leaf up: the sibling at each level and its side. */
  paths: MerkleStep[][];
};

/** The tree over entry hashes in ledger order: the root and every leaf's path, in O(n log n). */
export const buildMerkleTree = (entryHashes: readonly string[]): MerkleTree =>
  treeOfLeaves(entryHashes.map(leafHash));

/** The tree over leaf hashes already computed (hex). */
export function treeOfLeaves(leaves: readonly string[]): MerkleTree {
  if (leaves.length === 0) throw new RangeError('a Merkle tree needs at least one leaf');
  const paths: MerkleStep[][] = leaves.map(() => []);
  // The root of leaves [from, to), with each leaf's sibling at this level appended to its path
  // after the levels below (the recursion returns bottom-up).
  const subtree = (from: number, to: number): string => {
    if (to - from === 1) return leaves[from] as string;
    const middle = from + splitPoint(to - from);
    const left = subtree(from, middle);
    const right = subtree(middle, to);
    for (let index = from; index < middle; index += 1) paths[index]?.push({ side: 'right', hash: right });
    for (let index = middle; index < to; index += 1) paths[index]?.push({ side: 'left', hash: left });
    return nodeHash(left, right);
  };
  return { root: subtree(0, leaves.length), paths };
}

/** Hashes a leaf up its path: equal to the root when the path belongs to that leaf in that tree. */
export const rootFromPath = (leaf: string, path: readonly MerkleStep[]): string =>
  path.reduce(
    (hash, step) => (step.side === 'left' ? nodeHash(step.hash, hash) : nodeHash(hash, step.hash)),
    leaf,
  );
