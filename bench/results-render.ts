// The results screen with 1,000 results in Chromium: time to first render and to settle (goal < 1 s),
// then the frame times while scrolling through every card.
//
//   npm run results-render -w bench        (BENCH_RESULT_INPUTS=1 BENCH_RESULT_PROMPTS=1000)
//
// A real server on a fresh embedded database answers the API; the web app is built for production into a
// temporary folder and served next to it (a tiny same-origin proxy), so a concurrent rebuild of web/dist or a
// development build cannot skew the figures. The project is seeded through the API and run as a mock-mode
// evaluation, so every figure is end to end:
// HTTP, JSON, React, layout and paint. 1 input x 1,000 prompts puts 1,000 cards side by side on one screen
// (virtualised); BENCH_RESULT_INPUTS=40 BENCH_RESULT_PROMPTS=25 is the other shape of 1,000 results.
//
// Then the matrix view with 10,000 cells (BENCH_MATRIX_INPUTS=100 x BENCH_MATRIX_PROMPTS=100): time to the first
// cell and to settled (goal < 1.5 s), frame times while scrolling both axes at once (goal: p95 < 20 ms), and the
// bytes of one 5 s poll of the finished run with the updated_since cursor (goal < 10 KB), beside the bytes without.
//
// Then the User Prompts screen of a project with 10,000 user prompts (BENCH_INPUTS): time to the first row and to
// settled (goal < 1 s), and the frame times while scrolling its table to the end. BENCH_ONLY=inputs measures it alone.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type APIRequestContext, type BrowserContext, type Page } from 'playwright-core';
import { ROUTES, STORAGE_KEYS } from '@promptgrid/contract';
import { startProcess } from '../server/test/server-process.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/paths.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const inputs = Number(process.env.BENCH_RESULT_INPUTS ?? 1);
const prompts = Number(process.env.BENCH_RESULT_PROMPTS ?? 1000);
const GOAL_MS = 1000;
const matrixInputs = Number(process.env.BENCH_MATRIX_INPUTS ?? 100);
const matrixPrompts = Number(process.env.BENCH_MATRIX_PROMPTS ?? 100);
const MATRIX_GOAL_MS = 1500;
const MATRIX_FRAME_GOAL_MS = 20;
const POLL_GOAL_BYTES = 10 * 1024;
const QUIET_MS = 500;
const inputRows = Number(process.env.BENCH_INPUTS ?? 10_000);
const INPUTS_GOAL_MS = 1000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-render-'));
// BENCH_WEB_DIR: an app already built (e.g. an earlier version of it, to compare against in the same minutes).
const webDir = process.env.BENCH_WEB_DIR ?? path.join(dataDir, 'web');
const build = process.env.BENCH_WEB_DIR
  ? { status: 0 }
  : spawnSync(
      'npx',
      ['vite', 'build', '--mode', 'production', '--outDir', webDir, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: path.join(root, 'web'),
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: 'inherit',
      },
    );
if (build.status !== 0) process.exit(1);

const api = await startProcess('main', {
  DATA_DIR: path.join(dataDir, 'db'),
  DEV_LOGIN: 'true',
  RATE_LIMIT_PER_MINUTE: '1000000',
  LOG_LEVEL: 'warn',
});
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** Static files from the fresh build (index.html for client routes), /api and /auth passed to the server. */
const front = http.createServer((request, response) => {
  const [requestPath = '/'] = (request.url ?? '/').split('?');
  const pathname = decodeURIComponent(requestPath);
  if (pathname.startsWith('/api/') || pathname.startsWith('/auth/') || pathname === '/healthz') {
    const upstream = http.request(
      new URL(request.url!, api.url),
      // A connection per request: a kept-alive one the server closed while idle would reset the next call.
      { method: request.method, headers: request.headers, agent: false },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    request.pipe(upstream);
    return;
  }
  const file = path.join(webDir, pathname);
  const target =
    file.startsWith(webDir) && path.extname(pathname) && fs.existsSync(file) ? file : path.join(webDir, 'index.html');
  // Like the real server: hashed assets are immutable, index.html is not cached.
  const immutable = target.includes(`${path.sep}assets${path.sep}`);
  response.writeHead(200, {
    'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  fs.createReadStream(target).pipe(response);
});
await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
const server = { url: `http://127.0.0.1:${(front.address() as import('node:net').AddressInfo).port}` };
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});

type Client = ReturnType<typeof apiClient>;

/** Runs `task` for 0..count-1, `parallel` at a time, keeping the order of the answers. */
async function inBatches<T>(count: number, parallel: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < count; start += parallel) {
    out.push(
      ...(await Promise.all(Array.from({ length: Math.min(parallel, count - start) }, (_, k) => task(start + k)))),
    );
  }
  return out;
}

const LOOKUP_TOOL = {
  name: 'lookup_clause',
  description: 'Looks up a clause of the contract.',
  parameters: {
    type: 'object',
    properties: { clause: { type: 'integer' }, section: { type: 'string' } },
    required: ['clause'],
  },
};

/**
 * A project of `inputs` user prompts, each with an expected output, and `prompts` system prompts alternating over two
 * models (one per provider), with the check against the expected output: every cell carries a verdict badge and the
 * matrix its expected-output column, as a real run's does. Every fourth prompt declares a tool, so a quarter of the
 * cells show a tool call (name and pretty-printed arguments) as well as text.
 */
async function seed(client: Client, inputs: number, prompts: number) {
  const models = await client.ok<{ id: number; model_name: string }[]>('GET', ROUTES.models);
  const pick = (name: string) => {
    const model = models.find((m) => m.model_name === name) ?? models[0];
    if (!model) throw new Error('The server lists no models.');
    return model;
  };
  const chosen = [pick('gpt-4o-mini'), pick('claude-haiku-4-5')] as const;
  const project = await client.ok<{ id: number }>('POST', ROUTES.projects, {
    name: 'Render bench',
    description: 'Generated',
  });
  const inputIds = await inBatches(
    inputs,
    8,
    async (i) =>
      (
        await client.ok<{ id: number }>('POST', ROUTES.inputs(project.id), {
          name: `Input ${i}`,
          content: `Question number ${i}: summarise clause ${i} of the contract.`,
          expected_output: `Clause ${i} says what it says.`,
        })
      ).id,
  );
  const configurationIds = await inBatches(
    prompts,
    8,
    async (c) =>
      (
        await client.ok<{ id: number }>('POST', ROUTES.configurations(project.id), {
          name: `Prompt ${c}`,
          prompt_content: `You are assistant number ${c}. Answer briefly.`,
          ai_model_id: (c % 2 === 0 ? chosen[0] : chosen[1]).id,
          parameters: { temperature: 0.5, max_tokens: 200 },
          provider_specific_params: {},
          ...(c % 4 === 3 ? { tools: [LOOKUP_TOOL] } : {}),
        })
      ).id,
  );
  await client.ok('POST', ROUTES.checks(project.id), {
    name: 'Check against expected output',
    type: 'equals_expected',
    value: 'ignore_case',
  });
  return { projectId: project.id, inputIds, configurationIds };
}

/** The API as the browser context's signed-in user (the context's cookies, the CSRF header). */
function apiClient(request: APIRequestContext, base: string) {
  const csrf = async () =>
    (await request.storageState()).cookies.find((c) => c.name === STORAGE_KEYS.csrfCookie)?.value ?? '';
  return {
    async ok<T = unknown>(method: string, route: string, body?: unknown): Promise<T> {
      const response = await request.fetch(`${base}${route}`, {
        method,
        data: body === undefined ? undefined : JSON.stringify(body),
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-csrftoken': await csrf(),
          origin: base,
        },
      });
      const text = await response.text();
      if (!response.ok()) throw new Error(`${method} ${route}: ${response.status()} ${text}`);
      return (text ? JSON.parse(text) : null) as T;
    },
  };
}

const CARDS = {
  item: '[aria-label="Results"] article',
  waiting: '[aria-label="Results"] article[aria-busy="true"]',
  run: true,
};
const CELLS = {
  item: '[role="grid"] [role="gridcell"]',
  waiting: '[role="grid"] [role="gridcell"][aria-busy="true"]',
  run: true,
};
/** The User Prompts table: a row of data (not the header), rows whose page has not arrived; no run to wait for. */
const ROWS = {
  item: '[role="table"] [role="row"][aria-rowindex="2"]:not([aria-busy])',
  waiting: '[role="table"] [role="row"][aria-busy="true"]',
  run: false,
};

/**
 * Opens the page and measures from navigation start: first render = the first result card (or matrix cell) in the
 * DOM; settle = the last DOM change before QUIET_MS without any, once the run (if any) shows as finished and nothing
 * waits.
 */
async function measure(page: Page, url: string, selectors = CARDS) {
  await page.goto('about:blank');
  await page.goto(url);
  const firstRender = await page.waitForFunction(
    (item) => (document.querySelector(item) ? performance.now() : false),
    selectors.item,
    { timeout: 60_000, polling: 'raf' },
  );
  const settled = await page.waitForFunction(
    ({ quietMs, waitingSelector, run }) => {
      const w = window as unknown as { __lastMutation: number };
      const status = document.querySelector('[aria-label^="Status: "]')?.getAttribute('aria-label');
      const finished =
        !run || status === 'Status: Complete' || status === 'Status: Partial' || status === 'Status: Failed';
      const waiting = document.querySelector(waitingSelector);
      return finished && !waiting && performance.now() - w.__lastMutation > quietMs ? w.__lastMutation : false;
    },
    { quietMs: QUIET_MS, waitingSelector: selectors.waiting, run: selectors.run },
    { timeout: 60_000, polling: 100 },
  );
  const cards = await page.locator(selectors.item).count();
  const calls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming => /\/(api|auth)\//.test(entry.name))
      .map(
        (entry) => `${new URL(entry.name).pathname} ${Math.round(entry.startTime)}→${Math.round(entry.responseEnd)} ms`,
      ),
  );
  if (process.env.BENCH_PROFILE) console.log(`  calls: ${calls.join(', ')}`);
  return {
    firstRenderMs: Math.round((await firstRender.jsonValue()) as number),
    settleMs: Math.round((await settled.jsonValue()) as number),
    cardsInDom: cards,
  };
}

/** Scrolls through the whole card grid, a step per frame, and reports the frame times. */
async function scrollFrames(page: Page) {
  return page.evaluate(async () => {
    const frames: number[] = [];
    let last = performance.now();
    const bottom = document.documentElement.scrollHeight - window.innerHeight;
    for (let y = 0; y <= bottom; y += 240) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      frames.push(now - last);
      last = now;
    }
    frames.sort((a, b) => a - b);
    const cards = document.querySelectorAll('[aria-label="Results"] article').length;
    return {
      frames: frames.length,
      p50: frames[Math.floor(frames.length * 0.5)] ?? 0,
      p95: frames[Math.floor(frames.length * 0.95)] ?? 0,
      max: frames.at(-1) ?? 0,
      cardsInDomAtEnd: cards,
    };
  });
}

/**
 * Scrolls the matrix down and right at once, a step per frame, to its far corner; reports the frame times, and what
 * does not depend on the machine's speed: React commits and components rendered per frame (counted by the
 * React DevTools hook the init script installs), cells added to the page per frame, and long tasks.
 */
async function scrollMatrixFrames(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const metrics = async () =>
    Object.fromEntries(
      (await cdp.send('Performance.getMetrics')).metrics.map((metric) => [metric.name, metric.value]),
    ) as Record<string, number>;
  const before = await metrics();
  const invalidations = process.env.BENCH_TRACE_TOP
    ? ['disabled-by-default-devtools.timeline.invalidationTracking']
    : [];
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', ...invalidations] });
  const figures = await page.evaluate(async () => {
    const w = window as unknown as { __renders: { commits: number; components: number } };
    const grid = document.querySelector<HTMLElement>('[role="grid"]')!;
    let cellsAdded = 0;
    const added = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLElement)
            cellsAdded += node.matches('[role="gridcell"]') ? 1 : node.querySelectorAll('[role="gridcell"]').length;
    });
    added.observe(grid, { subtree: true, childList: true });
    const longTasks: number[] = [];
    const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration)));
    observer.observe({ type: 'longtask' });
    const rendersBefore = { ...w.__renders };
    const frames: number[] = [];
    let last = performance.now();
    const bottom = grid.scrollHeight - grid.clientHeight;
    const right = grid.scrollWidth - grid.clientWidth;
    const steps = Math.ceil(Math.max(bottom / 300, right / 300));
    for (let step = 1; step <= steps; step++) {
      grid.scrollTo((right * step) / steps, (bottom * step) / steps);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      frames.push(now - last);
      last = now;
    }
    added.disconnect();
    observer.disconnect();
    frames.sort((a, b) => a - b);
    return {
      frames: frames.length,
      p50: frames[Math.floor(frames.length * 0.5)] ?? 0,
      p95: frames[Math.floor(frames.length * 0.95)] ?? 0,
      max: frames.at(-1) ?? 0,
      cellsInDomAtEnd: grid.querySelectorAll('[role="gridcell"]').length,
      commits: w.__renders.commits - rendersBefore.commits,
      components: w.__renders.components - rendersBefore.components,
      cellsAdded,
      longTasks: longTasks.length,
      longTaskMs: longTasks.reduce((sum, ms) => sum + ms, 0),
    };
  });
  const after = await metrics();
  const cpu = mainThreadCpu(await browser.stopTracing());
  await cdp.detach();
  const spent = (name: string) => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
  return {
    ...figures,
    cpu,
    scriptMs: spent('ScriptDuration'),
    layoutMs: spent('LayoutDuration'),
    styleMs: spent('RecalcStyleDuration'),
    layouts: (after.LayoutCount ?? 0) - (before.LayoutCount ?? 0),
  };
}

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  tdur?: number;
  args?: { name?: string; data?: unknown };
};

/**
 * The renderer main thread's CPU time (thread time, which another process's load on the machine inflates far less
 * than wall time) in a trace: all its tasks, and script, style, layout and paint within them, in ms.
 */
function mainThreadCpu(trace: Buffer) {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const sums = new Map<string, number>();
  for (const event of events)
    if (event.ph === 'X' && event.tdur !== undefined && mains.has(`${event.pid}:${event.tid}`))
      sums.set(
        `${event.pid}:${event.tid}:${event.name}`,
        (sums.get(`${event.pid}:${event.tid}:${event.name}`) ?? 0) + event.tdur,
      );
  // The page's main thread: the one that ran the most.
  const [busiest] = [...mains].sort(
    (a, b) =>
      (sums.get(`${b}:ThreadControllerImpl::RunTask`) ?? 0) - (sums.get(`${a}:ThreadControllerImpl::RunTask`) ?? 0),
  );
  if (busiest === undefined) throw new Error('The trace has no main thread.');
  if (process.env.BENCH_TRACE_TOP) {
    const paints = events.filter((e) => e.name === 'Paint' && e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`));
    const byLayer = new Map<string, { count: number; us: number }>();
    for (const paint of paints) {
      const data = (paint.args as { data?: { layerId?: number; nodeId?: number; clip?: number[] } })?.data;
      const key = `layer ${data?.layerId} node ${data?.nodeId} clip ${data?.clip?.join(',')}`;
      const entry = byLayer.get(key) ?? { count: 0, us: 0 };
      entry.count++;
      entry.us += paint.tdur ?? 0;
      byLayer.set(key, entry);
    }
    const reasons = new Map<string, number>();
    for (const event of events)
      if (event.name.includes('Invalidation')) {
        const data = event.args?.data as { reason?: string; nodeName?: string } | undefined;
        const key = `${event.name} ${data?.reason} ${data?.nodeName?.slice(0, 80)}`;
        reasons.set(key, (reasons.get(key) ?? 0) + 1);
      }
    for (const [key, count] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${count}x ${key}`);
    for (const [key, { count, us }] of [...byLayer].sort((a, b) => b[1].us - a[1].us).slice(0, 10))
      console.log(`  paint ${count}x ${(us / 1000).toFixed(0)} ms  ${key}`);
  }
  if (process.env.BENCH_TRACE_TOP)
    for (const [key, us] of [...sums]
      .filter(([key]) => key.startsWith(`${busiest}:`))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25))
      console.log(`  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key.slice(busiest.length + 1)}`);
  const ms = (...names: string[]) => names.reduce((sum, name) => sum + (sums.get(`${busiest}:${name}`) ?? 0), 0) / 1000;
  return {
    tasks: ms('ThreadControllerImpl::RunTask'),
    script: ms('FunctionCall', 'EvaluateScript', 'RunMicrotasks'),
    style: ms('UpdateLayoutTree'),
    layout: ms('Layout'),
    paint: ms('Paint', 'PrePaint', 'Layerize'),
  };
}

/**
 * A stand-in for the React DevTools hook: React (production builds too) reports every commit to it. Counts the
 * commits and the components that rendered in each (the ones React did not bail out of), walking only the parts
 * of the tree that commit touched.
 */
function countReactRenders() {
  const w = window as unknown as { __renders: { commits: number; components: number } };
  w.__renders = { commits: 0, components: 0 };
  type Fiber = { tag: number; flags: number; child: Fiber | null; sibling: Fiber | null; alternate: Fiber | null };
  // Function, class, forward-ref, memo and simple-memo components; PerformedWork is the flag of a fiber that rendered.
  const COMPONENTS = new Set([0, 1, 11, 14, 15]);
  const walk = (fiber: Fiber, previous: Fiber | null) => {
    if (COMPONENTS.has(fiber.tag) && (previous === null || (fiber.flags & 1) === 1)) w.__renders.components++;
    // The same child as before: React skipped the whole subtree.
    if (previous !== null && fiber.child === previous.child) return;
    for (let child = fiber.child; child; child = child.sibling) walk(child, child.alternate);
  };
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      w.__renders.commits++;
      walk(root.current, root.current.alternate);
    },
  };
}

/** Seeds, runs in mock mode and waits for the run to finish; answers the project and evaluation. */
async function seedAndRun(client: Client, inputs: number, prompts: number) {
  const seedStarted = performance.now();
  const { projectId, inputIds, configurationIds } = await seed(client, inputs, prompts);
  const run = await client.ok<{ evaluation_id: number; total_requests: number }>('POST', ROUTES.runEvaluation, {
    configuration_ids: configurationIds,
    input_ids: inputIds,
    name: 'Render bench',
    use_mock: true,
  });
  for (;;) {
    const counts = await client.ok<{ PENDING: number; IN_PROGRESS: number }>(
      'GET',
      ROUTES.apiRequestStatusCounts(run.evaluation_id),
    );
    if (counts.PENDING === 0 && counts.IN_PROGRESS === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.log(
    `seeded ${inputs} input(s) x ${prompts} prompt(s) = ${run.total_requests} results (mock run)` +
      ` in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );
  return { projectId, evaluationId: run.evaluation_id, totalRequests: run.total_requests };
}

/** BENCH_PROFILE=1: the functions with the most self time during the fresh load. */
function printProfile(profile: {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  (profile.samples ?? []).forEach((id, index) => {
    const frame = nodes.get(id)!.callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[index] ?? 0));
  });
  for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`);
}

/** The results page's cards: first render, settle (fresh and from the cache) and scrolling. */
async function cardsBench(client: Client, page: Page) {
  const { projectId, evaluationId, totalRequests } = await seedAndRun(client, inputs, prompts);
  const run = { evaluation_id: evaluationId, total_requests: totalRequests };
  const url = `/project/${projectId}/results?evaluation=${run.evaluation_id}`;
  // Warm-up: loads and compiles the app's chunks once, as a returning visitor's browser has them cached.
  await measure(page, url);
  await page.evaluate((prefix) => {
    for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key);
  }, STORAGE_KEYS.appPrefix);

  const profiler = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.start');
  }
  const fresh = await measure(page, url);
  if (profiler) printProfile((await profiler.send('Profiler.stop')).profile);
  const cached = await measure(page, `/project/${projectId}/results`);
  const scroll = await scrollFrames(page);

  const verdict = (ms: number) => (ms < GOAL_MS ? 'ok' : 'over the goal');
  console.log(`results page, ${run.total_requests} results, ${prompts} cards for the selected input:`);
  console.log(
    `  from the API     first render ${fresh.firstRenderMs} ms, settled ${fresh.settleMs} ms (${verdict(fresh.settleMs)}),` +
      ` ${fresh.cardsInDom} cards in the DOM`,
  );
  console.log(
    `  from the cache   first render ${cached.firstRenderMs} ms, settled ${cached.settleMs} ms (${verdict(cached.settleMs)})`,
  );
  console.log(
    `  scrolling        ${scroll.frames} frames: p50 ${scroll.p50.toFixed(1)} ms, p95 ${scroll.p95.toFixed(1)} ms,` +
      ` max ${scroll.max.toFixed(1)} ms; ${scroll.cardsInDomAtEnd} cards in the DOM at the end`,
  );
  console.log(`  goal: settled under ${GOAL_MS} ms`);
}

/** The User Prompts screen of a project of `inputRows` user prompts, imported from one CSV file. */
async function inputsBench(client: Client, page: Page) {
  const started = performance.now();
  const project = await client.ok<{ id: number }>('POST', ROUTES.projects, {
    name: 'Inputs bench',
    description: 'Generated',
  });
  const rows = Array.from(
    { length: inputRows },
    (_, i) => `Ticket ${i},"My order ${i} arrived late, and the box was open.",${i % 3 === 0 ? 'billing' : 'shipping'}`,
  );
  await client.ok('POST', ROUTES.inputsImport(project.id), {
    format: 'csv',
    data: `name,content,expected_output\n${rows.join('\n')}\n`,
  });
  console.log(`seeded ${inputRows} user prompts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const url = `/project/${project.id}/inputs`;
  await measure(page, url, ROWS);
  const fresh = await measure(page, url, ROWS);
  const scroll = await page.evaluate(async () => {
    const box = document.querySelector('[role="table"]')!.parentElement!;
    const frames: number[] = [];
    let last = performance.now();
    for (let y = 0; y <= box.scrollHeight - box.clientHeight; y += 2400) {
      box.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      frames.push(now - last);
      last = now;
    }
    frames.sort((a, b) => a - b);
    return {
      frames: frames.length,
      p95: frames[Math.floor(frames.length * 0.95)] ?? 0,
      rowsInDom: box.querySelectorAll('[role="row"]').length,
    };
  });
  const verdict = fresh.settleMs < INPUTS_GOAL_MS ? 'ok' : 'over the goal';
  console.log(`user prompts screen, ${inputRows} user prompts (table):`);
  console.log(
    `  from the API     first row ${fresh.firstRenderMs} ms, settled ${fresh.settleMs} ms (${verdict}),` +
      ` ${fresh.cardsInDom} first row in the DOM`,
  );
  console.log(
    `  scrolling to the end ${scroll.frames} frames (50 rows a step): p95 ${scroll.p95.toFixed(1)} ms;` +
      ` ${scroll.rowsInDom} rows in the DOM`,
  );
  console.log(`  goal: settled under ${INPUTS_GOAL_MS} ms`);
}

/** The matrix view with 10,000 cells: first cell, settle, scrolling both axes, and one poll's bytes. */
async function matrixBench(client: Client, page: Page, context: BrowserContext) {
  const matrix = await seedAndRun(client, matrixInputs, matrixPrompts);
  await page.evaluate((key) => localStorage.setItem(key, 'matrix'), `promptgrid.results-layout.${matrix.projectId}`);
  const matrixUrl = `/project/${matrix.projectId}/results?evaluation=${matrix.evaluationId}`;
  await measure(page, matrixUrl, CELLS);
  await page.evaluate((prefix) => {
    for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key);
  }, STORAGE_KEYS.appPrefix);
  const matrixFresh = await measure(page, matrixUrl, CELLS);
  // BENCH_MATRIX_SCROLLS=n scrolls n times (back to the top-left corner between), for the median figures.
  const scrolls: Awaited<ReturnType<typeof scrollMatrixFrames>>[] = [];
  for (let time = 0; time < Number(process.env.BENCH_MATRIX_SCROLLS ?? 1); time++) {
    await page.evaluate(() => document.querySelector('[role="grid"]')!.scrollTo(0, 0));
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    scrolls.push(await scrollMatrixFrames(page));
  }
  // BENCH_MATRIX_CSS='css||css…': for profiling, one more scroll with each style sheet added (e.g. a part hidden).
  for (const css of process.env.BENCH_MATRIX_CSS?.split('||') ?? []) {
    const style = await page.addStyleTag({ content: css });
    await page.evaluate(() => document.querySelector('[role="grid"]')!.scrollTo(0, 0));
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    const { frames, p95, cpu } = await scrollMatrixFrames(page);
    const per = (ms: number) => (ms / frames).toFixed(1);
    console.log(
      `  with ${css}: p95 ${p95.toFixed(1)} ms; CPU per frame ${per(cpu.tasks)} ms (script ${per(cpu.script)},` +
        ` style ${per(cpu.style)}, layout ${per(cpu.layout)}, paint ${per(cpu.paint)})`,
    );
    await style.evaluate((element) => (element as Element).remove());
  }
  const byP95 = [...scrolls].sort((a, b) => a.p95 - b.p95);
  const matrixScroll = byP95[Math.floor((byP95.length - 1) / 2)];
  if (!matrixScroll) throw new Error('No matrix scroll was measured.');

  // One poll of the finished run, as the results screen makes it: the requests changed since the newest seen
  // (none), and the metrics; beside the whole list the poll would fetch without the cursor.
  const bytesOf = async (route: string) =>
    (await context.request.get(`${server.url}${route}`, { headers: { accept: 'application/json' } })).body();
  const all = JSON.parse((await bytesOf(ROUTES.apiRequests(matrix.evaluationId))).toString()) as {
    updated_at: string;
  }[];
  const newest = all.reduce((max, request) => (request.updated_at > max ? request.updated_at : max), '');
  const cursorPoll =
    (await bytesOf(ROUTES.apiRequestsChangedSince(matrix.evaluationId, newest))).length +
    (await bytesOf(ROUTES.apiRequestMetrics(matrix.evaluationId))).length;
  const fullPoll =
    (await bytesOf(ROUTES.apiRequests(matrix.evaluationId))).length +
    (await bytesOf(ROUTES.apiRequestMetrics(matrix.evaluationId))).length;

  const under = (value: number, goal: number) => (value < goal ? 'ok' : 'over the goal');
  console.log(`results matrix, ${matrix.totalRequests} cells (${matrixInputs} x ${matrixPrompts}):`);
  console.log(
    `  from the API     first cell ${matrixFresh.firstRenderMs} ms,` +
      ` settled ${matrixFresh.settleMs} ms (${under(matrixFresh.settleMs, MATRIX_GOAL_MS)}),` +
      ` ${matrixFresh.cardsInDom} cells in the DOM`,
  );
  console.log(
    `  scrolling both axes ${matrixScroll.frames} frames: p50 ${matrixScroll.p50.toFixed(1)} ms,` +
      ` p95 ${matrixScroll.p95.toFixed(1)} ms (${under(matrixScroll.p95, MATRIX_FRAME_GOAL_MS)}),` +
      ` max ${matrixScroll.max.toFixed(1)} ms; ${matrixScroll.cellsInDomAtEnd} cells in the DOM at the end`,
  );
  const cpuPerFrame = (ms: number) => (ms / matrixScroll.frames).toFixed(1);
  console.log(
    `  main-thread CPU per frame: ${cpuPerFrame(matrixScroll.cpu.tasks)} ms in tasks ` +
      `(script ${cpuPerFrame(matrixScroll.cpu.script)}, style ${cpuPerFrame(matrixScroll.cpu.style)}, ` +
      `layout ${cpuPerFrame(matrixScroll.cpu.layout)}, paint ${cpuPerFrame(matrixScroll.cpu.paint)})`,
  );
  if (scrolls.length > 1) console.log(`  p95 of each scroll: ${scrolls.map((s) => s.p95.toFixed(1)).join(', ')} ms`);
  const perFrame = (value: number) => (value / matrixScroll.frames).toFixed(1);
  console.log(
    `  per frame: ${perFrame(matrixScroll.commits)} React commits, ${perFrame(matrixScroll.components)} components rendered,` +
      ` ${perFrame(matrixScroll.cellsAdded)} cells added, ${perFrame(matrixScroll.layouts)} layouts;` +
      ` script ${perFrame(matrixScroll.scriptMs)} ms, style ${perFrame(matrixScroll.styleMs)} ms,` +
      ` layout ${perFrame(matrixScroll.layoutMs)} ms;` +
      ` ${matrixScroll.longTasks} long tasks (${Math.round(matrixScroll.longTaskMs)} ms)`,
  );
  console.log(
    `  5 s poll of the finished run: ${cursorPoll} bytes with updated_since (${under(cursorPoll, POLL_GOAL_BYTES)}),` +
      ` ${fullPoll.toLocaleString()} bytes without`,
  );
  console.log(
    `  goals: settled under ${MATRIX_GOAL_MS} ms, p95 frame under ${MATRIX_FRAME_GOAL_MS} ms, poll under ${POLL_GOAL_BYTES} bytes`,
  );
}

try {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  await context.request.get(`${server.url}${ROUTES.auth.csrfToken}`);
  const client = apiClient(context.request, server.url);
  const signIn = await client.ok<{ user: unknown }>('POST', ROUTES.auth.devSignIn, {
    email: `render-${Date.now()}@example.com`,
  });
  // The app reads the signed-in user from local storage at start, so the page opens signed in.
  await context.addInitScript((user) => {
    localStorage.setItem('user', JSON.stringify(user));
    const w = window as unknown as { __lastMutation: number };
    w.__lastMutation = performance.now();
    new MutationObserver(() => (w.__lastMutation = performance.now())).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  }, signIn.user);
  // tsx keeps function names by wrapping them in its __name helper, which the page does not have.
  await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  await context.addInitScript(countReactRenders);

  const page = await context.newPage();
  const only = process.env.BENCH_ONLY;
  // BENCH_ONLY=matrix measures the matrix alone, BENCH_ONLY=inputs the User Prompts screen alone.
  if (!only || only === 'inputs') await inputsBench(client, page);
  if (!only) await cardsBench(client, page);
  else await page.goto('/healthz');
  if (process.env.BENCH_ONLY !== 'inputs') await matrixBench(client, page, context);
  await context.close();
} finally {
  await browser.close();
  front.close();
  await api.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
