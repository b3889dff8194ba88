import { zodResolver } from '@hookform/resolvers/zod'
import { Plus, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { Controller, useFieldArray, useForm, useWatch, type FieldValues } from 'react-hook-form'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import type { EditableSectionKey } from '#app/domain/section/section-forms.ts'
import {
  aboutSectionSchema,
  contactSectionSchema,
  DEFAULT_FEATURE_ICON,
  FEATURE_ICONS,
  featuresSectionSchema,
  heroSectionSchema,
  logosSectionSchema,
  type SectionContent,
} from '#app/domain/section/section.schema.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { useActionToast } from '#app/lib/use-action-toast.ts'
import { describedBy, FormField } from './form-field.tsx'
import { RichTextEditor } from './rich-text-editor.tsx'
import { SectionImageField } from './section-image-field.tsx'

const ABOUT_CONTENT_MAX = 2000

/** Posts a section's checked content to the Sections action and toasts the answer. */
function useSectionSave(key: EditableSectionKey) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher)
  return {
    save: (content: FieldValues) => void fetcher.submit({ intent: 'save', key, content: JSON.stringify(content) }, { method: 'post' }),
    saving: fetcher.state !== 'idle',
  }
}

/** A card titled by the section key (spec §2). */
export function SectionCard({ sectionKey, children }: { sectionKey: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="font-mono text-lg">{sectionKey}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

function SectionFormCard({ sectionKey, onSubmit, saving, children }: { sectionKey: string; onSubmit: () => void; saving: boolean; children: ReactNode }) {
  return (
    <SectionCard sectionKey={sectionKey}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit()
        }}
      >
        {children}
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </form>
    </SectionCard>
  )
}

/** One slide or feature of a list that must keep at least one entry. */
function ListEntry({ label, count, onRemove, children }: { label: string; count: number; onRemove: () => void; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-md border p-4">
      <div className="flex items-center justify-between">
        <legend className="font-medium">{label}</legend>
        <Button type="button" variant="ghost" size="sm" aria-label={`Remove ${label.toLowerCase()}`} disabled={count === 1} onClick={onRemove}>
          <Trash2 aria-hidden />
          Remove
        </Button>
      </div>
      {children}
    </fieldset>
  )
}

function TextField({ id, label, error, ...input }: { id: string; label: string; error?: string } & React.ComponentProps<typeof Input>) {
  return (
    <FormField id={id} label={label} error={error}>
      <Input id={id} aria-invalid={!!error} aria-describedby={describedBy(id, error)} {...input} />
    </FormField>
  )
}

export function ContactSectionEditor({ content }: { content: SectionContent['home.contact'] }) {
  const { save, saving } = useSectionSave('home.contact')
  const form = useForm({ resolver: zodResolver(contactSectionSchema), defaultValues: content, mode: 'onTouched' })
  const errors = form.formState.errors
  return (
    <SectionFormCard sectionKey="home.contact" saving={saving} onSubmit={form.handleSubmit(save)}>
      <TextField id="contact-schoolName" label="School Name" error={errors.schoolName?.message} {...form.register('schoolName')} />
      <TextField id="contact-phone" label="Phone" type="tel" error={errors.phone?.message} {...form.register('phone')} />
      <TextField id="contact-email" label="Email" type="email" error={errors.email?.message} {...form.register('email')} />
      <FormField id="contact-address" label="Address" error={errors.address?.message}>
        <Textarea id="contact-address" rows={2} aria-invalid={!!errors.address} aria-describedby={describedBy('contact-address', errors.address?.message)} {...form.register('address')} />
      </FormField>
    </SectionFormCard>
  )
}

export function LogosSectionEditor({ content }: { content: SectionContent['home.logos'] }) {
  const { save, saving } = useSectionSave('home.logos')
  const form = useForm({ resolver: zodResolver(logosSectionSchema), defaultValues: content, mode: 'onTouched' })
  const errors = form.formState.errors
  return (
    <SectionFormCard sectionKey="home.logos" saving={saving} onSubmit={form.handleSubmit(save)}>
      <Controller
        control={form.control}
        name="image"
        render={({ field }) => <SectionImageField label="Logo Image" name={field.name} value={field.value} onChange={field.onChange} error={errors.image?.message} />}
      />
      <TextField id="logos-title" label="Title (school name)" error={errors.title?.message} {...form.register('title')} />
      <TextField id="logos-hoverText" label="Hover Text" error={errors.hoverText?.message} {...form.register('hoverText')} />
    </SectionFormCard>
  )
}

export function AboutSectionEditor({ content }: { content: SectionContent['home.about'] }) {
  const { save, saving } = useSectionSave('home.about')
  const form = useForm({ resolver: zodResolver(aboutSectionSchema), defaultValues: content, mode: 'onTouched' })
  const errors = form.formState.errors
  const length = useWatch({ control: form.control, name: 'content' }).length
  return (
    <SectionFormCard sectionKey="home.about" saving={saving} onSubmit={form.handleSubmit(save)}>
      <TextField id="about-title" label="Title" error={errors.title?.message} {...form.register('title')} />
      <div className="space-y-2">
        <span id="about-content-label" className="text-sm leading-none font-medium">
          Content
        </span>
        <Controller
          control={form.control}
          name="content"
          render={({ field }) => (
            <RichTextEditor
              id="about-content"
              name="aboutContent"
              labelledBy="about-content-label"
              withImages
              defaultValue={field.value}
              invalid={!!errors.content}
              describedBy={['about-content-count', errors.content ? 'about-content-error' : ''].filter(Boolean).join(' ')}
              onChange={(html) => field.onChange(html)}
            />
          )}
        />
        <div className="flex justify-between gap-4 text-sm">
          {errors.content ? (
            <p id="about-content-error" className="font-medium text-destructive">
              {errors.content.message}
            </p>
          ) : (
            <span />
          )}
          {/* The limit counts the stored formatted text (HTML), as the server does. */}
          <p id="about-content-count" className={length > ABOUT_CONTENT_MAX ? 'text-destructive' : 'text-muted-foreground'}>
            {length}/{ABOUT_CONTENT_MAX}
          </p>
        </div>
      </div>
      <Controller
        control={form.control}
        name="image"
        render={({ field }) => <SectionImageField label="Image (optional)" name={field.name} value={field.value ?? ''} onChange={field.onChange} error={errors.image?.message} />}
      />
    </SectionFormCard>
  )
}

export function HeroSectionEditor({ content }: { content: SectionContent['home.hero'] }) {
  const { save, saving } = useSectionSave('home.hero')
  const form = useForm({ resolver: zodResolver(heroSectionSchema), defaultValues: content, mode: 'onTouched' })
  const slides = useFieldArray({ control: form.control, name: 'slides' })
  const errors = form.formState.errors
  return (
    <SectionFormCard sectionKey="home.hero" saving={saving} onSubmit={form.handleSubmit(save)}>
      {errors.slides?.root?.message ?? errors.slides?.message ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.slides?.root?.message ?? errors.slides?.message}
        </p>
      ) : null}
      {slides.fields.map((slide, index) => (
        <ListEntry key={slide.id} label={`Slide ${index + 1}`} count={slides.fields.length} onRemove={() => slides.remove(index)}>
          <TextField id={`hero-${index}-title`} label="Title" error={errors.slides?.[index]?.title?.message} {...form.register(`slides.${index}.title`)} />
          <TextField id={`hero-${index}-subtitle`} label="Subtitle" error={errors.slides?.[index]?.subtitle?.message} {...form.register(`slides.${index}.subtitle`)} />
          <Controller
            control={form.control}
            name={`slides.${index}.image`}
            render={({ field }) => <SectionImageField label="Image" name={field.name} value={field.value} onChange={field.onChange} error={errors.slides?.[index]?.image?.message} />}
          />
        </ListEntry>
      ))}
      <Button type="button" variant="outline" onClick={() => slides.append({ title: '', subtitle: '', image: '' })}>
        <Plus aria-hidden />
        Add Slide
      </Button>
    </SectionFormCard>
  )
}

export function FeaturesSectionEditor({ content }: { content: SectionContent['home.features'] }) {
  const { save, saving } = useSectionSave('home.features')
  const form = useForm({ resolver: zodResolver(featuresSectionSchema), defaultValues: content, mode: 'onTouched' })
  const features = useFieldArray({ control: form.control, name: 'features' })
  const errors = form.formState.errors
  return (
    <SectionFormCard sectionKey="home.features" saving={saving} onSubmit={form.handleSubmit(save)}>
      <TextField id="features-title" label="Section Title" error={errors.title?.message} {...form.register('title')} />
      {features.fields.map((feature, index) => {
        const featureErrors = errors.features?.[index]
        return (
          <ListEntry key={feature.id} label={`Feature ${index + 1}`} count={features.fields.length} onRemove={() => features.remove(index)}>
            <FormField id={`feature-${index}-icon`} label="Icon" error={featureErrors?.icon?.message}>
              <select
                id={`feature-${index}-icon`}
                className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm"
                aria-invalid={!!featureErrors?.icon}
                {...form.register(`features.${index}.icon`)}
              >
                {FEATURE_ICONS.map((icon) => (
                  <option key={icon} value={icon}>
                    {icon}
                  </option>
                ))}
              </select>
            </FormField>
            <TextField id={`feature-${index}-title`} label="Title" error={featureErrors?.title?.message} {...form.register(`features.${index}.title`)} />
            <TextField id={`feature-${index}-description`} label="Description" error={featureErrors?.description?.message} {...form.register(`features.${index}.description`)} />
            <Controller
              control={form.control}
              name={`features.${index}.image`}
              render={({ field }) => (
                <SectionImageField label="Image (optional, replaces the icon)" name={field.name} value={field.value ?? ''} onChange={field.onChange} error={featureErrors?.image?.message} />
              )}
            />
          </ListEntry>
        )
      })}
      <Button type="button" variant="outline" onClick={() => features.append({ icon: DEFAULT_FEATURE_ICON, title: '', description: '', image: '' })}>
        <Plus aria-hidden />
        Add Feature
      </Button>
    </SectionFormCard>
  )
}
