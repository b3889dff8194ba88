import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'

/** The resource route with every folder's name. */
const FOLDER_NAMES_PATH = '/admin/gallery/folders'

/**
 * Every gallery folder's name, loaded when `wanted` first holds (a dialog
 * opens, a photo is selected) rather than with the screen, which lists one
 * page of folders; null until they arrive. The fetcher is revalidated after
 * each action, so a folder made or renamed meanwhile shows.
 */
export function useGalleryFolderNames(wanted = true): string[] | null {
  const fetcher = useFetcher<{ names: string[] }>()
  const { load } = fetcher
  // Asked once: a failed load is not retried in a loop.
  const asked = useRef(false)
  useEffect(() => {
    if (!wanted || asked.current) return
    asked.current = true
    void load(FOLDER_NAMES_PATH)
  }, [wanted, load])
  return fetcher.data?.names ?? null
}
