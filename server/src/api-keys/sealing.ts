import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A 32-byte AES key and its id; the id is stored beside each sealed value so keys can be rotated. `previous` holds
 * earlier keys by id (APP_ENCRYPTION_KEY_PREVIOUS): values sealed with them still open, until they are resealed.
 */
export type EncryptionKey = { id: string; key: Buffer; previous?: ReadonlyMap<string, Buffer> };

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_FILE_NAME = 'encryption.key';

function keyFromText(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes (base64 or hex).');
  return key;
}

/** A short, non-secret fingerprint of the key. */
const keyId = (key: Buffer) =>
  crypto.createHash('sha256').update('promptgrid-key-id').update(key).digest('hex').slice(0, 12);

/**
 * APP_ENCRYPTION_KEY when set; otherwise a key generated once into DATA_DIR (mode 0600) and read back on later starts.
 * The file is written under a temporary name and linked into place, so concurrent starts agree on one key.
 */
export function loadEncryptionKey(configured: string | null, dataDir: string, previous: string[] = []): EncryptionKey {
  if (configured) {
    const key = keyFromText(configured);
    const earlier = previous.map(keyFromText);
    return { id: keyId(key), key, previous: new Map(earlier.map((k) => [keyId(k), k])) };
  }
  const file = path.join(dataDir, KEY_FILE_NAME);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(temporary, `${crypto.randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.unlinkSync(temporary);
    }
  }
  const key = keyFromText(fs.readFileSync(file, 'utf8'));
  return { id: keyId(key), key };
}

/** AES-256-GCM with a random nonce; `context` (user and provider) is bound as additional data so rows cannot be swapped. */
export function seal(secret: string, key: EncryptionKey, context: string): string {
  const nonce = crypto.randomBytes(NONCE_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key.key, nonce);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64');
}

export function unseal(sealed: string, sealedWith: string, key: EncryptionKey, context: string): string {
  const secretKey = sealedWith === key.id ? key.key : key.previous?.get(sealedWith);
  if (!secretKey) {
    throw new Error(
      `This API key was sealed with another encryption key (${sealedWith}); set that key in ` +
        `APP_ENCRYPTION_KEY_PREVIOUS, or save the provider key again.`,
    );
  }
  const raw = Buffer.from(sealed, 'base64');
  const nonce = raw.subarray(0, NONCE_BYTES);
  const tag = raw.subarray(raw.length - TAG_BYTES);
  const decipher = crypto.createDecipheriv('aes-256-gcm', secretKey, nonce);
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}
