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
