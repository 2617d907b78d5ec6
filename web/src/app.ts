// The page: one board, played against the computer (in the page, no server
// needed), by two people at one screen, or online through xiangqi-server;
// the side panel holds the game's settings, the lobby and the analysis.
import { BoardView } from './board';
import { button, download, h, select } from './dom';
import { getLang, LEVEL_MOVETIME, LEVELS, resultText, setLang, t, type Lang } from './i18n';
import { ServerLink, type ServerMessage } from './net';
import { boardOf, Rules, START_FEN, type Color, type State, type Style } from './rules';
import { SearchWorker, type Info } from './search';
import { Sounds } from './sound';

export interface Assets {
  worker: string;
  wasm: string;
  book: string;
  sheets: Record<string, string>;
  sounds: Record<string, string>;
}

type Mode = 'computer' | 'two' | 'online' | 'watch';
interface Seat { name: string; rating?: number }
interface OnlineGame {
  id: number;
  you: Color | 'spectator';
  red: Seat;
  black: Seat;
  time: string;
  rated: boolean;
  clock: { red: number; black: number; running: Color | null; at: number };
  away: string[];
}
interface Ending { result: string; reason: string }

const store = {
  get: (k: string, d: string) => localStorage.getItem('xq.' + k) ?? d,
  set: (k: string, v: string) => localStorage.setItem('xq.' + k, v),
};

export class App {
  private readonly board: BoardView;
  private readonly search: SearchWorker;
  private readonly link: ServerLink;
  private readonly sounds: Sounds;

  private mode: Mode = 'computer';
  private start = START_FEN;
  private moves: string[] = [];
  private ending: Ending | null = null;  // a result the rules did not give (resignation, time, agreement)
  private state!: State;
  private level = Number(store.get('level', '3'));
  private human: Color = store.get('side', 'red') === 'black' ? 'black' : 'red';
  private style: Style = Number(store.get('style', '0')) as Style;
  private sheet = store.get('pieces', 'classic');
  private flipped = false;
  private thinking = false;
  private analysing = false;
  private analysis: Info | null = null;
  private game: OnlineGame | null = null;
  private me: { name: string; rating: number; guest: boolean } | null = null;
  private lobby: { seeks: any[]; players: any[]; games: any[] } = { seeks: [], players: [], games: [] };
  private history: any[] = [];
  private offer: 'draw' | 'takeback' | null = null;
  private notice = '';
  private serverState: 'connecting' | 'up' | 'down' = 'connecting';
  private tab: 'play' | 'online' | 'analysis' = 'play';
  private benchText = '';

  // The parts of the page that change.
  private readonly el = {
    topBar: h('div', { class: 'seat top' }),
    bottomBar: h('div', { class: 'seat bottom' }),
    status: h('div', { class: 'status', role: 'status', 'aria-live': 'polite' }),
    actions: h('div', { class: 'actions' }),
    tabs: h('nav', { class: 'tabs' }),
    play: h('section', { class: 'panel', id: 'panel-play' }),
    online: h('section', { class: 'panel', id: 'panel-online' }),
    analysis: h('section', { class: 'panel', id: 'panel-analysis' }),
    moveList: h('ol', { class: 'movelist' }),
    banner: h('div', { class: 'banner', hidden: '' }),
    title: h('h1', {}),
    langButton: h('button', { type: 'button', class: 'lang' }),
  };
  private loginName = h('input', { type: 'text', autocomplete: 'username', maxlength: '20', id: 'login-name' });
  private loginPassword = h('input', { type: 'password', autocomplete: 'current-password', maxlength: '200', id: 'login-password' });
  private seekTime = store.get('seekTime', '10+5');
  private seekRated = store.get('seekRated', 'true') === 'true';
  private seekColor = 'any';

  constructor(root: HTMLElement, private readonly rules: Rules, private readonly assets: Assets) {
    setLang((store.get('lang', navigator.language.startsWith('zh') ? 'zh' : 'en') as Lang));
    document.documentElement.lang = getLang() === 'zh' ? 'zh-CN' : 'en';
    this.search = new SearchWorker(assets);
    this.sounds = new Sounds(assets.sounds);
    this.sounds.enabled = store.get('sound', 'on') === 'on';
    const boardHost = h('div', { class: 'board-host' });
    this.board = new BoardView(boardHost, this.sheetUrl(), this.river());
    this.board.onMove = (m) => this.humanMove(m);
    this.board.onIllegal = () => this.sounds.play('illegal');
    this.el.langButton.addEventListener('click', () => this.switchLang());

    root.replaceChildren(
      h('header', {}, this.el.title, this.el.langButton),
      h('main', {},
        h('section', { class: 'play-area' }, this.el.topBar, h('div', { class: 'board-wrap' }, boardHost, this.el.banner),
          this.el.bottomBar, this.el.status, this.el.actions),
        h('aside', { class: 'side' }, this.el.tabs, this.el.play, this.el.online, this.el.analysis)));

    this.link = new ServerLink(ServerLink.defaultUrl());
    this.link.onMessage = (m) => this.serverMessage(m);
    this.link.onStatus = (up, ever) => {
      this.serverState = up ? 'up' : 'down';
      // Only a game on the server cares: the computer in the page plays on regardless.
      if (this.game) this.notice = up ? t('back') : t('reconnecting');
      this.refresh();
    };
    window.setInterval(() => this.tick(), 200);
    window.setInterval(() => { if (this.me && this.tab === 'online' && !this.playingOnline()) this.link.send({ type: 'lobby' }); }, 5000);
    this.newLocalGame();
    this.link.connectNow();
    this.sounds.preload();
  }

  // ---- the game on the board ----

  private sheetUrl() { return this.assets.sheets[this.sheet] ?? this.assets.sheets.classic; }
  private river(): [string, string] { return getLang() === 'zh' ? ['楚 河', '漢 界'] : ['Chu River', 'Han Border']; }
  private playingOnline() { return this.mode === 'online' && this.game !== null && !this.over(); }
  private over() { return this.state.verdict.over || this.ending !== null; }

  private newLocalGame(mode: Mode = this.mode === 'two' ? 'two' : 'computer') {
    this.search.stop();
    this.thinking = false;
    this.mode = mode;
    this.game = null;
    this.start = this.startFen();
    this.moves = [];
    this.ending = null;
    this.offer = null;
    this.flipped = mode === 'computer' && this.human === 'black';
    this.board.flip(this.flipped);
    this.changed(false);
    this.maybeComputer();
  }

  // A position to start from, shared as a link: #fen=<FEN> (checked by the rules).
  private startFen(): string {
    const m = /(?:^#|&)fen=([^&]+)/.exec(location.hash);
    if (!m) return START_FEN;
    const fen = decodeURIComponent(m[1]).replace(/_/g, ' ');
    const s = this.rules.state(fen, [], this.style);
    if (s.ok) return fen;
    this.notice = s.error ?? '';
    return START_FEN;
  }

  // After any change of the record: the rules' view, the board, the panels.
  private changed(animate = true): void {
    const s = this.rules.state(this.start, this.moves, this.style);
    if (!s.ok) {  // the server sent a record our rules refuse: show it stopped there
      this.notice = s.error ?? '';
      this.moves = this.moves.slice(0, -1);
      return this.changed(false);
    }
    this.state = s;
    const last = this.moves.length ? this.moves[this.moves.length - 1] : null;
    let check: string | null = null;
    if (s.check) for (const [sq, p] of boardOf(s.fen)) if (p === (s.side === 'red' ? 'K' : 'k')) check = sq;
    this.board.setPosition(s.fen, last, check, animate);
    this.board.setLegal(s.legal, this.canMove() ? s.side : 'none');
    if (this.analysing) this.analyse();
    this.refresh();
  }

  private canMove(): boolean {
    if (this.over() || this.thinking) return false;
    const side = this.state.side;
    if (this.mode === 'two') return true;
    if (this.mode === 'computer') return side === this.human;
    if (this.mode === 'online') return this.game?.you === side;
    return false;
  }

  private humanMove(m: string) {
    if (!this.canMove()) return;
    if (this.mode === 'online' && this.game) {
      if (!this.link.send({ type: 'move', game: this.game.id, move: m })) {
        this.notice = t('reconnecting');
        return this.refresh();
      }
      // Shown at once; the server's echo confirms it (or an error takes it back).
      this.offer = null;
    }
    this.play(m);
    this.maybeComputer();
  }

  private play(m: string) {
    const before = this.state;
    const capture = boardOf(before.fen).has(m.slice(2, 4));
    this.moves.push(m);
    this.changed();
    if (this.state.verdict.over) this.endSound();
    else this.sounds.play(this.state.check ? 'check' : capture ? 'capture' : 'move');
  }

  private endSound() {
    const result = this.ending?.result ?? this.state.verdict.result;
    const mine: Color | null = this.mode === 'computer' ? this.human
      : this.game && this.game.you !== 'spectator' ? this.game.you : null;
    if (result === '1/2-1/2' || !mine) return this.sounds.play('draw');
    this.sounds.play((result === '1-0') === (mine === 'red') ? 'win' : 'lose');
  }

  private maybeComputer() {
    if (this.mode !== 'computer' || this.over() || this.state.side === this.human) return;
    this.thinking = true;
    this.board.setLegal(this.state.legal, 'none');
    this.refresh();
    const ply = this.moves.length;
    this.search.start({ fen: this.start, moves: [...this.moves], level: this.level + 1,
      movetime: LEVEL_MOVETIME[this.level], style: this.style }, () => {}, (r) => {
      this.thinking = false;
      if (this.mode !== 'computer' || this.moves.length !== ply || !r.ok) return this.changed(false);
      this.play(r.best);
    });
  }

  private undo() {
    if (this.mode === 'online') return;
    this.search.stop();
    this.thinking = false;
    this.ending = null;
    const n = this.mode === 'computer' && this.moves.length >= 2 && this.state.side === this.human ? 2 : 1;
    this.moves = this.moves.slice(0, Math.max(0, this.moves.length - n));
    this.changed(false);
    this.maybeComputer();
  }

  private resign() {
    if (this.over()) return;
    if (!window.confirm(t('confirmResign'))) return;
    if (this.mode === 'online' && this.game) {
      this.link.send({ type: 'resign', game: this.game.id });
      return;
    }
    this.search.stop();
    this.thinking = false;
    const loser = this.mode === 'computer' ? this.human : this.state.side;
    this.ending = { result: loser === 'red' ? '0-1' : '1-0', reason: 'resignation' };
    this.changed(false);
    this.endSound();
  }

  private pgn(): string {
    const tags: Record<string, string> = { Event: this.game ? (this.game.rated ? 'Rated game' : 'Casual game') : 'Xiangqi',
      Site: location.host || 'browser', Date: new Date().toISOString().slice(0, 10).replace(/-/g, '.') };
    if (this.game) { tags.Red = this.game.red.name; tags.Black = this.game.black.name; tags.TimeControl = this.game.time; }
    else if (this.mode === 'computer') {
      const engine = `xiangqi ${LEVELS[this.level][1]}`;
      tags.Red = this.human === 'red' ? 'Player' : engine;
      tags.Black = this.human === 'black' ? 'Player' : engine;
    }
    return this.rules.pgn(this.start, this.moves, tags, this.ending?.result ?? '');
  }

  // ---- analysis ----

  private analyse() {
    if (this.over()) { this.search.stop(); this.analysis = null; return; }
    if (this.mode === 'computer' && this.thinking) return;
    this.analysing = true;
    this.analysis = null;
    this.search.start({ fen: this.start, moves: [...this.moves], level: 0, movetime: 60000, multipv: 3, style: this.style },
      (info) => { this.analysis = info; this.refreshAnalysis(); },
      () => { this.refreshAnalysis(); });
  }

  private stopAnalysis() {
    this.analysing = false;
    this.search.stop();
    this.refresh();
  }

  // ---- the server ----

  private serverMessage(m: ServerMessage) {
    switch (m.type) {
      case 'welcome':
        this.me = { name: m.name, rating: m.rating, guest: !!m.guest };
        this.link.send({ type: 'lobby' });
        this.link.send({ type: 'history', name: m.name });
        break;
      case 'logged_out':
        this.me = null;
        break;
      case 'lobby':
        this.lobby = { seeks: m.seeks ?? [], players: m.players ?? [], games: m.games ?? [] };
        break;
      case 'seek_added': case 'seek_created':
        this.lobby.seeks = [...this.lobby.seeks.filter((s) => s.seek !== m.seek), m];
        break;
      case 'seek_removed':
        this.lobby.seeks = this.lobby.seeks.filter((s) => s.seek !== m.seek);
        break;
      case 'player_online':
        this.lobby.players = [...this.lobby.players.filter((p) => p.name !== m.name), m];
        break;
      case 'player_offline':
        this.lobby.players = this.lobby.players.filter((p) => p.name !== m.name);
        break;
      case 'history':
        if (this.me && m.name === this.me.name) this.history = m.games ?? [];
        break;
      case 'pgn':
        download(`game-${m.game}.pgn`, String(m.pgn ?? ''));
        break;
      case 'game': return this.onlineGame(m);
      case 'move': return this.onlineMove(m);
      case 'takeback':
        if (this.game && m.game === this.game.id) {
          this.moves = this.moves.slice(0, m.ply);
          this.setClock(m.clock);
          this.offer = null;
          this.changed(false);
        }
        return;
      case 'game_over':
        if (this.game && m.game === this.game.id) {
          this.ending = { result: m.result, reason: m.reason };
          if (m.clock) this.setClock(m.clock);
          if (this.game) this.game.clock.running = null;
          this.offer = null;
          this.changed(false);
          this.endSound();
          if (this.me) this.link.send({ type: 'history', name: this.me.name });
        }
        return;
      case 'draw_offered':
        if (this.game && this.game.you !== 'spectator' && m.by !== this.game.you) this.offer = 'draw';
        break;
      case 'takeback_requested':
        if (this.game && this.game.you !== 'spectator' && m.by !== this.game.you) this.offer = 'takeback';
        break;
      case 'draw_declined': this.notice = t('drawDeclined'); break;
      case 'takeback_declined': this.notice = t('takebackDeclined'); break;
      case 'opponent_away': this.notice = t('opponentAway'); break;
      case 'opponent_back': this.notice = t('opponentBack'); break;
      case 'error':
        this.notice = String(m.message ?? m.code ?? 'error');
        if (m.about === 'move' && this.game) this.link.send({ type: 'resume', token: this.link.token ?? '' });
        if (m.about === 'resume') this.link.token = null;
        break;
      default:
        return;
    }
    this.refresh();
  }

  private onlineGame(m: ServerMessage) {
    this.search.stop();
    this.thinking = false;
    this.analysing = false;
    const sameGame = this.game?.id === m.game;
    this.mode = m.you === 'spectator' ? 'watch' : 'online';
    this.game = { id: m.game, you: m.you, red: m.red ?? { name: '?' }, black: m.black ?? { name: '?' }, time: m.time ?? '',
      rated: !!m.rated, clock: { red: 0, black: 0, running: null, at: performance.now() }, away: m.away ?? [] };
    this.setClock(m.clock);
    this.start = m.fen || START_FEN;
    this.moves = Array.isArray(m.moves) ? m.moves.map(String) : [];
    this.ending = m.result && m.result !== '*' ? { result: m.result, reason: m.reason ?? '' } : null;
    this.offer = null;
    if (!sameGame) {
      this.flipped = m.you === 'black';
      this.board.flip(this.flipped);
      this.tab = 'play';
      this.notice = '';
    }
    this.changed(false);
  }

  private onlineMove(m: ServerMessage) {
    if (!this.game || m.game !== this.game.id) return;
    const ply = Number(m.ply);
    if (ply === this.moves.length && this.moves[ply - 1] === m.move) {  // our own, echoed
      this.setClock(m.clock);
      return this.refresh();
    }
    if (ply !== this.moves.length + 1) {  // out of step: the server's record is the game
      this.link.send({ type: this.game.you === 'spectator' ? 'watch' : 'resume',
        ...(this.game.you === 'spectator' ? { game: this.game.id } : { token: this.link.token ?? '' }) });
      return;
    }
    this.offer = null;
    this.play(String(m.move));
    this.setClock(m.clock);  // after the move: the side to move is the one whose clock runs
    this.refresh();
  }

  private setClock(c: any) {
    if (!this.game || !c) return;
    this.game.clock = { red: Number(c.red) || 0, black: Number(c.black) || 0, at: performance.now(),
      running: c.running === 'red' || c.running === 'black' ? c.running : this.over() ? null : this.state?.side ?? 'red' };
  }

  private clockText(side: Color): string {
    if (!this.game) return '';
    const c = this.game.clock;
    let ms = side === 'red' ? c.red : c.black;
    if (c.running === side && !this.over()) ms -= performance.now() - c.at;
    const r = this.rules.clock(this.game.time, ms);
    return r.byoyomi ? `${t('readSeconds')} ${r.face}${r.periods > 1 ? ` (${r.periods})` : ''}` : r.face;
  }

  private tick() {
    if (!this.game) return;
    for (const [bar, side] of [[this.el.topBar, this.flipped ? 'red' : 'black'], [this.el.bottomBar, this.flipped ? 'black' : 'red']] as const) {
      const face = bar.querySelector('.clock');
      if (face) face.textContent = this.clockText(side);
      bar.classList.toggle('low', this.game.clock.running === side && (side === 'red' ? this.game.clock.red : this.game.clock.black) - (performance.now() - this.game.clock.at) < 10000);
    }
  }

  // ---- settings ----

  private switchLang() {
    setLang(getLang() === 'zh' ? 'en' : 'zh');
    store.set('lang', getLang());
    document.documentElement.lang = getLang() === 'zh' ? 'zh-CN' : 'en';
    this.board.setRiver(this.river());
    this.changed(false);
  }

  private setStyle(v: Style) { this.style = v; store.set('style', String(v)); this.changed(false); }
  private setSheet(v: string) { this.sheet = v; store.set('pieces', v); this.board.setSheet(this.sheetUrl()); }

  // ---- the panels ----

  private refresh() {
    document.title = t('title');
    this.el.title.textContent = t('title');
    this.el.langButton.textContent = t('language');
    this.refreshSeats();
    this.refreshStatus();
    this.refreshActions();
    this.refreshTabs();
    this.refreshPlay();
    this.refreshOnline();
    this.refreshAnalysis();
  }

  private seatName(side: Color): string {
    if (this.game) {
      const s = side === 'red' ? this.game.red : this.game.black;
      const away = this.game.away.includes(side) ? ' ⚠' : '';
      return `${s.name}${s.rating ? ` (${s.rating})` : ''}${away}`;
    }
    if (this.mode === 'computer') return side === this.human ? t('you') : `${t('level')}: ${LEVELS[this.level][getLang() === 'zh' ? 0 : 1]}`;
    return t(side);
  }

  private refreshSeats() {
    const top: Color = this.flipped ? 'red' : 'black', bottom: Color = this.flipped ? 'black' : 'red';
    for (const [bar, side] of [[this.el.topBar, top], [this.el.bottomBar, bottom]] as const) {
      bar.replaceChildren(h('span', { class: `dot ${side}` }), h('span', { class: 'name' }, this.seatName(side)),
        h('span', { class: 'clock' }, this.clockText(side)));
      bar.classList.toggle('to-move', !this.over() && this.state.side === side);
    }
  }

  private refreshStatus() {
    let text = '';
    if (this.over()) text = this.ending ? resultText(this.ending.result, this.ending.reason) : (getLang() === 'zh' ? this.state.verdict.zh : resultText(this.state.verdict.result, this.state.verdict.reason));
    else if (this.thinking) text = t('thinking');
    else if (this.mode === 'watch') text = t('spectator');
    else if (this.canMove()) text = this.mode === 'two' ? `${t(this.state.side)}` : t('yourMove');
    this.el.status.textContent = [text, this.notice].filter(Boolean).join(' · ');
    this.el.banner.hidden = !this.over();
    this.el.banner.textContent = this.over() ? text : '';
    this.el.status.dataset.state = this.over() ? 'over' : this.thinking ? 'thinking' : 'playing';
  }

  private refreshActions() {
    const a: HTMLElement[] = [];
    if (this.mode === 'online' && this.game) {
      if (!this.over()) {
        if (this.offer === 'draw') a.push(h('span', { class: 'ask' }, t('drawOffered')), button(t('accept'), () => this.gameSend('draw_accept')), button(t('decline'), () => this.gameSend('draw_decline')));
        else if (this.offer === 'takeback') a.push(h('span', { class: 'ask' }, t('takebackAsked')), button(t('accept'), () => this.gameSend('takeback_accept')), button(t('decline'), () => this.gameSend('takeback_decline')));
        else a.push(button(t('offerDraw'), () => this.gameSend('draw_offer'), { id: 'draw' }), button(t('takeback'), () => this.gameSend('takeback'), { id: 'takeback' }),
          button(t('resign'), () => this.resign(), { id: 'resign' }));
      } else {
        a.push(button(t('leaveGame'), () => { this.newLocalGame('computer'); this.tab = 'online'; this.refresh(); }, { id: 'leave' }),
          button(t('download'), () => this.link.send({ type: 'pgn', game: this.game!.id }), { id: 'download' }));
      }
    } else if (this.mode === 'watch' && this.game) {
      a.push(button(t('leaveGame'), () => { this.link.send({ type: 'unwatch', game: this.game!.id }); this.newLocalGame('computer'); this.tab = 'online'; this.refresh(); }, { id: 'leave' }));
    } else {
      a.push(button(t('newGame'), () => this.newLocalGame(), { id: 'new-game' }), button(t('undo'), () => this.undo(), { id: 'undo' }));
      if (!this.over()) a.push(button(t('resign'), () => this.resign(), { id: 'resign' }));
    }
    a.push(button(t('flip'), () => { this.flipped = !this.flipped; this.board.flip(this.flipped); this.refresh(); }, { id: 'flip' }));
    this.el.actions.replaceChildren(...a);
  }

  private gameSend(type: string) {
    if (!this.game) return;
    this.link.send({ type, game: this.game.id });
    if (type !== 'draw_offer' && type !== 'takeback') this.offer = null;
    this.refresh();
  }

  private refreshTabs() {
    const tabs: [typeof this.tab, string][] = [['play', t('tabPlay')], ['online', t('tabOnline')], ['analysis', t('tabAnalysis')]];
    this.el.tabs.replaceChildren(...tabs.map(([id, label]) => {
      const b = button(label, () => { this.tab = id; this.refresh(); }, { id: `tab-${id}`, class: this.tab === id ? 'on' : '' });
      return b;
    }));
    this.el.play.hidden = this.tab !== 'play';
    this.el.online.hidden = this.tab !== 'online';
    this.el.analysis.hidden = this.tab !== 'analysis';
  }

  private refreshPlay() {
    const lang = getLang() === 'zh' ? 0 : 1;
    const rows: HTMLElement[] = [];
    if (this.mode === 'computer' || this.mode === 'two') {
      rows.push(h('label', {}, t('level'), select(LEVELS.map((l, i) => [String(i), `${i + 1} ${l[lang]}`]), String(this.level),
        (v) => { this.level = Number(v); store.set('level', v); this.refresh(); }, { id: 'level' })));
      rows.push(h('label', {}, t('youPlay'), select([['red', t('red')], ['black', t('black')], ['two', t('two')]],
        this.mode === 'two' ? 'two' : this.human, (v) => {
          if (v === 'two') return this.newLocalGame('two');
          this.human = v as Color; store.set('side', v); this.newLocalGame('computer');
        }, { id: 'side' })));
    }
    rows.push(h('label', {}, t('notation'), select([['0', t('chinese')], ['1', 'WXF'], ['2', 'ICCS']], String(this.style),
      (v) => this.setStyle(Number(v) as Style), { id: 'notation' })));
    rows.push(h('label', {}, t('pieces'), select([['classic', t('classic')], ['bold', t('bold')], ['symbols', t('symbols')]], this.sheet,
      (v) => this.setSheet(v), { id: 'pieces' })));
    rows.push(h('label', {}, t('sound'), select([['on', t('on')], ['off', t('off')]], this.sounds.enabled ? 'on' : 'off',
      (v) => { this.sounds.enabled = v === 'on'; store.set('sound', v); }, { id: 'sound' })));
    // One item a ply, laid out two to a row (red, black) with the move's number before red's.
    const redFirst = this.state.start.split(' ')[1] !== 'b';
    const firstMove = Number(this.state.start.split(' ')[5]) || 1;
    this.el.moveList.replaceChildren(...this.state.names.map((n, i) => {
      const red = (i % 2 === 0) === redFirst;
      const number = firstMove + Math.floor((i + (redFirst ? 0 : 1)) / 2);
      return h('li', { class: red ? 'r' : 'b', 'data-n': `${number}.` }, n);
    }));
    this.el.play.replaceChildren(h('div', { class: 'settings' }, ...rows), h('h2', {}, t('moves')), this.el.moveList,
      button(t('download'), () => download('xiangqi.pgn', this.pgn()), { id: 'download-local' }));
    this.el.moveList.scrollTop = this.el.moveList.scrollHeight;
  }

  private refreshOnline() {
    const p = this.el.online;
    const parts: HTMLElement[] = [];
    if (this.serverState !== 'up') {
      parts.push(h('p', { class: 'server-state' }, this.serverState === 'connecting' ? t('connecting') : t('offline')));
    }
    if (!this.me) {
      if (this.serverState === 'up') {
        parts.push(h('form', { class: 'login', id: 'login-form' },
          h('label', {}, t('name'), this.loginName), h('label', {}, t('password'), this.loginPassword),
          h('div', { class: 'row' },
            button(t('login'), () => this.account('login'), { id: 'login' }),
            button(t('register'), () => this.account('register'), { id: 'register' }),
            button(t('guest'), () => this.link.send({ type: 'guest' }), { id: 'guest' }))));
      }
      p.replaceChildren(...parts);
      return;
    }
    parts.push(h('p', { class: 'me' }, `${t('loggedInAs')}${this.me.name} · ${t('rating')} ${this.me.rating}`, ' ',
      button(t('logout'), () => { this.link.send({ type: 'logout' }); this.me = null; this.refresh(); }, { id: 'logout' })));
    // A new seek.
    const times: [string, string][] = [['5+3', '5+3'], ['10+5', '10+5'], ['10m/30s*3', `10′ + ${t('readSeconds')} 30″×3`]];
    const rated = h('input', { type: 'checkbox', id: 'seek-rated' });
    rated.checked = this.seekRated && !this.me.guest;
    rated.disabled = this.me.guest;
    rated.addEventListener('change', () => { this.seekRated = rated.checked; store.set('seekRated', String(rated.checked)); });
    parts.push(h('div', { class: 'seek-form' },
      h('label', {}, t('time'), select(times, this.seekTime, (v) => { this.seekTime = v; store.set('seekTime', v); }, { id: 'seek-time' })),
      h('label', {}, t('color'), select([['any', t('any')], ['red', t('red')], ['black', t('black')]], this.seekColor, (v) => { this.seekColor = v; }, { id: 'seek-color' })),
      h('label', { class: 'check' }, rated, this.me.guest ? t('guestsCasual') : t('rated')),
      button(t('newSeek'), () => this.link.send({ type: 'seek', time: this.seekTime, rated: this.seekRated && !this.me!.guest, color: this.seekColor }), { id: 'seek' })));
    // The lobby.
    const seekRows = this.lobby.seeks.map((s) => h('li', { 'data-seek': String(s.seek) },
      `${s.name} (${s.rating}) · ${s.time} · ${s.rated ? t('rated') : t('casual')} · ${s.color === 'any' ? t('any') : t(s.color as Color)} `,
      s.name === this.me!.name ? button(t('cancel'), () => this.link.send({ type: 'cancel_seek', seek: s.seek }))
        : button(t('play'), () => this.link.send({ type: 'accept', seek: s.seek }), { class: 'accept' })));
    parts.push(h('h2', {}, t('seeks')), h('ul', { class: 'seeks', id: 'seeks' }, ...(seekRows.length ? seekRows : [h('li', { class: 'none' }, t('none'))])));
    const gameRows = this.lobby.games.map((g) => h('li', { 'data-game': String(g.game) },
      `${g.red} ${t('vs')} ${g.black} · ${g.time} `, button(t('watch'), () => this.link.send({ type: 'watch', game: g.game }), { class: 'watch' })));
    parts.push(h('h2', {}, t('games')), h('ul', { class: 'games', id: 'games' }, ...(gameRows.length ? gameRows : [h('li', { class: 'none' }, t('none'))])));
    parts.push(h('h2', {}, t('players')), h('ul', { class: 'players', id: 'players' },
      ...this.lobby.players.map((pl) => h('li', {}, `${pl.name} (${pl.rating})${pl.playing ? ' ♟' : ''}`))));
    const hist = this.history.slice(0, 20).map((g) => h('li', {},
      `${g.red} ${t('vs')} ${g.black} · ${resultText(g.result, g.reason)} · ${String(g.date ?? '').slice(0, 10)} `,
      button('PGN', () => this.link.send({ type: 'pgn', game: g.game }), { class: 'pgn' })));
    parts.push(h('h2', {}, t('history')), h('ul', { class: 'history', id: 'history' }, ...(hist.length ? hist : [h('li', { class: 'none' }, t('none'))])));
    p.replaceChildren(...parts);
  }

  private account(type: 'login' | 'register') {
    this.link.send({ type, name: this.loginName.value.trim(), password: this.loginPassword.value });
  }

  private refreshAnalysis() {
    const p = this.el.analysis;
    const control = this.analysing ? button(t('stop'), () => this.stopAnalysis(), { id: 'analyse' })
      : button(t('start'), () => { this.analyse(); this.refresh(); }, { id: 'analyse' });
    const rows: HTMLElement[] = [];
    const a = this.analysis;
    if (a) {
      rows.push(h('p', { class: 'depth' }, `${t('depth')} ${a.depth}/${a.seldepth} · ${Math.round(a.nps / 1000)}k ${t('nodesPerSecond')}`));
      for (const l of a.lines) {
        const red = this.state.side === 'red' ? l.score : -l.score;  // from red's side, as players read it
        const score = l.mate ? `${t('mateIn')} ${Math.abs(l.mate)}` : (red >= 0 ? '+' : '') + (red / 100).toFixed(2);
        rows.push(h('div', { class: 'line' }, h('b', {}, score), ' ', l.names.slice(0, 10).join(' ')));
      }
    }
    const speed = button(t('speed'), () => {
      this.analysing = false;
      this.benchText = '…';
      this.refreshAnalysis();
      void this.search.bench(6).then((r) => {
        this.benchText = `${r.nodes.toLocaleString()} ${t('nodes')} · ${Math.round(r.ms)} ms · ${Math.round(r.nodes / r.ms)}k ${t('nodesPerSecond')}`;
        this.refreshAnalysis();
      });
    }, { id: 'bench' });
    p.replaceChildren(control, h('div', { class: 'lines', id: 'analysis-lines' }, ...rows),
      h('p', { class: 'bench' }, speed, ' ', h('span', { id: 'bench-result' }, this.benchText)));
  }
}
