import type * as z from 'zod/mini'
import { checkFrameValue, isPlainObject } from './frameLimits'
import {
  type FrameRequest,
  type FrameRequestType,
  frameRequestSchemas,
  frameRequestTypes,
} from './frameRequests'
import {
  type FrameErrorPayload,
  type FrameEvent,
  type FrameSuccessPayload,
  frameErrorSchema,
  frameReadyEventSchema,
  frameSuccessPayloadSchemas,
  frameSuccessSchema,
} from './frameResponses'

/** A frame→app message after validation. */
export type FrameIncoming =
  | { kind: 'event'; event: FrameEvent }
  | {
      kind: 'success'
      id: string
      requestType: FrameRequestType
      payload: FrameSuccessPayload<FrameRequestType>
    }
  | {
      kind: 'error'
      id: string
      requestType: FrameRequestType
      /** The serialised error the frame answered with (each part absent when it sent none). */
      name: string | undefined
      message: string | undefined
      code: number | undefined
      details: FrameErrorPayload['details']
    }

/** Result of parsing a message: the data, or why it was refused (with its id and type if readable). */
export type FrameParseResult<T> =
  | { success: true; data: T }
  | { success: false; id: string | undefined; type: string | undefined; reason: string }

type ResponseRoute = {
  requestType: FrameRequestType
  outcome: 'success' | 'error'
  schema: z.ZodMiniType
}

// Exact type names only: a Map lookup, never a substring or prefix match.
const responseRoutes: ReadonlyMap<string, ResponseRoute> = new Map(
  frameRequestTypes.flatMap((requestType): [string, ResponseRoute][] => [
    [
      `${requestType}_SUCCESS`,
      {
        requestType,
        outcome: 'success',
        schema: frameSuccessSchema(requestType, frameSuccessPayloadSchemas[requestType]),
      },
    ],
    [
      `${requestType}_ERROR`,
      { requestType, outcome: 'error', schema: frameErrorSchema(requestType) },
    ],
  ]),
)

const eventSchemas: ReadonlyMap<string, z.ZodMiniType> = new Map<string, z.ZodMiniType>([
  ['READY', frameReadyEventSchema],
])

/** The request type and outcome a frame→app reply type stands for, by exact name. */
export function getFrameResponseRoute(
  type: unknown,
): { requestType: FrameRequestType; outcome: 'success' | 'error' } | undefined {
  if (typeof type !== 'string') return undefined
  const route = responseRoutes.get(type)
  return route && { requestType: route.requestType, outcome: route.outcome }
}

/** Parses a frame→app message (reply or event); never throws. */
export function parseFrameIncoming(value: unknown): FrameParseResult<FrameIncoming> {
  const head = readHead(value)
  if ('reason' in head) return head
  const { id, type, message } = head
  const eventSchema = eventSchemas.get(type)
  if (eventSchema) {
    const result = eventSchema.safeParse(message)
    if (!result.success) return refuse(id, type, describeIssues(result.error))
    return { success: true, data: { kind: 'event', event: result.data as FrameEvent } }
  }
  const route = responseRoutes.get(type)
  if (!route) return refuse(id, type, `Unknown message type "${truncate(type)}".`)
  const result = route.schema.safeParse(message)
  if (!result.success) return refuse(id, type, describeIssues(result.error))
  const data = result.data as { id: string; payload?: unknown }
  if (route.outcome === 'success')
    return {
      success: true,
      data: {
        kind: 'success',
        id: data.id,
        requestType: route.requestType,
        payload: data.payload as FrameSuccessPayload<FrameRequestType>,
      },
    }
  return {
    success: true,
    data: {
      kind: 'error',
      id: data.id,
      requestType: route.requestType,
      ...errorParts(data.payload as FrameErrorPayload | undefined),
    },
  }
}

function errorParts(payload: FrameErrorPayload | undefined) {
  return {
    name: payload?.name,
    message: payload?.message,
    code: payload?.code,
    details: payload?.details,
  }
}

/** Parses an app→frame request (the frame page's side); never throws. */
export function parseFrameRequest(value: unknown): FrameParseResult<FrameRequest> {
  const head = readHead(value)
  if ('reason' in head) return head
  const { id, type, message } = head
  if (!Object.hasOwn(frameRequestSchemas, type))
    return refuse(id, type, `Unknown message type "${truncate(type)}".`)
  const result = frameRequestSchemas[type as FrameRequestType].safeParse(message)
  if (!result.success) return refuse(id, type, describeIssues(result.error))
  return { success: true, data: result.data as FrameRequest }
}

type Head = { id: string | undefined; type: string; message: Record<string, unknown> }

function readHead(value: unknown): Head | Extract<FrameParseResult<never>, { success: false }> {
  try {
    if (!isPlainObject(value)) return refuse(undefined, undefined, 'Expected an object.')
    const id = typeof value.id === 'string' && value.id.length <= 64 ? value.id : undefined
    const type = typeof value.type === 'string' && value.type.length <= 64 ? value.type : undefined
    const problem = checkFrameValue(value)
    if (problem) return refuse(id, type, problem)
    if (type === undefined) return refuse(id, undefined, 'Expected a message type.')
    return { id, type, message: value }
  } catch {
    return refuse(undefined, undefined, 'Unreadable message.')
  }
}

function refuse(
  id: string | undefined,
  type: string | undefined,
  reason: string,
): Extract<FrameParseResult<never>, { success: false }> {
  return { success: false, id, type, reason }
}

function describeIssues(error: z.core.$ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'Invalid message.'
  const path = issue.path.map(String).join('.')
  return path ? `${path}: ${issue.message}` : issue.message
}

function truncate(value: string): string {
  return value.length > 64 ? `${value.slice(0, 64)}…` : value
}
