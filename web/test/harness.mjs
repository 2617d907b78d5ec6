// What the browser tests share: xiangqi-server started on 127.0.0.1 with a
// fresh database and the built page, Debian's Chromium driven headless by
// puppeteer-core (it downloads no browser), and the moves a person makes:
// clicks on the board's points.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const build = path.resolve(process.env.XQ_BUILD || path.join(here, '../../build'));
export const webDir = path.join(build, 'web');
export const chromium = process.env.CHROMIUM || '/usr/bin/chromium';

// Resolves once `pattern` shows in the child's output; rejects when it ends first or after `ms`.
export function waitForLine(child, pattern, ms = 15000) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no ${pattern} within ${ms} ms: ${seen}`)), ms);
    const onData = (d) => {
      seen += d.toString();
      const m = pattern.exec(seen);
      if (m) { clearTimeout(timer); child.stdout.off('data', onData); resolve(m); }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`exited (${code}) before ${pattern}: ${seen}`)); });
  });
}

export async function startServer(port = 0) {
  const dir = mkdtempSync(path.join(tmpdir(), 'xq-web-'));
  const args = ['--address', '127.0.0.1', '--port', String(port), '--db', path.join(dir, 'server.db'), '--web', webDir];
  const child = spawn(path.join(build, 'server/xiangqi-server'), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const m = await waitForLine(child, /listening on 127\.0\.0\.1:(\d+)/);
  const server = { child, port: Number(m[1]), url: `http://127.0.0.1:${m[1]}/`, dir };
  server.stop = async () => {
    if (child.exitCode === null) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    }
  };
  server.cleanup = async () => { await server.stop(); rmSync(dir, { recursive: true, force: true }); };
  return server;
}

export async function launch() {
  const profile = mkdtempSync(path.join(tmpdir(), 'xq-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    userDataDir: profile,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--no-first-run', '--disable-sync', '--disable-quic', '--mute-audio', '--autoplay-policy=no-user-gesture-required', ...(process.env.XQ_CHROMIUM_FLAGS ? process.env.XQ_CHROMIUM_FLAGS.split(' ') : [])],
  });
  const close = browser.close.bind(browser);
  browser.close = async () => { await close(); rmSync(profile, { recursive: true, force: true }); };
  return browser;
}

// A page in a context of its own (its own localStorage: its own login), at a size, in a language.
export async function openPage(browser, url, { width = 390, height = 844, lang = 'en', mobile = width < 600 } = {}) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width, height, deviceScaleFactor: mobile ? 2 : 1, isMobile: mobile, hasTouch: mobile });
  await page.evaluateOnNewDocument((l) => { if (!localStorage.getItem('xq.lang')) localStorage.setItem('xq.lang', l); }, lang);
  page.on('dialog', (d) => d.accept());
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  return page;
}

// The point of a square ("h2") on the screen, as the page draws it now (flipped or not).
export async function squarePoint(page, sq) {
  return page.evaluate((sq) => {
    const svg = document.querySelector('svg.board');
    const r = svg.getBoundingClientRect();
    const vb = svg.viewBox.baseVal;
    let f = sq.charCodeAt(0) - 97, rank = Number(sq[1]);
    if (svg.dataset.flipped === 'true') { f = 8 - f; rank = 9 - rank; }
    return { x: r.left + (60 + f * 100) * r.width / vb.width, y: r.top + (60 + (9 - rank) * 100) * r.height / vb.height };
  }, sq);
}

// A move as a person makes it: tap the piece, tap the point (or drag it there).
export async function makeMove(page, move, { drag = false } = {}) {
  await page.$eval('svg.board', (svg) => svg.scrollIntoView({ block: 'center' }));
  const a = await squarePoint(page, move.slice(0, 2)), b = await squarePoint(page, move.slice(2, 4));
  if (drag) {
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up();
  } else {
    await page.mouse.click(a.x, a.y);
    await page.mouse.click(b.x, b.y);
  }
}

export const moveCount = (page) => page.$$eval('.movelist li', (l) => l.length);
export const statusText = (page) => page.$eval('.status', (e) => e.textContent);
export const pieceAt = (page, sq) => page.$eval(`svg.board .piece[data-square="${sq}"]`, (e) => e.dataset.piece).catch(() => null);

export async function waitMoves(page, n, timeout = 15000) {
  await page.waitForFunction((n) => document.querySelectorAll('.movelist li').length === n, { timeout }, n);
}
export async function waitText(page, selector, text, timeout = 15000) {
  await page.waitForFunction((s, t) => (document.querySelector(s)?.textContent ?? '').includes(t), { timeout }, selector, text);
}
export async function clickText(page, selector, text) {
  await page.waitForFunction((s, t) => [...document.querySelectorAll(s)].some((e) => e.textContent.includes(t)), { timeout: 15000 }, selector, text);
  await page.evaluate((s, t) => [...document.querySelectorAll(s)].find((e) => e.textContent.includes(t)).click(), selector, text);
}

// A TCP relay on 127.0.0.1 in front of the server: a page loaded through it
// loses its connection when cut() drops every socket (as a network does:
// no closing handshake); new connections go through again.
export async function startRelay(targetPort) {
  const sockets = new Set();
  const relay = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const s of [client, upstream]) { sockets.add(s); s.on('close', () => sockets.delete(s)); s.on('error', () => {}); }
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise((r) => relay.listen(0, '127.0.0.1', r));
  const port = relay.address().port;
  return {
    port, url: `http://127.0.0.1:${port}/`,
    cut() { for (const s of sockets) s.resetAndDestroy ? s.resetAndDestroy() : s.destroy(); },
    close() { this.cut(); return new Promise((r) => relay.close(r)); },
  };
}
