/** Props of {@link SendAmountInput}. */
export interface SendAmountInputProps {
  id: string
  value: string
  onChange(value: string): void
  invalid?: boolean | undefined
  disabled?: boolean | undefined
}

/** The amount field of a send form (EVM and Solana): decimal keypad, no autofill. */
export function SendAmountInput({ id, value, onChange, invalid, disabled }: SendAmountInputProps) {
  return (
    <input
      id={id}
      data-lk-send-amount=""
      data-testid="send-amount"
      inputMode="decimal"
      autoComplete="off"
      placeholder="0"
      value={value}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}
