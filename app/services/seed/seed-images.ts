import { loadSharp } from '#app/lib/uploads/image-tool.server.ts'

const PALETTES = [
  ['#1e4b8f', '#f28c5b', '#3ccf7a'],
  ['#2b6cb0', '#f6ad55', '#68d391'],
  ['#553c9a', '#f687b3', '#fbd38d'],
  ['#2c7a7b', '#f6e05e', '#feb2b2'],
  ['#9c4221', '#90cdf4', '#c6f6d5'],
  ['#22543d', '#fbb6ce', '#bee3f8'],
] as const

/**
 * Draws a simple landscape (sky, sun, hills, a school house) as WebP, so the
 * demo needs no downloads and no fonts. `variant` picks colours and layout.
 */
export async function drawSceneWebp(variant: number, width = 1600, height = 900): Promise<Uint8Array> {
  const [sky, sun, hill] = PALETTES[variant % PALETTES.length]!
  const sunX = 200 + ((variant * 337) % (width - 400))
  const houseX = 300 + ((variant * 521) % (width - 700))
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#s)"/>
  <circle cx="${sunX}" cy="${height * 0.25}" r="${height * 0.09}" fill="${sun}"/>
  <path d="M0 ${height * 0.75} Q ${width * 0.25} ${height * 0.55} ${width * 0.5} ${height * 0.72} T ${width} ${height * 0.68} V ${height} H 0 Z" fill="${hill}"/>
  <path d="M0 ${height * 0.85} Q ${width * 0.4} ${height * 0.72} ${width} ${height * 0.88} V ${height} H 0 Z" fill="${hill}" opacity="0.7"/>
  <rect x="${houseX}" y="${height * 0.5}" width="360" height="${height * 0.28}" fill="#fdf6e3"/>
  <polygon points="${houseX - 30},${height * 0.5} ${houseX + 180},${height * 0.33} ${houseX + 390},${height * 0.5}" fill="${sky}"/>
  <rect x="${houseX + 150}" y="${height * 0.63}" width="60" height="${height * 0.15}" fill="${sky}"/>
  <rect x="${houseX + 40}" y="${height * 0.56}" width="60" height="50" fill="#90cdf4"/>
  <rect x="${houseX + 260}" y="${height * 0.56}" width="60" height="50" fill="#90cdf4"/>
</svg>`
  const sharp = await loadSharp()
  return new Uint8Array(await sharp(Buffer.from(svg)).webp({ quality: 78 }).toBuffer())
}

/** A round emblem for the logo. */
export async function drawLogoWebp(size = 256): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <circle cx="50" cy="50" r="48" fill="#1e4b8f"/>
  <path d="M20 45 L50 28 L80 45 L50 62 Z" fill="#ffffff"/>
  <path d="M32 52 V66 Q50 76 68 66 V52 L50 62 Z" fill="#f28c5b"/>
  <rect x="76" y="45" width="3" height="18" fill="#ffffff"/>
</svg>`
  const sharp = await loadSharp()
  return new Uint8Array(await sharp(Buffer.from(svg)).webp({ quality: 90 }).toBuffer())
}
