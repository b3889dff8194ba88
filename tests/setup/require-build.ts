import fs from 'node:fs'

/** Server tests start the production build as a real process. */
export default function setup() {
  if (!fs.existsSync('build/server/index.js')) {
    throw new Error('No production build: run `npm run build` first (npm test does).')
  }
}
