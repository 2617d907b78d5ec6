// The rules as the page uses them: the engine library compiled to
// WebAssembly (web/wasm/engine_api.cpp). Every question (which moves are
// legal, has the game ended, what is this move called) is asked of it; the
// page has no move generator of its own.
import createEngine, { type EngineModule } from 'xq-engine';

export const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

export type Color = 'red' | 'black';
export type Style = 0 | 1 | 2;  // Chinese, WXF, ICCS

export interface Verdict {
  over: boolean;
  result: string;  // "1-0", "0-1", "1/2-1/2", "*"
  reason: string;  // "checkmate", "perpetual_check", ...
  zh: string;
  en: string;
  ply: number;
}

export interface State {
  ok: boolean;
  error?: string;
  fen: string;
  start: string;
  side: Color;
  legal: string[];
  check: boolean;
  names: string[];
  verdict: Verdict;
}

export interface ClockFace {
  byoyomi: boolean;
  ms: number;
  periods: number;
  face: string;
}

export class Rules {
  private constructor(
    private readonly stateFn: (fen: string, moves: string, style: number) => string,
    private readonly pgnFn: (fen: string, moves: string, tags: string, result: string) => string,
    private readonly clockFn: (control: string, ms: number) => string,
  ) {}

  static async load(wasmUrl: string): Promise<Rules> {
    const m: EngineModule = await createEngine({ locateFile: () => wasmUrl });
    return new Rules(m.cwrap('xq_state', 'string', ['string', 'string', 'number']),
      m.cwrap('xq_pgn', 'string', ['string', 'string', 'string', 'string']),
      m.cwrap('xq_clock', 'string', ['string', 'number']));
  }

  state(fen: string, moves: string[], style: Style): State {
    return JSON.parse(this.stateFn(fen, moves.join(' '), style)) as State;
  }

  pgn(fen: string, moves: string[], tags: Record<string, string>, result = ''): string {
    const t = Object.entries(tags).map(([k, v]) => `${k}\t${v.replace(/[\t\n]/g, ' ')}`).join('\n');
    const a = JSON.parse(this.pgnFn(fen, moves.join(' '), t, result)) as { ok: boolean; pgn?: string; error?: string };
    return a.pgn ?? '';
  }

  clock(control: string, ms: number): ClockFace {
    return JSON.parse(this.clockFn(control, Math.max(0, Math.round(ms)))) as ClockFace;
  }
}

// Squares: "e0" <-> file 0..8, rank 0..9.
export function squareOf(s: string): [number, number] {
  return [s.charCodeAt(0) - 97, s.charCodeAt(1) - 48];
}
export function squareName(file: number, rank: number): string {
  return String.fromCharCode(97 + file) + String(rank);
}

// The pieces of a FEN's board, by square name ("e0" -> "K"). Reading the
// placement is not a rule: where pieces stand is the FEN's own text.
export function boardOf(fen: string): Map<string, string> {
  const out = new Map<string, string>();
  const rows = fen.split(' ')[0].split('/');
  rows.forEach((row, i) => {
    const rank = 9 - i;
    let file = 0;
    for (const ch of row) {
      if (ch >= '1' && ch <= '9') file += Number(ch);
      else out.set(squareName(file++, rank), ch);
    }
  });
  return out;
}
