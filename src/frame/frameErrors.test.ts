import { describe, expect, test } from 'vitest'
import { BaseError } from '../errors/base'
import { FrameDisconnectedError } from '../errors/FrameDisconnectedError'
import { FrameLoadError, frameLoadHint } from '../errors/FrameLoadError'
import { FrameNotMountedError } from '../errors/FrameNotMountedError'
import { FrameProtocolError } from '../errors/FrameProtocolError'
import { FrameRequestAbortedError } from '../errors/FrameRequestAbortedError'
import { FrameRequestError } from '../errors/FrameRequestError'
import { FrameRpcNotAllowedError } from '../errors/FrameRpcNotAllowedError'
import { FrameTimeoutError } from '../errors/FrameTimeoutError'
import { InvalidFrameUrlError } from '../errors/InvalidFrameUrlError'

describe('frame errors', () => {
  test('default: SPEC §8 strings and names', () => {
    const errors = [
      new FrameRequestError({ type: 'GET_USER', message: 'No session' }),
      new FrameRequestError({ type: 'GET_USER' }),
      new FrameRequestAbortedError({ type: 'RPC_REQUEST' }),
      new FrameRequestAbortedError({ type: 'CONNECT_EMAIL' }),
      new FrameLoadError(),
      new FrameTimeoutError({ reason: 'iframe_load_failed', timeout: 20_000 }),
      new FrameTimeoutError({
        reason: 'iframe_request_timeout',
        type: 'CONNECT_OTP',
        timeout: 30_000,
      }),
      new FrameRpcNotAllowedError({ method: 'eth_sign' }),
      new FrameNotMountedError(),
      new FrameDisconnectedError(),
      new FrameDisconnectedError({ reason: 'reloaded' }),
      new FrameProtocolError({ direction: 'incoming', reason: 'x' }),
      new FrameProtocolError({ direction: 'outgoing', reason: 'x' }),
      new InvalidFrameUrlError({ frameUrl: 'nope' }),
    ]
    for (const error of errors) expect(error).toBeInstanceOf(BaseError)
    expect(errors.map((error) => [error.name, error.shortMessage])).toMatchInlineSnapshot(`
      [
        [
          "FrameRequestError",
          "No session",
        ],
        [
          "FrameRequestError",
          "An error occurred",
        ],
        [
          "FrameRequestAbortedError",
          "Request was aborted",
        ],
        [
          "FrameRequestAbortedError",
          "Something went wrong",
        ],
        [
          "FrameLoadError",
          "Unable to load email login dependency",
        ],
        [
          "FrameTimeoutError",
          "Unable to load email login dependency",
        ],
        [
          "FrameTimeoutError",
          "Embedded wallet request timed out",
        ],
        [
          "FrameRpcNotAllowedError",
          "Requested RPC call is not allowed",
        ],
        [
          "FrameNotMountedError",
          "Frame is not mounted",
        ],
        [
          "FrameDisconnectedError",
          "The embedded wallet frame was closed.",
        ],
        [
          "FrameDisconnectedError",
          "The embedded wallet frame reloaded before it answered.",
        ],
        [
          "FrameProtocolError",
          "The embedded wallet frame sent an invalid message.",
        ],
        [
          "FrameProtocolError",
          "The embedded wallet request is invalid.",
        ],
        [
          "InvalidFrameUrlError",
          "Frame URL "nope" is invalid.",
        ],
      ]
    `)
  })

  test('parameters: timeout details', () => {
    const error = new FrameTimeoutError({
      reason: 'iframe_request_timeout',
      type: 'CONNECT_EMAIL',
      timeout: 30_000,
    })
    expect(error.message).toMatchInlineSnapshot(`
      "Embedded wallet request timed out

      Request: CONNECT_EMAIL
      Timeout: 30000 ms

      Docs: node_modules/latchkey/docs/errors.md#frame
      Version: latchkey@0.1.0"
    `)
  })

  test("A8 the load failure says to check the frame URL and the project's allowed origins", () => {
    const frameUrl = 'https://wallet.example.com/frame?projectId=demo&chainId=1&version=0.1.0'
    const texts = [
      new FrameLoadError({ frameUrl, reason: 'noReadySignal' }).message,
      new FrameLoadError({ frameUrl }).message,
      new FrameLoadError({ frameUrl, reason: 'unreachable' }).message,
      new FrameTimeoutError({ reason: 'iframe_load_failed', timeout: 20_000, frameUrl }).message,
      frameLoadHint(frameUrl, 'noReadySignal'),
      frameLoadHint(frameUrl, 'timeout'),
    ]
    expect(texts).toMatchInlineSnapshot(`
      [
        "Unable to load email login dependency

      Frame: https://wallet.example.com/frame?projectId=demo&chainId=1&version=0.1.0
      A page loaded at the frame URL but never signalled ready: check that the URL is the server's /frame page (not a 404 or 500) and that this site's origin is on the project's allowed origins.

      Docs: node_modules/latchkey/docs/errors.md#frame
      Version: latchkey@0.1.0",
        "Unable to load email login dependency

      Frame: https://wallet.example.com/frame?projectId=demo&chainId=1&version=0.1.0
      Check that the frame URL is reachable and that this site's origin is on the project's allowed origins.

      Docs: node_modules/latchkey/docs/errors.md#frame
      Version: latchkey@0.1.0",
        "Unable to load email login dependency

      Frame: https://wallet.example.com/frame?projectId=demo&chainId=1&version=0.1.0
      Nothing answered at the frame URL (connection refused, unknown host or TLS failure): is \`latchkey serve\` running and reachable there?

      Docs: node_modules/latchkey/docs/errors.md#frame
      Version: latchkey@0.1.0",
        "Unable to load email login dependency

      Frame: https://wallet.example.com/frame?projectId=demo&chainId=1&version=0.1.0
      The embedded wallet frame did not signal ready within 20000 ms.
      Check that the frame URL is reachable and that this site's origin is on the project's allowed origins.

      Docs: node_modules/latchkey/docs/errors.md#frame
      Version: latchkey@0.1.0",
        "latchkey: the embedded wallet frame did not load from https://wallet.example.com/frame?projectId=demo&chainId=1&version=0.1.0. A page loaded at the frame URL but never signalled ready: check that the URL is the server's /frame page (not a 404 or 500) and that this site's origin is on the project's allowed origins.",
        "latchkey: the embedded wallet frame did not load from https://wallet.example.com/frame?projectId=demo&chainId=1&version=0.1.0. It did not signal ready in time: is \`latchkey serve\` reachable from the browser at that URL, and is this site's origin on the project's allowed origins?",
      ]
    `)
  })
})
