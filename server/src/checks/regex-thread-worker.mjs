// The regex check's own thread (see regex-thread.ts): compiles patterns with RE2JS, a linear-time engine, and
// searches outputs with them, one job at a time. Plain JavaScript so that it runs the same under tsx, vitest and node.
import { parentPort } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import { RE2JS } from 're2js';

/** Compiled patterns by their text: a check's pattern is applied to every output of a run. */
const compiled = new LRUCache({ max: 200 });

function compile(pattern) {
  let re = compiled.get(pattern);
  if (!re) {
    re = RE2JS.compile(RE2JS.translateRegExp(pattern));
    compiled.set(pattern, re);
  }
  return re;
}

parentPort.on('message', ({ id, pattern, text }) => {
  try {
    const re = compile(pattern);
    if (text === undefined) return parentPort.postMessage({ id, ok: true });
    const matcher = re.matcher(text);
    parentPort.postMessage({ id, ok: true, match: matcher.find() ? matcher.group() : null });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, message: String(error?.message ?? error) });
  }
});
