// Who uses the server: users, their sessions, their sealed provider keys and their billing state.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, serialId, ownedBy, timestampTz } from './columns.js';

export const users = pgTable('users', {
  id: serialId(),
  email: text('email').notNull().unique(),
  googleSub: text('google_sub').unique(),
  createdAt: createdAt(),
});

/** Secrets the server makes once and every process shares, e.g. the key that signs CSRF tokens. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** The cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Personal API tokens for scripts and CI: the token is shown once; only its SHA-256 is stored. Revoking deletes the
 * row.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serialId(),
    userId: ownedBy('user_id', () => users.id),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    lastFour: text('last_four').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestampTz('last_used_at'),
    expiresAt: timestampTz('expires_at'),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: serialId(),
    userId: ownedBy('user_id', () => users.id),
    provider: text('provider', { enum: ['openai', 'anthropic', 'gemini'] }).notNull(),
    label: text('label').notNull(),
    /** AES-256-GCM: base64 of nonce | ciphertext | tag. Never the key in clear. */
    sealedKey: text('sealed_key').notNull(),
    /** Which encryption key sealed it, for rotation. */
    encryptionKeyId: text('encryption_key_id').notNull(),
    lastFourDigits: text('last_four_digits').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('api_keys_one_active_per_provider_idx')
      .on(t.userId, t.provider)
      .where(sql`${t.isActive}`),
  ],
);

export const subscriptions = pgTable('subscriptions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').notNull().default('free'),
  stripeCustomerId: text('stripe_customer_id').unique(),
  stripeSubscriptionId: text('stripe_subscription_id').unique(),
  currentPeriodEnd: timestampTz('current_period_end'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** `created` of the newest Stripe event applied to this row: an older event delivered late changes nothing. */
  lastStripeEventAt: timestampTz('last_stripe_event_at'),
  updatedAt: updatedAt(),
});

/** Real evaluation runs a user started in a calendar month (UTC), e.g. period '2026-11'. */
export const evaluationUsage = pgTable(
  'evaluation_usage',
  {
    userId: ownedBy('user_id', () => users.id),
    period: text('period').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.period] })],
);

/** Stripe event ids already applied, so a replayed webhook changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestampTz('received_at').notNull().defaultNow(),
});
