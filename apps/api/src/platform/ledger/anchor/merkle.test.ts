import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildMerkleTree, leafHash, nodeHash, rootFromPath, treeOfLeaves } from './merkle';

const rfcLeaf = (hex: string) =>
  createHash('sha256')
    .update(Buffer.concat([Buffer.from([0]), Buffer.from(hex, 'hex')]))
    .digest('hex');

/** MTH of RFC 6962 §2.1, written as the RFC states it: the reference the fast build must equal. */
function referenceRoot(leaves: string[]): string {
  if (leaves.length === 1) return leaves[0] as string;
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return nodeHash(referenceRoot(leaves.slice(0, k)), referenceRoot(leaves.slice(k)));
}

// The inputs and roots of the Certificate Transparency test vectors (merkle_tree_test.cc).
const CT_INPUTS = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
];
const CT_ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];

const entryHash = (n: number) => createHash('sha256').update(`entry ${n}`).digest('hex');

describe('the RFC 6962 Merkle tree of anchored entries', () => {
  it('gives the roots of the Certificate Transparency test vectors', () => {
    const leaves = CT_INPUTS.map(rfcLeaf);
    for (let size = 1; size <= leaves.length; size += 1) {
      expect(treeOfLeaves(leaves.slice(0, size)).root).toBe(CT_ROOTS[size - 1]);
    }
  });

  it('hashes a leaf as SHA-256 of 0x00 and the entry hash’s 32 bytes', () => {
    const hash = entryHash(1);
    expect(leafHash(hash)).toBe(rfcLeaf(hash));
  });

  it('builds the root the RFC defines, and a path from every leaf to it, for every size up to 70', () => {
    for (let size = 1; size <= 70; size += 1) {
      const hashes = Array.from({ length: size }, (_, index) => entryHash(index));
      const tree = buildMerkleTree(hashes);
      expect(tree.root).toBe(referenceRoot(hashes.map(leafHash)));
      hashes.forEach((hash, index) => {
        expect(rootFromPath(leafHash(hash), tree.paths[index] ?? [])).toBe(tree.root);
      });
    }
  });

  it('leads elsewhere from another leaf, a changed sibling or a swapped side', () => {
    const hashes = Array.from({ length: 13 }, (_, index) => entryHash(index));
    const tree = buildMerkleTree(hashes);
    const path = tree.paths[5] ?? [];
    expect(rootFromPath(leafHash(entryHash(99)), path)).not.toBe(tree.root);
    const changed = path.map((step, index) => (index === 1 ? { ...step, hash: entryHash(7) } : step));
    expect(rootFromPath(leafHash(hashes[5] ?? ''), changed)).not.toBe(tree.root);
    const swapped = path.map((step, index) =>
      index === 0 ? { ...step, side: step.side === 'left' ? ('right' as const) : ('left' as const) } : step,
    );
    expect(rootFromPath(leafHash(hashes[5] ?? ''), swapped)).not.toBe(tree.root);
  });

  it('gives paths that RFC 9162’s algorithm checks from the leaf’s index and the tree’s size alone', () => {
    // RFC 9162 §2.1.3.2, which ignores the sides the receipt states: both ways must agree.
    const verify = (leaf: string, index: number, size: number, path: string[]) => {
      let fn = index;
      let sn = size - 1;
      let hash = leaf;
      for (const sibling of path) {
        if (sn === 0) return null;
        if (fn % 2 === 1 || fn === sn) {
          hash = nodeHash(sibling, hash);
          while (fn % 2 === 0 && fn !== 0) {
            fn >>= 1;
            sn >>= 1;
          }
        } else {
          hash = nodeHash(hash, sibling);
        }
        fn >>= 1;
        sn >>= 1;
      }
      return sn === 0 ? hash : null;
    };
    for (const size of [1, 2, 3, 5, 8, 13, 33]) {
      const hashes = Array.from({ length: size }, (_, index) => entryHash(index));
      const tree = buildMerkleTree(hashes);
      hashes.forEach((hash, index) => {
        const path = (tree.paths[index] ?? []).map((step) => step.hash);
        expect(verify(leafHash(hash), index, size, path)).toBe(tree.root);
      });
    }
  });

  it('makes a one-entry batch its own root, with an empty path', () => {
    const tree = buildMerkleTree([entryHash(1)]);
    expect(tree).toEqual({ root: leafHash(entryHash(1)), paths: [[]] });
  });
});
