import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_LIMITS, ROUTES, type AiModel, type Input, type InputImage } from '@promptgrid/contract';
import { solidPng } from '@promptgrid/test-support';
import { createTestApp, databaseKinds, signedInClient, type TestClient } from '../../test/harness.js';
import { waitUntilCompleted } from '../../test/mock-run.js';

const BOUNDARY = 'promptgrid-image-boundary';

/** One file as multipart/form-data, with the name and type a browser would give it. */
const multipart = (bytes: Buffer, filename: string, type = 'image/png') =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

describe.each(databaseKinds)('input images on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, { workers: true });
  });
  afterAll(() => ctx?.close());

  async function inputOf(client: TestClient) {
    const project = (await client.post(ROUTES.projects, { name: 'Vision', description: 'D' })).json().id as number;
    const input = (await client.post(ROUTES.inputs(project), { name: 'Chart', content: 'What does it show?' })).json();
    return { project, input: input.id as number };
  }
  const upload = (client: TestClient, project: number, input: number, bytes: Buffer) =>
    client.post(ROUTES.inputImages(project, input), { data: bytes.toString('base64') });
  const uploadForm = (client: TestClient, project: number, input: number, body: Buffer) =>
    client.request('POST', ROUTES.inputImages(project, input), body, {
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });

  it('stores an image sent as base64 or as a file, lists it with the input, serves its bytes and deletes it', async () => {
    const client = await signedInClient(ctx.app);
    const { project, input } = await inputOf(client);
    const png = solidPng(640, 480);
    const created = await upload(client, project, input, png);
    expect(created.statusCode, created.body).toBe(201);
    const image = created.json<InputImage>();
    expect(image).toEqual({
      id: expect.any(Number),
      media_type: 'image/png',
      size: png.length,
      width: 640,
      height: 480,
    });
    // The name says nothing: the type is read from the bytes.
    const fromForm = await uploadForm(client, project, input, multipart(solidPng(8, 6), 'photo.jpg', 'image/jpeg'));
    expect(fromForm.statusCode, fromForm.body).toBe(201);
    expect(fromForm.json()).toMatchObject({ media_type: 'image/png', width: 8, height: 6 });

    const [listed] = (await client.get(ROUTES.inputs(project))).json<Input[]>();
    expect(listed?.images).toEqual([image, fromForm.json()]);

    const served = await client.get(ROUTES.inputImage(project, input, image.id));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.rawPayload.equals(png)).toBe(true);

    const copy = (await client.post(ROUTES.inputDuplicate(project, input))).json<Input>();
    expect(copy.images.map((i) => [i.width, i.height])).toEqual([
      [640, 480],
      [8, 6],
    ]);

    expect((await client.delete(ROUTES.inputImage(project, input, image.id))).statusCode).toBe(204);
    expect((await client.get(ROUTES.inputImage(project, input, image.id))).statusCode).toBe(404);
    // Deleting the input deletes its images.
    const copyImage = copy.images[0]!;
    expect((await client.delete(ROUTES.input(project, copy.id))).statusCode).toBe(204);
    expect((await client.get(ROUTES.inputImage(project, copy.id, copyImage.id))).statusCode).toBe(404);
  });

  it('refuses a file of another type, one over 5 MB and a fifth image, with field messages', async () => {
    const client = await signedInClient(ctx.app);
    const { project, input } = await inputOf(client);
    const typeMessage = { file: ['An image must be a PNG, JPEG, WebP or GIF file.'] };
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
    const named = await uploadForm(client, project, input, multipart(svg, 'logo.png'));
    expect([named.statusCode, named.json()]).toEqual([400, typeMessage]);
    const text = await upload(client, project, input, Buffer.from('just text, not an image'));
    expect([text.statusCode, text.json()]).toEqual([400, typeMessage]);

    const sizeMessage = { file: ['An image must be at most 5 MB.'] };
    // A photo of 8 MB: over the limit, well within what the route reads to say so.
    const large = Buffer.concat([solidPng(4, 4), Buffer.alloc(8 * 1024 * 1024)]);
    const asJson = await upload(client, project, input, large);
    expect([asJson.statusCode, asJson.json()]).toEqual([400, sizeMessage]);
    const asFile = await uploadForm(client, project, input, multipart(large, 'big.png'));
    expect([asFile.statusCode, asFile.json()]).toEqual([400, sizeMessage]);

    const notBase64 = await client.post(ROUTES.inputImages(project, input), { data: 'not base64!' });
    expect([notBase64.statusCode, notBase64.json()]).toEqual([400, { data: ['data must be the image in base64.'] }]);

    for (let n = 0; n < IMAGE_LIMITS.perInput; n++)
      expect((await upload(client, project, input, solidPng(2, 2))).statusCode).toBe(201);
    const fifth = await upload(client, project, input, solidPng(2, 2));
    expect([fifth.statusCode, fifth.json()]).toEqual([400, { file: ['An input may carry at most 4 images.'] }]);
  });

  it('runs images in mock mode, naming them, and refuses to send them to a model that does not read images', async () => {
    const client = await signedInClient(ctx.app);
    const { project, input } = await inputOf(client);
    await upload(client, project, input, solidPng(640, 480));
    const models = (await client.get(ROUTES.models)).json<AiModel[]>();
    expect(models.find((m) => m.model_name === 'gpt-4o')?.vision).toBe(true);
    expect(models.find((m) => m.model_name === 'o3-mini')?.vision).toBe(false);
    const configuration = async (model: string) =>
      (
        await client.post(ROUTES.configurations(project), {
          name: `On ${model}`,
          prompt_content: 'Describe the chart.',
          ai_model_id: models.find((m) => m.model_name === model)!.id,
        })
      ).json().id as number;
    const vision = await configuration('gpt-4o');
    const textOnly = await configuration('o3-mini');

    const both = { configuration_ids: [vision, textOnly], input_ids: [input], use_mock: true };
    const refused = await client.post(ROUTES.runEvaluation, both);
    // The estimate says so first: the run screen shows it as the reason Run is unavailable.
    const estimate = await client.post(ROUTES.runEvaluationEstimate, both);
    expect(estimate.json()).toEqual(refused.json());
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      configuration_ids: [
        'Configuration "On o3-mini" uses o3-mini, which does not read images; the input "Chart" has images. ' +
          'Choose a vision model or leave the input out.',
      ],
    });

    const started = await client.post(ROUTES.runEvaluation, {
      configuration_ids: [vision],
      input_ids: [input],
      use_mock: true,
    });
    expect(started.statusCode, started.body).toBe(201);
    const evaluation = started.json().evaluation_id as number;
    await waitUntilCompleted(client, evaluation);
    const results = (await client.get(ROUTES.evaluationResults(evaluation))).json();
    expect(results.inputs[0].images).toEqual([expect.objectContaining({ media_type: 'image/png', width: 640 })]);
    const [request] = results.api_requests;
    expect(request.output).toContain('With 1 image (png, 640x480).');
  });
});
