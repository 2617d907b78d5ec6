// Builds the page into OUT (default ../build/web): bundles the TypeScript
// with esbuild, copies the WebAssembly engine (from ../build/wasm), the
// book, the desktop's piece sheets and sounds under names that carry a hash
// of their content (the server caches those for a year), writes index.html
// naming them, and a .gz beside every file that compresses (the server sends
// it to browsers that accept gzip).
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const out = path.resolve(process.argv[2] ?? path.join(root, 'build/web'));
const wasmDir = path.resolve(process.argv[3] ?? path.join(root, 'build/wasm'));

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

function hashed(name, bytes) {
  const h = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  const ext = path.extname(name);
  const named = `${path.basename(name, ext)}.${h}${ext}`;
  writeFileSync(path.join(out, named), bytes);
  return named;
}
const copy = (file, name = path.basename(file)) => hashed(name, readFileSync(file));

const common = {
  bundle: true, format: 'esm', target: ['es2022'], minify: true, sourcemap: false, write: false, logLevel: 'warning',
  alias: { 'xq-engine': path.join(wasmDir, 'engine.mjs') },
  // The Emscripten loader names node's modules on a path the browser never takes.
  external: ['fs', 'path', 'crypto', 'url', 'module'],
};
const bundle = async (entry, name) => {
  const r = await esbuild.build({ ...common, entryPoints: [path.join(here, 'src', entry)] });
  return hashed(name, Buffer.from(r.outputFiles[0].contents));
};

const assets = {
  wasm: copy(path.join(wasmDir, 'engine.wasm')),
  book: copy(path.join(root, 'book/xiangqi.book')),
  sheets: {
    classic: copy(path.join(root, 'assets/pieces.png')),
    bold: copy(path.join(root, 'assets/pieces-bold.png')),
    symbols: copy(path.join(root, 'assets/pieces-symbols.png')),
  },
  sounds: Object.fromEntries(['move', 'capture', 'check', 'select', 'illegal', 'win', 'lose', 'draw', 'tick']
    .map((s) => [s, copy(path.join(root, `assets/${s}.wav`))])),
  worker: await bundle('worker.ts', 'worker.js'),
};
const app = await bundle('main.ts', 'app.js');
const css = await esbuild.build({ entryPoints: [path.join(here, 'src/style.css')], bundle: true, minify: true, write: false });
const cssName = hashed('style.css', Buffer.from(css.outputFiles[0].contents));
const icon = copy(path.join(root, 'assets/xiangqi.svg'));
// Names in the manifest are relative to the page (it is served at /).
const rel = (n) => `./${n}`;
const manifest = {
  worker: rel(assets.worker), wasm: rel(assets.wasm), book: rel(assets.book),
  sheets: Object.fromEntries(Object.entries(assets.sheets).map(([k, v]) => [k, rel(v)])),
  sounds: Object.fromEntries(Object.entries(assets.sounds).map(([k, v]) => [k, rel(v)])),
};
const html = readFileSync(path.join(here, 'index.html'), 'utf8')
  .replaceAll('{{app}}', rel(app)).replaceAll('{{css}}', rel(cssName)).replaceAll('{{wasm}}', rel(assets.wasm))
  .replaceAll('{{icon}}', rel(icon)).replace('{{assets}}', JSON.stringify(manifest).replace(/</g, '\\u003c'));
writeFileSync(path.join(out, 'index.html'), html);

let total = 0, compressed = 0;
for (const f of readdirSync(out)) {
  const p = path.join(out, f);
  const raw = readFileSync(p);
  const gz = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
  total += raw.length;
  if (gz.length < raw.length * 0.9) { writeFileSync(p + '.gz', gz); compressed += gz.length; } else compressed += raw.length;
}
console.log(`web client in ${out}: ${readdirSync(out).filter((f) => !f.endsWith('.gz')).length} files, ` +
  `${(total / 1024).toFixed(0)} KB (${(compressed / 1024).toFixed(0)} KB as sent)`);
