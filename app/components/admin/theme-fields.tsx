import { X } from 'lucide-react'
import { describedBy, FormField } from '#app/components/admin/form-field.tsx'
import { ChooseImageButton } from '#app/components/admin/image-picker.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { hexToHsl, hslToHex } from '#app/domain/theme/hsl-hex.ts'
import type { ColorKey, SectionStyle, SectionStyleKey } from '#app/domain/theme/theme.schema.ts'
import type { FieldErrors } from '#app/lib/action-result.ts'

const COLOR_HINTS: Record<ColorKey, string> = {
  primary: 'Buttons, links and headings',
  secondary: 'Secondary buttons and highlights',
  accent: 'Badges and accents',
  background: 'Page background',
  foreground: 'Body text',
  muted: 'Quiet panels and cards',
  border: 'Lines and borders',
}

/** One colour of the theme: 'H S% L%' text, with the browser's colour picker writing into it. */
export function ColorField({ colorKey, value, error, onChange }: { colorKey: ColorKey; value: string; error?: string; onChange: (value: string) => void }) {
  const id = `color-${colorKey}`
  const hex = hslToHex(value)
  return (
    <FormField id={id} label={colorKey[0]!.toUpperCase() + colorKey.slice(1)} error={error} hint={`${COLOR_HINTS[colorKey]}. Format H S% L%, for example 215 70% 35%.`}>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`Pick the ${colorKey} colour`}
          value={hex ?? '#000000'}
          onChange={(event) => onChange(hexToHsl(event.target.value))}
          className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
        />
        <Input id={id} value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={!!error} aria-describedby={describedBy(id, error)} spellCheck={false} />
      </div>
    </FormField>
  )
}

function ImageField({ id, label, value, error, onChange }: { id: string; label: string; value: string; error?: string; onChange: (value: string) => void }) {
  return (
    <FormField id={id} label={label} error={error}>
      <div className="flex flex-wrap items-center gap-2">
        <Input id={id} value={value} placeholder="https://… or choose an image" onChange={(event) => onChange(event.target.value)} aria-invalid={!!error} aria-describedby={describedBy(id, error)} className="min-w-48 flex-1" />
        <ChooseImageButton onSelect={onChange} label="Choose" />
        {value ? (
          <Button type="button" variant="ghost" size="icon" aria-label={`Remove the ${label.toLowerCase()}`} onClick={() => onChange('')}>
            <X aria-hidden />
          </Button>
        ) : null}
      </div>
    </FormField>
  )
}

interface SectionStyleFieldsProps {
  styleKey: SectionStyleKey
  style: SectionStyle
  /** The editor's errors, keyed 'sectionStyles.hero.overlayOpacity'. */
  errors: FieldErrors
  onChange: (style: SectionStyle) => void
}

/** Background image with its overlay, and the border image of one section or page banner (spec §3). */
export function SectionStyleFields({ styleKey, style, errors, onChange }: SectionStyleFieldsProps) {
  const id = (field: keyof SectionStyle) => `${styleKey}-${field}`
  const error = (field: keyof SectionStyle) => errors[`sectionStyles.${styleKey}.${field}`]
  const set = <Field extends keyof SectionStyle>(field: Field, value: SectionStyle[Field]) => onChange({ ...style, [field]: value })
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <ImageField id={id('backgroundImage')} label="Background image" value={style.backgroundImage} error={error('backgroundImage')} onChange={(value) => set('backgroundImage', value)} />
      <FormField id={id('overlayOpacity')} label={`Overlay opacity: ${Math.round(style.overlayOpacity * 100)}%`} error={error('overlayOpacity')} hint="Darkens the background image so the text stays readable.">
        <input
          id={id('overlayOpacity')}
          type="range"
          min={0}
          max={1}
          step={0.1}
          value={style.overlayOpacity}
          aria-valuetext={`${Math.round(style.overlayOpacity * 100)}%`}
          onChange={(event) => set('overlayOpacity', Number(event.target.value))}
          className="h-9 w-full accent-primary"
        />
      </FormField>
      <ImageField id={id('borderImage')} label="Border image" value={style.borderImage} error={error('borderImage')} onChange={(value) => set('borderImage', value)} />
      <div className="grid grid-cols-2 gap-4">
        <FormField id={id('borderImageSlice')} label="Border slice" error={error('borderImageSlice')} hint="Usually 10-50">
          <Input
            id={id('borderImageSlice')}
            type="number"
            inputMode="numeric"
            value={Number.isNaN(style.borderImageSlice) ? '' : style.borderImageSlice}
            onChange={(event) => set('borderImageSlice', event.target.value === '' ? Number.NaN : Number(event.target.value))}
            aria-invalid={!!error('borderImageSlice')}
            aria-describedby={describedBy(id('borderImageSlice'), error('borderImageSlice'))}
          />
        </FormField>
        <FormField id={id('borderImageWidth')} label="Border width" error={error('borderImageWidth')} hint="For example 10px">
          <Input id={id('borderImageWidth')} value={style.borderImageWidth} onChange={(event) => set('borderImageWidth', event.target.value)} aria-invalid={!!error('borderImageWidth')} aria-describedby={describedBy(id('borderImageWidth'), error('borderImageWidth'))} />
        </FormField>
      </div>
    </div>
  )
}
