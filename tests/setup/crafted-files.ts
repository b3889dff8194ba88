import { deflateSync } from 'node:zlib'
import CFB from 'cfb'
import { pngChunk } from './hostile-values.ts'

/*
 * Files built byte by byte for the upload checks: small on disk, costly
 * (or misleading) to whoever decodes them without looking at the header.
 */

/**
 * A complete, valid PNG of width × height at one bit per pixel, all black:
 * the rows compress to almost nothing, but decoding them takes width × height bytes or more.
 */
export function bilevelPng(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  // Bit depth 1, greyscale, deflate, no filter method variations, not interlaced.
  header.set([1, 0, 0, 0, 0], 8)
  const rowBytes = 1 + Math.ceil(width / 8)
  const pixels = deflateSync(Buffer.alloc(rowBytes * height), { level: 9 })
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), pngChunk('IHDR', header), pngChunk('IDAT', pixels), pngChunk('IEND', new Uint8Array())])
}

/**
 * A GIF of width × height whose one frame carries a single pixel of data:
 * 35 bytes that a decoder fills out to width × height.
 */
export function gifCanvas(width: number, height: number): Uint8Array {
  const screen = Buffer.alloc(7)
  screen.writeUInt16LE(width, 0)
  screen.writeUInt16LE(height, 2)
  // A global colour table of two colours (white, black).
  screen.set([0x80, 0, 0], 4)
  const frame = Buffer.alloc(10)
  frame[0] = 0x2c
  frame.writeUInt16LE(width, 5)
  frame.writeUInt16LE(height, 7)
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    screen,
    Buffer.from([0xff, 0xff, 0xff, 0, 0, 0]),
    frame,
    // LZW data of minimum code size 2 (clear, colour 0, end), then the trailer.
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
  ])
}

/** An OLE compound file (the container of .doc, .xls, .msi, .msg) holding the given streams; a path with '/' makes storages. */
export function compoundFile(streams: Record<string, Uint8Array>): Uint8Array {
  const container = CFB.utils.cfb_new()
  for (const [name, content] of Object.entries(streams)) CFB.utils.cfb_add(container, name, Buffer.from(content))
  return new Uint8Array(CFB.write(container, { type: 'buffer' }) as Buffer)
}

/** The start of a Word 97–2003 WordDocument stream: the file information block, identifier 0xA5EC, version 0x00C1. */
export function wordFileInformationBlock(identifier = 0xa5ec): Uint8Array {
  const block = Buffer.alloc(1472)
  block.writeUInt16LE(identifier, 0)
  block.writeUInt16LE(0x00c1, 2)
  return block
}

/** A minimal Word 97–2003 document as Word lays it out: a WordDocument stream with its file information block, and a table stream. */
export function wordDocument(): Uint8Array {
  return compoundFile({ WordDocument: wordFileInformationBlock(), '1Table': new Uint8Array(4096) })
}

/** A box of an ISO base media file (HEIC): its type, where it starts, its size and where its content starts. */
interface IsoBox {
  type: string
  start: number
  size: number
  content: number
}

function isoBoxes(bytes: Buffer, start: number, end: number): IsoBox[] {
  const boxes: IsoBox[] = []
  for (let at = start; at < end; ) {
    const size = bytes.readUInt32BE(at)
    const type = bytes.toString('latin1', at + 4, at + 8)
    // A full box (version and flags) starts its content four bytes later.
    boxes.push({ type, start: at, size, content: at + 8 + (type === 'meta' || type === 'ipma' || type === 'iloc' ? 4 : 0) })
    at += size
  }
  return boxes
}

function isoBox(boxes: IsoBox[], type: string): IsoBox {
  const box = boxes.find((each) => each.type === type)
  if (!box) throw new Error(`no ${type} box`)
  return box
}

/**
 * The HEIC photo with an `irot` property on its primary image: turned
 * `quarterTurns` × 90° anticlockwise to view, as an iPhone marks a photo
 * taken in portrait. The box goes last in `ipco`, its association last in the
 * one `ipma` entry; the boxes around grow and the item locations move with
 * the media data.
 */
export function heicWithRotation(heic: Uint8Array, quarterTurns: 1 | 2 | 3): Uint8Array {
  const bytes = Buffer.from(heic)
  const meta = isoBox(isoBoxes(bytes, 0, bytes.length), 'meta')
  const inMeta = isoBoxes(bytes, meta.content, meta.start + meta.size)
  const iprp = isoBox(inMeta, 'iprp')
  const [ipco, ipma] = [isoBox(isoBoxes(bytes, iprp.content, iprp.start + iprp.size), 'ipco'), isoBox(isoBoxes(bytes, iprp.content, iprp.start + iprp.size), 'ipma')]
  if (ipco.start + ipco.size !== ipma.start || bytes.readUInt32BE(ipma.content) !== 1) throw new Error('expected ipco then an ipma of one entry')
  const irot = Buffer.from([0, 0, 0, 9, ...Buffer.from('irot', 'latin1'), quarterTurns])
  const propertyIndex = isoBoxes(bytes, ipco.content, ipco.start + ipco.size).length + 1
  const entry = ipma.content + 4
  const associations = bytes[entry + 2]!
  const newIpma = Buffer.concat([bytes.subarray(ipma.start, entry + 2), Buffer.from([associations + 1]), bytes.subarray(entry + 3, ipma.start + ipma.size), Buffer.from([0x80 | propertyIndex])])
  newIpma.writeUInt32BE(ipma.size + 1, 0)
  const grown = irot.length + 1
  const crafted = Buffer.concat([bytes.subarray(0, ipma.start), irot, newIpma, bytes.subarray(ipma.start + ipma.size)])
  crafted.writeUInt32BE(meta.size + grown, meta.start)
  crafted.writeUInt32BE(iprp.size + grown, iprp.start)
  crafted.writeUInt32BE(ipco.size + irot.length, ipco.start)
  // iloc (before iprp, so unmoved): version 0, 4-byte offsets, lengths and base offsets; each item's base offset is in the file.
  const iloc = isoBox(inMeta, 'iloc')
  if (crafted.readUInt16BE(iloc.content) !== 0x4440) throw new Error('expected 4-byte iloc fields and no index')
  let at = iloc.content + 4
  for (let item = 0; item < crafted.readUInt16BE(iloc.content + 2); item++) {
    crafted.writeUInt32BE(crafted.readUInt32BE(at + 4) + grown, at + 4)
    const extents = crafted.readUInt16BE(at + 8)
    at += 10 + extents * 8
  }
  return new Uint8Array(crafted)
}

/**
 * The HEIC photo with its EXIF orientation set and no `irot`, as some
 * encoders write a photo held sideways: the EXIF block's Orientation entry
 * (a little-endian SHORT of 1) gets the value in place.
 */
export function heicWithExifOrientation(heic: Uint8Array, orientation: number): Uint8Array {
  const bytes = Buffer.from(heic)
  const entry = bytes.indexOf(Buffer.from('120103000100000001000000', 'hex'))
  if (entry < 0) throw new Error('no EXIF orientation entry of 1')
  bytes.writeUInt16LE(orientation, entry + 8)
  return new Uint8Array(bytes)
}
