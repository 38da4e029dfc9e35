/** Props of {@link EmptyState}. */
export interface EmptyStateProps {
  title: string
  hint?: string | undefined
}

/** An honest "nothing here yet" block. */
export function EmptyState({ title, hint }: EmptyStateProps) {
  return (
    <div data-lk-empty-state="">
      <p data-lk-empty-title="">{title}</p>
      {hint && <p data-lk-empty-hint="">{hint}</p>}
    </div>
  )
}
