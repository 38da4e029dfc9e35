import { encodeQr } from '../src/qr/encodeQr'
import { qrPath } from '../src/qr/qrPath'
import { element } from './element'

const svg = 'http://www.w3.org/2000/svg'
const margin = 2

/**
 * `text` as a QR code (an SVG named `label`): dark modules on white in both themes, so every
 * camera reads it. The authenticator app's setup and the Farcaster link use it.
 */
export function qrCode(text: string, label: string): Element {
  const matrix = encodeQr(text)
  if (!matrix) return element('span')
  const size = matrix.size + margin * 2
  const image = document.createElementNS(svg, 'svg')
  image.setAttribute('viewBox', `0 0 ${size} ${size}`)
  image.setAttribute('role', 'img')
  image.setAttribute('aria-label', label)
  image.classList.add('lk-factors-qr')
  const background = document.createElementNS(svg, 'rect')
  background.setAttribute('width', String(size))
  background.setAttribute('height', String(size))
  background.setAttribute('fill', '#ffffff')
  const path = document.createElementNS(svg, 'path')
  path.setAttribute('d', qrPath(matrix, margin))
  path.setAttribute('fill', '#000000')
  image.append(background, path)
  return image
}
