import { returnedRow } from '../db/rows.js';
import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
import { CreateEndpointInput, UpdateEndpointInput, type Endpoint } from '@promptgrid/contract';
import type { z } from 'zod';
import { allows, readAllowedRow } from '../access/policy.js';
import type { Db, Tx } from '../db/client.js';
import { aiModels, checks, configurations, configurationVersions, endpoints, projects } from '../db/schema.js';
import { badRequest, HttpError } from '../http/errors.js';
import { seal, unseal, type EncryptionKey } from '../api-keys/sealing.js';
import { listedModels, replaceModels } from './models.js';
import type { AddressGuard } from '../providers/address-guard.js';
import { EndpointRefusedError, type EndpointTarget } from '../providers/types.js';

type Row = typeof endpoints.$inferSelect;
type ModelRow = typeof aiModels.$inferSelect;

/** Bound into each sealed value as additional data, so a sealed key cannot be moved to another user or field. */
const keyContext = (userId: number) => `endpoint-key:${userId}`;
const headersContext = (userId: number) => `endpoint-headers:${userId}`;

const toEndpoint = (row: Row, models: ModelRow[]): Endpoint => ({
  id: row.id,
  name: row.name,
  base_url: row.baseUrl,
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

export async function listEndpoints(db: Db | Tx, userId: number): Promise<Endpoint[]> {
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

export async function getEndpoint(db: Db | Tx, userId: number, id: number): Promise<Endpoint> {
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

/** The sealed columns for a key ('' or absent: none) and for the extra headers. */
function sealedKey(key: string | undefined, sealing: EncryptionKey, userId: number) {
  return key
    ? { sealedKey: seal(key, sealing, keyContext(userId)), lastFourDigits: key.slice(-4) }
    : { sealedKey: null, lastFourDigits: null };
}

function sealedHeaders(headers: Record<string, string>, sealing: EncryptionKey, userId: number) {
  const names = Object.keys(headers);
  return {
    sealedHeaders: names.length > 0 ? seal(JSON.stringify(headers), sealing, headersContext(userId)) : null,
    headerNames: names,
  };
}

export async function createEndpoint(
  db: Db | Tx,
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
          baseUrl: input.base_url,
          ...sealedKey(input.key, sealing, userId),
          ...sealedHeaders(input.headers, sealing, userId),
          encryptionKeyId: sealing.id,
          concurrency: input.concurrency,
        })
        .returning({ id: endpoints.id }),
    );
    await replaceModels(tx, row.id, input.models);
    return row.id;
  });
  return getEndpoint(db, userId, id);
}

export async function updateEndpoint(
  db: Db | Tx,
  guard: AddressGuard,
  sealing: EncryptionKey,
  userId: number,
  id: number,
  input: z.output<typeof UpdateEndpointInput>,
): Promise<Endpoint> {
  if (input.base_url !== undefined) await assertCallable(guard, input.base_url);
  await db.transaction(async (tx) => {
    const existing = await readAllowedRow(tx, userId, 'write', 'endpoint', id);
    // The key and the headers are sealed under one encryption key id: both are sealed again, the kept one as it was.
    const current = openEndpoint(existing, sealing);
    await tx
      .update(endpoints)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.base_url !== undefined ? { baseUrl: input.base_url } : {}),
        ...(input.concurrency !== undefined ? { concurrency: input.concurrency } : {}),
        ...sealedKey(input.key ?? current.apiKey ?? undefined, sealing, userId),
        ...sealedHeaders(input.headers ?? current.headers, sealing, userId),
        encryptionKeyId: sealing.id,
        updatedAt: new Date(),
      })
      .where(eq(endpoints.id, id));
    if (input.models !== undefined) await replaceModels(tx, id, input.models);
  });
  return getEndpoint(db, userId, id);
}

/** Refused (409, naming them) while configurations, or kept versions of them, use one of its models. */
export async function deleteEndpoint(db: Db | Tx, userId: number, id: number): Promise<void> {
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

/** The endpoint's key and headers in clear, for a call. */
function openEndpoint(row: Row, sealing: EncryptionKey): EndpointTarget {
  return {
    id: row.id,
    name: row.name,
    baseUrl: row.baseUrl,
    apiKey: row.sealedKey && unseal(row.sealedKey, row.encryptionKeyId, sealing, keyContext(row.userId)),
    headers: row.sealedHeaders
      ? (JSON.parse(unseal(row.sealedHeaders, row.encryptionKeyId, sealing, headersContext(row.userId))) as Record<
          string,
          string
        >)
      : {},
    concurrency: row.concurrency,
  };
}

/**
 * Reseals with the current encryption key the key and headers of every endpoint sealed with one of `sealing.previous`,
 * as resealApiKeys does for provider keys: a row is rewritten only if it still carries the key id it was read with,
 * and endpoints sealed with a key that is not configured at all are left as they are, and counted.
 */
export async function resealEndpoints(
  db: Db | Tx,
  sealing: EncryptionKey,
): Promise<{ resealed: number; unknownKey: number }> {
  const rows = await db.select().from(endpoints).where(ne(endpoints.encryptionKeyId, sealing.id));
  let resealed = 0;
  for (const row of rows) {
    if (!sealing.previous?.has(row.encryptionKeyId)) continue;
    const { apiKey, headers } = openEndpoint(row, sealing);
    const updated = await db
      .update(endpoints)
      .set({
        ...sealedKey(apiKey ?? undefined, sealing, row.userId),
        ...sealedHeaders(headers, sealing, row.userId),
        encryptionKeyId: sealing.id,
      })
      .where(and(eq(endpoints.id, row.id), eq(endpoints.encryptionKeyId, row.encryptionKeyId)))
      .returning({ id: endpoints.id });
    resealed += updated.length;
  }
  return { resealed, unknownKey: rows.filter((row) => !sealing.previous?.has(row.encryptionKeyId)).length };
}

/** The user's endpoint as a call reaches it; a 404 when it is not theirs. */
export async function endpointTarget(db: Db | Tx, sealing: EncryptionKey, userId: number, id: number) {
  return openEndpoint(await readAllowedRow(db, userId, 'read', 'endpoint', id), sealing);
}

/** The endpoint a model of a run is served by, for the worker's call; null once it was deleted. */
export async function readEndpointTarget(
  db: Db | Tx,
  sealing: EncryptionKey,
  userId: number,
  id: number,
): Promise<EndpointTarget | null> {
  const [row] = await db
    .select()
    .from(endpoints)
    .where(allows(userId, 'read', 'endpoint', id));
  return row ? openEndpoint(row, sealing) : null;
}
