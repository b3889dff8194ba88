/**
 * Images on one page of the media library (docs/product-rules.md#media-library):
 * 48 fills whole rows of the grid at each of its widths (2, 3 or 4 columns)
 * and is about as many thumbnails as a page loads lazily without strain.
 */
export const MEDIA_PAGE_SIZE = 48

/** The library's filter (`?show=`): every image, or those that still need a description. */
export const MEDIA_FILTERS = ['all', 'undescribed'] as const
export type MediaFilter = (typeof MEDIA_FILTERS)[number]
