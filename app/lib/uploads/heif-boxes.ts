/**
 * Whether a HEIC/HEIF file carries its own turn or mirror (`irot`, `imir`
 * properties): libheif applies those while decoding, and the file's EXIF
 * orientation then describes the same turn, so it must not be applied again.
 * Only without them does the EXIF orientation say how to show the photo.
 */
export function heifHasTransform(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const meta = childBox(view, 0, view.byteLength, 'meta')
  // meta is a full box: four bytes of version and flags before its children.
  const iprp = meta && childBox(view, meta.content + 4, meta.end, 'iprp')
  const ipco = iprp && childBox(view, iprp.content, iprp.end, 'ipco')
  return Boolean(ipco && (childBox(view, ipco.content, ipco.end, 'irot') || childBox(view, ipco.content, ipco.end, 'imir')))
}

function childBox(view: DataView, start: number, end: number, wanted: string): { content: number; end: number } | null {
  for (let at = start; at + 8 <= end; ) {
    let size = view.getUint32(at)
    let header = 8
    if (size === 1 && at + 16 <= end) {
      size = Number(view.getBigUint64(at + 8))
      header = 16
    } else if (size === 0) {
      size = end - at
    }
    if (size < header || at + size > end) return null
    const type = String.fromCharCode(view.getUint8(at + 4), view.getUint8(at + 5), view.getUint8(at + 6), view.getUint8(at + 7))
    if (type === wanted) return { content: at + header, end: at + size }
    at += size
  }
  return null
}
