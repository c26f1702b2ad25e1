import { z } from 'zod';
import { Id } from './common.js';

/** The image types every vision model of the catalog reads. */
export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];

export const IMAGE_LIMITS = { maxBytes: 5 * 1024 * 1024, perInput: 4 } as const;

/** An image an input carries, sent with its (last) user turn; its bytes are at GET .../images/{id}/. */
export const InputImage = z.object({
  id: Id,
  media_type: z.enum(IMAGE_MEDIA_TYPES),
  size: z.number().int(),
  /** Read from the file's header; null when the header does not say (a JPEG's size sits after its other segments). */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type InputImage = z.infer<typeof InputImage>;

export const InputImageParams = z.object({ projectId: Id, inputId: Id, imageId: Id });

/** POST .../images/ as JSON: the file's bytes in base64 (a multipart upload sends the file itself). */
export const UploadInputImageInput = z.object({
  data: z
    .string({ error: 'data must be the image in base64.' })
    .min(1, { error: 'data must be the image in base64.' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'data must be the image in base64.' }),
});
export type UploadInputImageInput = z.infer<typeof UploadInputImageInput>;

/** 'png, 640x480' (or only the type when the size is not known): how a reply or a card names an image. */
export const imageLabel = (image: Pick<InputImage, 'media_type' | 'width' | 'height'>) => {
  const type = image.media_type.replace('image/', '');
  return image.width !== null && image.height !== null ? `${type}, ${image.width}x${image.height}` : type;
};
