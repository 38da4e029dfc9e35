/** The `themeVariables` option (SPEC §9): what a host may override. */
export interface ThemeVariablesInput {
  accent?: string | undefined
  background?: string | undefined
  fontFamily?: string | undefined
  fontSizeMaster?: string | number | undefined
  borderRadiusMaster?: string | number | undefined
  zIndex?: string | number | undefined
  colorMix?: string | undefined
  colorMixStrength?: string | number | undefined
}

const px = (value: string | number) => (typeof value === 'number' ? `${value}px` : value)

/** Maps the `themeVariables` option to inline `--lk-*` custom properties on the modal root. */
export function themeVariablesToStyle(
  vars: ThemeVariablesInput | undefined,
): Record<string, string> {
  const style: Record<string, string> = {}
  if (!vars) return style
  if (vars.accent) style['--lk-accent'] = vars.accent
  if (vars.background) style['--lk-background'] = vars.background
  if (vars.fontFamily) style['--lk-font-family'] = vars.fontFamily
  if (vars.fontSizeMaster !== undefined) style['--lk-font-size-master'] = px(vars.fontSizeMaster)
  if (vars.borderRadiusMaster !== undefined)
    style['--lk-radius-master'] = px(vars.borderRadiusMaster)
  if (vars.zIndex !== undefined) style['--lk-z-index'] = String(vars.zIndex)
  if (vars.colorMix) style['--lk-color-mix'] = vars.colorMix
  if (vars.colorMixStrength !== undefined) {
    const strength = vars.colorMixStrength
    style['--lk-color-mix-strength'] = typeof strength === 'number' ? `${strength}%` : strength
  }
  return style
}
