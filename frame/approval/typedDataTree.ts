import type { JsonValue, TypedDataField } from '../../src/approval/types'
import { arrayItemType } from '../../src/approval/walkTypedData'
import type { TreeNode } from './types'

/** A value of EIP-712 type `type` as tree nodes, each labelled with its field name and type. */
function node(
  types: Record<string, TypedDataField[]>,
  label: string,
  type: string,
  value: JsonValue,
): TreeNode {
  const item = arrayItemType(type)
  if (item !== undefined && Array.isArray(value))
    return {
      label: `${label} (${type})`,
      children: value.map((entry, index) => node(types, `[${index}]`, item, entry)),
    }
  const fields = types[type]
  if (fields && typeof value === 'object' && value !== null && !Array.isArray(value))
    return {
      label: `${label} (${type})`,
      children: fields.map((field) =>
        node(
          types,
          field.name,
          field.type,
          (value as Record<string, JsonValue>)[field.name] ?? null,
        ),
      ),
    }
  return { label: `${label} (${type})`, value: String(value) }
}

/** The fields of a struct value as a tree. */
export function structTree(
  types: Record<string, TypedDataField[]>,
  type: string,
  value: Record<string, JsonValue>,
): TreeNode[] {
  return (types[type] ?? []).map((field) =>
    node(types, field.name, field.type, value[field.name] ?? null),
  )
}

/** The `types` themselves: each type with its fields. */
export function typesTree(types: Record<string, TypedDataField[]>): TreeNode[] {
  return Object.entries(types).map(([name, fields]) => ({
    label: name,
    children: fields.map((field) => ({ label: field.name, value: field.type })),
  }))
}
