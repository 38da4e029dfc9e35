import { type ChildProcess, spawn } from 'node:child_process'
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
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

/** One JSON-RPC call that gives up after `ms` (a port that accepts and never answers cannot hang us). */
async function rpcWithin<T>(rpcUrl: string, method: string, ms: number) {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
    signal: AbortSignal.timeout(ms),
  })
  return ((await response.json()) as { result: T }).result
}

/**
 * The TCP port the process `pid` listens on, read from /proc (Linux, as the anvil binary is).
 * anvil is started on port 0, so the kernel picks a port only it holds: no window in which a
 * port found free is taken by another worker's node before this one binds it.
 */
function listeningPort(pid: number): number | undefined {
  const inodes = new Set<string>()
  let fds: string[]
  try {
    fds = readdirSync(`/proc/${pid}/fd`)
  } catch {
    return undefined
  }
  for (const fd of fds) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))
      if (match?.[1]) inodes.add(match[1])
    } catch {
      // closed meanwhile
    }
  }
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/)
    // local_address is HEXIP:HEXPORT, st 0A is LISTEN, the inode is the tenth field.
    if (fields[3] === '0A' && fields[9] && inodes.has(fields[9]))
      return Number.parseInt(fields[1]?.split(':')[1] ?? '', 16)
  }
  return undefined
}

async function waitUntilReady(child: ChildProcess, stderr: () => string) {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`anvil exited (${child.exitCode}): ${stderr()}`)
    const port = child.pid === undefined ? undefined : listeningPort(child.pid)
    if (port) {
      const rpcUrl = `http://127.0.0.1:${port}`
      try {
        return { port, rpcUrl, chainId: await rpcWithin<string>(rpcUrl, 'eth_chainId', 2_000) }
      } catch {
        // listening, not answering yet
      }
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`anvil did not answer within 15 s: ${stderr()}`)
}

/**
 * Starts anvil on a loopback port the kernel picks with Multicall3 in place. It mines each transaction in a
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
  const args = ['--host', '127.0.0.1', '--port', '0', '--chain-id', String(chainId)]
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

  let port: number
  let rpcUrl: string
  try {
    const ready = await waitUntilReady(child, () => errors)
    ;({ port, rpcUrl } = ready)
    if (Number(ready.chainId) !== chainId) throw new Error(`anvil answered chain ${ready.chainId}`)
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
