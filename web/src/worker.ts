// The search in a Web Worker, so the page stays smooth while it thinks.
// One search at a time; the page stops one by ending this worker (a
// synchronous search cannot read messages) and starting another.
import createEngine from 'xq-engine';

interface Start { type: 'init'; wasm: string; book: string }
interface Go { type: 'go'; id: number; fen: string; moves: string[]; level: number; movetime: number; depth: number; multipv: number; style: number }
interface Bench { type: 'bench'; depth: number }
type Message = Start | Go | Bench;

const ctx = self as unknown as DedicatedWorkerGlobalScope;
let search: ((...a: unknown[]) => string) | null = null;
let bench: ((...a: unknown[]) => string) | null = null;
let currentId = 0;
const queue: Message[] = [];

async function init(m: Start) {
  const mod = await createEngine({
    locateFile: () => m.wasm,
    onReport: (text: string) => ctx.postMessage({ type: 'info', id: currentId, info: JSON.parse(text) }),
  });
  search = mod.cwrap('xq_search', 'string', ['string', 'string', 'number', 'number', 'number', 'number', 'number']);
  bench = mod.cwrap('xq_bench', 'string', ['number']);
  try {
    const bytes = new Uint8Array(await (await fetch(m.book)).arrayBuffer());
    const load = mod.cwrap('xq_load_book', 'string', ['array', 'number']);
    load(bytes, bytes.length);
  } catch {
    // No book (offline before it was fetched): the search plays every move.
  }
  ctx.postMessage({ type: 'ready' });
  while (queue.length) handle(queue.shift()!);
}

function handle(m: Message) {
  if (m.type === 'init') return;
  if (!search || !bench) {
    queue.push(m);
    return;
  }
  if (m.type === 'go') {
    currentId = m.id;
    const result = JSON.parse(search(m.fen, m.moves.join(' '), m.level, m.movetime, m.depth, m.multipv, m.style));
    ctx.postMessage({ type: 'done', id: m.id, result });
  } else if (m.type === 'bench') {
    const t0 = performance.now();
    const r = JSON.parse(bench(m.depth));
    ctx.postMessage({ type: 'bench', nodes: r.nodes, ms: performance.now() - t0, text: r.text });
  }
}

ctx.onmessage = (e: MessageEvent<Message>) => {
  if (e.data.type === 'init') void init(e.data);
  else handle(e.data);
};
