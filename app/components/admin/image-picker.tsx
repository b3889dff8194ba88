import { ImagePlus, Upload } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { toast } from '#app/components/ui/sonner.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { showErrorToast } from '#app/lib/error-toast.ts'
import { IMAGE_ACCEPT, UPLOAD_MESSAGES } from '#app/lib/uploads/upload-rules.ts'
import { cn } from '#app/lib/utils.ts'

const PICKER_PATH = '/admin/image-picker'

interface PickerImage {
  id: string
  title: string | null
  imageUrl: string
}

type UploadAnswer = { ok: true; message: string; url: string } | { ok: false; error: string }

interface ImagePickerDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  onSelect: (url: string) => void
}

/**
 * Spec §2 'Select or Upload Image': the gallery's images in a 3-column grid
 * inside a 300 px scroll area, and a drop zone (or file button) for a new
 * image, which joins the gallery and is selected.
 */
export function ImagePickerDialog({ open, onOpenChange, onSelect }: ImagePickerDialogProps) {
  const gallery = useFetcher<{ images: PickerImage[] }>()
  const uploader = useFetcher<UploadAnswer>()
  const fileInput = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const uploading = uploader.state !== 'idle'
  const { load } = gallery

  useEffect(() => {
    if (open) void load(PICKER_PATH)
  }, [open, load])

  function choose(url: string) {
    onSelect(url)
    toast.success('Image selected')
    onOpenChange(false)
  }

  const latestChoose = useRef(choose)
  useEffect(() => {
    latestChoose.current = choose
  })
  useEffect(() => {
    const answer = uploader.data
    if (uploader.state !== 'idle' || !answer) return
    if (answer.ok) {
      toast.success(answer.message)
      latestChoose.current(answer.url)
    } else {
      showErrorToast(answer.error)
    }
  }, [uploader.state, uploader.data])

  function upload(file: File | undefined) {
    if (!file) return
    if (!file.type.startsWith('image/')) return showErrorToast(UPLOAD_MESSAGES.notAnImage)
    const form = new FormData()
    form.set('image', file)
    void uploader.submit(form, { method: 'post', action: PICKER_PATH, encType: 'multipart/form-data' })
  }

  const images = gallery.data?.images ?? []
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Select or Upload Image</DialogTitle>
          <DialogDescription>Choose an image from the gallery, or add a new one.</DialogDescription>
        </DialogHeader>
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
            upload(event.dataTransfer.files[0])
          }}
          className={cn(
            'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-4 text-center text-sm text-muted-foreground transition-colors',
            dragging && 'border-primary bg-primary/10 text-foreground',
          )}
        >
          <Upload aria-hidden className="size-6" />
          <p>Drop an image here, or</p>
          <Button type="button" variant="outline" size="sm" disabled={uploading} onClick={() => fileInput.current?.click()}>
            {uploading ? 'Uploading...' : 'Choose a file'}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept={IMAGE_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label="Image file to upload"
            onChange={(event) => {
              upload(event.currentTarget.files?.[0])
              event.currentTarget.value = ''
            }}
          />
        </div>
        <div className="h-[300px] overflow-y-auto rounded-md border p-2">
          {gallery.state !== 'idle' && !gallery.data ? (
            <div className="flex h-full items-center justify-center">
              <Spinner className="size-6 text-primary" />
            </div>
          ) : images.length === 0 ? (
            <p className="p-4 text-center text-sm text-muted-foreground">No images in gallery yet</p>
          ) : (
            <ul className="grid grid-cols-3 gap-2" data-testid="image-picker-grid">
              {images.map((image) => (
                <li key={image.id}>
                  <button
                    type="button"
                    onClick={() => choose(image.imageUrl)}
                    className="block w-full overflow-hidden rounded-md border hover:ring-2 hover:ring-primary focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <img src={image.imageUrl} alt={image.title || 'Gallery image'} loading="lazy" className="aspect-square w-full object-cover" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  )
}

/** A button that opens the picker and hands the chosen image's address over. */
export function ChooseImageButton({ onSelect, label = 'Select or Upload Image' }: { onSelect: (url: string) => void; label?: string }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        <ImagePlus aria-hidden />
        {label}
      </Button>
      <ImagePickerDialog open={open} onOpenChange={setOpen} onSelect={onSelect} />
    </>
  )
}
