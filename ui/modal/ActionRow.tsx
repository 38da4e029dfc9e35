import type { ReactNode } from 'react'

/** Props of {@link ActionRow}. */
export interface ActionRowProps {
  /** The row's icon (decorative: hidden from assistive technology). */
  icon: ReactNode
  /** The row's label. */
  label: string
  testId: string
  /** `danger`: a row that ends something (disconnect, sign out). */
  tone?: 'danger' | undefined
  /** While true the row is disabled and marked busy (`aria-busy`). */
  busy?: boolean | undefined
  onClick(): void
}

/** A small account action row: icon and label in a button (`data-lk-row`, STYLE 16). */
export function ActionRow({ icon, label, testId, tone, busy, onClick }: ActionRowProps) {
  return (
    <button
      type="button"
      data-lk-row=""
      data-size="sm"
      data-tone={tone}
      data-testid={testId}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      <span data-lk-row-icon="" aria-hidden="true">
        {icon}
      </span>
      <span data-lk-row-label="">{label}</span>
    </button>
  )
}
