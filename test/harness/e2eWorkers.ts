/**
 * How many e2e files run at once. The browser tests mostly wait (on Chromium, timers, the chain),
 * so two side by side halve the project's time; each gets its own anvil nodes, relay and server,
 * so snapshots and reverts never cross.
 */
export const e2eWorkers = 2
