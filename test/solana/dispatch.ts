/**
 * One JSON-RPC 2.0 exchange: a request (or a batch) in, the response text out. Malformed input
 * gets a typed JSON-RPC error (`-32700`, `-32600`, `-32601`, `-32602`); nothing a client sends can
 * throw out of here. Integers go out as JSON numbers, u64 values exactly (no float rounding).
 */
import { rpcCodes, SolanaRpcError } from './rpcError'
import type { MethodTable } from './types'

type Id = string | number | null

/** JSON text with bigints written as plain integers. */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, item) =>
    typeof item === 'bigint' ? `\u0000big:${item}` : item,
  ).replace(/"\\u0000big:(-?\d+)"/g, '$1')
}

function errorResponse(id: Id, error: SolanaRpcError) {
  const body: { code: number; message: string; data?: unknown } = {
    code: error.code,
    message: error.message,
  }
  if (error.data !== undefined) body.data = error.data
  return { jsonrpc: '2.0', error: body, id }
}

async function answerOne(methods: MethodTable, request: unknown): Promise<object | undefined> {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return errorResponse(null, new SolanaRpcError(rpcCodes.invalidRequest, 'Invalid request'))
  }
  const { jsonrpc, method, params, id } = request as Record<string, unknown>
  const validId =
    id === undefined || id === null || typeof id === 'string' || typeof id === 'number'
  if (jsonrpc !== '2.0' || typeof method !== 'string' || !validId) {
    return errorResponse(
      validId ? ((id ?? null) as Id) : null,
      new SolanaRpcError(rpcCodes.invalidRequest, 'Invalid request'),
    )
  }
  const replyId = (id ?? null) as Id
  const handler = Object.hasOwn(methods, method) ? methods[method] : undefined
  let response: object
  if (!handler) {
    response = errorResponse(
      replyId,
      new SolanaRpcError(rpcCodes.methodNotFound, 'Method not found'),
    )
  } else {
    try {
      if (params !== undefined && params !== null && !Array.isArray(params)) {
        throw new SolanaRpcError(
          rpcCodes.invalidParams,
          'Invalid params: invalid type: map, expected a sequence',
        )
      }
      const result = await handler((params as unknown[] | undefined) ?? [])
      response = { jsonrpc: '2.0', result, id: replyId }
    } catch (error) {
      const typed =
        error instanceof SolanaRpcError
          ? error
          : new SolanaRpcError(rpcCodes.internal, 'Internal error')
      response = errorResponse(replyId, typed)
    }
  }
  // A notification (no id) gets no answer.
  return id === undefined ? undefined : response
}

/** The response text for a request body, or undefined when nothing is to be sent back. */
export async function answerJsonRpc(
  methods: MethodTable,
  text: string,
): Promise<string | undefined> {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return toJson(errorResponse(null, new SolanaRpcError(rpcCodes.parseError, 'Parse error')))
  }
  if (Array.isArray(body)) {
    if (body.length === 0) {
      return toJson(
        errorResponse(null, new SolanaRpcError(rpcCodes.invalidRequest, 'Invalid request')),
      )
    }
    const answers = (await Promise.all(body.map((item) => answerOne(methods, item)))).filter(
      Boolean,
    )
    return answers.length ? toJson(answers) : undefined
  }
  const answer = await answerOne(methods, body)
  return answer ? toJson(answer) : undefined
}
