// The board as SVG: lines and river drawn as vectors (crisp at any size),
// the pieces from the desktop's sprite sheets (three sets), markers for the
// last move, the selection, the legal points and a king in check. Input by
// tap (a piece, then a point) or drag, with mouse, pen or finger alike.
import { boardOf, squareName, squareOf } from './rules';

const NS = 'http://www.w3.org/2000/svg';
const STEP = 100, MARGIN = 60, RADIUS = 46;
const SPRITE = 112;  // one piece in the sheets (7 across: K A B N R C P; red row, black row)
const ORDER = 'kabnrcp';

function el<K extends keyof SVGElementTagNameMap>(name: K, attrs: Record<string, string | number>, parent?: Element) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.appendChild(e);
  return e;
}

export class BoardView {
  readonly svg: SVGSVGElement;
  private readonly lines: SVGGElement;
  private readonly marks: SVGGElement;
  private readonly pieces: SVGGElement;
  private readonly hints: SVGGElement;
  private placement = new Map<string, string>();
  private legal: string[] = [];
  private selected: string | null = null;
  private last: string | null = null;
  private checkSquare: string | null = null;
  private drag: { from: string; node: SVGElement; x0: number; y0: number; moved: boolean } | null = null;
  flipped = false;
  movable: 'red' | 'black' | 'none' = 'none';
  onMove: (move: string) => void = () => {};
  onIllegal: () => void = () => {};

  constructor(host: HTMLElement, private sheet: string, riverText: [string, string]) {
    this.svg = el('svg', { viewBox: `0 0 ${2 * MARGIN + 8 * STEP} ${2 * MARGIN + 9 * STEP}`, class: 'board',
      role: 'img', 'aria-label': 'xiangqi board' });
    this.lines = el('g', { class: 'lines' }, this.svg);
    this.marks = el('g', { class: 'marks' }, this.svg);
    this.pieces = el('g', { class: 'pieces' }, this.svg);
    this.hints = el('g', { class: 'hints' }, this.svg);
    this.drawLines(riverText);
    host.appendChild(this.svg);
    this.svg.addEventListener('pointerdown', (e) => this.down(e));
    this.svg.addEventListener('pointermove', (e) => this.moveDrag(e));
    this.svg.addEventListener('pointerup', (e) => this.up(e));
    this.svg.addEventListener('pointercancel', () => this.cancelDrag());
  }

  private xy(file: number, rank: number): [number, number] {
    const f = this.flipped ? 8 - file : file, r = this.flipped ? 9 - rank : rank;
    return [MARGIN + f * STEP, MARGIN + (9 - r) * STEP];
  }

  private drawLines(river: [string, string]) {
    const g = this.lines;
    g.replaceChildren();
    const W = 8 * STEP, H = 9 * STEP;
    el('rect', { x: 0, y: 0, width: W + 2 * MARGIN, height: H + 2 * MARGIN, rx: 14, class: 'wood' }, g);
    el('rect', { x: MARGIN - 12, y: MARGIN - 12, width: W + 24, height: H + 24, class: 'frame' }, g);
    for (let r = 0; r < 10; r++) el('line', { x1: MARGIN, y1: MARGIN + r * STEP, x2: MARGIN + W, y2: MARGIN + r * STEP }, g);
    for (let f = 0; f < 9; f++) {
      const x = MARGIN + f * STEP;
      if (f === 0 || f === 8) el('line', { x1: x, y1: MARGIN, x2: x, y2: MARGIN + H }, g);
      else {
        el('line', { x1: x, y1: MARGIN, x2: x, y2: MARGIN + 4 * STEP }, g);
        el('line', { x1: x, y1: MARGIN + 5 * STEP, x2: x, y2: MARGIN + H }, g);
      }
    }
    for (const top of [0, 7]) {  // the palaces
      const y = MARGIN + top * STEP;
      el('line', { x1: MARGIN + 3 * STEP, y1: y, x2: MARGIN + 5 * STEP, y2: y + 2 * STEP }, g);
      el('line', { x1: MARGIN + 5 * STEP, y1: y, x2: MARGIN + 3 * STEP, y2: y + 2 * STEP }, g);
    }
    // The marks where cannons and pawns start.
    const points: [number, number][] = [[1, 2], [7, 2], [0, 3], [2, 3], [4, 3], [6, 3], [8, 3]];
    for (const [f, r] of points) for (const rr of [r, 9 - r]) this.cross(f, rr);
    const riverY = MARGIN + 4.5 * STEP;
    const left = el('text', { x: MARGIN + 2 * STEP, y: riverY, class: 'river' }, g);
    left.textContent = river[0];
    const right = el('text', { x: MARGIN + 6 * STEP, y: riverY, class: 'river' }, g);
    right.textContent = river[1];
  }

  private cross(f: number, r: number) {
    const x = MARGIN + f * STEP, y = MARGIN + (9 - r) * STEP, a = 8, b = 22;
    const parts: string[] = [];
    for (const sx of [-1, 1]) {
      if ((f === 0 && sx < 0) || (f === 8 && sx > 0)) continue;
      for (const sy of [-1, 1]) parts.push(`M${x + sx * (a + b)},${y + sy * a} h${-sx * b} v${sy * b}`);
    }
    el('path', { d: parts.join(' '), class: 'point' }, this.lines);
  }

  setRiver(river: [string, string]) { this.drawLines(river); }
  setSheet(sheet: string) { this.sheet = sheet; this.render(); }

  setPosition(fen: string, last: string | null, check: string | null, animate = true) {
    const before = this.placement;
    this.placement = boardOf(fen);
    this.last = last;
    this.checkSquare = check;
    this.selected = null;
    this.render(animate && last && before.get(last.slice(0, 2)) === this.placement.get(last.slice(2, 4)) ? last : null);
  }

  setLegal(moves: string[], side: 'red' | 'black' | 'none') {
    this.legal = moves;
    this.movable = side;
    if (this.selected && !this.legal.some((m) => m.startsWith(this.selected!))) this.selected = null;
    this.renderMarks();
  }

  flip(on: boolean) { this.flipped = on; this.svg.dataset.flipped = String(on); this.render(); }

  // The board's text for tests and screen readers: which piece is where.
  pieceAt(square: string): string | undefined { return this.placement.get(square); }

  private render(slide: string | null = null) {
    this.pieces.replaceChildren();
    for (const [sq, p] of this.placement) {
      const node = this.pieceNode(sq, p);
      if (slide && sq === slide.slice(2, 4)) {
        const [fx, fy] = this.xy(...squareOf(slide.slice(0, 2)));
        const [tx, ty] = this.xy(...squareOf(sq));
        node.style.transform = `translate(${fx - tx}px, ${fy - ty}px)`;
        requestAnimationFrame(() => requestAnimationFrame(() => {
          node.classList.add('sliding');
          node.style.transform = '';
        }));
      }
    }
    this.renderMarks();
  }

  private pieceNode(sq: string, p: string): SVGElement {
    const [x, y] = this.xy(...squareOf(sq));
    const red = p === p.toUpperCase();
    const col = ORDER.indexOf(p.toLowerCase());
    const g = el('g', { class: 'piece', 'data-square': sq, 'data-piece': p }, this.pieces);
    const s = el('svg', { x: x - RADIUS - 3, y: y - RADIUS - 3, width: 2 * RADIUS + 6, height: 2 * RADIUS + 6,
      viewBox: `${col * SPRITE} ${red ? 0 : SPRITE} ${SPRITE} ${SPRITE}` }, g);
    el('image', { href: this.sheet, width: 7 * SPRITE, height: 2 * SPRITE }, s);
    return g;
  }

  private renderMarks() {
    this.marks.replaceChildren();
    this.hints.replaceChildren();
    if (this.last) for (const sq of [this.last.slice(0, 2), this.last.slice(2, 4)]) this.corner(sq, 'last');
    if (this.checkSquare) {
      const [x, y] = this.xy(...squareOf(this.checkSquare));
      el('circle', { cx: x, cy: y, r: RADIUS + 8, class: 'check' }, this.marks);
    }
    if (this.selected) {
      this.corner(this.selected, 'selected');
      for (const m of this.legal) {
        if (!m.startsWith(this.selected)) continue;
        const to = m.slice(2, 4);
        const [x, y] = this.xy(...squareOf(to));
        el('circle', { cx: x, cy: y, r: this.placement.has(to) ? RADIUS + 4 : 14,
          class: this.placement.has(to) ? 'target capture' : 'target', 'data-square': to }, this.hints);
      }
    }
    for (const g of this.pieces.querySelectorAll<SVGGElement>('.piece'))
      g.classList.toggle('lifted', g.dataset.square === this.selected);
  }

  private corner(sq: string, cls: string) {
    const [x, y] = this.xy(...squareOf(sq));
    const a = RADIUS + 4, b = 16;
    const d = [[-1, -1], [1, -1], [-1, 1], [1, 1]].map(([sx, sy]) =>
      `M${x + sx * a},${y + sy * (a - b)} V${y + sy * a} H${x + sx * (a - b)}`).join(' ');
    el('path', { d, class: cls }, this.marks);
  }

  private squareAt(e: PointerEvent): string | null {
    const m = this.svg.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    let f = Math.round((p.x - MARGIN) / STEP), r = 9 - Math.round((p.y - MARGIN) / STEP);
    if (f < 0 || f > 8 || r < 0 || r > 9) return null;
    if (this.flipped) { f = 8 - f; r = 9 - r; }
    return squareName(f, r);
  }

  private own(sq: string): boolean {
    const p = this.placement.get(sq);
    if (!p || this.movable === 'none') return false;
    return (p === p.toUpperCase()) === (this.movable === 'red');
  }

  private down(e: PointerEvent) {
    const sq = this.squareAt(e);
    if (!sq) return;
    e.preventDefault();
    if (this.selected && sq !== this.selected && !this.own(sq)) return this.tryMove(this.selected + sq);
    if (this.own(sq)) {
      this.selected = sq;
      this.renderMarks();
      const node = this.pieces.querySelector<SVGElement>(`[data-square="${sq}"]`);
      if (node) {
        this.svg.setPointerCapture(e.pointerId);
        this.drag = { from: sq, node, x0: e.clientX, y0: e.clientY, moved: false };
      }
    } else if (this.selected) {
      this.selected = null;
      this.renderMarks();
    }
  }

  private moveDrag(e: PointerEvent) {
    if (!this.drag) return;
    const dx = e.clientX - this.drag.x0, dy = e.clientY - this.drag.y0;
    if (!this.drag.moved && Math.hypot(dx, dy) < 6) return;
    this.drag.moved = true;
    const scale = this.svg.viewBox.baseVal.width / this.svg.getBoundingClientRect().width;
    this.drag.node.style.transform = `translate(${dx * scale}px, ${dy * scale}px)`;
    this.drag.node.classList.add('dragging');
  }

  private up(e: PointerEvent) {
    if (!this.drag) return;
    const { from, node, moved } = this.drag;
    this.drag = null;
    node.classList.remove('dragging');
    node.style.transform = '';
    if (!moved) return;  // a tap: the piece stays selected
    const to = this.squareAt(e);
    if (to && to !== from) this.tryMove(from + to);
  }

  private cancelDrag() {
    if (!this.drag) return;
    this.drag.node.style.transform = '';
    this.drag.node.classList.remove('dragging');
    this.drag = null;
  }

  private tryMove(move: string) {
    if (this.legal.includes(move)) {
      this.selected = null;
      this.onMove(move);
    } else {
      this.onIllegal();
      this.selected = null;
      this.renderMarks();
    }
  }
}
