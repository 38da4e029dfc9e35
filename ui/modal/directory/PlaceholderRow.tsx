/** A row of the directory not read yet: the shape of a wallet row, no content. Decorative. */
export function PlaceholderRow() {
  return (
    <div data-lk-row-placeholder="">
      <span data-lk-placeholder-icon="" />
      <span data-lk-placeholder-text="" />
    </div>
  )
}
