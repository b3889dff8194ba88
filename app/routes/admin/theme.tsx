import { Plus, RotateCcw, Save } from 'lucide-react'
import { useMemo, useState, type ReactNode } from 'react'
import { useFetcher } from 'react-router'
import { z } from 'zod'
import { AdminPageHeader } from '#app/components/admin/admin-page-header.tsx'
import { ThemeCards } from '#app/components/admin/theme-cards.tsx'
import { ThemeContrastReport } from '#app/components/admin/theme-contrast-report.tsx'
import { ColorField, SectionStyleFields } from '#app/components/admin/theme-fields.tsx'
import { ThemePreviewFrame } from '#app/components/admin/theme-preview-frame.tsx'
import { TimeZoneCard } from '#app/components/admin/time-zone-card.tsx'
import { Field } from '#app/components/forms/field.tsx'
import { useFormValidation } from '#app/components/forms/use-form-validation.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { toast } from '#app/components/ui/sonner.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx'
import { themeContrast } from '#app/domain/theme/contrast.ts'
import { activateTheme, createTheme, deleteTheme, updateTheme } from '#app/domain/theme/theme-admin.server.ts'
import {
  COLOR_KEYS,
  DEFAULT_COLORS,
  DEFAULT_THEME_NAME,
  defaultSectionStyles,
  THEME_MESSAGES,
  themeActionSchema,
  themeInputSchema,
  themeNameSchema,
  type SectionStyleKey,
  type Theme,
  type ThemeInput,
} from '#app/domain/theme/theme.schema.ts'
import { listThemes } from '#app/domain/theme/theme.server.ts'
import { timeZoneChoices } from '#app/domain/site/time-zone.schema.ts'
import { siteTimeZone } from '#app/lib/site-time-zone.server.ts'
import { refusedFieldErrors, type ActionResult, type FieldErrors } from '#app/lib/action-result.ts'
import { answerAction, postedForm, textFields, validated } from '#app/lib/action.server.ts'
import { DomainError, isDomainError } from '#app/lib/errors/domain-error.ts'
import { showErrorToast } from '#app/components/ui/error-toast.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import type { Route } from './+types/theme.ts'

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, 'admin')
  const [themes, timeZone] = await Promise.all([listThemes(), siteTimeZone()])
  return { themes, timeZone, timeZoneChoices: timeZoneChoices() }
}

/** A refusal's message starts with what was asked: 'Failed to update theme: ...' and the like (a Map: the intent is any text, '__proto__' too). */
const FAILURE_PREFIX = new Map([
  ['update', 'Failed to update theme: '],
  ['create', 'Failed to create theme: '],
  ['activate', 'Failed to activate theme: '],
  ['delete', 'Failed to delete theme: '],
])

export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'admin')
  return answerAction(async () => {
    const values = textFields(await postedForm(request))
    const prefix = FAILURE_PREFIX.get(values.intent ?? '') ?? ''
    try {
      const submission = validated(themeActionSchema, values)
      switch (submission.intent) {
        case 'create':
          await createTheme(submission.theme)
          return THEME_MESSAGES.created
        case 'update':
          await updateTheme(submission.id, submission.theme)
          return THEME_MESSAGES.updated
        case 'activate':
          await activateTheme(submission.id)
          return THEME_MESSAGES.activated
        case 'delete':
          await deleteTheme(submission.id)
          return THEME_MESSAGES.deleted
      }
    } catch (error) {
      throw isDomainError(error) ? new DomainError(error.code, prefix + error.message, error.fields) : error
    }
  })
}

export const meta: Route.MetaFunction = () => [{ title: 'Theme Management | Admin Panel' }]

const SECTION_LABELS: Record<SectionStyleKey, string> = {
  hero: 'Hero',
  features: 'Features',
  testimonials: 'Testimonials',
  about: 'About',
  contact: 'Get in Touch',
  footer: 'Footer',
  pageTitle: 'Page title banner (all pages)',
  blogsPage: 'Blogs page',
  eventsPage: 'Events page',
  galleryPage: 'Gallery page',
  policiesPage: 'Policies page',
  calendarPage: 'Calendar page',
  schoolPages: 'School pages (term dates, admissions…)',
  header: 'Header',
}
const HOME_SECTIONS: SectionStyleKey[] = ['hero', 'features', 'testimonials', 'about', 'contact', 'footer']
const PAGE_BANNERS: SectionStyleKey[] = ['pageTitle', 'blogsPage', 'eventsPage', 'galleryPage', 'policiesPage', 'calendarPage', 'schoolPages']

const defaultDraft = (): ThemeInput => ({ name: DEFAULT_THEME_NAME, colors: { ...DEFAULT_COLORS }, sectionStyles: defaultSectionStyles() })
const draftOf = (theme: Theme): ThemeInput => ({ name: theme.name, colors: theme.colors, sectionStyles: theme.sectionStyles })

export default function ThemeManagement({ loaderData }: Route.ComponentProps) {
  const { themes } = loaderData
  const initial = themes.find((theme) => theme.isActive) ?? themes[0] ?? null
  const [chosenId, setChosenId] = useState<string | null>(initial?.id ?? null)
  // A deleted theme that was loaded in the editor is no longer selected.
  const selectedId = themes.some((theme) => theme.id === chosenId) ? chosenId : null
  const [draft, setDraft] = useState<ThemeInput>(() => (initial ? draftOf(initial) : defaultDraft()))
  const [creating, setCreating] = useState(false)
  const editor = useFetcher<ActionResult>()
  const list = useFetcher<ActionResult>()
  useActionToast(editor)
  useActionToast(list)

  // The draft is checked as it is typed: the preview follows every keystroke, and so do the messages.
  const validation = useFormValidation({
    schema: themeInputSchema,
    values: draft,
    revealOn: 'always',
    onInvalid: (_errors: FieldErrors, first: string) => showErrorToast(selectedId ? `Failed to update theme: ${first}` : THEME_MESSAGES.noneSelected),
    onValid: (theme) => {
      if (!selectedId) return showErrorToast(THEME_MESSAGES.noneSelected)
      void editor.submit({ intent: 'update', id: selectedId, theme: JSON.stringify(theme) }, { method: 'post' })
    },
  })
  const { errors } = validation
  const preview = useMemo(() => ({ colors: draft.colors, sectionStyles: draft.sectionStyles }), [draft.colors, draft.sectionStyles])
  const saving = editor.state !== 'idle'
  // Only a colour in the right format can be measured; until then the report waits for it.
  const contrast = useMemo(() => (errors && Object.keys(errors).some((key) => key.startsWith('colors.')) ? null : themeContrast(draft.colors)), [draft.colors, errors])

  function select(theme: Theme) {
    setChosenId(theme.id)
    setDraft(draftOf(theme))
  }

  function reset() {
    setDraft(defaultDraft())
    toast.success(THEME_MESSAGES.reset)
  }

  const setStyle = (key: SectionStyleKey) => (style: ThemeInput['sectionStyles'][SectionStyleKey]) =>
    setDraft((current) => ({ ...current, sectionStyles: { ...current.sectionStyles, [key]: style } }))

  return (
    <>
      <AdminPageHeader
        title="Theme Management"
        description="Colours and section styles of the public site. Changes show in the preview before you save them."
        actions={
          <>
            <Button type="button" variant="outline" onClick={reset}>
              <RotateCcw aria-hidden />
              Reset to Default
            </Button>
            <Button type="button" variant="outline" onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              Add New Theme
            </Button>
            <Button type="submit" form="theme-editor" disabled={saving}>
              <Save aria-hidden />
              {saving ? 'Saving...' : 'Save Changes'}
            </Button>
          </>
        }
      />

      <TimeZoneCard timeZone={loaderData.timeZone} choices={loaderData.timeZoneChoices} />

      <section aria-labelledby="themes-heading" className="mb-8">
        <h2 id="themes-heading" className="mb-3 text-xl font-semibold">
          Themes
        </h2>
        <ThemeCards
          themes={themes}
          selectedId={selectedId}
          busy={list.state !== 'idle'}
          onSelect={select}
          onActivate={(theme) => void list.submit({ intent: 'activate', id: theme.id }, { method: 'post' })}
          onDelete={(theme) => void list.submit({ intent: 'delete', id: theme.id }, { method: 'post' })}
        />
      </section>

      <div className="grid gap-8 2xl:grid-cols-2">
        <section aria-labelledby="editor-heading" className="min-w-0">
          <form id="theme-editor" {...validation.form} className="space-y-4">
          <h2 id="editor-heading" className="text-xl font-semibold">
            Editor
          </h2>
          <Field id="theme-name" name="name" label="Theme name" value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} error={errors.name} />
          <Tabs defaultValue="colors">
            <TabsList className="flex h-auto flex-wrap">
              <TabsTrigger value="colors">Colors</TabsTrigger>
              <TabsTrigger value="sections">Sections</TabsTrigger>
              <TabsTrigger value="pages">Pages</TabsTrigger>
              <TabsTrigger value="borders">Borders</TabsTrigger>
              <TabsTrigger value="header">Header</TabsTrigger>
            </TabsList>
            <TabsContent value="colors">
              <Card>
                <CardContent className="grid gap-4 sm:grid-cols-2">
                  {COLOR_KEYS.map((key) => (
                    <ColorField key={key} colorKey={key} value={draft.colors[key]} error={errors[`colors.${key}`]} onChange={(value) => setDraft({ ...draft, colors: { ...draft.colors, [key]: value } })} />
                  ))}
                </CardContent>
                <CardContent>{contrast ? <ThemeContrastReport report={contrast} /> : null}</CardContent>
              </Card>
            </TabsContent>
            <TabsContent value="sections" className="space-y-4">
              {HOME_SECTIONS.map((key) => (
                <StyleCard key={key} title={SECTION_LABELS[key]}>
                  <SectionStyleFields styleKey={key} style={draft.sectionStyles[key]} errors={errors} onChange={setStyle(key)} />
                </StyleCard>
              ))}
            </TabsContent>
            <TabsContent value="pages" className="space-y-4">
              {PAGE_BANNERS.map((key) => (
                <StyleCard key={key} title={SECTION_LABELS[key]}>
                  <SectionStyleFields styleKey={key} style={draft.sectionStyles[key]} errors={errors} onChange={setStyle(key)} />
                </StyleCard>
              ))}
            </TabsContent>
            <TabsContent value="borders">
              <BordersInfo />
            </TabsContent>
            <TabsContent value="header">
              <StyleCard title={SECTION_LABELS.header}>
                <Field
                  id="header-height"
                  name="sectionStyles.header.height"
                  label="Header height"
                  value={draft.sectionStyles.header.height ?? ''}
                  onChange={(event) => setStyle('header')({ ...draft.sectionStyles.header, height: event.target.value })}
                  error={errors['sectionStyles.header.height']}
                  description="Default 80px"
                />
                <SectionStyleFields styleKey="header" style={draft.sectionStyles.header} errors={errors} onChange={setStyle('header')} />
              </StyleCard>
            </TabsContent>
          </Tabs>
          </form>
        </section>

        <section aria-labelledby="preview-heading" className="min-w-0 space-y-4">
          <h2 id="preview-heading" className="text-xl font-semibold">
            Live preview
          </h2>
          <p className="text-sm text-muted-foreground">The home page with the values above, before they are saved. Visitors keep seeing the active theme.</p>
          <ThemePreviewFrame theme={preview} />
        </section>
      </div>

      <CreateThemeDialog open={creating} onOpenChange={setCreating} draft={draft} />
    </>
  )
}

function StyleCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent className="space-y-4">
        <h3 className="font-semibold">{title}</h3>
        {children}
      </CardContent>
    </Card>
  )
}

function BordersInfo() {
  return (
    <Card>
      <CardContent className="space-y-3 text-sm">
        <h3 className="text-base font-semibold">How border images work</h3>
        <p>A border image frames a section or page banner with a picture instead of a plain line. Set it per section in the Sections, Pages and Header tabs.</p>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong>Border image</strong>: the picture to draw around the block. Its corners go to the corners of the block and its edges are repeated along the sides.
          </li>
          <li>
            <strong>Border slice</strong>: how many pixels of the picture, measured in from each edge, count as its border. Values from 10 to 50 suit most pictures; the default is 30.
          </li>
          <li>
            <strong>Border width</strong>: how thick the border is drawn on the page, such as 10px. The site uses 30px for the footer and 20px for page banners unless the theme says otherwise.
          </li>
        </ul>
        <p className="text-muted-foreground">Without a border image, the other two settings have no effect.</p>
      </CardContent>
    </Card>
  )
}

const newThemeSchema = z.object({ name: themeNameSchema })

/** 'Create New Theme': a name, then a new inactive theme with the editor's current values. */
function CreateThemeDialog({ open, onOpenChange, draft }: { open: boolean; onOpenChange: (open: boolean) => void; draft: ThemeInput }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create New Theme</DialogTitle>
          <DialogDescription>The new theme starts inactive, with the colours and styles now in the editor.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while the dialog is open, so it opens empty each time. */}
        <CreateThemeForm draft={draft} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

function CreateThemeForm({ draft, onClose }: { draft: ThemeInput; onClose: () => void }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher, onClose)
  const saving = fetcher.state !== 'idle'
  const validation = useFormValidation({
    schema: newThemeSchema,
    serverErrors: refusedFieldErrors(fetcher.data),
    onValid: ({ name }) => {
      const theme = themeInputSchema.safeParse({ ...draft, name })
      // The editor's values are checked live; a bad one there falls back to the defaults here.
      const values = theme.success ? theme.data : { ...defaultDraft(), name }
      void fetcher.submit({ intent: 'create', theme: JSON.stringify(values) }, { method: 'post' })
    },
  })

  return (
    <form {...validation.form} className="space-y-4">
      <Field id="new-theme-name" name="name" label="Theme name" error={validation.errors.name} autoFocus />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Create Theme'}
        </Button>
      </DialogFooter>
    </form>
  )
}
