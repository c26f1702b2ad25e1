import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient, CliError } from './client.js';

export type Credentials = { url: string; token: string };

/** Where `login` keeps the server address and token: the user's config directory, readable by the user alone. */
export function credentialsFile(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(base, 'promptgrid', 'credentials.json');
}

export function saveCredentials(credentials: Credentials, env: NodeJS.ProcessEnv = process.env): string {
  const file = credentialsFile(env);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600); // an existing file keeps its mode on write
  return file;
}

function savedCredentials(env: NodeJS.ProcessEnv): Partial<Credentials> {
  try {
    return JSON.parse(fs.readFileSync(credentialsFile(env), 'utf8')) as Partial<Credentials>;
  } catch {
    return {};
  }
}

/** PROMPTGRID_URL and PROMPTGRID_TOKEN win over what `login` saved, so CI needs no file. */
export function clientFromEnvironment(env: NodeJS.ProcessEnv = process.env): ApiClient {
  const saved = savedCredentials(env);
  const url = env.PROMPTGRID_URL || saved.url;
  const token = env.PROMPTGRID_TOKEN || saved.token;
  if (!url) throw new CliError('No server: set PROMPTGRID_URL or run `promptgrid login`.');
  if (!token) throw new CliError('No API token: set PROMPTGRID_TOKEN or run `promptgrid login`.');
  return new ApiClient(url, token);
}
