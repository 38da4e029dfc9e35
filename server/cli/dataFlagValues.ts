import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { OptionsValidationError } from '../../src/errors/OptionsValidationError'
import { last, pairs, positiveInteger, switchValue } from './serveFlagValues'

/** `--directory <registry.json>`; `sample` (or `true`): the built-in sample registry. */
export function registryPath(raw: string[]): string | undefined {
  const value = last(raw)
  return value === 'sample' || value === 'true' ? undefined : value
}

/** `true`/`false` (also 1/0, yes/no), else an `OptionsValidationError` naming the flag. */
export function onOff(raw: string[], flag: string): boolean {
  const value = switchValue(last(raw).trim())
  if (value === undefined)
    throw new OptionsValidationError({
      option: flag,
      reason: `Expected true or false, received "${last(raw)}".`,
    })
  return value
}

/** A whole number, 0 included (0 turns the thing off). */
export function wholeNumberOrZero(raw: string[], flag: string): number {
  const value = last(raw)
  return value === '0' ? 0 : positiveInteger(flag, value)
}

/** The parsed JSON of a file (relative to the working folder), else an error naming the flag. */
export function readJsonFile(path: string, flag: string): unknown {
  let text: string
  try {
    text = readFileSync(resolve(path), 'utf8')
  } catch (error) {
    throw new OptionsValidationError({
      option: flag,
      reason: `Cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
    })
  }
  try {
    return JSON.parse(text)
  } catch {
    throw new OptionsValidationError({ option: flag, reason: `${path} is not valid JSON.` })
  }
}

/** `--chain-data <file.json>`: the whole `chainData` option from a JSON file. */
export function jsonFile(raw: string[], flag: string): unknown {
  return readJsonFile(last(raw), flag)
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** An icon the data API may show (https or data:image); others (ipfs:, http:) are left out. */
const usableIcon = (value: unknown) =>
  typeof value === 'string' && /^(https:|data:image\/)/i.test(value) ? value : undefined

/**
 * One chain's tokens from a token list file: a JSON array of `{ address, name, symbol,
 * decimals, iconUrl?, price? }`, or a Uniswap-style list `{ tokens: [{ chainId, address, name,
 * symbol, decimals, logoURI? }] }` (entries of other chains are skipped; `logoURI` is the icon
 * when it is https or data:image). Each entry is checked by the `chainData` schema at start.
 */
function tokensOf(list: unknown, chainId: number): unknown[] {
  const entries = Array.isArray(list) ? list : isRecord(list) ? list.tokens : undefined
  if (!Array.isArray(entries)) return [list]
  return entries
    .filter((entry) => !isRecord(entry) || entry.chainId === undefined || entry.chainId === chainId)
    .map((entry) => {
      if (!isRecord(entry) || !('chainId' in entry || 'logoURI' in entry)) return entry
      const { chainId: _chain, logoURI, extensions: _extensions, tags: _tags, ...rest } = entry
      const iconUrl = rest.iconUrl ?? usableIcon(logoURI)
      return iconUrl === undefined ? rest : { ...rest, iconUrl }
    })
}

/** `--token-list <chainId=file.json>`, repeatable: `{ [chainId]: { tokens } }` of `chainData.chains`. */
export function tokenLists(raw: string[], flag: string): Record<string, { tokens: unknown[] }> {
  return Object.fromEntries(
    Object.entries(pairs(flag, raw)).map(([chainId, path]) => [
      chainId,
      { tokens: tokensOf(readJsonFile(path, flag), Number(chainId)) },
    ]),
  )
}

/** `--name-resolver <chainId=0x…>`, repeatable: the universal resolver of each chain. */
export function nameResolvers(
  raw: string[],
  flag: string,
): Record<string, { ensUniversalResolver: string }> {
  return Object.fromEntries(
    Object.entries(pairs(flag, raw)).map(([chainId, address]) => [
      chainId,
      { ensUniversalResolver: address },
    ]),
  )
}
