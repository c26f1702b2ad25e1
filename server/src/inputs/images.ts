import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { imageSize } from 'image-size';
import { IMAGE_LIMITS, type ImageMediaType, type InputImage } from '@promptgrid/contract';
import type { Db, Tx } from '../db/client.js';
import { inputImages, inputs } from '../db/schema.js';
import { returnedRow } from '../db/rows.js';
import { badRequest, notFound } from '../http/errors.js';
import { allowedRow, assertAllowed } from '../access/policy.js';
import { changeProject } from '../projects/service.js';

/** image-size's name of a type (read from the file's first bytes, whatever the upload was called) for those we take. */
const MEDIA_TYPES: Record<string, ImageMediaType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

const TYPE_MESSAGE = 'An image must be a PNG, JPEG, WebP or GIF file.';

/** The image's type and size as its own bytes tell them; 400 for a file of another type or over the size limit. */
export function readImage(bytes: Buffer): Pick<InputImage, 'media_type' | 'width' | 'height'> {
  if (bytes.length > IMAGE_LIMITS.maxBytes)
    throw badRequest({ file: [`An image must be at most ${IMAGE_LIMITS.maxBytes / 1024 / 1024} MB.`] });
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    throw badRequest({ file: [TYPE_MESSAGE] });
  }
  const mediaType = size.type === undefined ? undefined : MEDIA_TYPES[size.type];
  if (mediaType === undefined) throw badRequest({ file: [TYPE_MESSAGE] });
  return { media_type: mediaType, width: size.width || null, height: size.height || null };
}

type ImageRow = Omit<typeof inputImages.$inferSelect, 'bytes' | 'createdAt'>;

const IMAGE_COLUMNS = {
  id: inputImages.id,
  inputId: inputImages.inputId,
  mediaType: inputImages.mediaType,
  size: inputImages.size,
  width: inputImages.width,
  height: inputImages.height,
};

const toInputImage = (row: ImageRow): InputImage => ({
  id: row.id,
  media_type: row.mediaType,
  size: row.size,
  width: row.width,
  height: row.height,
});

/** The images of each input (oldest first), by input id; an input without images has none in the map. */
export async function imagesOfInputs(db: Db | Tx, inputIds: number[]): Promise<Map<number, InputImage[]>> {
  const byInput = new Map<number, InputImage[]>();
  if (inputIds.length === 0) return byInput;
  const rows = await db
    .select(IMAGE_COLUMNS)
    .from(inputImages)
    .where(inArray(inputImages.inputId, inputIds))
    .orderBy(asc(inputImages.id));
  for (const row of rows) {
    const list = byInput.get(row.inputId) ?? [];
    list.push(toInputImage(row));
    byInput.set(row.inputId, list);
  }
  return byInput;
}

/** The input `inputId` if it is in the project; 404 otherwise. */
async function assertInputInProject(tx: Db | Tx, projectId: number, inputId: number) {
  allowedRow(
    await tx
      .select({ id: inputs.id })
      .from(inputs)
      .where(and(eq(inputs.id, inputId), eq(inputs.projectId, projectId))),
    'input',
  );
}

export async function addInputImage(
  db: Db | Tx,
  userId: number,
  projectId: number,
  inputId: number,
  bytes: Buffer,
): Promise<InputImage> {
  const read = readImage(bytes);
  return changeProject(db, userId, projectId, async (tx) => {
    await assertInputInProject(tx, projectId, inputId);
    // The input's row is locked so two uploads at once cannot both pass the count.
    await tx.select({ id: inputs.id }).from(inputs).where(eq(inputs.id, inputId)).for('update');
    const { images } = returnedRow(
      await tx.select({ images: count() }).from(inputImages).where(eq(inputImages.inputId, inputId)),
    );
    if (images >= IMAGE_LIMITS.perInput)
      throw badRequest({ file: [`An input may carry at most ${IMAGE_LIMITS.perInput} images.`] });
    const row = returnedRow(
      await tx
        .insert(inputImages)
        .values({
          inputId,
          mediaType: read.media_type,
          size: bytes.length,
          width: read.width,
          height: read.height,
          bytes,
        })
        .returning(IMAGE_COLUMNS),
    );
    return toInputImage(row);
  });
}

const IMAGE_NOT_FOUND = 'Image not found.';

/** The image `imageId` of the input in the user's project: its type and bytes; 404 when any of them is not theirs. */
export async function readInputImage(
  db: Db | Tx,
  userId: number,
  projectId: number,
  inputId: number,
  imageId: number,
): Promise<{ mediaType: ImageMediaType; bytes: Buffer }> {
  await assertAllowed(db, userId, 'read', 'project', projectId);
  const [row] = await db
    .select({ mediaType: inputImages.mediaType, bytes: inputImages.bytes })
    .from(inputImages)
    .innerJoin(inputs, eq(inputs.id, inputImages.inputId))
    .where(and(eq(inputImages.id, imageId), eq(inputImages.inputId, inputId), eq(inputs.projectId, projectId)));
  if (row === undefined) throw notFound(IMAGE_NOT_FOUND);
  return { mediaType: row.mediaType, bytes: Buffer.from(row.bytes) };
}

export async function deleteInputImage(
  db: Db | Tx,
  userId: number,
  projectId: number,
  inputId: number,
  imageId: number,
): Promise<void> {
  await changeProject(db, userId, projectId, async (tx) => {
    await assertInputInProject(tx, projectId, inputId);
    const deleted = await tx
      .delete(inputImages)
      .where(and(eq(inputImages.id, imageId), eq(inputImages.inputId, inputId)))
      .returning({ id: inputImages.id });
    if (deleted.length === 0) throw notFound(IMAGE_NOT_FOUND);
  });
}

/** The bytes of the images a run froze, by id, in base64 as every provider takes them; deleted ones are missing. */
export async function imageData(db: Db | Tx, imageIds: number[]): Promise<Map<number, string>> {
  if (imageIds.length === 0) return new Map();
  const rows = await db
    .select({ id: inputImages.id, bytes: inputImages.bytes })
    .from(inputImages)
    .where(inArray(inputImages.id, imageIds));
  return new Map(rows.map((row) => [row.id, Buffer.from(row.bytes).toString('base64')]));
}

/** Gives the copy `copyId` the images of the input `sourceId` (what "Duplicate" copies). */
export async function copyInputImages(tx: Tx, sourceId: number, copyId: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO input_images (input_id, media_type, size, width, height, bytes)
    SELECT ${copyId}::int, media_type, size, width, height, bytes FROM input_images
     WHERE input_id = ${sourceId}::int ORDER BY id`);
}
