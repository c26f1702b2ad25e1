import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSRF_HEADER, ROUTES, type AiModel, type Configuration, type Input, type Project } from '@promptgrid/contract';
import { ensureServerBuilt, serverEntryArgs } from '../../scripts/server-build.mjs';

/** Runs the server or a worker as its own process (the build, as `npm start` runs it), for crash and scale-out tests and benchmarks. */
export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(serverDir, '..');

/** Peak resident memory of the process so far (VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Resolves once the process has printed `text` (rejects if it exits first or after `timeoutMs`). */
  printed(text: string, timeoutMs?: number): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
};

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

export async function startProcess(
  entry: 'main' | 'worker',
  env: Record<string, string>,
  args: string[] = [],
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each server process there (on a graceful exit);
  // BENCH_NODE_FLAGS adds flags to its node (e.g. V8 options, to compare).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const extra = process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : [];
  ensureServerBuilt(root); // a no-op once the suite's global setup (or an earlier call) built it
  const child = spawn(process.execPath, [...extra, ...profile, ...serverEntryArgs(root, entry), ...args], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const handle: ServerProcess = {
    child,
    url,
    output: () => output,
    printed: (text, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => done(new Error(`no "${text}" within ${timeoutMs} ms: ${output}`)), timeoutMs);
        const check = () => output.includes(text) && done();
        const exit = () => done(new Error(`exited before printing "${text}": ${output}`));
        function done(error?: Error) {
          clearTimeout(timer);
          child.stdout.off('data', check);
          child.stderr.off('data', check);
          child.off('exit', exit);
          if (error) reject(error);
          else resolve();
        }
        child.stdout.on('data', check);
        child.stderr.on('data', check);
        child.once('exit', exit);
        check();
      }),
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited(child);
    },
  };
  if (entry === 'main') {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
      if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
      const ok = await fetch(`${url}${ROUTES.healthz}`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return handle;
}

/** A signed-in API client over real HTTP (dev sign-in), keeping cookies and sending the CSRF header. */
export class HttpClient {
  private cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  /** The Cookie header this client sends (for load generators that share its session). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** The headers that send this client's session: its cookies and the CSRF token an unsafe method needs. */
  sessionHeaders(): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json', cookie: this.cookieHeader() };
    const csrf = this.cookies.get('csrftoken');
    if (csrf) headers[CSRF_HEADER] = csrf;
    return headers;
  }

  async request<T = unknown>(method: string, route: string, body?: unknown): Promise<{ status: number; body: T }> {
    const headers = this.sessionHeaders();
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${route}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = cookie] = cookie.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  async ok<T = unknown>(method: string, route: string, body?: unknown): Promise<T> {
    const response = await this.request<T>(method, route, body);
    if (response.status >= 300)
      throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }

  async signIn(email: string) {
    await this.request('GET', ROUTES.auth.csrfToken);
    await this.ok('POST', ROUTES.auth.devSignIn, { email });
    return this;
  }
}

/** Creates a project with `inputs` user prompts and `configurations` system prompts on `models`, in the given client. */
export async function seedProject(
  client: { ok<T = unknown>(method: string, route: string, body?: unknown): Promise<T> },
  options: { inputs: number; configurations: number; models: string[]; promptPrefix?: string },
) {
  const models = await client.ok<AiModel[]>('GET', ROUTES.models);
  const project = await client.ok<Project>('POST', ROUTES.projects, { name: 'Bench', description: 'Generated' });
  const inputIds: number[] = [];
  for (let i = 0; i < options.inputs; i++) {
    inputIds.push(
      (
        await client.ok<Input>('POST', ROUTES.inputs(project.id), {
          name: `Input ${i}`,
          content: `Question number ${i}: what is ${i} squared?`,
        })
      ).id,
    );
  }
  const configurationIds: number[] = [];
  for (let c = 0; c < options.configurations; c++) {
    const modelName = options.models[c % options.models.length];
    const model = models.find((m) => m.model_name === modelName);
    if (!model) throw new Error(`no model ${modelName}`);
    const configuration = await client.ok<Configuration>('POST', ROUTES.configurations(project.id), {
      name: `Prompt ${c}`,
      prompt_content: `${options.promptPrefix ?? ''}You are assistant number ${c}. Answer briefly.`,
      ai_model_id: model.id,
      parameters: { temperature: 0.5, max_tokens: 200 },
      provider_specific_params: {},
    });
    configurationIds.push(configuration.id);
  }
  return { projectId: project.id, inputIds, configurationIds };
}
