/** Whether a database URL names PostgreSQL (`postgres://` or `postgresql://`). */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url)
}
