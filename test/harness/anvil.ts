import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'

/** Canonical Multicall3 address (same on every chain). */
export const multicall3Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

/** A running anvil node. */
export interface AnvilNode {
  chainId: number
  port: number
  rpcUrl: string
  stop(): Promise<void>
}

const require = createRequire(import.meta.url)
const running = new Set<ChildProcess>()

/** Kills every anvil this process started (exit, SIGINT, SIGTERM). */
function killAll() {
  for (const child of running) child.kill('SIGKILL')
  running.clear()
}

let hooked = false
function hookExit() {
  if (hooked) return
  hooked = true
  process.once('exit', killAll)
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAll()
      // Keep the default behaviour (exit) unless someone else (Vitest) handles the signal.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
    })
  }
}

/** The anvil binary shipped by `@foundry-rs/anvil-linux-amd64`. */
export function anvilBinary(): string {
  const pkg = require.resolve('@foundry-rs/anvil-linux-amd64/package.json')
  return join(dirname(pkg), 'bin', 'anvil')
}

/** A free TCP port on 127.0.0.1 (asks the kernel for one, then releases it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/**
 * Runtime code of Multicall3, cut from viem's creation code (no internet here).
 * viem's `multicall3Bytecode` is creation code: a 32-byte constructor that CODECOPYs
 * the runtime (length in its first PUSH2) from offset 0x20 and RETURNs it.
 */
export function multicall3RuntimeCode(): `0x${string}` {
  const viemRoot = dirname(require.resolve('viem/package.json'))
  const source = readFileSync(join(viemRoot, '_esm/constants/contracts.js'), 'utf8')
  const match = source.match(/multicall3Bytecode = '0x([0-9a-f]+)'/)
  if (!match?.[1]) throw new Error('multicall3Bytecode not found in viem')
  const creation = match[1]
  const header = creation.slice(0, 64)
  const lengthMatch = header.match(/^608060405234801561001057600080fd5b5061([0-9a-f]{4})80610020/)
  if (!lengthMatch?.[1]) throw new Error('unexpected Multicall3 creation code layout')
  const length = Number.parseInt(lengthMatch[1], 16)
  const runtime = creation.slice(64, 64 + length * 2)
  if (runtime.length !== length * 2) throw new Error('Multicall3 runtime code is truncated')
  return `0x${runtime}`
}

/** One JSON-RPC call over HTTP; throws on an RPC error. */
export async function rpc<T = unknown>(rpcUrl: string, method: string, params: unknown[] = []) {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

async function waitUntilReady(rpcUrl: string, child: ChildProcess, stderr: () => string) {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`anvil exited (${child.exitCode}): ${stderr()}`)
    try {
      return await rpc<string>(rpcUrl, 'eth_chainId')
    } catch {
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  throw new Error(`anvil did not answer on ${rpcUrl} within 15 s: ${stderr()}`)
}

/**
 * Starts anvil on a free loopback port with Multicall3 in place. It mines each transaction in a
 * block of its own as it arrives, or every `blockTime` seconds (interval mining: a burst of
 * sends lands in a few blocks instead of one block each).
 */
export async function startAnvil({
  chainId,
  blockTime,
}: {
  chainId: number
  blockTime?: number | undefined
}): Promise<AnvilNode> {
  hookExit()
  const port = await freePort()
  const rpcUrl = `http://127.0.0.1:${port}`
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId)]
  if (blockTime !== undefined) args.push('--block-time', String(blockTime))
  const child = spawn(anvilBinary(), [...args, '--silent'], { stdio: ['ignore', 'ignore', 'pipe'] })
  running.add(child)
  let errors = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString()
  })
  child.once('exit', () => running.delete(child))

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 2_000)
    await exited
    clearTimeout(timer)
  }

  try {
    const answered = await waitUntilReady(rpcUrl, child, () => errors)
    if (Number(answered) !== chainId) throw new Error(`anvil answered chain ${answered}`)
    await rpc(rpcUrl, 'anvil_setCode', [multicall3Address, multicall3RuntimeCode()])
    // getBlockNumber() through Multicall3 proves the code runs.
    const block = await rpc<string>(rpcUrl, 'eth_call', [
      { to: multicall3Address, data: '0x42cbb15c' },
      'latest',
    ])
    if (!/^0x[0-9a-f]{64}$/.test(block)) throw new Error(`Multicall3 call failed: ${block}`)
  } catch (error) {
    await stop()
    throw error
  }
  return { chainId, port, rpcUrl, stop }
}

/** Takes an EVM snapshot; call the returned function to go back to it. */
export async function snapshot(rpcUrl: string): Promise<() => Promise<void>> {
  const id = await rpc<string>(rpcUrl, 'evm_snapshot')
  return async () => {
    const reverted = await rpc<boolean>(rpcUrl, 'evm_revert', [id])
    if (!reverted) throw new Error(`evm_revert ${id} failed on ${rpcUrl}`)
  }
}
