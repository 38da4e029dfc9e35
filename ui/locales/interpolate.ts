import { createElement, Fragment, type ReactNode } from 'react'

/** Fills `{placeholders}` of an already translated string with React nodes (links in a sentence). */
export function interpolate(template: string, nodes: Record<string, ReactNode>): ReactNode {
  const parts = template.split(/(\{\w+\})/)
  return parts.map((part, index) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1]
    const node = name !== undefined && name in nodes ? nodes[name] : part
    return createElement(Fragment, { key: index }, node)
  })
}
