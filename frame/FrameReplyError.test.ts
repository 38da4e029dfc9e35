import { describe, expect, test } from 'vitest'
import { BroadcastUncertainError } from '../src/errors/BroadcastUncertainError'
import { ChainRequestFailedError } from '../src/errors/ChainRequestFailedError'
import { decodeFrameError } from '../src/frame/decodeFrameError'
import { readServerError, toReplyPayload } from './FrameReplyError'

const hash = `0x${'ef'.repeat(32)}`

/** What the host gets for a server answer: the frame reads it, replies, the host decodes. */
const hostGets = (body: unknown) =>
  decodeFrameError(JSON.parse(JSON.stringify(toReplyPayload(readServerError(body)))), 'RPC_REQUEST')

describe('readServerError / toReplyPayload', () => {
  test('behavior: a send that did not go out reaches the host saying so (mayHaveBeenSent: false)', () => {
    const replaced = hostGets({
      error: {
        name: 'ChainRequestFailedError',
        message: 'Another transaction of this account was mined with the same nonce',
        code: -32603,
        mayHaveBeenSent: false,
      },
    })
    expect(replaced).toBeInstanceOf(ChainRequestFailedError)
    expect(replaced).toMatchObject({
      shortMessage: 'Another transaction of this account was mined with the same nonce',
      code: -32603,
      mayHaveBeenSent: false,
    })
  })

  test('behavior: a send that may have gone out reaches the host with its hash, nonce and flag', () => {
    const uncertain = hostGets({
      error: {
        name: 'BroadcastUncertainError',
        message: 'The transaction may have been sent; check its hash before sending again',
        hash,
        nonce: 4,
        mayHaveBeenSent: true,
      },
    })
    expect(uncertain).toBeInstanceOf(BroadcastUncertainError)
    expect(uncertain).toMatchObject({ hash, nonce: 4, mayHaveBeenSent: true })
  })
})
