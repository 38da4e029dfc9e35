/**
 * How many e2e files run at once. The browser tests mostly wait (on Chromium, timers, the chain),
 * so several side by side shorten the project; each gets its own anvil nodes, relay and server,
 * so snapshots and reverts never cross. Three on two cores: the group took 831 s with two and
 * 667 s with three (the run's total 844 → 816 s; the fast projects end it now).
 */
export const e2eWorkers = 3

/**
 * How many consumer apps install and build at once. Their chain is mostly npm (network and disk)
 * and single-threaded bundlers: the Next.js app alone (two builds) took as long as the five
 * others together, so two side by side end the group when the Next.js app does. Each worker has
 * its own chains and relay.
 */
export const consumerWorkers = 2
