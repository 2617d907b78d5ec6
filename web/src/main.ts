// The page's start: read where the built files are (the build writes their
// hashed names into index.html), load the rules, show the board.
import { App, type Assets } from './app';
import { Rules } from './rules';

async function boot() {
  const root = document.getElementById('app')!;
  const manifest = document.getElementById('assets');
  try {
    const assets = JSON.parse(manifest?.textContent ?? '{}') as Assets;
    const rules = await Rules.load(assets.wasm);
    new App(root, rules, assets);
    document.body.dataset.ready = 'true';
  } catch (e) {
    root.textContent = `The game could not start: ${e instanceof Error ? e.message : String(e)}`;
    document.body.dataset.ready = 'failed';
  }
}

void boot();
