/**
 * What a gallery photo is read as: its alt text, else its title; an
 * undescribed, untitled photo still needs a name. In a gallery the photo is
 * the content, so one marked decorative is still named.
 */
export function galleryImageAlt(image: { title: string | null; alt: string }) {
  return image.alt || image.title || 'Gallery image'
}

/** The enlarged view's caption: the title, else what the photo shows. */
export function galleryCaption(image: { title: string | null; alt: string }) {
  return image.title || image.alt || 'Gallery image'
}
