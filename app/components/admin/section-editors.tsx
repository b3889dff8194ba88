import { arrayMove } from '@dnd-kit/sortable'
import { Plus, Trash2 } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { useFetcher } from 'react-router'
import type { z } from 'zod'
import { Field, FieldFrame, TextareaField } from '#app/components/forms/field.tsx'
import { FormMessage } from '#app/components/forms/form-message.tsx'
import { useFormValidation } from '#app/components/forms/use-form-validation.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
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
import { refusedFieldErrors, type ActionResult } from '#app/lib/action-result.ts'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { cn } from '#app/lib/utils.ts'
import { RichTextEditor } from './rich-text-editor.tsx'
import { SectionImageField } from './section-image-field.tsx'
import { DragHandle, SortableArea, useMoveButtons, useSortableItem } from './sortable-list.tsx'

const ABOUT_CONTENT_MAX = 2000

/**
 * A section's form: messages once a field is left, the server's messages,
 * and the checked content posted as JSON to the Sections action, its answer toasted.
 */
function useSectionForm(key: EditableSectionKey, schema: z.ZodType) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher)
  const validation = useFormValidation({
    schema,
    revealOn: 'blur',
    serverErrors: refusedFieldErrors(fetcher.data),
    onValid: (content) => void fetcher.submit({ intent: 'save', key, content: JSON.stringify(content) }, { method: 'post' }),
  })
  return { ...validation, saving: fetcher.state !== 'idle' }
}

type SectionForm = ReturnType<typeof useSectionForm>

/** A card titled by the section key. */
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

function SectionFormCard({ sectionKey, form, children }: { sectionKey: string; form: SectionForm; children: ReactNode }) {
  return (
    <SectionCard sectionKey={sectionKey}>
      <form {...form.form} className="space-y-4">
        {children}
        <Button type="submit" disabled={form.saving}>
          {form.saving ? 'Saving...' : 'Save'}
        </Button>
      </form>
    </SectionCard>
  )
}

let nextEntryKey = 0

/**
 * The entries of a list that keeps at least one (slides, features). Each keeps
 * its own fields, named by its place ('slides.0.title'), so removing or moving
 * one renames the fields of those it passes and the form re-checks at once.
 */
function useEntries<Entry>(initial: Entry[], form: SectionForm) {
  const [entries, setEntries] = useState(() => initial.map((entry) => ({ key: nextEntryKey++, entry })))
  const change = (next: typeof entries) => {
    flushSync(() => setEntries(next))
    form.revalidate()
  }
  return {
    entries,
    add: (entry: Entry) => setEntries([...entries, { key: nextEntryKey++, entry }]),
    remove: (key: number) => change(entries.filter((item) => item.key !== key)),
    move: (from: number, to: number) => change(arrayMove(entries, from, to)),
  }
}

type Entries<Entry> = ReturnType<typeof useEntries<Entry>>

interface EntryListProps<Entry> {
  sectionKey: EditableSectionKey
  form: SectionForm
  entries: Entries<Entry>
  /** The list's field name: its entries' fields are `${name}.${index}.…`. */
  name: string
  /** What one entry is called: 'Slide' labels 'Slide 1', 'Move slide 1 up', 'Untitled slide'. */
  noun: string
  children: (entry: Entry, index: number) => ReactNode
}

/**
 * The entries in their order, each put elsewhere by dragging its handle (or
 * from the keyboard) or with Move up / Move down; the saved content keeps the
 * order shown (docs/product-rules.md#home-page-sections).
 */
function EntryList<Entry>({ sectionKey, form, entries, name, noun, children }: EntryListProps<Entry>) {
  const ids = entries.entries.map((item) => `${sectionKey}-entry-${item.key}`)
  // Spoken by its title as typed so far: the fields are the form's truth, not the entries' initial values.
  const spokenName = (index: number) => {
    const title = form.formRef.current?.elements.namedItem(`${name}.${index}.title`)
    const text = title instanceof HTMLInputElement ? title.value.trim() : ''
    return text ? `"${text}"` : `Untitled ${noun.toLowerCase()}`
  }
  const moves = useMoveButtons({ idPrefix: `${sectionKey}-move`, count: ids.length, onMove: entries.move })
  return (
    <>
      <SortableArea id={`${sectionKey}-order`} items={ids} nameOf={(id) => spokenName(ids.indexOf(id))} onMove={entries.move}>
        {entries.entries.map(({ key, entry }, index) => (
          <ListEntry
            key={key}
            id={ids[index]!}
            label={`${noun} ${index + 1}`}
            count={ids.length}
            moveButtons={moves.buttons(index, `${noun.toLowerCase()} ${index + 1}`, () => spokenName(index))}
            onRemove={() => entries.remove(key)}
          >
            {children(entry, index)}
          </ListEntry>
        ))}
      </SortableArea>
      {moves.announcer}
    </>
  )
}

interface ListEntryProps {
  id: string
  label: string
  count: number
  moveButtons: ReactNode
  onRemove: () => void
  children: ReactNode
}

/** One slide or feature of a list that must keep at least one entry. */
function ListEntry({ id, label, count, moveButtons, onRemove, children }: ListEntryProps) {
  const { setNodeRef, style, isDragging, handle } = useSortableItem(id)
  return (
    <fieldset ref={setNodeRef} style={style} className={cn('space-y-3 rounded-md border bg-card p-4', isDragging && 'relative z-10 shadow-lg')}>
      <div className="flex flex-wrap items-center gap-1">
        <DragHandle label={`Drag to reorder ${label.toLowerCase()}`} handle={handle} />
        <legend className="mr-auto pr-2 font-medium">{label}</legend>
        <div className="flex items-center gap-1">
          {moveButtons}
          <Button type="button" variant="ghost" size="sm" aria-label={`Remove ${label.toLowerCase()}`} disabled={count === 1} onClick={onRemove}>
            <Trash2 aria-hidden />
            Remove
          </Button>
        </div>
      </div>
      {children}
    </fieldset>
  )
}

const pick = (form: SectionForm) => (name: string, url: string) => form.revalidate({ [name]: url })

export function ContactSectionEditor({ content }: { content: SectionContent['home.contact'] }) {
  const form = useSectionForm('home.contact', contactSectionSchema)
  const { errors } = form
  return (
    <SectionFormCard sectionKey="home.contact" form={form}>
      <Field id="contact-schoolName" name="schoolName" label="School Name" defaultValue={content.schoolName} error={errors.schoolName} />
      <Field id="contact-phone" name="phone" label="Phone" type="tel" defaultValue={content.phone} error={errors.phone} />
      <Field id="contact-email" name="email" label="Email" type="email" defaultValue={content.email} error={errors.email} />
      <TextareaField id="contact-address" name="address" label="Address" rows={2} defaultValue={content.address} error={errors.address} />
    </SectionFormCard>
  )
}

export function LogosSectionEditor({ content }: { content: SectionContent['home.logos'] }) {
  const form = useSectionForm('home.logos', logosSectionSchema)
  const { errors } = form
  return (
    <SectionFormCard sectionKey="home.logos" form={form}>
      <SectionImageField label="Logo Image" name="image" defaultValue={content.image} error={errors.image} onPick={pick(form)} />
      <Field id="logos-title" name="title" label="Title (school name)" defaultValue={content.title} error={errors.title} />
      <Field id="logos-hoverText" name="hoverText" label="Hover Text" defaultValue={content.hoverText} error={errors.hoverText} />
      <SectionImageField
        label="Link preview image (optional)"
        name="shareImage"
        defaultValue={content.shareImage}
        error={errors.shareImage}
        description="Shown when a page without a picture of its own is shared (WhatsApp, Facebook, LinkedIn), cut to 1200 × 630 around its focal point. Empty: one is made from the logo and the theme's colours."
        onPick={pick(form)}
      />
    </SectionFormCard>
  )
}

export function AboutSectionEditor({ content }: { content: SectionContent['home.about'] }) {
  const form = useSectionForm('home.about', aboutSectionSchema)
  const { errors } = form
  const [length, setLength] = useState(content.content.length)
  return (
    <SectionFormCard sectionKey="home.about" form={form}>
      <Field id="about-title" name="title" label="Title" defaultValue={content.title} error={errors.title} />
      <FieldFrame id="about-content" label="Content" labelFor={false} error={errors.content} describedBy="about-content-count">
        {(control) => (
          <>
            <RichTextEditor
              id={control.id}
              name="content"
              labelledBy="about-content-label"
              withImages
              defaultValue={content.content}
              invalid={control['aria-invalid']}
              describedBy={control['aria-describedby']}
              onChange={(html) => {
                setLength(html.length)
                form.revalidate({ content: html })
              }}
            />
            {/* The limit counts the stored formatted text (HTML), as the server does. */}
            <p id="about-content-count" className={length > ABOUT_CONTENT_MAX ? 'text-right text-sm text-destructive' : 'text-right text-sm text-muted-foreground'}>
              {length}/{ABOUT_CONTENT_MAX}
            </p>
          </>
        )}
      </FieldFrame>
      <SectionImageField label="Image (optional)" name="image" defaultValue={content.image ?? ''} error={errors.image} onPick={pick(form)} />
    </SectionFormCard>
  )
}

export function HeroSectionEditor({ content }: { content: SectionContent['home.hero'] }) {
  const form = useSectionForm('home.hero', heroSectionSchema)
  const slides = useEntries(content.slides, form)
  const { errors } = form
  return (
    <SectionFormCard sectionKey="home.hero" form={form}>
      <FormMessage message={errors.slides} />
      <EntryList sectionKey="home.hero" form={form} entries={slides} name="slides" noun="Slide">
        {(slide, index) => (
          <>
            <Field id={`hero-${index}-title`} name={`slides.${index}.title`} label="Title" defaultValue={slide.title} error={errors[`slides.${index}.title`]} />
            <Field id={`hero-${index}-subtitle`} name={`slides.${index}.subtitle`} label="Subtitle" defaultValue={slide.subtitle} error={errors[`slides.${index}.subtitle`]} />
            <SectionImageField label="Image" name={`slides.${index}.image`} defaultValue={slide.image} error={errors[`slides.${index}.image`]} onPick={pick(form)} />
          </>
        )}
      </EntryList>
      <Button type="button" variant="outline" onClick={() => slides.add({ title: '', subtitle: '', image: '' })}>
        <Plus aria-hidden />
        Add Slide
      </Button>
    </SectionFormCard>
  )
}

export function FeaturesSectionEditor({ content }: { content: SectionContent['home.features'] }) {
  const form = useSectionForm('home.features', featuresSectionSchema)
  const features = useEntries(content.features, form)
  const { errors } = form
  return (
    <SectionFormCard sectionKey="home.features" form={form}>
      <Field id="features-title" name="title" label="Section Title" defaultValue={content.title} error={errors.title} />
      <FormMessage message={errors.features} />
      <EntryList sectionKey="home.features" form={form} entries={features} name="features" noun="Feature">
        {(feature, index) => {
          const path = `features.${index}`
          return (
            <>
              <FieldFrame id={`feature-${index}-icon`} label="Icon" error={errors[`${path}.icon`]}>
                {(control) => (
                  <select {...control} name={`${path}.icon`} defaultValue={feature.icon} className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm">
                    {FEATURE_ICONS.map((icon) => (
                      <option key={icon} value={icon}>
                        {icon}
                      </option>
                    ))}
                  </select>
                )}
              </FieldFrame>
              <Field id={`feature-${index}-title`} name={`${path}.title`} label="Title" defaultValue={feature.title} error={errors[`${path}.title`]} />
              <Field id={`feature-${index}-description`} name={`${path}.description`} label="Description" defaultValue={feature.description} error={errors[`${path}.description`]} />
              <SectionImageField label="Image (optional, replaces the icon)" name={`${path}.image`} defaultValue={feature.image ?? ''} error={errors[`${path}.image`]} onPick={pick(form)} />
            </>
          )
        }}
      </EntryList>
      <Button type="button" variant="outline" onClick={() => features.add({ icon: DEFAULT_FEATURE_ICON, title: '', description: '', image: '' })}>
        <Plus aria-hidden />
        Add Feature
      </Button>
    </SectionFormCard>
  )
}
