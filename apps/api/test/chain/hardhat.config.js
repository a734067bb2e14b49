// The local Ethereum-compatible node of the anchoring tests and bench (test/chain.ts): Hardhat's
// built-in network, its defaults (chain 31337, 20 funded accounts with published keys), offline.
export default {};
