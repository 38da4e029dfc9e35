import {
  type Address,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  isSolanaError,
  lamports,
  type Rpc,
  type RpcSubscriptions,
  SOLANA_ERROR__BLOCK_HEIGHT_EXCEEDED,
  SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
  type SolanaRpcApi,
  type SolanaRpcSubscriptionsApi,
  sendAndConfirmTransactionFactory,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type SolanaRpc, startSolanaRpc } from './startSolanaRpc'
import { signedTransfer } from './transfer.fixture'

const SOL = 1_000_000_000n

let solana: SolanaRpc
let rpc: Rpc<SolanaRpcApi>
let subscriptions: RpcSubscriptions<SolanaRpcSubscriptionsApi>

beforeAll(async () => {
  solana = await startSolanaRpc({ slotMs: 20 })
  rpc = createSolanaRpc(solana.url)
  subscriptions = createSolanaRpcSubscriptions(solana.wsUrl)
})
afterAll(async () => {
  await solana?.stop()
})

async function funded(amount = 2n * SOL) {
  const signer = await generateKeyPairSigner()
  await solana.airdrop(signer.address, amount)
  return signer
}

async function post(body: string) {
  const response = await fetch(solana.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
  return { status: response.status, body: await response.json() }
}

describe('accounts', () => {
  test('default: requestAirdrop then getBalance through kit shows the lamports', async () => {
    const { address } = await generateKeyPairSigner()
    expect((await rpc.getBalance(address).send()).value).toBe(0n)
    const signature = await rpc
      .requestAirdrop(address, lamports(3n * SOL), { commitment: 'processed' })
      .send()
    const { value } = await rpc.getBalance(address, { commitment: 'processed' }).send()
    expect(value).toBe(3n * SOL)
    const [status] = (await rpc.getSignatureStatuses([signature]).send()).value
    expect(status?.err).toBeNull()
  })

  test('behavior: getAccountInfo answers null for a missing account and base64 data for a present one', async () => {
    const { address } = await generateKeyPairSigner()
    expect((await rpc.getAccountInfo(address, { encoding: 'base64' }).send()).value).toBeNull()
    await solana.airdrop(address, SOL)
    const { value } = await rpc.getAccountInfo(address, { encoding: 'base64' }).send()
    expect(value).toMatchObject({
      lamports: SOL,
      owner: '11111111111111111111111111111111',
      data: ['', 'base64'],
      executable: false,
      space: 0n,
    })
  })

  test('behavior: a mint, minted SPL tokens, getTokenAccountsByOwner jsonParsed and getTokenAccountBalance', async () => {
    const { address: owner } = await generateKeyPairSigner()
    const { mint, mintAuthority } = await solana.createMint({ decimals: 6 })
    const { tokenAccount } = await solana.mintSplToken({
      mint,
      mintAuthority,
      owner,
      amount: 12_500_000n,
    })

    const { value } = await rpc
      .getTokenAccountsByOwner(owner, { mint }, { encoding: 'jsonParsed' })
      .send()
    expect(value).toHaveLength(1)
    expect(value[0]?.pubkey).toBe(tokenAccount)
    expect(value[0]?.account.data).toEqual({
      program: 'spl-token',
      parsed: {
        type: 'account',
        info: {
          isNative: false,
          mint,
          owner,
          state: 'initialized',
          tokenAmount: { amount: '12500000', decimals: 6, uiAmount: 12.5, uiAmountString: '12.5' },
        },
      },
      space: 165n,
    })
    const byProgram = await rpc
      .getTokenAccountsByOwner(
        owner,
        { programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address },
        { encoding: 'jsonParsed' },
      )
      .send()
    expect(byProgram.value.map((item) => item.pubkey)).toEqual([tokenAccount])
    const balance = await rpc.getTokenAccountBalance(tokenAccount).send()
    expect(balance.value).toEqual({
      amount: '12500000',
      decimals: 6,
      uiAmount: 12.5,
      uiAmountString: '12.5',
    })
    const mintInfo = await rpc.getAccountInfo(mint, { encoding: 'jsonParsed' }).send()
    expect(mintInfo.value?.data).toMatchObject({
      parsed: {
        type: 'mint',
        info: { decimals: 6, supply: '12500000', mintAuthority: mintAuthority.address },
      },
    })
  })
  test('behavior: getMultipleAccounts keeps the order and nulls, with base58 and dataSlice encodings', async () => {
    const { address: present } = await generateKeyPairSigner()
    const { address: missing } = await generateKeyPairSigner()
    await solana.airdrop(present, SOL)
    const { mint } = await solana.createMint({ decimals: 2 })
    const { value } = await rpc
      .getMultipleAccounts([missing, present, mint], { encoding: 'base64' })
      .send()
    expect(value[0]).toBeNull()
    expect(value[1]?.lamports).toBe(SOL)
    expect(value[2]?.owner).toBe('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
    expect(value[2]?.space).toBe(82n)
    const sliced = await rpc
      .getAccountInfo(mint, { encoding: 'base58', dataSlice: { offset: 44, length: 1 } })
      .send()
    // Byte 44 of a mint is its decimals: 2 is base58 "3".
    expect(sliced.value?.data).toEqual(['3', 'base58'])
    const { mintAuthority } = await solana.createMint({ decimals: 2 })
    const { mint: second } = await solana.createMint({ decimals: 2, mintAuthority })
    const { tokenAccount } = await solana.mintSplToken({
      mint: second,
      mintAuthority,
      owner: present,
      amount: 1n,
    })
    const tooBig = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'getAccountInfo',
        params: [tokenAccount, { encoding: 'base58' }],
      }),
    )
    expect(tooBig.body.error).toEqual({
      code: -32600,
      message:
        'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
    })
  })

  test('error: getTokenAccountBalance of a non-token account and getTokenAccountsByOwner of an unknown mint', async () => {
    const { address } = await generateKeyPairSigner()
    await solana.airdrop(address, SOL)
    const notToken = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'getTokenAccountBalance',
        params: [address],
      }),
    )
    expect(notToken.body.error).toEqual({
      code: -32602,
      message: 'Invalid param: not a Token account',
    })
    const unknownMint = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'getTokenAccountsByOwner',
        params: [address, { mint: address }, { encoding: 'jsonParsed' }],
      }),
    )
    expect(unknownMint.body.error).toEqual({
      code: -32602,
      message: 'Invalid param: could not find mint',
    })
  })
})

describe('transactions', () => {
  test('default: a SOL transfer through sendAndConfirmTransaction moves lamports and charges the fee', async () => {
    const sender = await funded()
    const { address: recipient } = await generateKeyPairSigner()
    const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
    const transaction = await signedTransfer(sender, recipient, SOL / 2n, lifetime)
    const fee = await rpc
      .getFeeForMessage(
        Buffer.from(transaction.messageBytes).toString('base64') as Parameters<
          typeof rpc.getFeeForMessage
        >[0],
      )
      .send()
    expect(fee.value).toBe(5000n)

    const sendAndConfirm = sendAndConfirmTransactionFactory({
      rpc,
      rpcSubscriptions: subscriptions,
    })
    await sendAndConfirm(transaction as Parameters<typeof sendAndConfirm>[0], {
      commitment: 'confirmed',
    })

    expect((await rpc.getBalance(recipient, { commitment: 'confirmed' }).send()).value).toBe(
      SOL / 2n,
    )
    expect((await rpc.getBalance(sender.address, { commitment: 'confirmed' }).send()).value).toBe(
      2n * SOL - SOL / 2n - 5000n,
    )
    const [status] = (
      await rpc.getSignatureStatuses([getSignatureFromTransaction(transaction)]).send()
    ).value
    expect(
      status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized',
    ).toBe(true)
  })

  test('error: a transfer beyond the balance fails preflight with the validator-shaped -32002 error', async () => {
    const sender = await funded(SOL)
    const { address: recipient } = await generateKeyPairSigner()
    const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
    const transaction = await signedTransfer(sender, recipient, 5n * SOL, lifetime)
    const wire = getBase64EncodedWireTransaction(transaction)

    const failure = await rpc
      .sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'confirmed' })
      .send()
      .catch((error: unknown) => error)
    expect(
      isSolanaError(
        failure,
        SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
      ),
    ).toBe(true)
    const cause = (failure as { cause?: unknown }).cause
    expect(isSolanaError(cause, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM)).toBe(true)

    const raw = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'sendTransaction',
        params: [wire, { encoding: 'base64', preflightCommitment: 'confirmed' }],
      }),
    )
    expect(raw.body.id).toBe(7)
    expect(raw.body.error.code).toBe(-32002)
    expect(raw.body.error.message).toBe(
      'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
    )
    expect(raw.body.error.data.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(raw.body.error.data.logs).toContain(
      'Transfer: insufficient lamports 999995000, need 5000000000',
    )
    // Nothing landed: the balance is whole and the signature unknown.
    expect((await rpc.getBalance(sender.address, { commitment: 'processed' }).send()).value).toBe(
      SOL,
    )
    const [status] = (
      await rpc.getSignatureStatuses([getSignatureFromTransaction(transaction)]).send()
    ).value
    expect(status).toBeNull()
  })

  test('error: an expired blockhash is refused in preflight, and without preflight the transfer never lands', async () => {
    const sender = await funded()
    const { address: recipient } = await generateKeyPairSigner()
    const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'processed' }).send()
    // Past lastValidBlockHeight for every commitment (confirmed lags the tip by one slot).
    solana.advanceSlots(160)
    const { value: valid } = await rpc
      .isBlockhashValid(lifetime.blockhash, { commitment: 'processed' })
      .send()
    expect(valid).toBe(false)

    const transaction = await signedTransfer(sender, recipient, SOL, lifetime)
    const sendAndConfirm = sendAndConfirmTransactionFactory({
      rpc,
      rpcSubscriptions: subscriptions,
    })
    const refused = await sendAndConfirm(transaction as Parameters<typeof sendAndConfirm>[0], {
      commitment: 'confirmed',
    }).catch((error: unknown) => error)
    expect(
      isSolanaError(
        refused,
        SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
      ),
    ).toBe(true)
    expect(
      isSolanaError(
        (refused as { cause?: unknown }).cause,
        SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
      ),
    ).toBe(true)

    const dropped = await sendAndConfirm(transaction as Parameters<typeof sendAndConfirm>[0], {
      commitment: 'confirmed',
      skipPreflight: true,
    }).catch((error: unknown) => error)
    expect(isSolanaError(dropped, SOLANA_ERROR__BLOCK_HEIGHT_EXCEEDED)).toBe(true)
    expect((await rpc.getBalance(recipient, { commitment: 'processed' }).send()).value).toBe(0n)
  })

  test('behavior: preflight runs against the bank at preflightCommitment: a confirmed blockhash is unknown to finalized', async () => {
    // A stopped clock, so the finalized bank cannot catch up while the test runs.
    const manual = await startSolanaRpc({ slotMs: 0 })
    try {
      const manualRpc = createSolanaRpc(manual.url)
      const sender = await generateKeyPairSigner()
      await manual.airdrop(sender.address, SOL)
      const { value: lifetime } = await manualRpc
        .getLatestBlockhash({ commitment: 'confirmed' })
        .send()
      const transaction = await signedTransfer(sender, sender.address, 1n, lifetime)
      const wire = getBase64EncodedWireTransaction(transaction)
      const early = await manualRpc
        .sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'finalized' })
        .send()
        .catch((error: unknown) => error)
      expect(
        isSolanaError(
          early,
          SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
        ),
      ).toBe(true)
      expect(
        isSolanaError(
          (early as { cause?: unknown }).cause,
          SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
        ),
      ).toBe(true)
      const signature = await manualRpc
        .sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'confirmed' })
        .send()
      expect(signature).toBe(getSignatureFromTransaction(transaction))
    } finally {
      await manual.stop()
    }
  })

  test('behavior: simulateTransaction reports the error and logs in value, not as an RPC error', async () => {
    const sender = await funded(SOL)
    const { address: recipient } = await generateKeyPairSigner()
    const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'processed' }).send()
    const transaction = await signedTransfer(sender, recipient, 5n * SOL, lifetime)
    const { value } = await rpc
      .simulateTransaction(getBase64EncodedWireTransaction(transaction), {
        encoding: 'base64',
        commitment: 'processed',
      })
      .send()
    // kit reads every JSON integer as a bigint.
    expect(value.err).toEqual({ InstructionError: [0n, { Custom: 1n }] })
    expect(value.logs?.at(-1)).toBe(
      'Program 11111111111111111111111111111111 failed: custom program error: 0x1',
    )
  })

  test('error: a transaction with a forged signature gets -32003', async () => {
    const sender = await funded(SOL)
    const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'processed' }).send()
    const transaction = await signedTransfer(sender, sender.address, 1n, lifetime)
    const forged = { ...transaction, signatures: { [sender.address]: new Uint8Array(64).fill(7) } }
    const raw = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'sendTransaction',
        params: [
          getBase64EncodedWireTransaction(forged as typeof transaction),
          { encoding: 'base64' },
        ],
      }),
    )
    expect(raw.body.error).toEqual({
      code: -32003,
      message: 'Transaction signature verification failure',
    })
  })
})

describe('subscriptions', () => {
  test('behavior: signatureSubscribe notifies once the transfer reaches the commitment, not before', async () => {
    const manual = await startSolanaRpc({ slotMs: 0 })
    try {
      const manualRpc = createSolanaRpc(manual.url)
      const manualSubscriptions = createSolanaRpcSubscriptions(manual.wsUrl)
      const sender = await generateKeyPairSigner()
      await manual.airdrop(sender.address, SOL)
      const { value: lifetime } = await manualRpc
        .getLatestBlockhash({ commitment: 'processed' })
        .send()
      const transaction = await signedTransfer(sender, sender.address, 1n, lifetime)
      const signature = getSignatureFromTransaction(transaction)
      const abort = new AbortController()
      const notifications = await manualSubscriptions
        .signatureNotifications(signature, { commitment: 'confirmed' })
        .subscribe({ abortSignal: abort.signal })
      const first = notifications[Symbol.asyncIterator]().next()

      await manualRpc
        .sendTransaction(getBase64EncodedWireTransaction(transaction), {
          encoding: 'base64',
          preflightCommitment: 'processed',
        })
        .send()
      const early = await Promise.race([
        first.then(() => 'notified'),
        sleep(300).then(() => 'quiet'),
      ])
      expect(early).toBe('quiet')
      const [processed] = (await manualRpc.getSignatureStatuses([signature]).send()).value
      expect(processed?.confirmationStatus).toBe('processed')

      manual.advanceSlots(1)
      const { value } = await first
      expect(value?.value).toEqual({ err: null })
      abort.abort()
    } finally {
      await manual.stop()
    }
  })

  test('behavior: accountSubscribe notifies the new lamports after an airdrop', async () => {
    const { address } = await generateKeyPairSigner()
    const abort = new AbortController()
    const notifications = await subscriptions
      .accountNotifications(address, { commitment: 'processed', encoding: 'base64' })
      .subscribe({ abortSignal: abort.signal })
    const next = notifications[Symbol.asyncIterator]().next()
    await solana.airdrop(address, 4n * SOL)
    const { value } = await next
    expect(value?.value.lamports).toBe(4n * SOL)
    abort.abort()
  })
  test('behavior: an unsubscribed account stops notifying; unknown ids and methods are typed errors on the socket', async () => {
    const { WebSocket } = await import('ws')
    const socket = new WebSocket(solana.wsUrl)
    const frames: Record<string, unknown>[] = []
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())))
    await new Promise((resolve) => socket.once('open', resolve))
    const ask = async (body: string, id: number) => {
      socket.send(body)
      for (let i = 0; i < 100 && !frames.some((frame) => frame.id === id); i++) await sleep(10)
      return frames.find((frame) => frame.id === id)
    }
    const { address } = await generateKeyPairSigner()
    const subscribed = await ask(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'accountSubscribe',
        params: [address, { commitment: 'processed', encoding: 'base64' }],
      }),
      1,
    )
    expect(typeof subscribed?.result).toBe('number')
    expect(
      await ask(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 2,
          method: 'accountUnsubscribe',
          params: [subscribed?.result],
        }),
        2,
      ),
    ).toEqual({ jsonrpc: '2.0', result: true, id: 2 })
    await solana.airdrop(address, SOL)
    await sleep(100)
    expect(frames.filter((frame) => frame.method === 'accountNotification')).toEqual([])
    expect(
      (
        await ask(
          JSON.stringify({
            jsonrpc: '2.0',
            id: 3,
            method: 'accountUnsubscribe',
            params: [subscribed?.result],
          }),
          3,
        )
      )?.error,
    ).toEqual({ code: -32602, message: 'Invalid subscription id.' })
    expect(
      (
        await ask(
          JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'getBalance', params: [address] }),
          4,
        )
      )?.error,
    ).toEqual({
      code: -32601,
      message: 'Method not found',
    })
    socket.send('{not json')
    for (let i = 0; i < 100 && !frames.some((frame) => frame.id === null); i++) await sleep(10)
    expect(frames.find((frame) => frame.id === null)).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error' },
      id: null,
    })
    socket.close()
  })
})

describe('protocol errors', () => {
  test('error: malformed JSON gets -32700 Parse error with a null id', async () => {
    const raw = await post('{"jsonrpc":"2.0","method":')
    expect(raw.status).toBe(200)
    expect(raw.body).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error' },
      id: null,
    })
  })

  test('error: an unknown method gets -32601 Method not found', async () => {
    const raw = await post(
      JSON.stringify({ jsonrpc: '2.0', id: 'x', method: 'getEverything', params: [] }),
    )
    expect(raw.body).toEqual({
      jsonrpc: '2.0',
      error: { code: -32601, message: 'Method not found' },
      id: 'x',
    })
  })

  test('error: a request without a method, a bad address and a bad commitment get typed errors; a batch answers each', async () => {
    const raw = await post(
      JSON.stringify([
        { jsonrpc: '2.0', id: 1 },
        { jsonrpc: '2.0', id: 2, method: 'getBalance', params: ['not-an-address'] },
        {
          jsonrpc: '2.0',
          id: 3,
          method: 'getBalance',
          params: [solana.chain.svm.latestBlockhash(), { commitment: 'soon' }],
        },
        { jsonrpc: '2.0', id: 4, method: 'getHealth' },
        {
          jsonrpc: '2.0',
          id: 5,
          method: 'sendTransaction',
          params: ['AAAA', { encoding: 'base64' }],
        },
      ]),
    )
    expect(raw.body[0]).toEqual({
      jsonrpc: '2.0',
      error: { code: -32600, message: 'Invalid request' },
      id: 1,
    })
    expect(raw.body[1].error).toEqual({ code: -32602, message: 'Invalid param: Invalid' })
    expect(raw.body[2].error.code).toBe(-32602)
    expect(raw.body[2].error.message).toMatch(/^Invalid params: unknown variant `soon`/)
    expect(raw.body[3]).toEqual({ jsonrpc: '2.0', result: 'ok', id: 4 })
    expect(raw.body[4].error.code).toBe(-32602)
    expect(raw.body[4].error.message).toMatch(
      /^Invalid params: failed to deserialize solana_transaction::versioned::VersionedTransaction/,
    )
    // The server is still up.
    expect(await rpc.getHealth().send()).toBe('ok')
  })

  test("behavior: the cluster methods answer with a validator's shapes", async () => {
    // A stopped clock, so every answer comes from the same tip.
    const manual = await startSolanaRpc({ slotMs: 0 })
    try {
      const manualRpc = createSolanaRpc(manual.url)
      const processed = await manualRpc.getSlot({ commitment: 'processed' }).send()
      expect(await manualRpc.getSlot({ commitment: 'confirmed' }).send()).toBe(processed - 1n)
      // kit adds `confirmed` where a call names no commitment: ask for finalized by name.
      const finalized = await manualRpc.getSlot({ commitment: 'finalized' }).send()
      expect(finalized).toBe(processed - 32n)
      const epoch = await manualRpc.getEpochInfo({ commitment: 'processed' }).send()
      expect(epoch).toMatchObject({
        absoluteSlot: processed,
        blockHeight: processed,
        slotsInEpoch: 432_000n,
      })
      expect(await manualRpc.getBlockHeight({ commitment: 'processed' }).send()).toBe(processed)
      expect(await manualRpc.getGenesisHash().send()).toBe(manual.genesisHash)
      expect((await manualRpc.getVersion().send())['solana-core']).toMatch(/^\d+\.\d+\.\d+/)
      expect(await manualRpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890_880n)
      const { context, value } = await manualRpc
        .getLatestBlockhash({ commitment: 'finalized' })
        .send()
      expect(context.slot).toBe(finalized)
      expect(value.lastValidBlockHeight).toBe(finalized + 150n)
      manual.advanceSlots(1)
      expect(await manualRpc.getSlot({ commitment: 'processed' }).send()).toBe(processed + 1n)
      const next = await manualRpc.getLatestBlockhash({ commitment: 'finalized' }).send()
      expect(next.value.blockhash).not.toBe(value.blockhash)
    } finally {
      await manual.stop()
    }
  })
})

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
