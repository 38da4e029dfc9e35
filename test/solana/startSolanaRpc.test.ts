import { type Address, createSolanaRpc, generateKeyPairSigner, lamports } from '@solana/kit'
import { describe, expect, test } from 'vitest'
import { setupSolanaCluster } from './setupSolanaCluster'
import { post, SOL } from './solanaRpc.fixture'
import { startSolanaRpc } from './startSolanaRpc'

const cluster = setupSolanaCluster()

describe('accounts', () => {
  test('default: requestAirdrop then getBalance through kit shows the lamports', async () => {
    const { address } = await generateKeyPairSigner()
    expect((await cluster.rpc.getBalance(address).send()).value).toBe(0n)
    const signature = await cluster.rpc
      .requestAirdrop(address, lamports(3n * SOL), { commitment: 'processed' })
      .send()
    const { value } = await cluster.rpc.getBalance(address, { commitment: 'processed' }).send()
    expect(value).toBe(3n * SOL)
    const [status] = (await cluster.rpc.getSignatureStatuses([signature]).send()).value
    expect(status?.err).toBeNull()
  })

  test('behavior: getAccountInfo answers null for a missing account and base64 data for a present one', async () => {
    const { address } = await generateKeyPairSigner()
    expect(
      (await cluster.rpc.getAccountInfo(address, { encoding: 'base64' }).send()).value,
    ).toBeNull()
    await cluster.solana.airdrop(address, SOL)
    const { value } = await cluster.rpc.getAccountInfo(address, { encoding: 'base64' }).send()
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
    const { mint, mintAuthority } = await cluster.solana.createMint({ decimals: 6 })
    const { tokenAccount } = await cluster.solana.mintSplToken({
      mint,
      mintAuthority,
      owner,
      amount: 12_500_000n,
    })

    const { value } = await cluster.rpc
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
    const byProgram = await cluster.rpc
      .getTokenAccountsByOwner(
        owner,
        { programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address },
        { encoding: 'jsonParsed' },
      )
      .send()
    expect(byProgram.value.map((item) => item.pubkey)).toEqual([tokenAccount])
    const balance = await cluster.rpc.getTokenAccountBalance(tokenAccount).send()
    expect(balance.value).toEqual({
      amount: '12500000',
      decimals: 6,
      uiAmount: 12.5,
      uiAmountString: '12.5',
    })
    const mintInfo = await cluster.rpc.getAccountInfo(mint, { encoding: 'jsonParsed' }).send()
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
    await cluster.solana.airdrop(present, SOL)
    const { mint } = await cluster.solana.createMint({ decimals: 2 })
    const { value } = await cluster.rpc
      .getMultipleAccounts([missing, present, mint], { encoding: 'base64' })
      .send()
    expect(value[0]).toBeNull()
    expect(value[1]?.lamports).toBe(SOL)
    expect(value[2]?.owner).toBe('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
    expect(value[2]?.space).toBe(82n)
    const sliced = await cluster.rpc
      .getAccountInfo(mint, { encoding: 'base58', dataSlice: { offset: 44, length: 1 } })
      .send()
    // Byte 44 of a mint is its decimals: 2 is base58 "3".
    expect(sliced.value?.data).toEqual(['3', 'base58'])
    const { mintAuthority } = await cluster.solana.createMint({ decimals: 2 })
    const { mint: second } = await cluster.solana.createMint({ decimals: 2, mintAuthority })
    const { tokenAccount } = await cluster.solana.mintSplToken({
      mint: second,
      mintAuthority,
      owner: present,
      amount: 1n,
    })
    const tooBig = await post(
      cluster.solana.url,
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
    await cluster.solana.airdrop(address, SOL)
    const notToken = await post(
      cluster.solana.url,
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
      cluster.solana.url,
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

describe('protocol errors', () => {
  test('error: malformed JSON gets -32700 Parse error with a null id', async () => {
    const raw = await post(cluster.solana.url, '{"jsonrpc":"2.0","method":')
    expect(raw.status).toBe(200)
    expect(raw.body).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error' },
      id: null,
    })
  })

  test('error: an unknown method gets -32601 Method not found', async () => {
    const raw = await post(
      cluster.solana.url,
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
      cluster.solana.url,
      JSON.stringify([
        { jsonrpc: '2.0', id: 1 },
        { jsonrpc: '2.0', id: 2, method: 'getBalance', params: ['not-an-address'] },
        {
          jsonrpc: '2.0',
          id: 3,
          method: 'getBalance',
          params: [cluster.solana.chain.svm.latestBlockhash(), { commitment: 'soon' }],
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
    expect(await cluster.rpc.getHealth().send()).toBe('ok')
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
