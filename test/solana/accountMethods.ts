/** Account reads: balances, account info, token accounts, rent. */
import type { Address } from '@solana/kit'
import type { SolanaChain } from './createSolanaChain'
import { accountConfig, encodeAccount } from './encodeAccount'
import { addressParam, configParam, contextSlot, integerParam } from './params'
import { isTokenProgram, readMint, readTokenAccount, uiTokenAmount } from './parseTokenAccount'
import { invalidParam, invalidParams, SolanaRpcError } from './rpcError'
import type { MethodTable } from './types'
import { withContext } from './types'

/** The account-reading methods. */
export function accountMethods(chain: SolanaChain): MethodTable {
  const accountAt = (address: Address) => chain.svm.getAccount(address)
  const mintDecimals = (mint: Address) => {
    const account = accountAt(mint)
    return account.exists ? readMint(new Uint8Array(account.data))?.decimals : undefined
  }

  return {
    getBalance([address, config]) {
      const who = addressParam(address)
      const slot = contextSlot(chain, configParam(config))
      return withContext(slot, chain.svm.getBalance(who) ?? 0n)
    },
    getAccountInfo([address, rawConfig]) {
      const who = addressParam(address)
      const config = configParam(rawConfig)
      const slot = contextSlot(chain, config)
      return withContext(
        slot,
        encodeAccount(accountAt(who), accountConfig(config, 'binary'), accountAt),
      )
    },
    getMultipleAccounts([addresses, rawConfig]) {
      if (!Array.isArray(addresses))
        throw invalidParams('invalid type: expected a sequence of addresses')
      if (addresses.length > 100) {
        throw new SolanaRpcError(-32602, 'Too many inputs provided; max 100')
      }
      const who = addresses.map(addressParam)
      const config = configParam(rawConfig)
      const slot = contextSlot(chain, config)
      const encoding = accountConfig(config, 'base64')
      return withContext(
        slot,
        who.map((address) => encodeAccount(accountAt(address), encoding, accountAt)),
      )
    },
    getMinimumBalanceForRentExemption([length]) {
      return chain.svm.minimumBalanceForRentExemption(integerParam(length ?? 0, 'data length'))
    },
    getTokenAccountsByOwner([owner, filter, rawConfig]) {
      const who = addressParam(owner)
      const config = configParam(rawConfig)
      const slot = contextSlot(chain, config)
      const encoding = accountConfig(config, 'binary')
      const { program, mint } = tokenFilter(chain, filter)
      const value = chain.svm
        .getProgramAccounts(program)
        .filter((account) => {
          const token = readTokenAccount(new Uint8Array(account.data))
          return token && token.owner === who && (mint === undefined || token.mint === mint)
        })
        .map((account) => ({
          account: encodeAccount({ ...account, exists: true }, encoding, accountAt),
          pubkey: account.address,
        }))
      return withContext(slot, value)
    },
    getTokenAccountBalance([address, rawConfig]) {
      const who = addressParam(address)
      const slot = contextSlot(chain, configParam(rawConfig))
      const account = accountAt(who)
      if (!account.exists) throw invalidParam('could not find account')
      const token = isTokenProgram(account.programAddress)
        ? readTokenAccount(new Uint8Array(account.data))
        : undefined
      const decimals = token ? mintDecimals(token.mint) : undefined
      if (!token || decimals === undefined) throw invalidParam('not a Token account')
      return withContext(slot, uiTokenAmount(token.amount, decimals))
    },
    getTokenSupply([address, rawConfig]) {
      const who = addressParam(address)
      const slot = contextSlot(chain, configParam(rawConfig))
      const account = accountAt(who)
      const mint =
        account.exists && isTokenProgram(account.programAddress)
          ? readMint(new Uint8Array(account.data))
          : undefined
      if (!mint) throw invalidParam('not a Token mint')
      return withContext(slot, uiTokenAmount(mint.supply, mint.decimals))
    },
  }
}

function tokenFilter(chain: SolanaChain, filter: unknown): { program: Address; mint?: Address } {
  const value = configParam(filter)
  if (typeof value.mint === 'string') {
    const mint = addressParam(value.mint)
    const account = chain.svm.getAccount(mint)
    if (!account.exists || !isTokenProgram(account.programAddress)) {
      throw invalidParam('could not find mint')
    }
    return { program: account.programAddress, mint }
  }
  if (typeof value.programId === 'string') {
    const program = addressParam(value.programId)
    if (!isTokenProgram(program)) throw invalidParam('unrecognized Token program id')
    return { program }
  }
  throw invalidParams('expected a filter object with `mint` or `programId`')
}
