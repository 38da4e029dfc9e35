/**
 * Runs `task` in a task of its own after the next frame is painted, and returns its canceller: for
 * work a view needs soon but not in its first paint (a refetch of what it already shows). Where
 * there are no animation frames (a server render, a test DOM without them) it runs at once.
 */
export function afterPaint(task: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') {
    task()
    return () => {}
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}
