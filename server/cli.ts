#!/usr/bin/env node
import { runCli } from './cli/runCli'

// The `latchkey` bin: `latchkey serve [options]`, `--help`, `--version`. Stops cleanly on SIGINT and SIGTERM.
const { exitCode, listening } = await runCli(process.argv.slice(2), process.env)
if (!listening) process.exit(exitCode)
else
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      void listening.close().then(() => process.exit(0))
    })
