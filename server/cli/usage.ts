import { envName, serveFlags } from './serveFlags'

const width = 100
const column = 34

/** Words of `text` in lines of at most `width - column`, each after `column` spaces. */
function wrap(text: string): string[] {
  const lines: string[] = []
  let line = ''
  // Split on plain spaces only: a no-break space (U+00A0) keeps `option: path` on one line.
  for (const word of text.split(/ +/)) {
    if (line && line.length + 1 + word.length > width - column) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines.map((each) => each.replace(/\u00a0/g, ' '))
}

/** One flag in help: the flag, then description, [VARIABLE] and option: path, wrapped. */
function describe(flag: (typeof serveFlags)[number]): string {
  const head = `  --${flag.name} ${flag.placeholder}`
  const option = flag.option.replace(/^siwx\.\*\.(\w+)$/, "siwx['*'].$1")
  const [first = '', ...rest] = wrap(
    `${flag.description} [${envName(flag.name)}] option:\u00a0${option}`,
  )
  const pad = ' '.repeat(column)
  const firstLine =
    head.length < column ? `${head.padEnd(column)}${first}` : `${head}\n${pad}${first}`
  return [firstLine, ...rest.map((line) => `${pad}${line}`)].join('\n')
}

/** Older names, still accepted: `--db` → `--database-url`, `LATCHKEY_ORIGINS` → … */
function olderNames(): string {
  const row = (older: string, current: string) => `${`  ${older}`.padEnd(column)}${current}`
  return serveFlags
    .flatMap((flag) => [
      ...(flag.aliases ?? []).map((alias) => row(`--${alias}`, `--${flag.name}`)),
      ...(flag.envAliases ?? []).map((alias) => row(alias, envName(flag.name))),
    ])
    .join('\n')
}

/** `latchkey --help` text, from the flag table (`serveFlags`). */
export const usage = `Usage: latchkey <command> [options]

Commands:
  serve                           start the Latchkey server (email login, key custody, signing)
  migrate [status|up]             list the database's migrations (status), or apply the pending
                                  ones (up); the database of --database-url, as serve opens it
  rotate-master-key               re-encrypt every stored secret that an --extra-master-key (the
                                  old key) opens under --master-key (the new one); resumable,
                                  beside running servers (docs/production.md)
  help                            this text (also -h, --help)
  version                         the installed version (also -v, --version)

\`latchkey serve\` with no options: a dev server on 127.0.0.1:8787, SQLite file ./latchkey.db,
codes printed to the console. It needs hono, @hono/node-server, @libsql/client and viem
(pg instead of @libsql/client with a postgres:// --database-url, nodemailer with --smtp-url); a
missing one is named, all at once, before anything is written. Several servers may share one
PostgreSQL database (with one --master-key).

Options of serve. Each flag is the createLatchkeyServer option in kebab-case (after "option:"),
its environment variable LATCHKEY_ + the flag in SCREAMING_SNAKE (in brackets); a flag wins
over its variable.
${serveFlags.map(describe).join('\n')}

Older names, still accepted:
${olderNames()}
`
