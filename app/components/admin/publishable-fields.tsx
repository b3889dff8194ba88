import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import type { DialogForm } from '#app/components/admin/admin-form-dialog.tsx'
import { RichTextEditor } from '#app/components/admin/rich-text-editor.tsx'
import { Field, FieldFrame } from '#app/components/forms/field.tsx'
import { isReservedPageSlug } from '#app/domain/page/page-slugs.ts'
import { firstFreeSlug, slugify } from '#app/domain/publishing/slug.ts'
import type { FieldErrors } from '#app/lib/action-result.ts'

/* The fields the post and page dialogs share. */

/** Waits this long after the last key in the title before asking the server for a free slug. */
const SUGGESTION_DELAY_MS = 250

/**
 * The slug follows the title while a new item is typed, until the editor types
 * a slug of their own (emptying it lets it follow again). An existing item
 * keeps its slug, so links to it keep working unless the editor changes it.
 * The slug is written straight into its input, so the form's live check sees
 * it: at once the title's slug (numbered past the site's own addresses for a
 * page), then the server's, numbered past the other items' slugs too.
 */
export function TitleAndSlugFields({
  item,
  restored,
  errors,
  titleMax,
  slugDescription,
  subject,
}: {
  item: { title: string; slug: string } | null
  restored: Record<string, string> | null
  errors: FieldErrors
  titleMax: number
  slugDescription: string
  /** Whose slugs a new one must differ from. */
  subject: 'pages' | 'blogs'
}) {
  const slugInput = useRef<HTMLInputElement>(null)
  const slugFollowsTitle = useRef(!item && !restored?.slug)
  const latestTitle = useRef('')
  const suggestionTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const suggestion = useFetcher<{ title: string; slug: string }>()
  const { load } = suggestion
  useEffect(() => () => clearTimeout(suggestionTimer.current), [])
  useEffect(() => {
    const answer = suggestion.data
    if (answer && slugFollowsTitle.current && slugInput.current && answer.title === latestTitle.current) slugInput.current.value = answer.slug
  }, [suggestion.data])
  const reserved = subject === 'pages' ? isReservedPageSlug : () => false
  return (
    <>
      <Field
        id="title"
        name="title"
        label="Title"
        defaultValue={restored?.title ?? item?.title}
        error={errors.title}
        description={`Up to ${titleMax} characters.`}
        onChange={(event) => {
          if (!slugFollowsTitle.current || !slugInput.current) return
          const title = event.currentTarget.value
          latestTitle.current = title
          slugInput.current.value = firstFreeSlug(slugify(title), reserved)
          clearTimeout(suggestionTimer.current)
          if (slugify(title)) suggestionTimer.current = setTimeout(() => void load(`/admin/free-slug?${new URLSearchParams({ subject, title })}`), SUGGESTION_DELAY_MS)
        }}
      />
      <Field
        ref={slugInput}
        id="slug"
        name="slug"
        label="Slug"
        defaultValue={restored?.slug ?? item?.slug}
        autoCapitalize="none"
        spellCheck={false}
        error={errors.slug}
        description={slugDescription}
        onChange={(event) => {
          slugFollowsTitle.current = event.currentTarget.value === ''
        }}
      />
    </>
  )
}

/** The editor is no form control: its edits reach the form's live check through `revalidate`. */
export function ContentField({ defaultValue, form, label = 'Content' }: { defaultValue?: string; form: DialogForm; label?: string }) {
  return (
    <FieldFrame id="content" label={label} error={form.errors.content} labelFor={false}>
      {(control) => (
        <RichTextEditor
          id={control.id}
          name="content"
          defaultValue={defaultValue}
          labelledBy="content-label"
          withImages
          invalid={control['aria-invalid']}
          describedBy={control['aria-describedby']}
          onChange={(html) => form.revalidate({ content: html })}
        />
      )}
    </FieldFrame>
  )
}
