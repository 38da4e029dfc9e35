/**
 * How many e2e files run at once. The browser tests mostly wait (on Chromium, timers, the chain),
 * so two side by side halve the project's time; each gets its own anvil nodes, relay and server,
 * so snapshots and reverts never cross.
 */
export const e2eWorkers = 2

/**
 * How many consumer apps install and build at once. The Next.js app (two production builds) is
 * over half of the project alone: one at a time, the Vite apps queued behind it and their chain
 * ended the whole run; two side by side, they run beside it. Each worker has its own chains.
 */
export const consumerWorkers = 2
