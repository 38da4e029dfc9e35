import { Hono } from 'hono'
import { z } from 'zod'
import { addressParam, chainDataQuery, historyQuery } from '../chainData/chainDataQuery'
import { lookupIdentity, resolveName } from '../chainData/lookupName'
import { readBalances } from '../chainData/readBalances'
import { readHistory } from '../chainData/readHistory'
import { readNfts } from '../chainData/readNfts'
import type { ServerContext } from '../context'
import type { AppEnv } from '../http/appEnv'
import { parseInput } from '../http/readJson'

const nameParam = z.string().min(3).max(255)

/**
 * The blockchain data API (server/API.md "Chain data"), public like the chain it reads:
 * GET account/:address/balance, account/:address/history, account/:address/nfts,
 * identity/:address and names/:name, each with `?chainId=`.
 */
export function chainDataRoutes(context: ServerContext): Hono<AppEnv> {
  const read = (c: {
    req: { param(name: 'address'): string; query(): Record<string, string> }
  }) => ({
    address: parseInput(z.object({ address: addressParam }), { address: c.req.param('address') })
      .address,
    chainId: parseInput(chainDataQuery, c.req.query()).chainId,
  })
  return new Hono<AppEnv>()
    .get('/account/:address/balance', async (c) => {
      const { address, chainId } = read(c)
      return c.json(await readBalances(context, chainId, address))
    })
    .get('/account/:address/history', async (c) => {
      const { address } = read(c)
      const query = parseInput(historyQuery, c.req.query())
      return c.json(
        await readHistory(context, {
          chainId: query.chainId,
          address,
          cursor: query.cursor,
          limit: query.limit,
        }),
      )
    })
    .get('/account/:address/nfts', async (c) => {
      const { address, chainId } = read(c)
      return c.json(await readNfts(context, chainId, address))
    })
    .get('/identity/:address', async (c) => {
      const { address, chainId } = read(c)
      return c.json(await lookupIdentity(context, chainId, address))
    })
    .get('/names/:name', async (c) => {
      const { chainId } = parseInput(chainDataQuery, c.req.query())
      const name = parseInput(z.object({ name: nameParam }), { name: c.req.param('name') }).name
      return c.json(await resolveName(context, chainId, name))
    })
}
