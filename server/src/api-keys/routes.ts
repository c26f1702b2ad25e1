import type { App } from '../http/types.js';

export default async function routes(_app: App, _options: { workers?: boolean }) {}
