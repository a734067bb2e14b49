import {
  BaseError,
  createPublicClient,
  http,
  keccak256,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * The chain behind anchoring (decision 065), through its JSON-RPC API with viem: what a checker
 * reads (`ChainReader`) and what the body's sender does besides (`ChainSender`). No provider's
 * own API, no explorer, no key beyond the sender's: any node of the chain answers the same.
 */

export type ChainTransaction = {
  hash: Hex;
  from: string;
  to: string | null;
  /** The transaction's data: an anchor's is the 32-byte Merkle root. */
  input: Hex;
  nonce: number;
  /** Null while it waits in the node's pool. */
  blockNumber: number | null;
};

export type ChainReceipt = { blockNumber: number; blockHash: Hex; isSuccess: boolean };

export type ChainReader = {
  chainId(): Promise<number>;
  /** The transaction, or null when the node knows none with this hash. */
  transaction(hash: Hex): Promise<ChainTransaction | null>;
  /** Its receipt, or null while (or when no longer) in a block of the node's chain. */
  receipt(hash: Hex): Promise<ChainReceipt | null>;
  block(blockNumber: number): Promise<{ hash: Hex; time: Date }>;
  /** The number of the node's newest block. */
  head(): Promise<number>;
};

export type ChainSender = ChainReader & {
  readonly address: string;
  /**
   * The sender's transactions: mined (`latest`), mined and waiting (`pending`), or mined as of a
   * block: the nonce its next transaction takes.
   */
  transactionCount(at: 'latest' | 'pending' | number): Promise<number>;
  /** A zero-value transaction to the sender itself whose data is `root`, signed here; nothing is sent. */
  sign(root: string, nonce: number): Promise<{ raw: Hex; hash: Hex }>;
  broadcast(raw: Hex): Promise<void>;
  /** The sending account's balance, in wei: what is left to pay for the next anchors. */
  balance(): Promise<bigint>;
};

/** The node could not be asked, or refused: a message without the node's address (it may hold an API key). */
export class ChainError extends Error {
  override name = 'ChainError';
}

const DEFAULT_TIMEOUT_MS = 10_000;

function chainError(error: unknown, rpcUrl: string): ChainError {
  const message =
    error instanceof BaseError
      ? [error.shortMessage, error.details].filter(Boolean).join(': ')
      : error instanceof Error
        ? error.message
        : String(error);
  return new ChainError(message.replaceAll(rpcUrl, '[node]').slice(0, 300), { cause: error });
}

const isNotFound = (error: unknown) =>
  error instanceof BaseError &&
  error.walk(
    (cause) => cause instanceof TransactionNotFoundError || cause instanceof TransactionReceiptNotFoundError,
  ) !== null;

// No cache: a confirmation count must see the newest block.
const publicClient = (rpcUrl: string, timeoutMs: number, retryCount: number) =>
  createPublicClient({ transport: http(rpcUrl, { timeout: timeoutMs, retryCount }), cacheTime: 0 });

/** A reader of any node of the chain at `rpcUrl`: the portal's, or the one a checker chooses. */
export function createChainReader({
  rpcUrl,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  retryCount = 2,
}: {
  rpcUrl: string;
  timeoutMs?: number;
  retryCount?: number;
}): ChainReader & { readonly client: ReturnType<typeof publicClient> } {
  const client = publicClient(rpcUrl, timeoutMs, retryCount);
  const ask = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw chainError(error, rpcUrl);
    }
  };
  const orNull = async <T>(call: () => Promise<T>): Promise<T | null> => {
    try {
      return await call();
    } catch (error) {
      if (isNotFound(error)) return null;
      throw chainError(error, rpcUrl);
    }
  };
  return {
    client,
    chainId: () => ask(() => client.getChainId()),
    transaction: async (hash) => {
      const found = await orNull(() => client.getTransaction({ hash }));
      return found
        ? {
            hash: found.hash,
            from: found.from.toLowerCase(),
            to: found.to?.toLowerCase() ?? null,
            input: found.input,
            nonce: found.nonce,
            blockNumber: found.blockNumber === null ? null : Number(found.blockNumber),
          }
        : null;
    },
    receipt: async (hash) => {
      const found = await orNull(() => client.getTransactionReceipt({ hash }));
      return found
        ? {
            blockNumber: Number(found.blockNumber),
            blockHash: found.blockHash,
            isSuccess: found.status === 'success',
          }
        : null;
    },
    block: async (blockNumber) => {
      const block = await ask(() => client.getBlock({ blockNumber: BigInt(blockNumber) }));
      return { hash: block.hash, time: new Date(Number(block.timestamp) * 1000) };
    },
    head: async () => Number(await ask(() => client.getBlockNumber({ cacheTime: 0 }))),
  };
}

/** The body's sender: the reader of the configured node, and the account of the configured key. */
export function createChainSender({
  rpcUrl,
  chainId,
  privateKey,
}: {
  rpcUrl: string;
  chainId: number;
  privateKey: () => Hex;
}): ChainSender {
  const reader = createChainReader({ rpcUrl });
  const { client } = reader;
  const account = privateKeyToAccount(privateKey());
  const address = account.address.toLowerCase();
  const ask = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw chainError(error, rpcUrl);
    }
  };

  /** EIP-1559 fees where the chain has a base fee, a legacy gas price where it has none. */
  async function fees() {
    try {
      const { maxFeePerGas, maxPriorityFeePerGas } = await client.estimateFeesPerGas();
      return { type: 'eip1559' as const, maxFeePerGas, maxPriorityFeePerGas };
    } catch {
      return { type: 'legacy' as const, gasPrice: await ask(() => client.getGasPrice()) };
    }
  }

  return {
    ...reader,
    address,
    transactionCount: (at) =>
      ask(() =>
        client.getTransactionCount(
          typeof at === 'number'
            ? { address: account.address, blockNumber: BigInt(at) }
            : { address: account.address, blockTag: at },
        ),
      ),
    async sign(root, nonce) {
      const data: Hex = `0x${root}`;
      const gas = await ask(() =>
        client.estimateGas({ account: account.address, to: account.address, data, value: 0n }),
      );
      const raw = await account.signTransaction({
        ...(await fees()),
        chainId,
        nonce,
        to: account.address,
        value: 0n,
        data,
        gas,
      });
      return { raw, hash: keccak256(raw) };
    },
    async broadcast(raw) {
      await ask(() => client.sendRawTransaction({ serializedTransaction: raw }));
    },
    balance: () => ask(() => client.getBalance({ address: account.address })),
  };
}
