// @vitest-environment happy-dom
import { expect, test } from 'vitest'
import { revealHidden } from './approval/revealHidden'
import { block, text } from './approval/types'
import { renderApprovalDetails } from './renderApprovalDetails'

test('default: hidden characters become marked ⟨U+XXXX⟩ spans; everything is text, never markup', () => {
  const details = renderApprovalDetails({
    title: 'Sign message',
    warnings: ['<b>careful</b>'],
    sections: [
      {
        heading: 'One',
        rows: [block('Message', 'pay\u202Eexe <img src=x onerror=alert(1)>'), text('A', 'b')],
      },
    ],
  })
  expect(details.querySelector('img')).toBeNull()
  expect(details.querySelector('b')).toBeNull()
  expect(details.querySelector('.lk-warning')?.textContent).toBe('<b>careful</b>')
  const message = details.querySelector('dd.lk-block')
  expect(message?.textContent).toBe('pay⟨U+202E⟩exe <img src=x onerror=alert(1)>')
  expect(message?.querySelector('.lk-hidden-char')?.textContent).toBe('⟨U+202E⟩')
  expect(details.querySelector('.lk-section-title')?.textContent).toBe('One')
})

test('default: a 5,000-character message is rendered whole', () => {
  const message = 'm'.repeat(5_000)
  const details = renderApprovalDetails({
    title: 't',
    warnings: [],
    sections: [{ rows: [block('Message', message)] }],
  })
  expect(details.querySelector('dd.lk-block')?.textContent).toHaveLength(5_000)
})

test('default: reveal marks bidi controls, zero-width, controls and BOM; keeps tab and line feed', () => {
  expect(
    revealHidden(
      'a\u202Ab\u202Cc\u2066d\u2069e\u200Ef\u200Fg\u061Ch\u200Bi\u200Dj\uFEFFk\u0007l\tm\nn',
    ),
  ).toEqual([
    { text: 'a' },
    { hidden: 'U+202A' },
    { text: 'b' },
    { hidden: 'U+202C' },
    { text: 'c' },
    { hidden: 'U+2066' },
    { text: 'd' },
    { hidden: 'U+2069' },
    { text: 'e' },
    { hidden: 'U+200E' },
    { text: 'f' },
    { hidden: 'U+200F' },
    { text: 'g' },
    { hidden: 'U+061C' },
    { text: 'h' },
    { hidden: 'U+200B' },
    { text: 'i' },
    { hidden: 'U+200D' },
    { text: 'j' },
    { hidden: 'U+FEFF' },
    { text: 'k' },
    { hidden: 'U+0007' },
    { text: 'l\tm\nn' },
  ])
  expect(revealHidden('\u{E0041}')).toEqual([{ hidden: 'U+E0041' }])
})
