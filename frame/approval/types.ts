/** A node of a readable tree (typed data): a label and either a value or children. */
export interface TreeNode {
  label: string
  value?: string
  children?: TreeNode[]
}

/** What one row of the approval screen holds. */
export type ApprovalValue =
  /** A short value (address, amount), one line. */
  | { kind: 'text'; text: string }
  /** A long value shown whole in a scrollable box (a message, calldata). */
  | { kind: 'block'; text: string }
  /** Nested data (typed data), shown as a tree. */
  | { kind: 'tree'; nodes: TreeNode[] }

/** One labelled row. */
export interface ApprovalRow {
  label: string
  value: ApprovalValue
}

/** A group of rows, e.g. one call of a batch. */
export interface ApprovalSection {
  heading?: string
  rows: ApprovalRow[]
}

/** What the approval screen shows for one canonical request. */
export interface ApprovalSummary {
  /** Names what it is: "Sign message", "Sign permit", "Send transaction", "Send 2 calls". */
  title: string
  /** Plain-language warnings, most important first. */
  warnings: string[]
  sections: ApprovalSection[]
}

/** A short text row. */
export const text = (label: string, value: string): ApprovalRow => ({
  label,
  value: { kind: 'text', text: value },
})

/** A long text row, shown whole in a scrollable box. */
export const block = (label: string, value: string): ApprovalRow => ({
  label,
  value: { kind: 'block', text: value },
})
