import { OptionsValidationError } from '../../src/errors/OptionsValidationError'
import { deriveKeys, parseMasterKey } from '../crypto/masterKey'
import type { Logger } from '../logger'
import { type RotationReport, rotateMasterKey } from '../ops/rotateMasterKey'
import { type LatchkeyServerOptions, parseServerOptions } from '../options'
import { openStorage } from '../storage/openStorage'

const names = {
  wallet: 'wallet keys',
  solanaWallet: 'Solana keys',
  serverShare: 'server shares',
  deviceShare: 'server shares of devices',
  totpSecret: 'authenticator secrets',
}

function summary(report: RotationReport): string {
  return `${report.rotated} re-encrypted, ${report.current} already under the new key, ${report.unreadable} opened by no key given`
}

/**
 * `latchkey rotate-master-key`: every secret an `--extra-master-key` (the old key) opens is
 * re-encrypted under `--master-key` (the new one), on the database of `--database-url`. Exit code
 * 0 when every secret is now under the new key, 1 otherwise (run it again to resume).
 */
export async function runRotateMasterKey(
  input: LatchkeyServerOptions,
  logger: Logger,
): Promise<number> {
  const options = parseServerOptions(input)
  if (!options.masterKey || options.extraMasterKeys.length === 0)
    throw new OptionsValidationError({
      option: options.masterKey ? 'extraMasterKeys' : 'masterKey',
      reason:
        'latchkey rotate-master-key needs the new key (--master-key) and the old one (--extra-master-key).',
    })
  const keys = deriveKeys(
    parseMasterKey(options.masterKey),
    options.extraMasterKeys.map(parseMasterKey),
  )
  const storage = await openStorage(options, Date.now)
  try {
    let shown = ''
    const report = await rotateMasterKey({
      storage,
      keys,
      onPage(kind, sofar) {
        const line = `latchkey rotate-master-key: ${names[kind]}… ${summary(sofar)}`
        if (line !== shown) logger.info(line)
        shown = line
      },
    })
    if (report.unreadable > 0) {
      logger.warn(
        `latchkey rotate-master-key: ${summary(report)}. Secrets no key opens are left as they are: check the keys, then run it again.`,
      )
      return 1
    }
    logger.info(
      `latchkey rotate-master-key: done: ${summary(report)}. Every secret is under the new key: restart the servers without --extra-master-key.`,
    )
    return 0
  } finally {
    await storage.close()
  }
}
