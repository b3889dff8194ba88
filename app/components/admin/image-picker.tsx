import { ImagePlus, Search, Upload } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { ListPager } from '#app/components/admin/list-pager.tsx'
import { Field } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { toast } from '#app/components/ui/sonner.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx'
import { MAX_ALT_LENGTH } from '#app/domain/media/media.schema.ts'
import { showErrorToast } from '#app/components/ui/error-toast.ts'
import type { ListPageInfo } from '#app/lib/list-params.ts'
import { LIST_SEARCH_MAX_LENGTH, listNoMatchText } from '#app/lib/list-search.ts'
import { canShowInBrowser, IMAGE_ACCEPT, looksLikeImage, UPLOAD_MESSAGES } from '#app/lib/uploads/upload-rules.ts'
import { fitImageForUpload } from '#app/components/forms/fit-image-for-upload.ts'
import { cn } from '#app/lib/utils.ts'

const PICKER_PATH = '/admin/image-picker'

interface PickerImage {
  id: string
  url: string
  /** The file name (media library) or the title (gallery). */
  label: string
  alt: string
  decorative: boolean
}

/** What the picker hands over: the image's address and its description, for an `<img alt>`. */
export interface PickedImage {
  url: string
  alt: string
  decorative: boolean
}

type UploadAnswer = { ok: true; message: string; url: string } | { ok: false; error: string }

interface ImagePickerDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  onSelect: (url: string, image: PickedImage) => void
}

/**
 * 'Select or Upload Image': the media library's images (what pages use:
 * logos, slides, covers, inline pictures) and the gallery's photos, and a
 * drop zone for a new image. A new image is described before it is
 * uploaded, and joins the media library, never the public gallery.
 */
export function ImagePickerDialog({ open, onOpenChange, onSelect }: ImagePickerDialogProps) {
  const library = useFetcher<{ media: PickerImage[]; pages: ListPageInfo; search: string; gallery: PickerImage[] }>()
  const uploader = useFetcher<UploadAnswer>()
  const [pending, setPending] = useState<File | null>(null)
  // The media library is paged and searched on the server, as on its own screen.
  const [browse, setBrowse] = useState({ search: '', page: 1 })
  const { load } = library

  useEffect(() => {
    if (!open) return
    const params = new URLSearchParams()
    if (browse.search) params.set('q', browse.search)
    if (browse.page > 1) params.set('page', String(browse.page))
    void load(params.size ? `${PICKER_PATH}?${params.toString()}` : PICKER_PATH)
  }, [open, load, browse])

  function changeOpen(next: boolean) {
    if (!next) {
      setPending(null)
      setBrowse({ search: '', page: 1 })
    }
    onOpenChange(next)
  }

  function choose(image: PickedImage) {
    setPending(null)
    onSelect(image.url, image)
    toast.success('Image selected')
    onOpenChange(false)
  }

  // The description typed for the upload goes with the image it describes.
  const described = useRef<{ alt: string; decorative: boolean }>({ alt: '', decorative: false })
  const latestChoose = useRef(choose)
  useEffect(() => {
    latestChoose.current = choose
  })
  useEffect(() => {
    const answer = uploader.data
    if (uploader.state !== 'idle' || !answer) return
    if (answer.ok) {
      toast.success(answer.message)
      latestChoose.current({ url: answer.url, ...described.current })
    } else {
      showErrorToast(answer.error)
    }
  }, [uploader.state, uploader.data])

  async function upload(file: File, description: { alt: string; decorative: boolean }) {
    described.current = description
    const form = new FormData()
    form.set('image', await fitImageForUpload(file))
    form.set('alt', description.alt)
    if (description.decorative) form.set('decorative', 'on')
    void uploader.submit(form, { method: 'post', action: PICKER_PATH, encType: 'multipart/form-data' })
  }

  function offer(file: File | undefined) {
    if (!file) return
    if (!looksLikeImage(file)) return showErrorToast(UPLOAD_MESSAGES.notAnImage)
    setPending(file)
  }

  const loading = library.state !== 'idle' && !library.data
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      {/*
        The dialog is portalled out of the form it was opened from, but React still bubbles its events
        up the component tree: the upload's or the search's submit would submit (save) that form, and
        typing here would count as editing it.
      */}
      <DialogContent className="sm:max-w-2xl" onSubmit={(event) => event.stopPropagation()} onChange={(event) => event.stopPropagation()}>
        <DialogHeader>
          <DialogTitle>Select or Upload Image</DialogTitle>
          <DialogDescription>Choose an image from the media library or the gallery, or add a new one to the media library.</DialogDescription>
        </DialogHeader>
        {pending ? (
          <DescribeUpload file={pending} uploading={uploader.state !== 'idle'} onUpload={(description) => void upload(pending, description)} onCancel={() => setPending(null)} />
        ) : (
          <>
            <DropZone onFile={offer} />
            <Tabs defaultValue="media">
              <TabsList>
                <TabsTrigger value="media">Media library</TabsTrigger>
                <TabsTrigger value="gallery">Gallery</TabsTrigger>
              </TabsList>
              <TabsContent value="media" className="space-y-2">
                <MediaSearch search={browse.search} onSearch={(search) => setBrowse({ search, page: 1 })} />
                <ImageGrid
                  images={library.data?.media ?? []}
                  loading={loading}
                  empty={browse.search ? listNoMatchText('images', browse.search) : 'No images in the media library yet'}
                  onChoose={choose}
                />
                {library.data && library.data.pages.pageCount > 1 ? (
                  <ListPager pages={library.data.pages} thing="image" busy={library.state !== 'idle'} onPage={(page) => setBrowse((current) => ({ ...current, page }))} />
                ) : null}
              </TabsContent>
              <TabsContent value="gallery">
                <ImageGrid images={library.data?.gallery ?? []} loading={loading} empty="No images in gallery yet" onChoose={choose} />
              </TabsContent>
            </Tabs>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}

function DropZone({ onFile }: { onFile: (file: File | undefined) => void }) {
  const fileInput = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  return (
    <div
      data-testid="image-drop-zone"
      data-dragging={dragging || undefined}
      onDragOver={(event) => {
        event.preventDefault()
        setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault()
        setDragging(false)
        onFile(event.dataTransfer.files[0])
      }}
      className={cn(
        'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-4 text-center text-sm text-muted-foreground transition-colors',
        dragging && 'border-primary bg-primary/10 text-foreground',
      )}
    >
      <Upload aria-hidden className="size-6" />
      <p>Drop an image here, or</p>
      <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
        Choose a file
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label="Image file to upload"
        onChange={(event) => {
          onFile(event.currentTarget.files?.[0])
          event.currentTarget.value = ''
        }}
      />
    </div>
  )
}

/** Before a new image is uploaded: what it shows, for people who cannot see it, or that it is only decoration. */
function DescribeUpload({ file, uploading, onUpload, onCancel }: { file: File; uploading: boolean; onUpload: (description: { alt: string; decorative: boolean }) => void; onCancel: () => void }) {
  const [alt, setAlt] = useState('')
  const [decorative, setDecorative] = useState(false)
  const [preview, setPreview] = useState<string | null>(null)
  useEffect(() => {
    if (!canShowInBrowser(file)) return
    // A data: URL, as the content security policy allows no blob: images.
    const reader = new FileReader()
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null)
    reader.readAsDataURL(file)
    return () => reader.abort()
  }, [file])
  return (
    <form
      className="space-y-4"
      aria-label="Describe the new image"
      onSubmit={(event) => {
        event.preventDefault()
        onUpload({ alt: decorative ? '' : alt.trim(), decorative })
      }}
    >
      <fieldset disabled={uploading} className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        {preview ? <img src={preview} alt="" className="aspect-square w-40 rounded-md border object-cover" /> : <div className="aspect-square w-40 rounded-md border bg-muted" />}
        <div className="space-y-3">
          <p className="truncate text-sm font-medium">{file.name}</p>
          <Field
            id="picker-alt"
            name="alt"
            label="Alt text"
            value={decorative ? '' : alt}
            onChange={(event) => setAlt(event.target.value)}
            maxLength={MAX_ALT_LENGTH}
            disabled={decorative}
            autoFocus
            description="What the image shows, for people who cannot see it: 'Year 3 planting trees in the school garden'."
          />
          <div className="flex items-center gap-2">
            <input id="picker-decorative" type="checkbox" checked={decorative} onChange={(event) => setDecorative(event.target.checked)} className="size-4 accent-primary" />
            <Label htmlFor="picker-decorative">Decorative: it adds nothing a reader needs (no alt text)</Label>
          </div>
        </div>
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={uploading}>
          Cancel
        </Button>
        <Button type="submit" disabled={uploading}>
          {uploading ? 'Uploading...' : 'Upload'}
        </Button>
      </div>
    </form>
  )
}

/** Searches the media library by alt text or file name; a form of its own, so Enter searches rather than submitting anything else. */
function MediaSearch({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(search)
  return (
    <form
      role="search"
      aria-label="Search the media library"
      className="flex gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        onSearch(text.trim().slice(0, LIST_SEARCH_MAX_LENGTH))
      }}
    >
      <Input type="search" value={text} onChange={(event) => setText(event.currentTarget.value)} maxLength={LIST_SEARCH_MAX_LENGTH} placeholder="Alt text or file name" aria-label="Search images by alt text or file name" />
      <Button type="submit" variant="outline">
        <Search aria-hidden />
        Search
      </Button>
    </form>
  )
}

function ImageGrid({ images, loading, empty, onChoose }: { images: PickerImage[]; loading: boolean; empty: string; onChoose: (image: PickedImage) => void }) {
  return (
    <div className="h-[300px] overflow-y-auto rounded-md border p-2">
      {loading ? (
        <div className="flex h-full items-center justify-center">
          <Spinner className="size-6 text-primary" />
        </div>
      ) : images.length === 0 ? (
        <p className="p-4 text-center text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid grid-cols-3 gap-2" data-testid="image-picker-grid">
          {images.map((image) => (
            <li key={image.id} className="relative">
              <button
                type="button"
                onClick={() => onChoose({ url: image.url, alt: image.alt, decorative: image.decorative })}
                aria-label={`Choose ${image.alt || image.label || 'this image'}`}
                className="block w-full overflow-hidden rounded-md border hover:ring-2 hover:ring-primary focus-visible:ring-2 focus-visible:ring-ring"
              >
                <img src={image.url} alt="" loading="lazy" className="aspect-square w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** A button that opens the picker and hands the chosen image's address over. */
export function ChooseImageButton({ onSelect, label = 'Select or Upload Image', accessibleName }: { onSelect: (url: string) => void; label?: string; accessibleName?: string }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button type="button" variant="outline" aria-label={accessibleName} onClick={() => setOpen(true)}>
        <ImagePlus aria-hidden />
        {label}
      </Button>
      <ImagePickerDialog open={open} onOpenChange={setOpen} onSelect={onSelect} />
    </>
  )
}
