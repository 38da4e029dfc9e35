interface ToggleProps {
  label: string
  hint?: string
  checked: boolean
  testId?: string
  onChange: (checked: boolean) => void
}

export function Toggle({ label, hint, checked, testId, onChange }: ToggleProps) {
  return (
    <label className="pg-toggle">
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        data-testid={testId}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className="pg-toggle-track" aria-hidden="true" />
      <span className="pg-toggle-label">
        {label}
        {hint ? <small>{hint}</small> : null}
      </span>
    </label>
  )
}
