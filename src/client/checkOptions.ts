import type { LatchkeyOptions } from '../schemas/options'
import type { LatchkeyClient } from './types'

/**
 * Validates `options` (`parseOptions`, loaded here) and reports invalid ones as the client's
 * `failure` while they are still its options. For development builds, so a wrong option fails
 * before anyone opens the modal; a production build leaves validation to the modal chunk and
 * drops this call with its `process.env.NODE_ENV` branch.
 */
export async function checkOptions(client: LatchkeyClient, options: LatchkeyOptions) {
  const schema = await import('../schemas/parseOptions').catch(() => undefined)
  try {
    schema?.parseOptions(options)
  } catch (error) {
    if (client.options === options) client.fail({ error })
  }
}
