import { describe, expect, test } from 'vitest'
import { ModalNotLoadedError } from '../../../src/errors/ModalNotLoadedError'
import { importModalPart, type ModalPartImports, setModalPartImports } from './modalParts'

describe('importModalPart', () => {
  test('error: before the modal handed over its parts, a typed error naming the part', async () => {
    await expect(importModalPart('solana')).rejects.toBeInstanceOf(ModalNotLoadedError)
    await expect(importModalPart('solana')).rejects.toThrow('"solana" part')
  })

  test('default: then each part comes from its own import', async () => {
    const solana = { solanaViews: {} } as Awaited<ReturnType<ModalPartImports['solana']>>
    const imports = {
      account: () => Promise.reject(new Error('not this one')),
      solana: () => Promise.resolve(solana),
      siwxHost: () => Promise.reject(new Error('not this one')),
    } as ModalPartImports
    setModalPartImports(imports)
    await expect(importModalPart('solana')).resolves.toBe(solana)
  })
})
