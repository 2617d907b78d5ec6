// The page's side of the search worker: start a search, hear its reports,
// stop it (by ending the worker and starting a fresh one, which takes a few
// milliseconds: the compiled module is cached).
export interface Line { score: number; mate: number; pv: string[]; names: string[] }
export interface Info { depth: number; seldepth: number; nodes: number; nps: number; time: number; lines: Line[] }
export interface Result { ok: boolean; best: string; ponder?: string; score: number; depth: number; nodes: number; book?: boolean; error?: string }

export interface SearchRequest {
  fen: string;
  moves: string[];
  level: number;     // 1..8: a playing level; 0: full strength (analysis)
  movetime: number;  // ms, 0: none
  depth?: number;
  multipv?: number;
  style: number;
}

export class SearchWorker {
  private worker: Worker | null = null;
  private nextId = 1;
  private running = 0;
  private onInfo: ((i: Info) => void) | null = null;
  private onDone: ((r: Result) => void) | null = null;

  constructor(private readonly urls: { worker: string; wasm: string; book: string }) {}

  private spawn(): Worker {
    const w = new Worker(this.urls.worker, { type: 'module' });
    w.onmessage = (e: MessageEvent) => {
      const m = e.data;
      if (m.type === 'info' && m.id === this.running) this.onInfo?.(m.info as Info);
      else if (m.type === 'done' && m.id === this.running) {
        this.running = 0;
        const done = this.onDone;
        this.onDone = this.onInfo = null;
        done?.(m.result as Result);
      } else if (m.type === 'bench') this.benchDone?.(m);
    };
    w.postMessage({ type: 'init', wasm: this.urls.wasm, book: this.urls.book });
    return w;
  }

  get busy(): boolean { return this.running !== 0; }

  start(req: SearchRequest, onInfo: (i: Info) => void, onDone: (r: Result) => void): void {
    if (this.running) this.stop();
    if (!this.worker) this.worker = this.spawn();
    this.running = this.nextId++;
    this.onInfo = onInfo;
    this.onDone = onDone;
    this.worker.postMessage({ type: 'go', id: this.running, fen: req.fen, moves: req.moves, level: req.level,
      movetime: req.movetime, depth: req.depth ?? 0, multipv: req.multipv ?? 1, style: req.style });
  }

  // Ends a running search at once: its result never comes.
  stop(): void {
    if (!this.running) return;
    this.running = 0;
    this.onInfo = this.onDone = null;
    this.worker?.terminate();
    this.worker = null;
  }

  private benchDone: ((m: { nodes: number; ms: number }) => void) | null = null;
  bench(depth: number): Promise<{ nodes: number; ms: number }> {
    this.stop();
    if (!this.worker) this.worker = this.spawn();
    return new Promise((resolve) => {
      this.benchDone = (m) => { this.benchDone = null; resolve(m); };
      this.worker!.postMessage({ type: 'bench', depth });
    });
  }
}
