import { returnedRow } from '../db/rows.js';
import { asc, eq, inArray, or } from 'drizzle-orm';
import { CreateEndpointInput, UpdateEndpointInput, type Endpoint } from '@promptgrid/contract';
import type { z } from 'zod';
import { readAllowedRow } from '../access/policy.js';
import type { Db } from '../db/client.js';
import { aiModels, checks, configurations, configurationVersions, endpoints, projects } from '../db/schema.js';
import { badRequest, HttpError } from '../http/errors.js';
import type { EncryptionKey } from '../api-keys/sealing.js';
import { listedModels, replaceModels } from './models.js';
import { openEndpoint, sealedHeaders, sealedKey } from './sealed.js';
import type { AddressGuard } from '../providers/address-guard.js';
import { EndpointRefusedError } from '../providers/types.js';

type Row = typeof endpoints.$inferSelect;
type ModelRow = typeof aiModels.$inferSelect;

const toEndpoint = (row: Row, models: ModelRow[]): Endpoint => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  base_url: row.baseUrl,
  api_version: row.apiVersion,
  has_key: row.sealedKey !== null,
  last_four_digits: row.lastFourDigits,
  header_names: row.headerNames,
  concurrency: row.concurrency,
  models: models.map((m) => ({
    id: m.id,
    model_name: m.modelName,
    input_per_mtok: m.price?.input_per_mtok ?? null,
    output_per_mtok: m.price?.output_per_mtok ?? null,
    supports_json_mode: m.supportsJsonMode,
    supports_reasoning_effort: m.capabilities.reasoning != null,
  })),
  created_at: row.createdAt.toISOString(),
});

export async function listEndpoints(db: Db, userId: number): Promise<Endpoint[]> {
  const rows = await db.select().from(endpoints).where(eq(endpoints.userId, userId)).orderBy(asc(endpoints.id));
  const models = await listedModels(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    toEndpoint(
      row,
      models.filter((m) => m.endpointId === row.id),
    ),
  );
}

export async function getEndpoint(db: Db, userId: number, id: number): Promise<Endpoint> {
  const row = await readAllowedRow(db, userId, 'read', 'endpoint', id);
  return toEndpoint(row, await listedModels(db, [id]));
}

/** The base URL's host must be one the server may call (the address guard): a 400 on base_url naming the rule. */
async function assertCallable(guard: AddressGuard, baseUrl: string) {
  try {
    await guard.check(baseUrl);
  } catch (error) {
    if (error instanceof EndpointRefusedError) throw badRequest({ base_url: [error.message] });
    throw error;
  }
}

export async function createEndpoint(
  db: Db,
  guard: AddressGuard,
  sealing: EncryptionKey,
  userId: number,
  input: z.output<typeof CreateEndpointInput>,
): Promise<Endpoint> {
  await assertCallable(guard, input.base_url);
  const id = await db.transaction(async (tx) => {
    const row = returnedRow(
      await tx
        .insert(endpoints)
        .values({
          userId,
          name: input.name,
          kind: input.kind,
          baseUrl: input.base_url,
          apiVersion: input.api_version,
          ...sealedKey(input.key, sealing, userId),
          ...sealedHeaders(input.headers, sealing, userId),
          encryptionKeyId: sealing.id,
          concurrency: input.concurrency,
        })
        .returning({ id: endpoints.id }),
    );
    await replaceModels(tx, { id: row.id, kind: input.kind }, input.models);
    return row.id;
  });
  return getEndpoint(db, userId, id);
}

export async function updateEndpoint(
  db: Db,
  guard: AddressGuard,
  sealing: EncryptionKey,
  userId: number,
  id: number,
  input: z.output<typeof UpdateEndpointInput>,
): Promise<Endpoint> {
  if (input.base_url !== undefined) await assertCallable(guard, input.base_url);
  await db.transaction(async (tx) => {
    const existing = await readAllowedRow(tx, userId, 'write', 'endpoint', id);
    if (input.api_version !== undefined && existing.kind !== 'azure')
      throw badRequest({ api_version: ['An OpenAI-compatible endpoint takes no API version.'] });
    // The key and the headers are sealed under one encryption key id: both are sealed again, the kept one as it was.
    const current = openEndpoint(existing, sealing);
    await tx
      .update(endpoints)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.base_url !== undefined ? { baseUrl: input.base_url } : {}),
        ...(input.api_version !== undefined ? { apiVersion: input.api_version } : {}),
        ...(input.concurrency !== undefined ? { concurrency: input.concurrency } : {}),
        ...sealedKey(input.key ?? current.apiKey ?? undefined, sealing, userId),
        ...sealedHeaders(input.headers ?? current.headers, sealing, userId),
        encryptionKeyId: sealing.id,
        updatedAt: new Date(),
      })
      .where(eq(endpoints.id, id));
    if (input.models !== undefined) await replaceModels(tx, existing, input.models);
  });
  return getEndpoint(db, userId, id);
}

/** Refused (409, naming them) while configurations, or kept versions of them, use one of its models. */
export async function deleteEndpoint(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await readAllowedRow(tx, userId, 'delete', 'endpoint', id);
    const models = tx.select({ id: aiModels.id }).from(aiModels).where(eq(aiModels.endpointId, id));
    const versions = tx
      .select({ id: configurationVersions.configurationId })
      .from(configurationVersions)
      .where(inArray(configurationVersions.aiModelId, models));
    const users = await tx
      .selectDistinct({ name: configurations.name, project: projects.name })
      .from(configurations)
      .innerJoin(projects, eq(projects.id, configurations.projectId))
      .where(or(inArray(configurations.aiModelId, models), inArray(configurations.id, versions)))
      .orderBy(asc(projects.name), asc(configurations.name));
    // A judge check on one of its models would lose its judge.
    const judges = await tx
      .selectDistinct({ name: checks.name, project: projects.name })
      .from(checks)
      .innerJoin(projects, eq(projects.id, checks.projectId))
      .where(inArray(checks.aiModelId, models))
      .orderBy(asc(projects.name), asc(checks.name));
    const named = (list: { name: string; project: string }[], one: string, several: string) =>
      list.length === 0
        ? []
        : [`${list.length === 1 ? one : several} ${list.map((u) => `'${u.name}' (${u.project})`).join(', ')}`];
    const uses = [
      ...named(users, 'the configuration', 'the configurations'),
      ...named(judges, 'the judge check', 'the judge checks'),
    ];
    if (uses.length > 0)
      throw new HttpError(
        409,
        `This endpoint's models are used by ${uses.join(' and ')}. Change their model or delete them first.`,
      );
    await tx.delete(aiModels).where(eq(aiModels.endpointId, id));
    await tx.delete(endpoints).where(eq(endpoints.id, id));
  });
}

/** The user's endpoint as a call reaches it; a 404 when it is not theirs. */
export async function endpointTarget(db: Db, sealing: EncryptionKey, userId: number, id: number) {
  return openEndpoint(await readAllowedRow(db, userId, 'read', 'endpoint', id), sealing);
}
