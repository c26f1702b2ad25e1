import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { IMAGE_LIMITS, InputImage, InputImageParams, InputParams, UploadInputImageInput } from '@promptgrid/contract';
import { currentUser, type App } from '../http/types.js';
import { badRequest } from '../http/errors.js';
import { addInputImage, deleteInputImage, readInputImage } from './images.js';

const tags = ['inputs'];
const collection = '/api/projects/:projectId/inputs/:inputId/images/';
const item = `${collection}:imageId/`;
// base64 adds a third to the bytes. Bodies up to twice the limit are read, so a photo a little too large hears the
// size limit in its field's words (400) rather than a bare 413; the limit itself is checked on the decoded bytes.
const BODY_LIMIT = Math.ceil((2 * IMAGE_LIMITS.maxBytes * 4) / 3) + 64 * 1024;
const SIZE_MESSAGE = `An image must be at most ${IMAGE_LIMITS.maxBytes / 1024 / 1024} MB.`;

/** A multipart upload's one file, as the JSON form's base64; a file past the limit is refused before it is all read. */
async function multipartBody(request: FastifyRequest) {
  const file = await request.file();
  if (file === undefined) throw badRequest({ file: ['Send one image file.'] });
  try {
    return { data: (await file.toBuffer()).toString('base64') };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest({ file: [SIZE_MESSAGE] });
    throw error;
  }
}

/** The images an input carries: upload, read (the bytes), delete. */
export default async function inputImageRoutes(app: App) {
  await app.register(multipart, { limits: { fileSize: IMAGE_LIMITS.maxBytes, files: 1 } });
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) request.body = await multipartBody(request);
  });

  app.post(
    collection,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        description:
          'Adds a PNG, JPEG, WebP or GIF image (its type read from its bytes) of at most 5 MB to the input, at most 4 ' +
          'per input: as multipart/form-data (one file) or as JSON {data: base64}.',
        params: InputParams,
        body: UploadInputImageInput,
        response: { 201: InputImage },
      },
    },
    async (request, reply) => {
      const { projectId, inputId } = request.params;
      const bytes = Buffer.from(request.body.data, 'base64');
      return reply.code(201).send(await addInputImage(app.db, currentUser(request).id, projectId, inputId, bytes));
    },
  );

  app.get(
    item,
    { schema: { tags, description: "The image's bytes.", params: InputImageParams } },
    async (request, reply) => {
      const { projectId, inputId, imageId } = request.params;
      const image = await readInputImage(app.db, currentUser(request).id, projectId, inputId, imageId);
      // Shown in <img> only: never rendered as a document of this site, never sniffed as another type.
      return reply
        .type(image.mediaType)
        .header('content-disposition', `inline; filename="image-${imageId}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(image.bytes);
    },
  );

  app.delete(item, { schema: { tags, params: InputImageParams } }, async (request, reply) => {
    const { projectId, inputId, imageId } = request.params;
    await deleteInputImage(app.db, currentUser(request).id, projectId, inputId, imageId);
    return reply.code(204).send();
  });
}
