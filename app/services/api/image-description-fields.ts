import { z } from 'zod'
import { altTextField, describedAs, focalCoordinate, MAX_ALT_LENGTH, type FocalPoint, type ImageDescription } from '#app/domain/media/media.schema.ts'
import { switchField } from './fields.ts'

const ALT_DESCRIPTION = `What the image shows, for people who cannot see it; up to ${MAX_ALT_LENGTH} characters. Empty when the image is decorative or not yet described.`
const DECORATIVE_DESCRIPTION = 'The image adds nothing a reader needs: pages give it an empty alt, and any alt text sent with it is dropped.'
const FOCAL_DESCRIPTION = (axis: string) => `Where the subject is, from the ${axis} edge: 0 to 1 (0.5 is the middle). Crops, such as link previews, keep it in view.`

/** A coordinate as JSON gives it, or as a multipart form's text. */
const focalField = (axis: string) => focalCoordinate.default(0.5).meta({ description: FOCAL_DESCRIPTION(axis) })

/** An image's description and focal point as the API shows them (media, gallery images). */
export const describedItemFields = {
  alt: z.string().meta({ description: ALT_DESCRIPTION }),
  decorative: z.boolean().meta({ description: DECORATIVE_DESCRIPTION }),
  focal_x: z.number().meta({ description: FOCAL_DESCRIPTION('left') }),
  focal_y: z.number().meta({ description: FOCAL_DESCRIPTION('top') }),
}

/** The same fields as the API takes them. */
export const describedInputFields = {
  alt: altTextField.meta({ description: ALT_DESCRIPTION }),
  decorative: switchField(DECORATIVE_DESCRIPTION, false),
  focal_x: focalField('left'),
  focal_y: focalField('top'),
}

export function describedItem(image: ImageDescription & { focal: FocalPoint }) {
  return { alt: image.alt, decorative: image.decorative, focal_x: image.focal.x, focal_y: image.focal.y }
}

/** A stored item's description, as a change of nothing else keeps it. */
export function describedEditable(stored: { alt: string; decorative: boolean; focal_x: number; focal_y: number }) {
  return { alt: stored.alt, decorative: stored.decorative, focal_x: stored.focal_x, focal_y: stored.focal_y }
}

/** The description and focal point the domain operations take. */
export function describedInput(values: { alt: string; decorative: boolean; focal_x: number; focal_y: number }): { description: ImageDescription; focal: FocalPoint } {
  return { description: describedAs({ alt: values.alt, decorative: values.decorative }), focal: { x: values.focal_x, y: values.focal_y } }
}
