#!/usr/bin/env bash
# Checks a statement PDF against its blockchain receipt with common tools only (bash, jq, xxd,
# sha256sum, openssl 3, curl) and any JSON-RPC node of the receipt's chain: no copy of Lisbon, no
# account, no block explorer. The same four steps as `npm run cli -- anchor:verify`; see
# docs/anchor-receipt.md for what each one means.
#
#   bash verify-receipt.sh statement.receipt.json statement.pdf https://a-node-of-that-chain
#
# Exit 0: every step passed. 1: a step failed (it says which and why). 3: not decidable yet (the
# transaction still waits for its confirmations, or the node could not be reached).
set -euo pipefail

if [ "$#" -ne 3 ]; then
  echo "usage: $0 <receipt.json> <statement.pdf> <node URL>" >&2
  exit 2
fi
receipt=$1
pdf=$2
rpc=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

field() { jq -r "$1" "$receipt"; }
sha256() { sha256sum | cut -d' ' -f1; }
from_hex() { xxd -r -p; }
lower() { tr 'A-F' 'a-f'; }
fail() {
  echo "FAILED: $1"
  echo "Result: NOT VALID at step $step."
  exit 1
}
undecided() {
  echo "NOT DECIDABLE YET: $1"
  exit 3
}

[ "$(field .format)" = "lisbon-anchor-receipt/1" ] || {
  echo "not a receipt in the format lisbon-anchor-receipt/1" >&2
  exit 2
}

step=1
echo -n "1. The file is the one the ledger sealed: "
file_hash=$(sha256 <"$pdf")
[ "$(field .entry.kind)" = seal ] || fail "the entry is a $(field .entry.kind) entry, not the seal of a file"
[ "$file_hash" = "$(field .entry.payload_hash)" ] ||
  fail "the file's SHA-256 is $file_hash, but the seal entry holds $(field .entry.payload_hash)"
echo "passed"

step=2
echo -n "2. The seal entry is intact and signed by the body: "
# Canonical JSON: keys sorted, no spaces; the hash covers every field but itself.
content_hash=$(jq -cjS '.entry | del(.hash)' "$receipt" | sha256)
[ "$content_hash" = "$(field .entry.hash)" ] ||
  fail "the entry's content hashes to $content_hash, not to its hash $(field .entry.hash)"
# The Ed25519 signature covers every field but the signature and the hash.
jq -cjS '.entry | del(.hash, .signature)' "$receipt" >"$work/signed.json"
field .entry.signature | base64 -d >"$work/signature"
field .ledger_public_key >"$work/key.pem"
openssl pkeyutl -verify -pubin -inkey "$work/key.pem" -rawin -in "$work/signed.json" \
  -sigfile "$work/signature" >/dev/null 2>&1 ||
  fail "the signature does not check with the ledger key in the receipt"
echo "passed"

step=3
echo -n "3. The entry belongs to the batch the body anchored: "
# RFC 6962: leaf = SHA-256(0x00 ‖ entry hash), node = SHA-256(0x01 ‖ left ‖ right).
hash=$(printf '00%s' "$(field .entry.hash)" | from_hex | sha256)
while read -r side sibling; do
  if [ "$side" = left ]; then pair="01${sibling}${hash}"; else pair="01${hash}${sibling}"; fi
  hash=$(printf '%s' "$pair" | from_hex | sha256)
done < <(jq -r '.merkle.path[] | "\(.side) \(.hash)"' "$receipt")
[ "$hash" = "$(field .merkle.root)" ] ||
  fail "the Merkle path leads to $hash, not to the root $(field .merkle.root)"
echo "passed"

step=4
echo -n "4. The batch is recorded on the blockchain: "
# ask METHOD PARAMS: the node's answer in $answer, or not decidable when the node cannot be reached.
ask() {
  if ! answer=$(curl -sS --max-time 20 -X POST -H 'content-type: application/json' \
    --data "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"$1\",\"params\":$2}" "$rpc"); then
    undecided "the node could not be reached; try again later or ask another node of the chain"
  fi
}
transaction=$(field .anchor.transaction_hash)
ask eth_chainId '[]'
chain=$(jq -r .result <<<"$answer")
[ "$((chain))" -eq "$(field .anchor.chain_id)" ] ||
  fail "the node belongs to chain $((chain)), not to chain $(field .anchor.chain_id) of the receipt"
ask eth_getTransactionByHash "[\"$transaction\"]"
found=$answer
[ "$(jq -r .result <<<"$found")" != null ] || fail "the chain has no transaction $transaction"
input=$(jq -r .result.input <<<"$found" | lower)
[ "$input" = "0x$(field .merkle.root)" ] ||
  fail "transaction $transaction carries $input, not the root 0x$(field .merkle.root)"
sender=$(jq -r .result.from <<<"$found" | lower)
[ "$sender" = "$(field .anchor.sender | lower)" ] ||
  fail "transaction $transaction was sent by $sender, not by the body's address $(field .anchor.sender)"
[ "$(jq -r .result.blockNumber <<<"$found")" != null ] || undecided "the transaction is not in a block yet"
block=$(($(jq -r .result.blockNumber <<<"$found")))
[ "$block" -eq "$(field .anchor.block_number)" ] ||
  fail "transaction $transaction is in block $block, not in block $(field .anchor.block_number)"
ask eth_getTransactionReceipt "[\"$transaction\"]"
[ "$(jq -r .result.status <<<"$answer")" = 0x1 ] || fail "transaction $transaction failed"
ask eth_blockNumber '[]'
confirmations=$(($(jq -r .result <<<"$answer") - block + 1))
[ "$confirmations" -ge "$(field .anchor.confirmations_required)" ] ||
  undecided "only $confirmations of the $(field .anchor.confirmations_required) confirmations needed so far"
echo "passed (block $block, $confirmations confirmations)"

echo "Result: VALID, every step passed."
echo "Compare the ledger key and the sender $(field .anchor.sender) with the ones $(field .issuer.name) publishes."
