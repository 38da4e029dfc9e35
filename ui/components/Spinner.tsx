/** Props of {@link Spinner}. */
export interface SpinnerProps {
  /** Accessible name; omit when the surrounding text already says what is happening. */
  label?: string | undefined
  size?: number | undefined
}

/** A small circular activity indicator (CSS animation, stopped under reduced motion). */
export function Spinner({ label, size = 16 }: SpinnerProps) {
  return (
    <svg
      data-lk-spinner=""
      width={size}
      height={size}
      viewBox="0 0 24 24"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle
        cx="12"
        cy="12"
        r="9"
        fill="none"
        strokeWidth="3"
        opacity="0.25"
        stroke="currentColor"
      />
      <path
        d="M21 12a9 9 0 0 0-9-9"
        fill="none"
        strokeWidth="3"
        strokeLinecap="round"
        stroke="currentColor"
      />
    </svg>
  )
}
