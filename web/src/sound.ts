// The desktop's sounds (assets/*.wav), fetched after the board is up and
// decoded once; played through Web Audio so that many can overlap.
export type SoundName = 'move' | 'capture' | 'check' | 'select' | 'illegal' | 'win' | 'lose' | 'draw' | 'tick';

export class Sounds {
  private ctx: AudioContext | null = null;
  private buffers = new Map<string, AudioBuffer>();
  private raw = new Map<string, ArrayBuffer>();
  enabled = true;

  constructor(private readonly urls: Record<string, string>) {}

  // Fetches the files (no decoding yet: an AudioContext waits for a gesture).
  preload() {
    for (const [name, url] of Object.entries(this.urls))
      fetch(url).then((r) => (r.ok ? r.arrayBuffer() : null)).then((b) => { if (b) this.raw.set(name, b); }).catch(() => {});
  }

  play(name: SoundName) {
    if (!this.enabled) return;
    try {
      this.ctx ??= new AudioContext();
      const buffer = this.buffers.get(name);
      if (buffer) return this.start(buffer);
      const raw = this.raw.get(name);
      if (!raw) return;
      this.raw.delete(name);
      this.ctx.decodeAudioData(raw).then((b) => { this.buffers.set(name, b); this.start(b); }).catch(() => {});
    } catch {
      // No audio here: the game goes on silently.
    }
  }

  private start(b: AudioBuffer) {
    if (!this.ctx) return;
    if (this.ctx.state === 'suspended') void this.ctx.resume();
    const src = this.ctx.createBufferSource();
    src.buffer = b;
    src.connect(this.ctx.destination);
    src.start();
  }
}
