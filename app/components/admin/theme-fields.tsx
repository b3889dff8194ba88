import { X } from 'lucide-react'
import { ChooseImageButton } from '#app/components/admin/image-picker.tsx'
import { Field, FieldFrame } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { hexToHsl, hslToHex, typedColor } from '#app/domain/theme/color-space.ts'
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

/** One colour of the theme: 'H S% L%' text (a typed #rrggbb turns into it), with the browser's colour picker writing into it. */
export function ColorField({ colorKey, value, error, onChange }: { colorKey: ColorKey; value: string; error?: string; onChange: (value: string) => void }) {
  const id = `color-${colorKey}`
  const hex = hslToHex(value)
  return (
    <FieldFrame id={id} label={colorKey[0]!.toUpperCase() + colorKey.slice(1)} error={error} description={`${COLOR_HINTS[colorKey]}. Format H S% L%, for example 215 70% 35%, or #rrggbb.`}>
      {(control) => (
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label={`Pick the ${colorKey} colour`}
            value={hex ?? '#000000'}
            onChange={(event) => onChange(hexToHsl(event.target.value))}
            className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
          />
          <Input {...control} name={`colors.${colorKey}`} value={value} onChange={(event) => onChange(typedColor(event.target.value))} spellCheck={false} />
        </div>
      )}
    </FieldFrame>
  )
}

function ImageField({ id, name, label, value, error, onChange }: { id: string; name: string; label: string; value: string; error?: string; onChange: (value: string) => void }) {
  return (
    <FieldFrame id={id} label={label} error={error}>
      {(control) => (
        <div className="flex flex-wrap items-center gap-2">
          <Input {...control} name={name} value={value} placeholder="https://… or choose an image" onChange={(event) => onChange(event.target.value)} className="min-w-48 flex-1" />
          <ChooseImageButton onSelect={onChange} label="Choose" />
          {value ? (
            <Button type="button" variant="ghost" size="icon" aria-label={`Remove the ${label.toLowerCase()}`} onClick={() => onChange('')}>
              <X aria-hidden />
            </Button>
          ) : null}
        </div>
      )}
    </FieldFrame>
  )
}

interface SectionStyleFieldsProps {
  styleKey: SectionStyleKey
  style: SectionStyle
  /** The editor's errors, keyed 'sectionStyles.hero.overlayOpacity'. */
  errors: FieldErrors
  onChange: (style: SectionStyle) => void
}

/** Background image with its overlay, and the border image of one section or page banner. */
export function SectionStyleFields({ styleKey, style, errors, onChange }: SectionStyleFieldsProps) {
  const id = (field: keyof SectionStyle) => `${styleKey}-${field}`
  const name = (field: keyof SectionStyle) => `sectionStyles.${styleKey}.${field}`
  const error = (field: keyof SectionStyle) => errors[name(field)]
  const set = <Key extends keyof SectionStyle>(field: Key, value: SectionStyle[Key]) => onChange({ ...style, [field]: value })
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <ImageField id={id('backgroundImage')} name={name('backgroundImage')} label="Background image" value={style.backgroundImage} error={error('backgroundImage')} onChange={(value) => set('backgroundImage', value)} />
      <FieldFrame id={id('overlayOpacity')} label={`Overlay opacity: ${Math.round(style.overlayOpacity * 100)}%`} error={error('overlayOpacity')} description="Darkens the background image so the text stays readable.">
        {(control) => (
          <input
            {...control}
            name={name('overlayOpacity')}
            type="range"
            min={0}
            max={1}
            step={0.1}
            value={style.overlayOpacity}
            aria-valuetext={`${Math.round(style.overlayOpacity * 100)}%`}
            onChange={(event) => set('overlayOpacity', Number(event.target.value))}
            className="h-9 w-full accent-primary"
          />
        )}
      </FieldFrame>
      <ImageField id={id('borderImage')} name={name('borderImage')} label="Border image" value={style.borderImage} error={error('borderImage')} onChange={(value) => set('borderImage', value)} />
      <div className="grid grid-cols-2 gap-4">
        <Field
          id={id('borderImageSlice')}
          name={name('borderImageSlice')}
          label="Border slice"
          type="number"
          inputMode="numeric"
          value={Number.isNaN(style.borderImageSlice) ? '' : style.borderImageSlice}
          onChange={(event) => set('borderImageSlice', event.target.value === '' ? Number.NaN : Number(event.target.value))}
          error={error('borderImageSlice')}
          description="Usually 10-50"
        />
        <Field
          id={id('borderImageWidth')}
          name={name('borderImageWidth')}
          label="Border width"
          value={style.borderImageWidth}
          onChange={(event) => set('borderImageWidth', event.target.value)}
          error={error('borderImageWidth')}
          description="For example 10px"
        />
      </div>
    </div>
  )
}
