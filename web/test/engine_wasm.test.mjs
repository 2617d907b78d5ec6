// The WebAssembly build of the engine library against the native one:
// perft counts from the shared table, the bench's node count, the judge and
// notation as the page receives them. Run by ctest (web_engine_wasm) as
//   node --no-experimental-fetch --test web/test/engine_wasm.test.mjs
// with XQ_BUILD pointing at the build folder (build/wasm and the native engine).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { createRequire } from 'node:module';

const here = path.dirname(fileURLToPath(import.meta.url));
const build = process.env.XQ_BUILD || path.join(here, '../../build');
const wasmDir = path.join(build, 'wasm');
// Emscripten 3.1.6's ES module loader, when it finds node, reaches for the
// CommonJS names: give it them (the browser never takes that path).
globalThis.require = createRequire(import.meta.url);
globalThis.__dirname = wasmDir;
const { default: createEngine } = await import(pathToFileURL(path.join(wasmDir, 'engine.mjs')).href);
const M = await createEngine({ wasmBinary: readFileSync(path.join(wasmDir, 'engine.wasm')) });
const state = M.cwrap('xq_state', 'string', ['string', 'string', 'number']);
const perft = M.cwrap('xq_perft', 'number', ['string', 'number']);
const bench = M.cwrap('xq_bench', 'string', ['number']);
const pgn = M.cwrap('xq_pgn', 'string', ['string', 'string', 'string', 'string']);
const search = M.cwrap('xq_search', 'string', ['string', 'string', 'number', 'number', 'number', 'number', 'number']);

test('perft counts equal the published table (depths up to 4, the start to 5)', () => {
  const rows = readFileSync(path.join(here, '../../tests/data/perft_positions.tsv'), 'utf8')
    .split('\n').filter((l) => l && !l.startsWith('#'));
  assert.ok(rows.length >= 40);
  rows.forEach((row, i) => {
    const [fen, ...counts] = row.split('\t');
    const deepest = i === 0 ? 5 : 4;
    for (let d = 1; d <= Math.min(deepest, counts.length); d++) {
      if (!counts[d - 1]) continue;
      assert.equal(perft(fen, d), Number(counts[d - 1]), `${fen} depth ${d}`);
    }
  });
});

test('bench gives the native build\'s node count', () => {
  const native = execFileSync(path.join(build, 'engine/xiangqi-engine'), ['bench', '6'], { encoding: 'utf8' });
  const nativeNodes = Number(/Nodes searched\s*:\s*(\d+)/.exec(native)[1]);
  const wasm = JSON.parse(bench(6));
  assert.ok(nativeNodes > 10000);
  assert.equal(wasm.nodes, nativeNodes);
});

// Black king d9; red rooks a8 and b0, red king e0. b0b9 mates (d8 is the a8
// rook's, e9 faces the red king), and so does b0d0 (the d-file and e9).
const kMateIn1 = '3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1';

test('a position: legal moves, names, check and a bad move named', () => {
  const s = JSON.parse(state('', 'h2e2 h9g7', 0));
  assert.equal(s.ok, true);
  assert.equal(s.side, 'red');
  assert.ok(s.legal.includes('b0c2') && !s.legal.includes('h2e2'));
  assert.deepEqual(s.names, ['炮二平五', '马8进7']);
  assert.deepEqual(JSON.parse(state('', 'h2e2 h9g7', 1)).names, ['C2=5', 'H8+7']);
  assert.equal(JSON.parse(state('', '', 0)).legal.length, 44);
  const bad = JSON.parse(state('', 'h2e2 h2e2', 0));
  assert.equal(bad.ok, false);
  assert.match(bad.error, /move 2 \(h2e2\) is not legal/);
  assert.match(JSON.parse(state('not a fen', '', 0)).error, /bad FEN/);
});

test('checkmate is judged and named in both languages', () => {
  for (const mate of ['b0b9', 'b0d0']) {
    const s = JSON.parse(state(kMateIn1, mate, 0));
    assert.equal(s.ok, true);
    assert.equal(s.check, true);
    assert.equal(s.verdict.over, true, mate);
    assert.equal(s.verdict.reason, 'checkmate');
    assert.equal(s.verdict.result, '1-0');
    assert.match(s.verdict.zh, /红方胜/);
    assert.match(s.verdict.en, /red wins/);
    assert.deepEqual(s.legal, []);
  }
  const notMate = JSON.parse(state(kMateIn1, 'a8a9', 0));
  assert.equal(notMate.check, true);
  assert.equal(notMate.verdict.over, false);
  assert.deepEqual(notMate.legal, ['d9d8']);
});

test('PGN of a resigned game carries the tags and the result', () => {
  const p = JSON.parse(pgn('', 'h2e2 h9g7', 'Red\tlin\nBlack\twang\n', '0-1'));
  assert.equal(p.ok, true);
  assert.match(p.pgn, /\[Red "lin"\]/);
  assert.match(p.pgn, /\[Result "0-1"\]/);
  assert.match(p.pgn, /1\. h2e2 h9g7|炮二平五/);
});

test('the search finds a win in one and a level plays a legal move', () => {
  const best = JSON.parse(search(kMateIn1, '', 0, 0, 4, 1, 0));
  assert.equal(best.ok, true);
  // Mate or stalemate (e0e1 leaves black no move: in xiangqi that loses too).
  assert.equal(JSON.parse(state(kMateIn1, best.best, 0)).verdict.result, '1-0', best.best);
  const level = JSON.parse(search('', 'h2e2', 1, 1000, 0, 1, 0));
  const legal = JSON.parse(state('', 'h2e2', 2)).legal;
  assert.ok(legal.includes(level.best), level.best);
});
