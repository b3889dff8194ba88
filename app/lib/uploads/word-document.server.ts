import CFB from 'cfb'

/** The identifier that opens a Word file information block: Word 97 and later, and Word 6/95. */
const WORD_FIB_IDENTIFIERS = new Set([0xa5ec, 0xa5dc])
const STREAM = 2

/**
 * A .doc is an OLE compound file, but so are .xls, .msi and .msg: it is a
 * Word document only when the container's root holds a WordDocument stream
 * that starts with Word's file information block.
 */
export function isWordDocument(bytes: Uint8Array): boolean {
  let container: CFB.CFB$Container
  try {
    container = CFB.read(bytes, { type: 'buffer' })
  } catch {
    return false
  }
  const root = container.FullPaths[0]
  const index = container.FullPaths.findIndex((fullPath) => fullPath === `${root}WordDocument`)
  const stream = container.FileIndex[index]
  if (!root || !stream || stream.type !== STREAM || stream.content.length < 2) return false
  const content = stream.content
  return WORD_FIB_IDENTIFIERS.has(content[0]! | (content[1]! << 8))
}
