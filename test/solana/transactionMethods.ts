/**
 * Sending, simulating and following transactions; blockhashes and fees; airdrops.
 * `sendTransaction` runs the validator's preflight (sigverify, then a simulation against the
 * bank at `preflightCommitment`, see `createSolanaChain` for what that bank is here) unless
 * `skipPreflight`, and answers `-32002 Transaction simulation failed: …` with the simulation in
 * `data`, as agave does.
 */
import {
  getBase58Decoder,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionVersionDecoder,
  type Transaction,
} from '@solana/kit'
import { FailedTransactionMetadata } from 'litesvm'
import { type Commitment, errorOf, type SolanaChain, signatureOf } from './createSolanaChain'
import { decodeTransaction, verifyTransactionSignatures } from './decodeTransaction'
import { accountConfig, encodeAccount } from './encodeAccount'
import { addressParam, commitmentParam, configParam, contextSlot, integerParam } from './params'
import { invalidParams, rpcCodes, SolanaRpcError } from './rpcError'
import { type TransactionErrorJson, transactionErrorText } from './transactionError'
import type { MethodTable } from './types'
import { withContext } from './types'

/** Lamports per signature (the validator's default fee rate; priority fees are not charged). */
export const lamportsPerSignature = 5000n

/** The transaction methods. */
export function transactionMethods(chain: SolanaChain): MethodTable {
  const blockhashOf = (transaction: Transaction) => {
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
    return message.lifetimeToken
  }
  const feeOf = (signers: number) => lamportsPerSignature * BigInt(signers)

  /** The simulation result object (`value` of simulateTransaction, `data` of a preflight error). */
  const simulate = (
    transaction: Transaction,
    options: { commitment: Commitment; replaceBlockhash?: boolean; accounts?: unknown },
  ) => {
    const signers = Object.keys(transaction.signatures).length
    const base = {
      accounts: null as unknown,
      err: null as TransactionErrorJson | null,
      innerInstructions: null,
      loadedAccountsDataSize: 0,
      logs: [] as string[],
      replacementBlockhash: null as unknown,
      returnData: null as unknown,
      unitsConsumed: 0n,
      fee: feeOf(signers),
    }
    if (options.replaceBlockhash) {
      base.replacementBlockhash = chain.latestBlockhash(options.commitment)
    } else if (!chain.isBlockhashValid(blockhashOf(transaction), options.commitment)) {
      return { ...base, err: 'BlockhashNotFound' as TransactionErrorJson }
    }
    if (chain.landed(signatureOf(transaction))) {
      return { ...base, err: 'AlreadyProcessed' as TransactionErrorJson }
    }
    chain.svm.withSigverify(false)
    let result: ReturnType<typeof chain.svm.simulateTransaction>
    try {
      result = chain.svm.simulateTransaction(transaction)
    } finally {
      chain.svm.withSigverify(true)
    }
    const meta = result.meta()
    const returned = meta.returnData()
    const returnedData = returned.data()
    const simulated = {
      ...base,
      err: result instanceof FailedTransactionMetadata ? errorOf(result) : null,
      logs: meta.logs(),
      unitsConsumed: meta.computeUnitsConsumed(),
      returnData:
        returnedData.length > 0
          ? {
              data: [getBase64Decoder().decode(returnedData), 'base64'],
              programId: getBase58Decoder().decode(returned.programId()),
            }
          : null,
    }
    const wanted = configParam(options.accounts)
    if (options.accounts !== undefined) {
      if (!Array.isArray(wanted.addresses))
        throw invalidParams('accounts.addresses must be an array')
      const encoding = accountConfig(wanted, 'base64')
      const after = result instanceof FailedTransactionMetadata ? [] : result.postAccounts()
      simulated.accounts = wanted.addresses.map((raw) => {
        const address = addressParam(raw)
        const post = after.find((account) => account.address === address)
        const account = post ? { ...post, exists: true as const } : chain.svm.getAccount(address)
        return encodeAccount(account, encoding, (at) => chain.svm.getAccount(at))
      })
    }
    return simulated
  }

  return {
    getLatestBlockhash([rawConfig]) {
      const config = configParam(rawConfig)
      const slot = contextSlot(chain, config)
      return withContext(slot, chain.latestBlockhash(commitmentParam(config.commitment)))
    },
    isBlockhashValid([blockhash, rawConfig]) {
      if (typeof blockhash !== 'string')
        throw invalidParams('invalid type: expected a blockhash string')
      const config = configParam(rawConfig)
      const slot = contextSlot(chain, config)
      return withContext(
        slot,
        chain.isBlockhashValid(blockhash, commitmentParam(config.commitment)),
      )
    },
    getFeeForMessage([message, rawConfig]) {
      if (typeof message !== 'string')
        throw invalidParams('invalid type: expected a base64 message')
      const config = configParam(rawConfig)
      const slot = contextSlot(chain, config)
      let bytes: Uint8Array
      let blockhash: string
      try {
        bytes = new Uint8Array(getBase64Encoder().encode(message))
        blockhash = getCompiledTransactionMessageDecoder().decode(bytes).lifetimeToken
      } catch {
        throw invalidParams('invalid base64 encoded message')
      }
      const version = getTransactionVersionDecoder().decode(bytes)
      const signers = bytes[version === 'legacy' ? 0 : 1] ?? 0
      const valid = chain.isBlockhashValid(blockhash, commitmentParam(config.commitment))
      return withContext(slot, valid ? feeOf(signers) : null)
    },
    async sendTransaction([encoded, rawConfig]) {
      const config = configParam(rawConfig)
      const transaction = decodeTransaction(encoded, config.encoding)
      const preflightCommitment = commitmentParam(config.preflightCommitment)
      contextSlot(chain, { commitment: preflightCommitment, minContextSlot: config.minContextSlot })
      await verifyTransactionSignatures(transaction)
      const signature = signatureOf(transaction)
      if (config.skipPreflight !== true) {
        const simulated = simulate(transaction, { commitment: preflightCommitment })
        if (simulated.err !== null) {
          throw new SolanaRpcError(
            rpcCodes.sendTransactionPreflightFailure,
            `Transaction simulation failed: ${transactionErrorText(simulated.err)}`,
            simulated,
          )
        }
      }
      // A validator forwards the transaction to the leader: one whose blockhash the tip no
      // longer knows is dropped there, and the caller only sees it never confirm.
      if (!chain.isBlockhashValid(blockhashOf(transaction), 'processed')) return signature
      if (chain.landed(signature)) return signature
      const result = chain.execute(transaction)
      chain.record(signature, errorOf(result))
      return signature
    },
    simulateTransaction([encoded, rawConfig]) {
      const config = configParam(rawConfig)
      const transaction = decodeTransaction(encoded, config.encoding)
      const commitment = commitmentParam(config.commitment)
      const slot = contextSlot(chain, config)
      if (config.sigVerify === true && config.replaceRecentBlockhash === true) {
        throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
      }
      const check = config.sigVerify === true ? verifyTransactionSignatures(transaction) : undefined
      const run = () =>
        withContext(
          slot,
          simulate(transaction, {
            commitment,
            replaceBlockhash: config.replaceRecentBlockhash === true,
            accounts: config.accounts,
          }),
        )
      return check ? check.then(run) : run()
    },
    getSignatureStatuses([signatures]) {
      if (!Array.isArray(signatures))
        throw invalidParams('invalid type: expected a sequence of signatures')
      if (signatures.length > 256) throw invalidParams('Too many inputs provided; max 256')
      const value = signatures.map((signature) => {
        if (typeof signature !== 'string')
          throw invalidParams('invalid type: expected a signature string')
        const landed = chain.landed(signature)
        if (!landed) return null
        const confirmationStatus = chain.statusOf(landed)
        return {
          confirmationStatus,
          confirmations:
            confirmationStatus === 'finalized' ? null : Number(chain.slot() - landed.slot),
          err: landed.err,
          slot: landed.slot,
          status: landed.err === null ? { Ok: null } : { Err: landed.err },
        }
      })
      return withContext(chain.slot(), value)
    },
    requestAirdrop([address, lamports, rawConfig]) {
      const who = addressParam(address)
      const amount = integerParam(lamports, 'lamports')
      configParam(rawConfig)
      return airdrop(chain, who, amount)
    },
  }
}

/** Credits `lamports` to `address` through litesvm's faucet; returns the airdrop's signature. */
export function airdrop(
  chain: SolanaChain,
  address: Parameters<SolanaChain['svm']['airdrop']>[0],
  lamports: bigint,
) {
  // A fresh blockhash per airdrop: two equal airdrops in one slot would otherwise be one
  // transaction (AlreadyProcessed). Our queue still holds the slot's stamped blockhash.
  chain.svm.expireBlockhash()
  const result = chain.svm.airdrop(
    address,
    lamports as Parameters<SolanaChain['svm']['airdrop']>[1],
  )
  if (!result || result instanceof FailedTransactionMetadata) {
    throw new SolanaRpcError(
      rpcCodes.internal,
      'airdrop request failed. This can happen when the rate limit is reached.',
    )
  }
  const signature = getBase58Decoder().decode(result.signature())
  chain.record(signature, null)
  return signature
}
