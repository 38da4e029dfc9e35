import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { packLatchkey, repo } from '../consumers/packLatchkey'

// The published `.d.ts` files, from the packed tarball, must pass `tsc` with `skipLibCheck: false`
// (a user's strict setting). Only our declarations are judged: wagmi 3's own fail in that mode.
// The project sits under the repository's `.tmp/` so the peers (react, wagmi, viem, hono, …)
// resolve from its node_modules; `latchkey` itself is the unpacked tarball (the project's own
// package.json stops TypeScript resolving `latchkey` to the repository by self-reference).
const entries = [
  'latchkey',
  'latchkey/connectors',
  'latchkey/connectors/walletConnect',
  'latchkey/connectors/socialReturn',
  'latchkey/solana',
  'latchkey/react',
  'latchkey/server',
]

mkdirSync(join(repo, '.tmp'), { recursive: true })
const project = mkdtempSync(join(repo, '.tmp', 'declarations-'))
afterAll(() => rmSync(project, { recursive: true, force: true }))

test('default: every entry’s declarations pass tsc with skipLibCheck false', async () => {
  const { tarball } = await packLatchkey()
  const installed = join(project, 'node_modules', 'latchkey')
  mkdirSync(installed, { recursive: true })
  const untar = spawnSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1'])
  expect(untar.status, String(untar.stderr)).toBe(0)

  writeFileSync(join(project, 'package.json'), '{ "name": "declarations-check", "private": true }')
  writeFileSync(
    join(project, 'index.ts'),
    entries.map((entry, i) => `import * as entry${i} from '${entry}'\nvoid entry${i}\n`).join(''),
  )
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'Bundler',
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: ['node'],
      },
      files: ['index.ts'],
    }),
  )

  // One run: `--listFiles` prints the files read, then come the diagnostics.
  const tsc = spawnSync(
    process.execPath,
    [
      join(repo, 'node_modules/typescript/bin/tsc'),
      '-p',
      project,
      '--pretty',
      'false',
      '--listFiles',
    ],
    { cwd: project, encoding: 'utf8' },
  )
  const output = `${tsc.stdout}${tsc.stderr}`
  const diagnostics = output.split('\n').filter((line) => /(^|\s)error TS\d+:/.test(line))
  // Ours: any diagnostic in the unpacked package, in the importing file, or of the project itself.
  const ours = diagnostics.filter(
    (line) =>
      line.includes('node_modules/latchkey/') ||
      line.startsWith('index.ts') ||
      line.startsWith('error'),
  )
  expect(ours).toEqual([])
  // The check ran on the tarball's declarations (a resolution failure would show in index.ts).
  for (const file of ['src', 'connectors', 'connectors/solana', 'ui', 'server'])
    expect(output).toContain(join(installed, 'dist', file, 'index.d.ts'))
}, 600_000)
