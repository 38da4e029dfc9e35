import { vi } from 'vitest'
import type { FrameRequestType } from '../../src/schemas/frameRequests'

// Test harness only (imported by *.test.ts in happy-dom, after `stubFramePages()`): a fake frame
// that answers each request from a script, replying through real MessageEvents with the frame's
// origin and window, so the FrameClient's checks run as in a browser.

/** The frame URL the scripted frame stands for, and its origin. */
export const scriptedFrameUrl = 'https://wallet.example.com/frame'
const scriptedFrameOrigin = 'https://wallet.example.com'

/** A scripted answer: a success payload, an error reply, or no answer at all. */
export type ScriptedReply =
  | { payload?: unknown }
  | { error: { message?: string; code?: number; name?: string; details?: Record<string, string> } }
  | 'hang'

/** One type's answer: a reply, replies in turn (the last one repeats), or a function of the payload. */
export type ScriptEntry =
  | ScriptedReply
  | ScriptedReply[]
  | ((payload: unknown) => ScriptedReply | Promise<ScriptedReply>)

/** Answers per request type; a type without one gets an error reply 'Not scripted'. */
export type FrameScript = Partial<Record<FrameRequestType, ScriptEntry>>

function next(entry: ScriptEntry | undefined, payload: unknown) {
  if (entry === undefined) return { error: { message: 'Not scripted' } }
  if (typeof entry === 'function') return entry(payload)
  if (Array.isArray(entry)) return (entry.length > 1 ? entry.shift() : entry[0]) ?? 'hang'
  return entry
}

/** A message the host posted to the frame. */
export type ScriptedPost = { id: string; type: FrameRequestType; payload?: unknown }

/** Creates a scripted frame: its `container` wires the iframe appended there (ready at once with `autoReady`). */
export function createScriptedFrame(script: FrameScript, { autoReady = true } = {}) {
  const posted: ScriptedPost[] = []
  const container = document.createElement('div')
  document.body.appendChild(container)
  let frameWindow: Window | undefined

  function deliver(data: unknown, origin = scriptedFrameOrigin) {
    window.dispatchEvent(
      new MessageEvent('message', { data, origin, source: frameWindow as MessageEventSource }),
    )
  }

  async function answer(message: ScriptedPost) {
    const reply: ScriptedReply = await next(script[message.type], message.payload)
    if (reply === 'hang') return
    if ('error' in reply)
      deliver({ id: message.id, type: `${message.type}_ERROR`, payload: reply.error })
    else
      deliver({
        id: message.id,
        type: `${message.type}_SUCCESS`,
        ...(reply.payload === undefined ? {} : { payload: reply.payload }),
      })
  }

  function attach(iframe: HTMLIFrameElement) {
    frameWindow = iframe.contentWindow as Window
    vi.spyOn(frameWindow, 'postMessage').mockImplementation((message: unknown) => {
      const post = message as ScriptedPost
      posted.push(post)
      Promise.resolve()
        .then(() => answer(post))
        .catch(() => {})
    })
    if (autoReady) Promise.resolve().then(() => signalReady())
  }

  const appendChild = container.appendChild.bind(container)
  container.appendChild = <T extends Node>(node: T): T => {
    appendChild(node)
    if (node instanceof HTMLIFrameElement) attach(node)
    return node
  }

  function signalReady(version = '0.1.0') {
    deliver({ type: 'READY', payload: { version } })
  }

  return {
    container,
    posted,
    script,
    deliver,
    signalReady,
    /** The request types posted so far, in order. */
    types: () => posted.map((post) => post.type),
    /** The last posted request of a type. */
    last: (type: FrameRequestType) => posted.filter((post) => post.type === type).at(-1),
  }
}
