import Image from '@tiptap/extension-image'
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import {
  Bold,
  Columns3,
  Heading2,
  Heading3,
  ImagePlus,
  Info,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Rows3,
  Table2,
  TextQuote,
  Trash2,
  Undo2,
  Video,
  type LucideIcon,
} from 'lucide-react'
import { useState } from 'react'
import { sanitizeRichText } from '#app/lib/rich-text-sanitizer.ts'
import { cn } from '#app/lib/utils.ts'
import { ImagePickerDialog, type PickedImage } from './image-picker.tsx'
import { insertTable, insertVideo, RICH_TEXT_BLOCKS, runTableCommand, toggleCallout } from './rich-text-blocks.ts'

interface RichTextEditorProps {
  id: string
  /** The form field that carries the HTML. */
  name: string
  defaultValue?: string
  /** Called with the HTML and its plain-text length on every edit (live counters). */
  onChange?: (html: string, textLength: number) => void
  /** Offers an image button that inserts an image chosen with the image picker. */
  withImages?: boolean
  invalid?: boolean
  describedBy?: string
  labelledBy: string
}

interface ToolbarButton {
  label: string
  icon: LucideIcon
  isActive?: (editor: Editor) => boolean
  run: (editor: Editor) => void
}

/** A link goes to a web address, or to a page or a stored document of this site (/files/policies/…, /admissions). */
export const LINK_PROMPT = 'Link address: https://… for another site, or a path of this site such as /admissions or /files/policies/… for a stored document (leave empty to remove the link)'

export const IMAGE_ALT_PROMPT = 'Alt text for this image: what it shows, for people who cannot see it. Leave it empty if the image is only decoration.'

/** Writes the selected picture's alt text; empty marks it decorative (`alt=""`), which is not the same as none. */
function describeSelectedImage(editor: Editor) {
  const current = editor.getAttributes('image').alt as string | null | undefined
  const alt = window.prompt(IMAGE_ALT_PROMPT, current ?? '')
  if (alt === null) return
  editor.chain().focus().updateAttributes('image', { alt: alt.trim() }).run()
}

/** A picked image's description as the `<img>` attributes: none yet stays without `alt`, so publishing asks for one. */
function altAttributes(image: PickedImage): { alt?: string } {
  if (image.decorative) return { alt: '' }
  return image.alt ? { alt: image.alt } : {}
}

const TOOLBAR: ToolbarButton[] = [
  { label: 'Bold', icon: Bold, isActive: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { label: 'Italic', icon: Italic, isActive: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  { label: 'Heading', icon: Heading2, isActive: (e) => e.isActive('heading', { level: 2 }), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { label: 'Subheading', icon: Heading3, isActive: (e) => e.isActive('heading', { level: 3 }), run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
  { label: 'Bulleted list', icon: List, isActive: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run() },
  { label: 'Numbered list', icon: ListOrdered, isActive: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run() },
  { label: 'Quote', icon: Quote, isActive: (e) => e.isActive('blockquote'), run: (e) => e.chain().focus().toggleBlockquote().run() },
  {
    label: 'Link',
    icon: Link2,
    isActive: (e) => e.isActive('link'),
    run: (e) => {
      const current = e.getAttributes('link').href as string | undefined
      const href = window.prompt(LINK_PROMPT, current ?? 'https://')
      if (href === null) return
      if (href.trim() === '') e.chain().focus().extendMarkRange('link').unsetLink().run()
      else e.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run()
    },
  },
  { label: 'Callout box', icon: Info, isActive: (e) => e.isActive('callout'), run: toggleCallout },
  { label: 'Table', icon: Table2, run: insertTable },
  { label: 'Video (YouTube or Vimeo)', icon: Video, run: insertVideo },
  { label: 'Undo', icon: Undo2, run: (e) => e.chain().focus().undo().run() },
  { label: 'Redo', icon: Redo2, run: (e) => e.chain().focus().redo().run() },
]

/** The buttons shown while the cursor is in a table. */
const TABLE_TOOLS = [
  { label: 'Add a row below', icon: Rows3, command: 'addRow' },
  { label: 'Add a column to the right', icon: Columns3, command: 'addColumn' },
  { label: 'Delete this row', icon: Trash2, command: 'deleteRow' },
  { label: 'Delete this column', icon: Trash2, command: 'deleteColumn' },
  { label: 'Delete the table', icon: Trash2, command: 'deleteTable' },
] as const

/**
 * Rich text (headings, lists, links, images, bold, italic, callout boxes,
 * tables, videos) edited as HTML.
 * The server sanitises what it receives; the editor only produces markup it
 * allows, and cleans pasted HTML with the server's sanitiser before reading it.
 */
export function RichTextEditor({ id, name, defaultValue = '', onChange, withImages, invalid, describedBy, labelledBy }: RichTextEditorProps) {
  const [html, setHtml] = useState(defaultValue)
  const [pickingImage, setPickingImage] = useState(false)
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, protocols: ['mailto', 'tel'], HTMLAttributes: { rel: 'noopener noreferrer', target: null } },
        code: false,
        codeBlock: false,
      }),
      Image,
      ...RICH_TEXT_BLOCKS,
    ],
    content: defaultValue,
    editorProps: {
      // Cleaned before the editor parses it: pasted handlers and unsafe images never reach the page.
      transformPastedHTML: sanitizeRichText,
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: 'rich-text min-h-48 px-3 py-2 focus:outline-none',
      },
    },
    onUpdate: ({ editor: current }) => {
      const next = current.isEmpty ? '' : current.getHTML()
      setHtml(next)
      onChange?.(next, current.getText().length)
    },
  })
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => (current ? TOOLBAR.map((button) => button.isActive?.(current) ?? false) : []),
  })
  const imageSelected = useEditorState({ editor, selector: ({ editor: current }) => current?.isActive('image') ?? false })
  const inTable = useEditorState({ editor, selector: ({ editor: current }) => current?.isActive('table') ?? false })

  return (
    <div className={cn('rounded-md border border-input bg-background focus-within:ring-2 focus-within:ring-ring', invalid && 'border-destructive')}>
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 border-b p-1">
        {TOOLBAR.map((button, index) => (
          <button
            key={button.label}
            type="button"
            title={button.label}
            aria-label={button.label}
            aria-pressed={button.isActive ? Boolean(active?.[index]) : undefined}
            disabled={!editor}
            // A mouse click must not take focus from the text: the editor's own refocus waits a frame, and keys typed meanwhile would be lost.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => editor && button.run(editor)}
            className="rounded p-1.5 hover:bg-muted aria-pressed:bg-muted aria-pressed:text-primary disabled:opacity-50"
          >
            <button.icon aria-hidden className="size-4" />
          </button>
        ))}
        {inTable
          ? TABLE_TOOLS.map((tool) => (
              <button
                key={tool.command}
                type="button"
                title={tool.label}
                aria-label={tool.label}
                disabled={!editor}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => editor && runTableCommand(editor, tool.command)}
                className="rounded p-1.5 hover:bg-muted disabled:opacity-50"
              >
                <tool.icon aria-hidden className="size-4" />
              </button>
            ))
          : null}
        {withImages ? (
          <>
            <button type="button" title="Image" aria-label="Image" disabled={!editor} onClick={() => setPickingImage(true)} className="rounded p-1.5 hover:bg-muted disabled:opacity-50">
              <ImagePlus aria-hidden className="size-4" />
            </button>
            <button
              type="button"
              title="Image alt text (select an image first)"
              aria-label="Image alt text"
              disabled={!editor || !imageSelected}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => editor && describeSelectedImage(editor)}
              className="rounded p-1.5 hover:bg-muted disabled:opacity-50"
            >
              <TextQuote aria-hidden className="size-4" />
            </button>
          </>
        ) : null}
      </div>
      <EditorContent editor={editor} />
      <input type="hidden" name={name} value={html} />
      {withImages ? (
        <ImagePickerDialog open={pickingImage} onOpenChange={setPickingImage} onSelect={(src, image) => editor?.chain().focus().setImage({ src, ...altAttributes(image) }).run()} />
      ) : null}
    </div>
  )
}
