/** One schema change; statements run in one transaction. */
export interface Migration {
  version: number
  name: string
  statements: readonly string[]
}
