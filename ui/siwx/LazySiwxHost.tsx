import { type ComponentType, useEffect, useState } from 'react'
import { createLoader } from '../../src/utils/createLoader'
import type { SiwxHostProps } from '../context/LatchkeyContext'
import { importModalPart } from '../modal/lazy/modalParts'

type Host = ComponentType<SiwxHostProps>

const hosts = createLoader<Host>(() =>
  importModalPart('siwxHost').then((module) => module.SiwxHost),
)

/**
 * Loads sign-in's host, controller and machine: a chunk of their own, so an app without `siwx`
 * never fetches them with the modal. A failed load is forgotten, so the next call tries again.
 */
export function loadSiwxHost(): Promise<Host> {
  return hosts.load()
}

/**
 * The modal chunk's `SiwxHost`: the sign-in host once its chunk is there. The provider loads that
 * chunk with the modal chunk when `siwx` is set, so this renders it at once; an option set later
 * loads it here.
 */
export function LazySiwxHost(props: SiwxHostProps) {
  const [Host, setHost] = useState<Host | undefined>(() => hosts.value)
  useEffect(() => {
    if (Host) return
    let live = true
    loadSiwxHost().then(
      (host) => {
        if (live) setHost(() => host)
      },
      () => {},
    )
    return () => {
      live = false
    }
  }, [Host])
  return Host ? <Host {...props} /> : null
}
