import type { ReactNode } from 'react'
import { ChevronIcon } from './icons'

/** Props of {@link ActionRow}. */
export interface ActionRowProps {
  /** The row's icon (decorative: hidden from assistive technology). */
  icon: ReactNode
  /** The row's label. */
  label: string
  testId: string
  /** `danger`: a row that ends something (disconnect, sign out); `warning`: something to fix. */
  tone?: 'danger' | 'warning' | undefined
  /** While true the row is disabled and marked busy (`aria-busy`). */
  busy?: boolean | undefined
  /** A row that opens a view: a chevron after the label. */
  opensView?: boolean | undefined
  onClick(): void
  /** The pointer or focus is on it: start loading what the click opens. */
  onPreload?: (() => void) | undefined
}

/** A small account action row: icon and label in a button (`data-lk-row`, STYLE 16). */
export function ActionRow(props: ActionRowProps) {
  const { icon, label, testId, tone, busy, opensView, onClick, onPreload } = props
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
      onPointerEnter={onPreload}
      onFocus={onPreload}
    >
      <span data-lk-row-icon="" aria-hidden="true">
        {icon}
      </span>
      <span data-lk-row-label="">{label}</span>
      {opensView && <ChevronIcon size={14} />}
    </button>
  )
}
