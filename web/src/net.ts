// The connection to xiangqi-server: the same WebSocket + JSON protocol as the
// desktop client (docs/server.md), on the page's own host at /ws. A lost
// connection (a network change, a phone that slept) is tried again with a
// growing wait, at once when the page becomes visible, and the session goes
// on with the token from the last `welcome` (kept in localStorage).
export type ServerMessage = { type: string; [k: string]: any };

export class ServerLink {
  private ws: WebSocket | null = null;
  private wait = 500;
  private timer: number | undefined;
  private wanted = true;
  connected = false;
  onMessage: (m: ServerMessage) => void = () => {};
  onStatus: (connected: boolean, everConnected: boolean) => void = () => {};
  private everConnected = false;

  constructor(private readonly url: string) {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && !this.connected && this.wanted) this.connectNow();
    });
    window.addEventListener('online', () => { if (!this.connected && this.wanted) this.connectNow(); });
  }

  static defaultUrl(): string {
    return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
  }

  get token(): string | null { return localStorage.getItem('xq.token'); }
  set token(v: string | null) { v ? localStorage.setItem('xq.token', v) : localStorage.removeItem('xq.token'); }

  connectNow() {
    clearTimeout(this.timer);
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url);
    } catch {
      return this.retry();
    }
    this.ws = ws;
    ws.onopen = () => {
      this.connected = true;
      this.everConnected = true;
      this.wait = 500;
      if (this.token) this.send({ type: 'resume', token: this.token });
      this.onStatus(true, true);
    };
    ws.onmessage = (e) => {
      let m: ServerMessage;
      try { m = JSON.parse(String(e.data)); } catch { return; }
      if (m && typeof m.type === 'string') {
        if (m.type === 'welcome' && typeof m.token === 'string') this.token = m.token;
        if (m.type === 'logged_out') this.token = null;
        this.onMessage(m);
      }
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      const was = this.connected;
      this.connected = false;
      if (was || !this.everConnected) this.onStatus(false, this.everConnected);
      this.retry();
    };
  }

  private retry() {
    if (!this.wanted) return;
    clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.connectNow(), this.wait);
    this.wait = Math.min(this.wait * 2, 10000);
  }

  send(m: ServerMessage): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(m));
    return true;
  }

  // Tests and the page's "cut" button: drop the socket as a lost network would.
  drop() { this.ws?.close(); }
}
