// The page itself in headless Chromium: what a first visit transfers and how
// soon the board is up, the board drawn at a phone's and a desktop's size in
// both languages (screenshots kept in build/screenshots to look at), the
// computer played to a mate with the server stopped, and the WebAssembly
// search's speed in the page's worker beside the native engine's.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, launch, makeMove, openPage, squarePoint, startServer, statusText } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.cleanup(); });

test('a first visit: the transfer size and the time to a usable board', async () => {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let bytes = 0;
  const files = [];
  cdp.on('Network.loadingFinished', (e) => { bytes += e.encodedDataLength; });
  cdp.on('Network.responseReceived', (e) => files.push(e.response.url.split('/').pop()));
  const t0 = Date.now();
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"] svg.board .piece');
  const boardMs = Date.now() - t0;
  // Let the sounds and the worker (fetched after the board) arrive too.
  await page.waitForNetworkIdle({ idleTime: 300 });
  console.log(`first visit: board usable after ${boardMs} ms; ${(bytes / 1024).toFixed(0)} KB transferred in ${files.length} responses`);
  assert.ok(bytes < 1.5 * 1024 * 1024, `${bytes} bytes`);
  assert.ok(files.some((f) => f.endsWith('.wasm')));
  await context.close();
});

test('the board is drawn at a phone\'s and a desktop\'s size, in Chinese and English', async () => {
  const dir = path.join(build, 'screenshots');
  mkdirSync(dir, { recursive: true });
  for (const [width, height] of [[390, 844], [1280, 800]]) {
    for (const lang of ['zh', 'en']) {
      const page = await openPage(browser, server.url, { width, height, lang });
      const drawn = await page.evaluate(() => {
        const svg = document.querySelector('svg.board');
        const r = svg.getBoundingClientRect();
        return { pieces: svg.querySelectorAll('.piece').length, width: r.width, height: r.height, bottom: r.bottom,
          overflow: document.documentElement.scrollWidth - window.innerWidth, title: document.querySelector('h1').textContent };
      });
      assert.equal(drawn.pieces, 32);
      assert.ok(drawn.width >= Math.min(width - 20, 480) * 0.7, JSON.stringify(drawn));
      assert.ok(drawn.bottom <= height, `the whole board is on the first screen: ${JSON.stringify(drawn)}`);
      assert.ok(drawn.overflow <= 0, 'no sideways scrolling');
      assert.equal(drawn.title, lang === 'zh' ? '中国象棋' : 'Xiangqi');
      // The sprites have loaded (an <image> that failed would leave the pieces blank).
      const loaded = await page.evaluate(() => new Promise((resolve) => {
        const img = new Image();
        img.onload = () => resolve(img.naturalWidth);
        img.onerror = () => resolve(0);
        img.src = document.querySelector('svg.board image').getAttribute('href');
      }));
      assert.equal(loaded, 784);
      await page.screenshot({ path: path.join(dir, `web-${width}x${height}-${lang}.png`) });
      assert.deepEqual(page.errors, []);
      await page.browserContext().close();
    }
  }
});

// The engine in node, to choose red's moves (the page plays black at level 1).
async function nodeEngine() {
  const wasmDir = path.join(build, 'wasm');
  globalThis.require = createRequire(import.meta.url);
  globalThis.__dirname = wasmDir;
  const { default: createEngine } = await import(pathToFileURL(path.join(wasmDir, 'engine.mjs')).href);
  const M = await createEngine({ wasmBinary: readFileSync(path.join(wasmDir, 'engine.wasm')) });
  return M.cwrap('xq_search', 'string', ['string', 'string', 'number', 'number', 'number', 'number', 'number']);
}

test('the WebAssembly search in the page\'s worker: the native bench\'s nodes, and its speed beside native', async () => {
  const page = await openPage(browser, server.url, { width: 1280, height: 800 });
  await page.click('#tab-analysis');
  // The native engine's bench is short: its best of three runs.
  let nativeNodes = 0, nativeNps = 0;
  for (let run = 0; run < 3; run++) {
    const native = execFileSync(path.join(build, 'engine/xiangqi-engine'), ['bench', '6'], { encoding: 'utf8' });
    nativeNodes = Number(/Nodes searched\s*:\s*(\d+)/.exec(native)[1]);
    nativeNps = Math.max(nativeNps, Number(/Nodes\/second\s*:\s*(\d+)/.exec(native)[1]));
  }
  // V8 starts WebAssembly on its baseline compiler and moves hot code to the
  // optimising one as it runs: the first runs are slower; the last is the
  // speed a search of a second or more sees.
  const speeds = [];
  for (let run = 0; run < 6; run++) {
    await page.$eval('#bench-result', (e) => { e.textContent = ''; });
    await page.click('#bench');
    await page.waitForFunction(() => /nodes/.test(document.querySelector('#bench-result').textContent), { timeout: 120000 });
    const text = await page.$eval('#bench-result', (e) => e.textContent);
    assert.equal(Number(text.split(' ')[0].replace(/[^0-9]/g, '')), nativeNodes);
    speeds.push(Number(/(\d+)k/.exec(text.split('·')[2])[1]));
  }
  const pct = (k) => Math.round((100 * k * 1000) / nativeNps);
  console.log(`bench 6: ${nativeNodes} nodes in both; WebAssembly in Chromium's worker ${speeds.join(', ')}k nodes/s ` +
    `(first ${pct(speeds[0])}%, last ${pct(speeds[speeds.length - 1])}% of native ${Math.round(nativeNps / 1000)}k)`);
});

test('a finger plays a move and the analysis shows its lines', async () => {
  const page = await openPage(browser, server.url, { lang: 'zh' });
  await page.select('#level', '0');
  await page.$eval('svg.board', (svg) => svg.scrollIntoView({ block: 'center' }));
  const at = (sq) => squarePoint(page, sq);
  const from = await at('b0'), to = await at('c2');
  await page.touchscreen.tap(from.x, from.y);
  await page.touchscreen.tap(to.x, to.y);
  await page.waitForFunction(() => document.querySelectorAll('.movelist li').length >= 1);
  assert.equal(await page.$eval('.movelist li', (e) => e.textContent), '马八进七');
  await page.waitForFunction(() => document.querySelectorAll('.movelist li').length === 2, { timeout: 15000 });
  await page.click('#tab-analysis');
  await page.click('#analyse');
  await page.waitForFunction(() => document.querySelectorAll('#analysis-lines .line').length === 3, { timeout: 15000 });
  await page.waitForFunction(() => /深度 ([6-9]|\d\d)\//.test(document.querySelector('#analysis-lines').textContent), { timeout: 20000 });
  const lines = await page.$$eval('#analysis-lines .line', (l) => l.map((e) => e.textContent));
  for (const l of lines) assert.match(l, /^[+-]\d+\.\d\d [车马相仕帅炮兵]/, l);
  // The panel is drawn anew at each report: click the button as it is now, not a handle to an old one.
  await page.$eval('#analyse', (b) => b.click());  // stop
  await page.waitForFunction(() => document.querySelector('#analyse').textContent === '开始');
  assert.deepEqual(page.errors, []);
  await page.browserContext().close();
});

test('with the server stopped, the page plays the computer to a mate', async () => {
  const fen = '3k5/9/9/9/9/9/9/9/9/R3K3R w - - 0 1';  // two rooks against a bare king
  const page = await openPage(browser, `${server.url}#fen=${encodeURIComponent(fen)}`, { lang: 'en' });
  await server.stop();
  await page.select('#level', '0');
  await page.select('#notation', '2');  // ICCS: the move list reads back as moves
  const search = await nodeEngine();
  for (let ply = 0; ply < 60; ply += 2) {
    if ((await page.$eval('.status', (e) => e.dataset.state)) === 'over') break;
    const moves = await page.$$eval('.movelist li', (l) => l.map((e) => e.textContent));
    assert.equal(moves.length, ply);
    const best = JSON.parse(search(fen, moves.join(' '), 0, 0, 7, 1, 2)).best;
    await makeMove(page, best);
    await page.waitForFunction((n) => document.querySelectorAll('.movelist li').length >= n + 1, {}, ply);
    await page.waitForFunction((n) => document.querySelectorAll('.movelist li').length === n + 2
      || document.querySelector('.status').dataset.state === 'over', { timeout: 15000 }, ply);
  }
  assert.match(await statusText(page), /Red wins \((checkmate|no legal move)\)/);
  assert.equal(await page.$eval('.banner', (e) => e.hidden), false);
  assert.deepEqual(page.errors, []);
});
