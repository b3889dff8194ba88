import fs from 'node:fs'

/**
 * Makes `file` with `contents` unless another process made it first. Processes sharing a data folder
 * start together (the workers of a new site, instances on one disk): the file is written whole under
 * another name and then linked into place, so none reads a half-written file and all keep the first
 * one linked. Read the file afterwards to get what was kept.
 */
export function writeOnce(file: string, contents: string) {
  const draft = `${file}.${process.pid}.${Date.now()}`
  fs.writeFileSync(draft, contents, { mode: 0o600 })
  try {
    fs.linkSync(draft, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    fs.rmSync(draft, { force: true })
  }
}
