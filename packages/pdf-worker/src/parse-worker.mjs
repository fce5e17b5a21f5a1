// The PDF parse worker's entry when running from source (plain JS: a worker thread gets no loader from vitest,
// and tsx's --import may not reach it): registers tsx to load the TypeScript body, parse-worker-loop.ts.
// A service's build bundles that body as dist/parse-worker.mjs instead, which needs no loader.
import { register } from 'tsx/esm/api'

register()
await import('./parse-worker-loop.ts')
