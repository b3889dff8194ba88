import { GRID_PAGE_SIZE } from '#app/lib/list-params.ts'

/** Images on one page of the media library (docs/product-rules.md#media-library). */
export const MEDIA_PAGE_SIZE = GRID_PAGE_SIZE

/** The library's filter (`?show=`): every image, or those that still need a description. */
export const MEDIA_FILTERS = ['all', 'undescribed'] as const
export type MediaFilter = (typeof MEDIA_FILTERS)[number]
