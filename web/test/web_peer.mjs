// The browser's side of tests/game/app_model_web_test.cpp: a phone-sized
// page registers, seeks a rated 5+3 game as red, plays its moves when the
// board says it is its turn, and waits for the desktop (black) to resign.
// Exits 0 when the page shows that result; prints what went wrong otherwise.
//   node web/test/web_peer.mjs PORT
import { launch, makeMove, openPage, statusText, waitMoves, waitText } from './harness.mjs';

const port = Number(process.argv[2]);
const line = ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7'];
const browser = await launch();
let status = 1;
try {
  const page = await openPage(browser, `http://127.0.0.1:${port}/`, { lang: 'en' });
  await page.click('#tab-online');
  await page.waitForSelector('#login-name');
  await page.type('#login-name', 'webplayer');
  await page.type('#login-password', 'secret-web');
  await page.click('#register');
  await waitText(page, '.me', 'webplayer');
  await page.select('#seek-time', '5+3');
  await page.select('#seek-color', 'red');
  await page.click('#seek');
  console.log('seeking');
  await waitText(page, '.seat.top', 'desk', 60000);
  for (let i = 0; i < line.length; i += 2) {
    await waitMoves(page, i, 60000);
    await makeMove(page, line[i]);
    await page.waitForFunction((n) => document.querySelectorAll('.movelist li').length > n, { timeout: 15000 }, i);
    console.log(`played ${line[i]}`);
  }
  await waitText(page, '.status', 'Red wins (resignation)', 60000);
  console.log(`result: ${await statusText(page)}`);
  if (page.errors.length) throw new Error(page.errors.join('; '));
  status = 0;
} catch (e) {
  console.log(`web peer failed: ${e.message}`);
} finally {
  await browser.close();
}
process.exit(status);
