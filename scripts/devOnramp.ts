/**
 * The on-ramp sandbox of `npm run dev` and the screenshots (issue 15): besides each chain's own
 * currency, it sells the swap lab's USDL on chain 1, which the sandbox's funder (anvil's tenth
 * account) is given to deliver.
 */
import { parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { anvilSandboxFunderKey } from '../server/onramp/onrampOptions'
import type { LatchkeyServerOptions } from '../server/options'
import type { SwapLab } from '../test/harness/swap/deploySwapLab'

/** Gives the sandbox's funder USDL and returns the server's `onramp` option selling it. */
export async function devOnrampOption(
  lab: Pick<SwapLab, 'usdl' | 'mint'>,
): Promise<NonNullable<LatchkeyServerOptions['onramp']>> {
  const funder = privateKeyToAccount(anvilSandboxFunderKey)
  await lab.mint(lab.usdl, funder.address, parseUnits('1000000', 6))
  return {
    sandbox: {
      tokens: {
        1: [
          {
            address: lab.usdl,
            symbol: 'USDL',
            name: 'Lab Dollar',
            decimals: 6,
            prices: { USD: '1.00', EUR: '0.92', GBP: '0.79' },
          },
        ],
      },
    },
  }
}
