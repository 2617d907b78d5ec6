// Online play in real browser pages through a real xiangqi-server: two
// players register and play a rated game with the server's clocks, a third
// page watches, one page loses its connection mid-game and comes back to the
// same game, and the game ends in a result every page shows.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, makeMove, moveCount, openPage, startRelay, startServer, statusText, waitMoves, waitText } from './harness.mjs';

let server, browser, relay;
before(async () => { server = await startServer(); browser = await launch(); relay = await startRelay(server.port); });
after(async () => { await browser?.close(); await relay?.close(); await server?.cleanup(); });

async function register(page, name) {
  await page.click('#tab-online');
  await page.waitForSelector('#login-name');
  await page.type('#login-name', name);
  await page.type('#login-password', `secret-${name}`);
  await page.click('#register');
  await waitText(page, '.me', name);
}

const clickActions = (page, label) => page.evaluate((l) => [...document.querySelectorAll('.actions button')]
  .find((b) => b.textContent === l).click(), label);
const bottomColor = (page) => page.$eval('.seat.bottom .dot', (e) => (e.classList.contains('red') ? 'red' : 'black'));
const clocks = (page) => page.$$eval('.seat .clock', (l) => l.map((e) => e.textContent));

test('two pages play a rated game with the server\'s clocks, a third watches, a cut page comes back', async () => {
  const a = await openPage(browser, server.url, { lang: 'zh' });
  // b's page comes through a relay that the test can cut, as a network drops.
  const b = await openPage(browser, relay.url, { lang: 'en', width: 1280, height: 800 });
  await register(a, 'lin');
  await register(b, 'wang');

  await a.select('#seek-time', '5+3');
  await a.select('#seek-color', 'black');  // a plays black: b (the page that will be cut) is red
  assert.equal(await a.$eval('#seek-rated', (e) => e.checked && !e.disabled), true);
  await a.click('#seek');
  await b.waitForSelector('#seeks .accept');
  assert.match(await b.$eval('#seeks', (e) => e.textContent), /lin \(1500\) · 5\+3 · Rated/);
  await b.click('#seeks .accept');
  await waitText(a, '.seat.top', 'wang');
  await waitText(b, '.seat.top', 'lin');
  const aColor = await bottomColor(a), bColor = await bottomColor(b);
  assert.notEqual(aColor, bColor, 'each sees itself at the bottom');
  assert.equal(aColor, 'black');
  const red = b, black = a;
  assert.deepEqual(await clocks(red), ['05:00', '05:00']);

  // A watcher: a guest opens the lobby and follows the game.
  const w = await openPage(browser, server.url, { lang: 'en' });
  await w.click('#tab-online');
  await w.waitForSelector('#guest');
  await w.click('#guest');
  await w.waitForSelector('#games .watch', { timeout: 15000 });
  await w.click('#games .watch');
  await waitText(w, '.status', 'Watching');

  const line = ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7'];
  for (let i = 0; i < 4; i++) {
    await makeMove(i % 2 ? black : red, line[i], { drag: i === 2 });
    for (const p of [red, black, w]) await waitMoves(p, i + 1);
  }
  // The clock of the side to move runs down on both players' pages.
  const t0 = await clocks(red);
  await red.waitForFunction((t) => document.querySelector('.seat.to-move .clock').textContent !== t,
    { timeout: 5000 }, t0.join());
  await red.waitForFunction(() => /^0[45]:\d\d$/.test(document.querySelector('.seat.to-move .clock').textContent));

  // Red's connection is cut mid-game (as a phone in a tunnel) and comes back by itself.
  relay.cut();
  await waitText(black, '.status', '对手掉线');
  await waitText(black, '.status', '对手回来了', 20000);
  assert.equal(await moveCount(red), 4, 'the same game, its four moves');
  await makeMove(red, line[4]);
  for (const p of [red, black, w]) await waitMoves(p, 5);
  await makeMove(black, line[5]);
  for (const p of [red, black, w]) await waitMoves(p, 6);

  // A draw offered and declined; a takeback asked and granted, the move played again.
  await red.click('#draw');
  await waitText(black, '.actions .ask', '对方提议和棋');
  await clickActions(black, '拒绝');
  await waitText(red, '.status', 'Draw declined');
  await black.click('#takeback');
  await waitText(red, '.actions .ask', 'Your opponent asks to take back');
  await clickActions(red, 'Accept');
  for (const p of [red, black, w]) await waitMoves(p, 5);
  await makeMove(black, line[5]);
  for (const p of [red, black, w]) await waitMoves(p, 6);

  // Red resigns (the page asks first; the test's dialog handler agrees).
  await red.click('#resign');
  for (const p of [red, black, w]) await p.waitForSelector('.banner:not([hidden])');
  assert.match(await statusText(a), /黑方胜（认输）/);
  assert.match(await statusText(b), /Black wins \(resignation\)/);
  assert.match(await statusText(w), /Black wins \(resignation\)/);
  // The finished game is in both players' histories, downloadable as PGN.
  await black.click('#tab-online');
  await black.waitForSelector('#history .pgn');
  for (const p of [a, b, w]) assert.deepEqual(p.errors, []);
});
