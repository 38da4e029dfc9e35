import { useId } from 'react'
import { SearchIcon } from './icons'

/** The search box above a list (tokens, currencies): a labelled search input with its icon. */
export function SearchField({
  label,
  value,
  onChange,
  testId,
}: {
  /** Its accessible name and placeholder. */
  label: string
  value: string
  onChange(value: string): void
  testId?: string | undefined
}) {
  const id = useId()
  return (
    <label data-lk-search="" htmlFor={id}>
      <SearchIcon />
      <input
        id={id}
        type="search"
        data-testid={testId}
        placeholder={label}
        aria-label={label}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  )
}
