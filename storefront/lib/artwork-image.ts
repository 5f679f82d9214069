import sharp from 'sharp';
import type { ArtworkImageSpec } from '@easel/shared/media';
import { mulberry32 } from '@easel/shared/random';
import { COLOURS, type Category } from '@easel/shared/vocabulary';
import { artworkImageHeight } from './artwork-image-size';

export { artworkImageHeight };

/**
 * Draws an artwork picture from its spec alone: category, view (`kind`), seed, palette and shape.
 * Everything is decided by a seeded PRNG, so one spec always gives the same picture, and the
 * `main`, `detail` and `room` views of a spec show the same composition.
 *
 * The composition is drawn in "art units": 1000 wide and 1000 * 1000 / aspectMilli high, then
 * scaled to the requested pixel width, so a picture looks the same at every rendered width.
 */

// ---------------------------------------------------------------------------------------------
// Seeded randomness

/** FNV-1a over a string, to fold the category into the seed. */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(min = 0, max = 1): number {
    return min + (max - min) * this.next();
  }
  int(min: number, max: number): number {
    return Math.floor(this.float(min, max + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  /** Roughly normal around 0, within [-1, 1]. */
  centred(): number {
    return (this.next() + this.next() + this.next()) / 1.5 - 1;
  }
  /** A 31-bit integer, to seed feTurbulence or a child stream. */
  seed(): number {
    return Math.floor(this.next() * 2147483647);
  }
}

// ---------------------------------------------------------------------------------------------
// Colour

type Rgb = [number, number, number];

function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function rgbToHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0'))
    .join('')}`;
}

/** Linear mix of two hex colours: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}
const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
const darken = (c: string, t: number) => mix(c, '#000000', t);

/** Perceived lightness, 0 (black) to 1 (white). */
function lightness(c: string): number {
  const [r, g, b] = hexToRgb(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** Keeps a colour's hue but brings it down to at most the given lightness. */
function atMost(c: string, max: number): string {
  const l = lightness(c);
  return l <= max ? c : darken(c, 1 - max / l);
}

// ---------------------------------------------------------------------------------------------
// SVG helpers

/** Numbers rounded to one decimal, the way they are written into the SVG. */
const n = (v: number): string => {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};

/** Opacities, rounded to two decimals. */
const op = (v: number): string => String(Math.round(Math.max(0, Math.min(1, v)) * 100) / 100);

type Pt = [number, number];

/** A smooth path through points (Catmull-Rom turned into cubic Béziers). */
function smoothPath(pts: Pt[], closed: boolean, tension = 1): string {
  if (pts.length < 2) return '';
  const at = (i: number): Pt => {
    const len = pts.length;
    if (closed) return pts[((i % len) + len) % len] as Pt;
    return pts[Math.max(0, Math.min(len - 1, i))] as Pt;
  };
  const first = at(0);
  let d = `M${n(first[0])} ${n(first[1])}`;
  const segments = closed ? pts.length : pts.length - 1;
  for (let i = 0; i < segments; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const k = tension / 6;
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) * k, p1[1] + (p2[1] - p0[1]) * k];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) * k, p2[1] - (p3[1] - p1[1]) * k];
    d += `C${n(c1[0])} ${n(c1[1])} ${n(c2[0])} ${n(c2[1])} ${n(p2[0])} ${n(p2[1])}`;
  }
  return closed ? `${d}Z` : d;
}

function polyline(pts: Pt[]): string {
  return pts.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${n(x)} ${n(y)}`).join('');
}

/** A ridge line: a sum of a few sines with random phases, plus a little noise. */
function ridge(
  r: Rng,
  x0: number,
  x1: number,
  baseY: number,
  amp: number,
  opts: { steps?: number; waves?: number; jagged?: number } = {},
): Pt[] {
  const steps = opts.steps ?? 24;
  const waves = Array.from({ length: opts.waves ?? 3 }, (_, i) => ({
    f: (i + 1) * r.float(0.6, 1.6),
    p: r.float(0, Math.PI * 2),
    a: r.float(0.4, 1) / (i + 1),
  }));
  const jag = opts.jagged ?? 0.08;
  const pts: Pt[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    let y = 0;
    for (const w of waves) y += Math.sin(t * Math.PI * 2 * w.f + w.p) * w.a;
    y += r.centred() * jag;
    pts.push([x0 + (x1 - x0) * t, baseY - y * amp]);
  }
  return pts;
}

/** A closed, irregular, rounded shape around a centre. */
function blob(r: Rng, cx: number, cy: number, rx: number, ry: number, wobble = 0.25, count = 9): Pt[] {
  const rot = r.float(0, Math.PI * 2);
  return Array.from({ length: count }, (_, i) => {
    const a = rot + (i / count) * Math.PI * 2;
    const k = 1 + r.centred() * wobble;
    return [cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k] as Pt;
  });
}

/** A quadratic curve from a to b bending by `bend` (a fraction of its length), sampled. */
function curve(a: Pt, b: Pt, bend: number, steps = 12): Pt[] {
  const mx = (a[0] + b[0]) / 2;
  const my = (a[1] + b[1]) / 2;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const c: Pt = [mx - dy * bend, my + dx * bend];
  return Array.from({ length: steps + 1 }, (_, i) => {
    const t = i / steps;
    const u = 1 - t;
    return [u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]] as Pt;
  });
}

/** Jitters every point of a line by up to `amount` art units. */
function jitter(r: Rng, pts: Pt[], amount: number): Pt[] {
  return pts.map(([x, y]) => [x + r.centred() * amount, y + r.centred() * amount] as Pt);
}

/** Parallel lines at an angle covering a box, for hatching (clip them to a shape). */
function hatchLines(
  r: Rng,
  box: { x: number; y: number; w: number; h: number },
  angleDeg: number,
  spacing: number,
  wobble: number,
  maxLength = Number.POSITIVE_INFINITY,
): string {
  const a = (angleDeg * Math.PI) / 180;
  const dir: Pt = [Math.cos(a), Math.sin(a)];
  const nor: Pt = [-dir[1], dir[0]];
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const half = Math.hypot(box.w, box.h) / 2;
  let d = '';
  for (let o = -half; o <= half; o += spacing * r.float(0.75, 1.25)) {
    const s = half * r.float(0.75, 1);
    const e = half * r.float(0.75, 1);
    const px = cx + nor[0] * o;
    const py = cy + nor[1] * o;
    // Long lines are broken into strokes of at most maxLength, slightly staggered.
    for (let from = -s; from < e; ) {
      const to = Math.min(e, from + maxLength * r.float(0.6, 1));
      const shift = r.centred() * wobble;
      d += `M${n(px + dir[0] * from + nor[0] * shift)} ${n(py + dir[1] * from + nor[1] * shift)}`;
      d += `L${n(px + dir[0] * to + nor[0] * shift + r.centred() * wobble)} ${n(py + dir[1] * to + nor[1] * shift + r.centred() * wobble)}`;
      from = to + maxLength * r.float(0.02, 0.2);
    }
  }
  return d;
}

// ---------------------------------------------------------------------------------------------
// The drawing surface

interface Canvas {
  readonly W: number;
  readonly H: number;
  readonly r: Rng;
  /** The palette, as hex, never empty. */
  readonly pal: readonly string[];
  readonly defs: string[];
  readonly body: string[];
  /** Where the detail view may zoom in. */
  focus: Pt;
  /** Seeds a sculpture's form, so the room view can draw the same one. */
  readonly formSeed: number;
  /** Unique ids inside one SVG document. */
  id(name: string): string;
}

function makeCanvas(W: number, H: number, r: Rng, pal: readonly string[], prefix: string, formSeed = 0): Canvas {
  let counter = 0;
  return {
    W,
    H,
    r,
    pal,
    formSeed,
    defs: [],
    body: [],
    focus: [W / 2, H / 2],
    id: (name) => `${prefix}${name}${counter++}`,
  };
}

/** The i-th palette colour, wrapping round. */
const col = (c: Canvas, i: number): string => c.pal[((i % c.pal.length) + c.pal.length) % c.pal.length] as string;

function linearGradient(
  c: Canvas,
  stops: Array<[number, string, number?]>,
  dir: { x1?: number; y1?: number; x2?: number; y2?: number } = {},
): string {
  const id = c.id('lg');
  const s = stops
    .map(([o, colour, alpha]) => `<stop offset="${n(o * 100)}%" stop-color="${colour}"${alpha === undefined ? '' : ` stop-opacity="${op(alpha)}"`}/>`)
    .join('');
  c.defs.push(
    `<linearGradient id="${id}" x1="${dir.x1 ?? 0}" y1="${dir.y1 ?? 0}" x2="${dir.x2 ?? 0}" y2="${dir.y2 ?? 1}">${s}</linearGradient>`,
  );
  return `url(#${id})`;
}

function radialGradient(
  c: Canvas,
  stops: Array<[number, string, number?]>,
  at: { cx?: number; cy?: number; r?: number; fx?: number; fy?: number } = {},
): string {
  const id = c.id('rg');
  const s = stops
    .map(([o, colour, alpha]) => `<stop offset="${n(o * 100)}%" stop-color="${colour}"${alpha === undefined ? '' : ` stop-opacity="${op(alpha)}"`}/>`)
    .join('');
  const cx = at.cx ?? 0.5;
  const cy = at.cy ?? 0.5;
  c.defs.push(
    `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${at.r ?? 0.5}" fx="${at.fx ?? cx}" fy="${at.fy ?? cy}">${s}</radialGradient>`,
  );
  return `url(#${id})`;
}

/**
 * A soft round glow or shadow: an ellipse filled with a radial fade. (SVG blur filters are
 * slow to rasterise; gradients give the same look for a fraction of the time.)
 */
function glow(c: Canvas, cx: number, cy: number, rx: number, ry: number, colour: string, alpha: number): string {
  const fill = radialGradient(c, [[0, colour, alpha], [0.45, colour, alpha * 0.6], [1, colour, 0]]);
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"/>`;
}

/** A rectangle with a feathered edge, built from a few stacked translucent rectangles. */
function softRect(x: number, y: number, w: number, h: number, feather: number, colour: string, alpha: number, steps = 5): string {
  let out = '';
  for (let i = steps - 1; i >= 0; i--) {
    const e = (feather * i) / steps;
    out += `<rect x="${n(x - e)}" y="${n(y - e)}" width="${n(w + 2 * e)}" height="${n(h + 2 * e)}" rx="${n(e + feather * 0.2)}" fill="${colour}" fill-opacity="${op(alpha / steps * 1.6)}"/>`;
  }
  return out;
}

/** Breaks a line up into many short, slightly wandering steps: a hand-made, brushy edge. */
function roughen(r: Rng, pts: Pt[], amount: number, perSegment = 3): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i < pts.length - 1; i++) {
    const a = pts[i] as Pt;
    const b = pts[i + 1] as Pt;
    for (let k = 0; k < perSegment; k++) {
      const t = k / perSegment;
      out.push([a[0] + (b[0] - a[0]) * t + r.centred() * amount, a[1] + (b[1] - a[1]) * t + r.centred() * amount]);
    }
  }
  out.push(pts[pts.length - 1] as Pt);
  return out;
}

/**
 * A brush stroke along a line, drawn as several bristle strands so it shows dry-brush texture.
 */
function bristleStroke(c: Canvas, pts: Pt[], width: number, colour: string, opacity: number): string {
  const { r } = c;
  const strands = Math.max(3, Math.min(9, Math.round(width / 4)));
  const normals = pts.map((p, i) => {
    const a = pts[Math.max(0, i - 1)] as Pt;
    const b = pts[Math.min(pts.length - 1, i + 1)] as Pt;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    return [-(b[1] - a[1]) / len, (b[0] - a[0]) / len] as Pt;
  });
  let out = `<path d="${smoothPath(pts, false)}" stroke="${colour}" stroke-width="${n(width * 0.8)}" stroke-linecap="round" fill="none" stroke-opacity="${op(opacity * 0.3)}"/>`;
  for (let s = 0; s < strands; s++) {
    const off = (s / (strands - 1) - 0.5) * width;
    const start = r.int(0, Math.floor(pts.length / 4));
    const end = pts.length - r.int(0, Math.floor(pts.length / 4));
    const strand = pts.slice(start, end).map((p, i) => {
      const nn = normals[start + i] as Pt;
      return [p[0] + nn[0] * off, p[1] + nn[1] * off] as Pt;
    });
    const shade = r.chance(0.5) ? lighten(colour, r.float(0, 0.18)) : darken(colour, r.float(0, 0.18));
    out += `<path d="${smoothPath(strand, false)}" stroke="${shade}" stroke-width="${n((width / strands) * r.float(0.9, 1.8))}" stroke-linecap="round" fill="none" stroke-opacity="${op(opacity * r.float(0.45, 0.95))}"/>`;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Paintings: layered colour fields and soft brush shapes

function drawPainting(c: Canvas): void {
  const { W, H, r } = c;
  const mode = r.pick(['landscape', 'fields', 'gestural', 'landscape'] as const);
  const m = Math.min(W, H);

  if (mode === 'landscape') {
    const hy = H * r.float(0.34, 0.52);
    const skyTop = lighten(col(c, 1), 0.35);
    const skyLow = lighten(col(c, 0), 0.72);
    c.body.push(`<rect width="${n(W)}" height="${n(H)}" fill="${linearGradient(c, [[0, skyTop], [0.85, skyLow], [1, skyLow]])}"/>`);
    // Clouds and sky: loose horizontal strokes.
    const sky: string[] = [];
    for (let i = 0, k = r.int(4, 8); i < k; i++) {
      const y = hy * r.float(0.1, 0.85);
      const x = W * r.float(-0.1, 0.8);
      const len = W * r.float(0.2, 0.55);
      const pts = curve([x, y], [x + len, y + r.centred() * H * 0.03], r.float(-0.06, 0.06));
      sky.push(bristleStroke(c, pts, m * r.float(0.02, 0.05), lighten(col(c, i + 2), r.float(0.55, 0.85)), 0.6));
    }
    if (r.chance(0.55)) {
      const sx = W * r.float(0.15, 0.85);
      const sy = hy * r.float(0.3, 0.75);
      const sun = lighten(col(c, 2), 0.45);
      sky.push(glow(c, sx, sy, m * 0.16, m * 0.16, sun, 0.55));
      sky.push(`<path d="${smoothPath(blob(r, sx, sy, m * 0.05, m * 0.05, 0.05, 12), true)}" fill="${lighten(sun, 0.3)}" fill-opacity="0.9"/>`);
    }
    c.body.push(sky.join(''));
    // Bands of land, distant to near: lighter and cooler far away, deeper in front.
    const bands = r.int(4, 6);
    const land: string[] = [];
    for (let i = 0; i < bands; i++) {
      const t = i / (bands - 1);
      const top = hy + (H - hy) * t * 0.72 - (i === 0 ? H * 0.06 : 0);
      const amp = H * (0.07 - t * 0.04) * r.float(0.6, 1.3);
      const pts = roughen(r, ridge(r, -W * 0.05, W * 1.05, top, amp, { steps: 18, waves: 3, jagged: 0.12 }), m * 0.006, 4);
      const base = col(c, i + 1);
      const fill = t < 0.5 ? mix(base, skyLow, 0.55 * (1 - t * 2)) : darken(base, (t - 0.5) * 0.45);
      const d = `${smoothPath(pts, false)}L${n(W * 1.05)} ${n(H * 1.05)}L${n(-W * 0.05)} ${n(H * 1.05)}Z`;
      land.push(`<path d="${d}" fill="${i === bands - 2 ? base : fill}"/>`);
      // Brushwork across the band.
      for (let s = 0, k = r.int(3, 7); s < k; s++) {
        const y = top + (H - top) * r.float(0.05, 0.45) * (1 - t * 0.5);
        const x = W * r.float(-0.1, 0.7);
        const pts2 = curve([x, y], [x + W * r.float(0.15, 0.45), y + r.centred() * H * 0.03], r.float(-0.08, 0.08));
        const shade = r.chance(0.5) ? lighten(fill, r.float(0.1, 0.3)) : darken(fill, r.float(0.1, 0.25));
        land.push(bristleStroke(c, pts2, m * r.float(0.015, 0.04), shade, 0.55));
      }
    }
    c.body.push(land.join(''));
    // Foreground dabs: flowers, grasses, broken colour.
    const dabs: string[] = [];
    for (let i = 0, k = r.int(40, 90); i < k; i++) {
      const x = W * r.float(0, 1);
      const y = H * r.float(0.78, 1);
      const rx = m * r.float(0.006, 0.018);
      const colour = r.chance(0.6) ? lighten(col(c, r.int(0, 3)), r.float(0, 0.45)) : darken(col(c, r.int(0, 3)), 0.3);
      dabs.push(`<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(rx * r.float(0.4, 0.8))}" transform="rotate(${n(r.float(-40, 40))} ${n(x)} ${n(y)})" fill="${colour}" fill-opacity="${op(r.float(0.6, 0.95))}"/>`);
    }
    c.body.push(dabs.join(''));
    c.focus = [W * r.float(0.3, 0.7), hy + (H - hy) * 0.3];
  } else if (mode === 'fields') {
    // Stacked, soft-edged colour fields on a ground (colour-field abstraction).
    const ground = darken(col(c, 0), r.float(0.1, 0.35));
    c.body.push(`<rect width="${n(W)}" height="${n(H)}" fill="${ground}"/>`);
    const count = r.int(2, 3);
    const weights = Array.from({ length: count }, () => r.float(0.6, 1.4));
    const total = weights.reduce((a, b) => a + b, 0);
    const mx = W * r.float(0.06, 0.1);
    const top = H * 0.07;
    const gap = H * 0.035;
    const usable = H * 0.86 - gap * (count - 1);
    const fields: string[] = [];
    let y = top;
    let biggest: Pt = [W / 2, H / 2];
    let biggestH = 0;
    weights.forEach((wt, i) => {
      const h = (usable * wt) / total;
      const fill = i % 2 === 0 ? col(c, i + 1) : lighten(col(c, i + 1), 0.15);
      fields.push(softRect(mx, y, W - 2 * mx, h, m * 0.018, fill, 1));
      const edge: Pt[] = roughen(r, [[mx, y], [W - mx, y], [W - mx, y + h], [mx, y + h], [mx, y]], m * 0.004, 10);
      fields.push(`<path d="${polyline(edge)}Z" fill="${fill}" fill-opacity="0.85"/>`);
      for (let s = 0, k = r.int(5, 10); s < k; s++) {
        const sy = y + h * r.float(0.1, 0.9);
        const pts = curve([mx + W * r.float(0, 0.3), sy], [W - mx - W * r.float(0, 0.3), sy + r.centred() * h * 0.1], r.float(-0.04, 0.04));
        const shade = r.chance(0.5) ? lighten(fill, r.float(0.08, 0.22)) : darken(fill, r.float(0.06, 0.18));
        fields.push(bristleStroke(c, pts, Math.min(h * 0.35, m * r.float(0.04, 0.09)), shade, 0.35));
      }
      if (h > biggestH) {
        biggestH = h;
        biggest = [W / 2, y + h / 2];
      }
      y += h + gap;
    });
    c.body.push(fields.join(''));
    c.focus = biggest;
  } else {
    // Gestural abstraction: large soft shapes, then sweeping strokes and a few splashes.
    const ground = r.chance(0.6) ? '#efe9de' : lighten(col(c, 0), 0.8);
    c.body.push(`<rect width="${n(W)}" height="${n(H)}" fill="${ground}"/>`);
    const shapes: string[] = [];
    for (let i = 0, k = r.int(4, 7); i < k; i++) {
      const pts = roughen(r, blob(r, W * r.float(0.1, 0.9), H * r.float(0.1, 0.9), m * r.float(0.14, 0.34), m * r.float(0.12, 0.3), 0.3), m * 0.005, 5);
      shapes.push(`<path d="${smoothPath(pts, true)}" fill="${col(c, i)}" fill-opacity="${op(r.float(0.7, 0.95))}"/>`);
    }
    c.body.push(shapes.join(''));
    const strokes: string[] = [];
    for (let i = 0, k = r.int(7, 14); i < k; i++) {
      const a: Pt = [W * r.float(-0.05, 0.9), H * r.float(0, 1)];
      const b: Pt = [a[0] + W * r.float(0.15, 0.6), a[1] + H * r.centred() * 0.35];
      const colour = r.chance(0.25) ? darken(col(c, i + 1), 0.55) : r.chance(0.3) ? lighten(col(c, i), 0.5) : col(c, i + 2);
      strokes.push(bristleStroke(c, curve(a, b, r.float(-0.3, 0.3), 16), m * r.float(0.015, 0.06), colour, 0.85));
    }
    for (let i = 0, k = r.int(8, 24); i < k; i++) {
      strokes.push(`<circle cx="${n(W * r.float(0, 1))}" cy="${n(H * r.float(0, 1))}" r="${n(m * r.float(0.002, 0.009))}" fill="${darken(col(c, i), 0.4)}" fill-opacity="0.8"/>`);
    }
    c.body.push(strokes.join(''));
    c.focus = [W * r.float(0.3, 0.7), H * r.float(0.3, 0.7)];
  }
}

// ---------------------------------------------------------------------------------------------
// Photography: a photographic landscape with haze, a glow and a vignette

function drawPhotograph(c: Canvas): void {
  const { W, H, r } = c;
  const m = Math.min(W, H);
  const mode = r.pick(['hills', 'sea', 'mountains'] as const);
  const hy = H * r.float(0.45, 0.62);
  const high = darken(col(c, 0), 0.3);
  const mid = lighten(col(c, 1), 0.3);
  const horizon = lighten(col(c, 2), 0.62);
  // The sky, graded from the zenith down to a bright horizon.
  c.body.push(`<rect width="${n(W)}" height="${n(hy + 2)}" fill="${linearGradient(c, [[0, high], [0.6, mid], [1, horizon]])}"/>`);
  c.body.push(`<rect y="${n(hy)}" width="${n(W)}" height="${n(H - hy)}" fill="${darken(horizon, 0.3)}"/>`);
  // The sun's horizon near the horizon.
  const sx = W * r.float(0.2, 0.8);
  const sy = hy - H * r.float(0.02, 0.14);
  c.body.push(
    `<ellipse cx="${n(sx)}" cy="${n(sy)}" rx="${n(m * 0.55)}" ry="${n(m * 0.4)}" fill="${radialGradient(c, [[0, lighten(horizon, 0.7), 0.95], [0.25, horizon, 0.55], [1, horizon, 0]])}"/>`,
  );
  c.body.push(glow(c, sx, sy, m * 0.05, m * 0.05, '#fffaf0', 1));
  c.body.push(`<circle cx="${n(sx)}" cy="${n(sy)}" r="${n(m * 0.018)}" fill="#fffdf6"/>`);
  // Soft clouds.
  const clouds: string[] = [];
  for (let i = 0, k = r.int(3, 7); i < k; i++) {
    const cy = hy * r.float(0.08, 0.7);
    clouds.push(glow(c, W * r.float(0, 1), cy, W * r.float(0.15, 0.4), H * r.float(0.02, 0.05), lighten(mid, r.float(0.3, 0.7)), r.float(0.35, 0.7)));
  }
  c.body.push(clouds.join(''));

  const darkest = darken(col(c, 3), 0.78);
  if (mode === 'sea') {
    // Water below the horizon, reflecting the sky, with the sun's path on it.
    const water = linearGradient(c, [[0, mix(horizon, mid, 0.4)], [0.3, darken(mid, 0.25)], [1, darken(high, 0.35)]]);
    c.body.push(`<rect y="${n(hy)}" width="${n(W)}" height="${n(H - hy)}" fill="${water}"/>`);
    const glints: string[] = [];
    for (let i = 0; i < 70; i++) {
      const t = r.float(0, 1);
      const y = hy + (H - hy) * t * t;
      const spread = W * (0.02 + 0.16 * t);
      const x = sx + r.centred() * spread;
      const len = W * r.float(0.01, 0.05) * (0.3 + t);
      glints.push(`<rect x="${n(x - len / 2)}" y="${n(y)}" width="${n(len)}" height="${n(Math.max(0.8, H * 0.002 * (0.5 + t)))}" rx="${n(len / 2)}" fill="#fff8e8" fill-opacity="${op(r.float(0.2, 0.7) * (1 - t * 0.6))}"/>`);
    }
    c.body.push(glints.join(''));
    // A distant headland on the horizon, and a dark foreground shore.
    const side = r.chance(0.5) ? 1 : -1;
    // A distant headland running out of the frame, rising from the sea.
    const x0 = side > 0 ? W * r.float(0.5, 0.7) : -W * 0.02;
    const x1 = side > 0 ? W * 1.02 : W * r.float(0.3, 0.5);
    const far: Pt[] = Array.from({ length: 17 }, (_, i) => {
      const t = i / 16;
      const rise = Math.sqrt(side > 0 ? t : 1 - t);
      return [x0 + (x1 - x0) * t, hy - H * 0.045 * rise * (1 + 0.25 * Math.sin(t * 9 + r.float(0, 1)))] as Pt;
    });
    c.body.push(`<path d="${smoothPath(far, false)}L${n(x1)} ${n(hy + 1)}L${n(x0)} ${n(hy + 1)}Z" fill="${mix(horizon, darkest, 0.4)}"/>`);
    if (r.chance(0.7)) {
      const shore = ridge(r, -W * 0.05, W * 1.05, H * r.float(0.86, 0.94), H * 0.05, { waves: 3, jagged: 0.2 });
      c.body.push(`<path d="${smoothPath(shore, false)}L${n(W * 1.05)} ${n(H * 1.05)}L${n(-W * 0.05)} ${n(H * 1.05)}Z" fill="${darkest}"/>`);
    }
    c.focus = [sx, hy];
  } else {
    // Hills or mountains, layered with atmospheric haze: paler and softer with distance.
    const layers = r.int(3, 5);
    for (let i = 0; i < layers; i++) {
      const t = i / (layers - 1);
      const lift = mode === 'mountains' ? 0.26 : 0.14;
      const top = hy + (H - hy) * t * 0.6 - H * lift * (1 - t * 0.7);
      const amp = H * (mode === 'mountains' ? 0.1 : 0.05) * (1 - t * 0.4);
      const pts = ridge(r, -W * 0.05, W * 1.05, top, amp, {
        steps: mode === 'mountains' ? 30 : 16,
        waves: mode === 'mountains' ? 4 : 2,
        jagged: mode === 'mountains' ? 0.25 - t * 0.1 : 0.05,
      });
      const tone = mix(mix(horizon, col(c, i + 1), 0.35), darkest, 0.2 + 0.75 * t);
      const haze = mix(tone, horizon, 0.45 * (1 - t * 0.6));
      const d = `${mode === 'mountains' ? polyline(pts) : smoothPath(pts, false)}L${n(W * 1.05)} ${n(H * 1.05)}L${n(-W * 0.05)} ${n(H * 1.05)}Z`;
      const fill = linearGradient(c, [[0, tone], [0.5, haze], [1, darken(tone, 0.1)]]);
      c.body.push(`<path d="${d}" fill="${fill}"/>`);
    }
    // A line of trees along the nearest ridge, as a dark, irregular fringe.
    if (r.chance(0.6)) {
      const ty = H * r.float(0.8, 0.9);
      const trees: string[] = [];
      for (let x = -W * 0.02; x < W * 1.02; x += W * r.float(0.012, 0.03)) {
        const h = H * r.float(0.02, 0.07);
        trees.push(`<ellipse cx="${n(x)}" cy="${n(ty - h * 0.4)}" rx="${n(h * r.float(0.3, 0.5))}" ry="${n(h * 0.6)}"/>`);
      }
      c.body.push(`<g fill="${darkest}" opacity="0.92">${trees.join('')}<rect x="${n(-W * 0.05)}" y="${n(ty - H * 0.01)}" width="${n(W * 1.1)}" height="${n(H)}"/></g>`);
    }
    c.focus = [sx, hy - H * 0.05];
  }
}

// ---------------------------------------------------------------------------------------------
// Drawings: marks, contours and hatching on warm paper

function drawDrawing(c: Canvas): void {
  const { W, H, r } = c;
  const m = Math.min(W, H);
  const paper = r.pick(['#f3ecdc', '#efe6d2', '#f4efe3', '#ece3cf']);
  c.body.push(`<rect width="${n(W)}" height="${n(H)}" fill="${linearGradient(c, [[0, lighten(paper, 0.25)], [1, darken(paper, 0.04)]], { x2: 1, y2: 1 })}"/>`);
  const inks = c.pal.map((p) => atMost(p, 0.42));
  const ink = (i: number) => inks[((i % inks.length) + inks.length) % inks.length] as string;
  const lw = m * 0.0028;
  const marks: string[] = [];
  const washes: string[] = [];
  const contour = (pts: Pt[], closed: boolean, colour: string, passes = 2) => {
    for (let p = 0; p < passes; p++) {
      marks.push(`<path d="${smoothPath(jitter(r, pts, m * 0.004), closed)}" fill="none" stroke="${colour}" stroke-width="${n(lw * r.float(0.7, 1.4))}" stroke-linecap="round" stroke-opacity="${op(r.float(0.55, 0.9))}"/>`);
    }
  };
  const hatch = (clipD: string, box: { x: number; y: number; w: number; h: number }, angle: number, spacing: number, colour: string, cross = false) => {
    const id = c.id('clip');
    c.defs.push(`<clipPath id="${id}"><path d="${clipD}"/></clipPath>`);
    // Three interleaved passes of different pressure, so the hatching looks made by hand.
    let g = '';
    for (const [weight, alpha] of [[0.6, 0.45], [0.9, 0.7], [1.3, 0.85]] as const) {
      let d = hatchLines(r, box, angle + r.centred() * 3, spacing * 3, m * 0.004, m * 0.14);
      if (cross) d += hatchLines(r, { x: box.x + box.w * 0.35, y: box.y, w: box.w * 0.65, h: box.h }, angle + 70 + r.centred() * 3, spacing * 3.6, m * 0.004, m * 0.14);
      g += `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${n(lw * weight)}" stroke-linecap="round" stroke-opacity="${alpha}"/>`;
    }
    marks.push(`<g clip-path="url(#${id})">${g}</g>`);
  };
  const mode = r.pick(['still-life', 'landscape', 'botanical'] as const);

  if (mode === 'still-life') {
    const tableY = H * r.float(0.6, 0.72);
    contour([[W * 0.04, tableY], [W * 0.5, tableY + r.centred() * H * 0.01], [W * 0.96, tableY]], false, ink(0), 3);
    hatch(`M0 ${n(tableY)}H${n(W)}V${n(H)}H0Z`, { x: 0, y: tableY, w: W, h: H * 0.12 }, 8, m * 0.02, ink(0));
    const count = r.int(2, 4);
    const span = Math.min(W * 0.7, H * 1.1);
    for (let i = 0; i < count; i++) {
      const cx = W / 2 - span / 2 + (span * (i + 0.5)) / count + r.centred() * span * 0.04;
      const kind = r.pick(['vessel', 'fruit', 'bowl', 'vessel'] as const);
      const size = m * r.float(0.12, 0.2) * (kind === 'fruit' ? 0.55 : 1);
      let outline: Pt[];
      let h: number;
      if (kind === 'vessel') {
        h = size * r.float(1.6, 2.6);
        const belly = size * r.float(0.45, 0.6);
        const neck = size * r.float(0.12, 0.25);
        const by = tableY - h * r.float(0.25, 0.45);
        outline = [
          [cx - belly * 0.6, tableY], [cx - belly, by], [cx - neck, tableY - h * 0.8], [cx - neck * 1.3, tableY - h],
          [cx + neck * 1.3, tableY - h], [cx + neck, tableY - h * 0.8], [cx + belly, by], [cx + belly * 0.6, tableY],
        ];
      } else if (kind === 'bowl') {
        h = size * 0.6;
        outline = [[cx - size, tableY - h], [cx - size * 0.8, tableY - h * 0.3], [cx - size * 0.35, tableY], [cx + size * 0.35, tableY], [cx + size * 0.8, tableY - h * 0.3], [cx + size, tableY - h]];
      } else {
        h = size * 1.9;
        outline = blob(r, cx, tableY - size * 0.95, size, size * 0.95, 0.06, 10);
      }
      const d = smoothPath(outline, true, 0.9);
      washes.push(`<path d="${smoothPath(roughen(r, outline, m * 0.008, 3), true)}" fill="${col(c, i)}" fill-opacity="0.22"/>`);
      contour(outline, true, ink(i), 2);
      hatch(d, { x: cx, y: tableY - h * 1.05, w: size * 1.3, h: h * 1.1 }, r.float(35, 60), m * r.float(0.008, 0.013), ink(i), r.chance(0.6));
      // Cast shadow on the table.
      const sd = `M${n(cx)} ${n(tableY)}L${n(cx + size * 1.6)} ${n(tableY + size * 0.05)}L${n(cx + size * 1.3)} ${n(tableY + size * 0.25)}L${n(cx - size * 0.3)} ${n(tableY + size * 0.18)}Z`;
      hatch(sd, { x: cx - size * 0.3, y: tableY, w: size * 2, h: size * 0.3 }, -10, m * 0.008, ink(i + 1));
    }
    // Loose tone on the wall behind, on one side.
    const left = r.chance(0.5);
    hatch(`M${n(left ? 0 : W * 0.55)} ${n(H * 0.08)}H${n(left ? W * 0.45 : W)}V${n(tableY)}H${n(left ? 0 : W * 0.55)}Z`, { x: 0, y: 0, w: W, h: tableY }, 80, m * 0.016, ink(count));
    c.focus = [W / 2, tableY - m * 0.15];
  } else if (mode === 'landscape') {
    const hy = H * r.float(0.4, 0.55);
    for (let i = 0; i < 3; i++) {
      const top = hy + (H - hy) * i * 0.25;
      const pts = ridge(r, W * 0.03, W * 0.97, top, H * (0.06 - i * 0.012), { steps: 14, waves: 3 });
      contour(pts, false, ink(i), 2);
      // The band's tone fades out downwards along a ragged edge.
      const depth = H * (0.12 + i * 0.05);
      const phase = r.float(0, Math.PI * 2);
      const under = roughen(r, pts.map(([x, y]) => [x, y + depth * (0.75 + 0.25 * Math.sin(x / 90 + phase))] as Pt).reverse(), m * 0.004, 2);
      const d = `${smoothPath(pts, false)}L${smoothPath(under, false).slice(1)}Z`;
      washes.push(`<path d="${d}" fill="${col(c, i)}" fill-opacity="0.18"/>`);
      hatch(d, { x: 0, y: top - H * 0.1, w: W, h: H * 0.3 }, r.float(20, 50) * (i % 2 ? -1 : 1), m * r.float(0.009, 0.016), ink(i));
    }
    // Trees as scribbled clusters.
    for (let t = 0, k = r.int(2, 5); t < k; t++) {
      const tx = W * r.float(0.1, 0.9);
      const ty = hy + (H - hy) * r.float(0.1, 0.5);
      const s = m * r.float(0.04, 0.09);
      // One continuous, looping scribble wandering round the crown.
      const loops: Pt[] = [];
      let a = 0;
      for (let l = 0; l < 46; l++) {
        a += r.float(0.9, 1.5);
        const ox = r.centred() * s * 0.75;
        const oy = r.centred() * s * 0.8;
        const rr = s * r.float(0.12, 0.24);
        loops.push([tx + ox + Math.cos(a) * rr, ty - s * 1.1 + oy + Math.sin(a) * rr]);
      }
      marks.push(`<path d="${smoothPath(loops, false)}" fill="none" stroke="${ink(t)}" stroke-width="${n(lw * 0.8)}" stroke-opacity="0.75"/>`);
      washes.push(glow(c, tx, ty - s * 1.1, s * 1.1, s * 1.1, col(c, t + 1), 0.3));
      contour([[tx, ty], [tx + r.centred() * s * 0.1, ty - s * 0.9]], false, ink(t), 2);
    }
    for (let i = 0, k = r.int(2, 4); i < k; i++) {
      const y = hy * r.float(0.15, 0.7);
      const x = W * r.float(0.05, 0.7);
      contour(curve([x, y], [x + W * r.float(0.1, 0.25), y], r.float(-0.1, 0.1), 6), false, ink(i + 2), 1);
    }
    c.focus = [W * 0.5, hy];
  } else {
    // Botanical study: stems with leaves, veined and half-hatched.
    const stems = r.int(2, 4);
    for (let s = 0; s < stems; s++) {
      const bx = W * (0.3 + 0.4 * (s / Math.max(1, stems - 1))) + r.centred() * W * 0.05;
      const top: Pt = [bx + r.centred() * W * 0.2, H * r.float(0.1, 0.3)];
      const stem = curve([bx, H * 0.92], top, r.float(-0.15, 0.15), 16);
      contour(stem, false, ink(s), 2);
      for (let l = 2; l < stem.length - 1; l += r.int(2, 3)) {
        const p = stem[l] as Pt;
        const side = l % 2 === 0 ? 1 : -1;
        const len = m * r.float(0.08, 0.15) * (1 - l / stem.length * 0.5);
        const ang = (side > 0 ? -0.4 : Math.PI + 0.4) + r.centred() * 0.4;
        const tip: Pt = [p[0] + Math.cos(ang) * len, p[1] + Math.sin(ang) * len];
        const mid: Pt = [(p[0] + tip[0]) / 2, (p[1] + tip[1]) / 2];
        const nx = -(tip[1] - p[1]) * 0.28;
        const ny = (tip[0] - p[0]) * 0.28;
        const leaf: Pt[] = [p, [mid[0] + nx, mid[1] + ny], tip, [mid[0] - nx, mid[1] - ny]];
        const d = smoothPath(leaf, true, 1.1);
        washes.push(`<path d="${d}" fill="${col(c, s + l)}" fill-opacity="0.25"/>`);
        contour(leaf, true, ink(s), 1);
        marks.push(`<path d="${polyline([p, tip])}" stroke="${ink(s)}" stroke-width="${n(lw * 0.7)}" stroke-opacity="0.7"/>`);
        hatch(`${polyline([p, [mid[0] + nx, mid[1] + ny], tip])}Z`, { x: Math.min(p[0], tip[0]) - len * 0.3, y: Math.min(p[1], tip[1]) - len * 0.3, w: len * 1.6, h: len * 1.6 }, r.float(20, 70), m * 0.007, ink(s));
      }
      if (r.chance(0.6)) {
        // A flower head at the top.
        const fr = m * r.float(0.04, 0.07);
        for (let pIdx = 0, k = r.int(5, 8); pIdx < k; pIdx++) {
          const a = (pIdx / k) * Math.PI * 2;
          const petal = blob(r, top[0] + Math.cos(a) * fr, top[1] + Math.sin(a) * fr, fr * 0.7, fr * 0.45, 0.1, 7);
          washes.push(`<path d="${smoothPath(petal, true)}" fill="${col(c, s + 1)}" fill-opacity="0.35"/>`);
          contour(petal, true, ink(s + 1), 1);
        }
      }
    }
    c.focus = [W / 2, H * 0.4];
  }
  c.body.push(washes.join(''));
  c.body.push(`<g stroke-linejoin="round">${marks.join('')}</g>`);
}

// ---------------------------------------------------------------------------------------------
// Prints: flat overlapping blocks, slightly out of register, on a paper margin

function drawPrint(c: Canvas): void {
  const { W, H, r } = c;
  const m = Math.min(W, H);
  const paper = '#f5f1e8';
  c.body.push(`<rect width="${n(W)}" height="${n(H)}" fill="${paper}"/>`);
  const margin = m * r.float(0.06, 0.09);
  const box = { x: margin, y: margin, w: W - 2 * margin, h: H - 2 * margin - margin * 0.3 };
  const clip = c.id('plate');
  c.defs.push(`<clipPath id="${clip}"><rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.w)}" height="${n(box.h)}"/></clipPath>`);
  const layers: string[] = [];
  const bm = Math.min(box.w, box.h);
  const layer = (content: string, colour: string) => {
    const dx = r.centred() * m * 0.006;
    const dy = r.centred() * m * 0.006;
    layers.push(`<g transform="translate(${n(dx)} ${n(dy)})" fill="${colour}" style="mix-blend-mode:multiply" opacity="0.93">${content}</g>`);
  };
  const mode = r.pick(['landscape', 'geometric', 'linocut'] as const);
  const ground = lighten(col(c, 0), r.float(0.55, 0.75));
  layers.push(`<rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.w)}" height="${n(box.h)}" fill="${ground}"/>`);

  if (mode === 'landscape') {
    const hy = box.y + box.h * r.float(0.45, 0.62);
    const sx = box.x + box.w * r.float(0.2, 0.8);
    layer(`<circle cx="${n(sx)}" cy="${n(hy - bm * r.float(0.12, 0.3))}" r="${n(bm * r.float(0.1, 0.18))}"/>`, col(c, 1));
    let peaks = '';
    for (let i = 0, k = r.int(2, 4); i < k; i++) {
      const px = box.x + box.w * r.float(0, 1);
      const w = box.w * r.float(0.25, 0.5);
      peaks += `<path d="M${n(px - w)} ${n(hy)}L${n(px)} ${n(hy - bm * r.float(0.15, 0.35))}L${n(px + w)} ${n(hy)}Z"/>`;
    }
    layer(peaks, col(c, 2));
    let bands = '';
    for (let i = 0; i < 4; i++) {
      const y = hy + ((box.y + box.h - hy) * i) / 4;
      bands += `<path d="${smoothPath(ridge(r, box.x - 10, box.x + box.w + 10, y, bm * 0.02, { steps: 10, waves: 2, jagged: 0 }), false)}L${n(box.x + box.w + 10)} ${n(y + bm * 0.05)}L${n(box.x - 10)} ${n(y + bm * 0.05)}Z"/>`;
    }
    layer(`<rect x="${n(box.x)}" y="${n(hy)}" width="${n(box.w)}" height="${n(box.y + box.h - hy)}"/>`, col(c, 3));
    layer(bands, darken(col(c, 3), 0.3));
    c.focus = [sx, hy];
  } else if (mode === 'geometric') {
    for (let i = 0, k = r.int(4, 7); i < k; i++) {
      const x = box.x + box.w * r.float(0, 0.85);
      const y = box.y + box.h * r.float(0, 0.85);
      const s = bm * r.float(0.18, 0.45);
      const shape = r.pick(['circle', 'rect', 'arch', 'half', 'stripes'] as const);
      let d: string;
      if (shape === 'circle') d = `<circle cx="${n(x)}" cy="${n(y)}" r="${n(s / 2)}"/>`;
      else if (shape === 'rect') d = `<rect x="${n(x - s / 2)}" y="${n(y - s / 2)}" width="${n(s * r.float(0.5, 1.4))}" height="${n(s * r.float(0.5, 1.4))}"/>`;
      else if (shape === 'arch') d = `<path d="M${n(x - s / 2)} ${n(y + s / 2)}V${n(y)}A${n(s / 2)} ${n(s / 2)} 0 0 1 ${n(x + s / 2)} ${n(y)}V${n(y + s / 2)}Z"/>`;
      else if (shape === 'half') d = `<path d="M${n(x - s / 2)} ${n(y)}A${n(s / 2)} ${n(s / 2)} 0 0 0 ${n(x + s / 2)} ${n(y)}Z"/>`;
      else {
        d = '';
        for (let j = 0; j < 5; j++) d += `<rect x="${n(x - s / 2)}" y="${n(y - s / 2 + (j * s) / 5)}" width="${n(s)}" height="${n(s / 10)}"/>`;
      }
      if (r.chance(0.25)) {
        // Halftone dots instead of a flat block.
        const pat = c.id('dots');
        const step = bm * 0.018;
        c.defs.push(`<pattern id="${pat}" width="${n(step)}" height="${n(step)}" patternUnits="userSpaceOnUse" patternTransform="rotate(30)"><circle cx="${n(step / 2)}" cy="${n(step / 2)}" r="${n(step * 0.32)}" fill="${darken(col(c, i), 0.2)}"/></pattern>`);
        layer(d, `url(#${pat})`);
      } else {
        layer(d, col(c, i + 1));
      }
    }
    c.focus = [box.x + box.w / 2, box.y + box.h / 2];
  } else {
    // Linocut: wavy bands of colour with carved white lines running through them.
    const count = r.int(4, 7);
    for (let i = 0; i < count; i++) {
      const y = box.y + (box.h * (i + 0.3)) / count;
      const pts = ridge(r, box.x - 20, box.x + box.w + 20, y, bm * 0.05, { steps: 12, waves: 2, jagged: 0.05 });
      layer(`<path d="${smoothPath(pts, false)}L${n(box.x + box.w + 20)} ${n(box.y + box.h + 20)}L${n(box.x - 20)} ${n(box.y + box.h + 20)}Z"/>`, i % 2 === 0 ? col(c, i) : lighten(col(c, i), 0.25));
    }
    let cuts = '';
    for (let i = 0, k = r.int(18, 32); i < k; i++) {
      const y = box.y + box.h * r.float(0, 1);
      const x = box.x + box.w * r.float(-0.1, 0.8);
      cuts += `<path d="${smoothPath(curve([x, y], [x + box.w * r.float(0.1, 0.35), y + r.centred() * bm * 0.04], r.float(-0.1, 0.1), 6), false)}"/>`;
    }
    layers.push(`<g fill="none" stroke="${paper}" stroke-width="${n(bm * 0.006)}" stroke-linecap="round" stroke-opacity="0.85">${cuts}</g>`);
    c.focus = [box.x + box.w * 0.5, box.y + box.h * 0.5];
  }
  c.body.push(`<g clip-path="url(#${clip})">${layers.join('')}</g>`);
  // Uneven ink: pale specks where the ink did not take.
}

// ---------------------------------------------------------------------------------------------
// Sculpture: a lit form on a plinth, against a gallery wall

function sculptureForm(c: Canvas, r: Rng, cx: number, baseY: number, fh: number, maxW: number): string {
  const kind = r.pick(['vessel', 'stones', 'ring', 'figure'] as const);
  const c0 = col(c, 0);
  const c1 = col(c, 1);
  const shade = (colour: string) =>
    linearGradient(
      c,
      [[0, darken(colour, 0.6)], [0.22, colour], [0.36, lighten(colour, 0.45)], [0.5, colour], [0.85, darken(colour, 0.45)], [1, darken(colour, 0.65)]],
      { x2: 1, y2: 0 },
    );
  const round = (colour: string) =>
    radialGradient(c, [[0, lighten(colour, 0.55)], [0.35, colour], [1, darken(colour, 0.6)]], { cx: 0.38, cy: 0.32, r: 0.75 });
  const parts: string[] = [];
  let width = fh * 0.6;
  /** The outline of a one-piece form, for glaze or patina bands in the palette's other colours. */
  let silhouette: string | null = null;
  if (kind === 'vessel') {
    const w = Math.min(maxW, fh * r.float(0.55, 0.85));
    width = w;
    const foot = w * r.float(0.22, 0.3);
    const belly = w / 2;
    const neck = w * r.float(0.12, 0.22);
    const lip = neck * r.float(1.1, 1.6);
    const by = baseY - fh * r.float(0.3, 0.5);
    const right: Pt[] = [[cx + foot, baseY], [cx + belly, by], [cx + neck, baseY - fh * 0.85], [cx + lip, baseY - fh]];
    const left = right.map(([x, y]) => [2 * cx - x, y] as Pt).reverse();
    const d = `${smoothPath([...left, ...right], false, 0.9)}Z`;
    parts.push(`<path d="${d}" fill="${shade(c0)}"/>`);
    parts.push(`<ellipse cx="${n(cx)}" cy="${n(baseY - fh)}" rx="${n(lip)}" ry="${n(lip * 0.28)}" fill="${darken(c0, 0.7)}" stroke="${lighten(c0, 0.25)}" stroke-width="${n(fh * 0.008)}"/>`);
    silhouette = d;
  } else if (kind === 'stones') {
    let y = baseY;
    const count = Math.min(5, Math.max(c.pal.length, r.int(2, 4)));
    let unit = fh / count;
    width = 0;
    for (let i = 0; i < count; i++) {
      const h = unit * r.float(0.8, 1.05);
      const w = Math.min(maxW, h * r.float(1.5, 2.4) * (1 - i * 0.12));
      width = Math.max(width, w);
      const x = cx + r.centred() * w * 0.08;
      const pts = blob(r, x, y - h / 2, w / 2, h / 2, 0.06, 10);
      parts.push(`<path d="${smoothPath(pts, true)}" fill="${round(col(c, i))}"/>`);
      y -= h * 0.95;
      unit = (y - (baseY - fh)) / Math.max(1, count - i - 1);
    }
  } else if (kind === 'ring') {
    const R = Math.min(maxW / 2, fh * 0.42);
    width = R * 2;
    const cy = baseY - fh * 0.08 - R;
    const inner = R * r.float(0.35, 0.55);
    const d = `M${n(cx - R)} ${n(cy)}a${n(R)} ${n(R)} 0 1 0 ${n(2 * R)} 0a${n(R)} ${n(R)} 0 1 0 ${n(-2 * R)} 0ZM${n(cx - inner)} ${n(cy)}a${n(inner)} ${n(inner * 1.05)} 0 1 1 ${n(2 * inner)} 0a${n(inner)} ${n(inner * 1.05)} 0 1 1 ${n(-2 * inner)} 0Z`;
    parts.push(`<path d="${d}" fill-rule="evenodd" fill="${round(c0)}"/>`);
    parts.push(`<rect x="${n(cx - R * 0.35)}" y="${n(baseY - fh * 0.08)}" width="${n(R * 0.7)}" height="${n(fh * 0.08)}" fill="${shade(darken(c1, 0.2))}"/>`);
    silhouette = d;
  } else {
    // A tall, organic standing form, sometimes pierced.
    const w = Math.min(maxW, fh * r.float(0.35, 0.55));
    width = w;
    const pts: Pt[] = [
      [cx - w * 0.3, baseY], [cx - w * 0.5, baseY - fh * 0.35], [cx - w * r.float(0.2, 0.4), baseY - fh * 0.7], [cx - w * 0.1, baseY - fh],
      [cx + w * 0.25, baseY - fh * 0.92], [cx + w * 0.5, baseY - fh * 0.55], [cx + w * 0.35, baseY - fh * 0.2], [cx + w * 0.3, baseY],
    ];
    let d = smoothPath(pts, true, 1);
    if (r.chance(0.6)) {
      const hy = baseY - fh * r.float(0.45, 0.65);
      const hr = w * r.float(0.1, 0.16);
      d += `M${n(cx - hr)} ${n(hy)}a${n(hr)} ${n(hr * 1.5)} 0 1 0 ${n(2 * hr)} 0a${n(hr)} ${n(hr * 1.5)} 0 1 0 ${n(-2 * hr)} 0Z`;
    }
    parts.push(`<path d="${d}" fill-rule="evenodd" fill="${shade(c0)}"/>`);
    silhouette = d;
  }
  if (silhouette !== null && c.pal.length > 1) {
    // Bands of glaze or patina in the palette's other colours, following the form's shading.
    const clip = c.id('form');
    c.defs.push(`<clipPath id="${clip}"><path d="${silhouette}" clip-rule="evenodd"/></clipPath>`);
    let bands = '';
    const slots = c.pal.length - 1;
    for (let i = 1; i < c.pal.length; i++) {
      const y = baseY - fh * (0.12 + (0.7 * (i - 1 + r.float(0.2, 0.8))) / slots);
      const h = fh * r.float(0.04, Math.min(0.14, 0.55 / slots));
      bands += `<rect x="${n(cx - width / 2 - 2)}" y="${n(y)}" width="${n(width + 4)}" height="${n(h)}" fill="${shade(col(c, i))}" fill-opacity="0.92"/>`;
    }
    parts.push(`<g clip-path="url(#${clip})">${bands}</g>`);
  }
  // The contact shadow under the form.
  const shadow = glow(c, cx + width * 0.08, baseY, width * 0.7, fh * 0.035, '#000000', 0.5);
  return shadow + parts.join('');
}

/** A plinth seen slightly from the right, with its lit front and shaded side. */
function plinth(c: Canvas, cx: number, floorY: number, pw: number, ph: number): string {
  const side = pw * 0.12;
  const top = pw * 0.08;
  const front = linearGradient(c, [[0, '#f7f5f1'], [1, '#dedad2']]);
  return (
    glow(c, cx + side, floorY, pw * 0.85, ph * 0.07, '#000000', 0.35) +
    `<path d="M${n(cx + pw / 2)} ${n(floorY - ph)}l${n(side)} ${n(-top)}V${n(floorY - top)}l${n(-side)} ${n(top)}Z" fill="#c9c4ba"/>` +
    `<path d="M${n(cx - pw / 2)} ${n(floorY - ph)}l${n(side)} ${n(-top)}H${n(cx + pw / 2 + side)}l${n(-side)} ${n(top)}Z" fill="#fbfaf7"/>` +
    `<rect x="${n(cx - pw / 2)}" y="${n(floorY - ph)}" width="${n(pw)}" height="${n(ph)}" fill="${front}"/>`
  );
}

function drawSculpture(c: Canvas): void {
  const { W, H, r } = c;
  const m = Math.min(W, H);
  const wallTone = mix(col(c, c.pal.length - 1), '#ece9e3', 0.88);
  const floorY = H * (H > W ? 0.84 : 0.8);
  c.body.push(`<rect width="${n(W)}" height="${n(H)}" fill="${linearGradient(c, [[0, darken(wallTone, 0.12)], [1, wallTone]])}"/>`);
  c.body.push(`<rect y="${n(floorY)}" width="${n(W)}" height="${n(H - floorY)}" fill="${linearGradient(c, [[0, darken(wallTone, 0.2)], [1, darken(wallTone, 0.38)]])}"/>`);
  const cx = W * r.float(0.45, 0.55);
  // A spotlight falling on the wall above the work.
  c.body.push(`<ellipse cx="${n(cx)}" cy="${n(floorY * 0.45)}" rx="${n(Math.min(W * 0.5, m * 0.7))}" ry="${n(floorY * 0.6)}" fill="${radialGradient(c, [[0, '#ffffff', 0.6], [1, '#ffffff', 0]])}"/>`);
  const ph = Math.min(H * 0.26, m * 0.4);
  const pw = Math.min(W * 0.34, m * 0.38);
  c.body.push(plinth(c, cx, floorY, pw, ph));
  const baseY = floorY - ph - pw * 0.04;
  const fh = (baseY - H * 0.06) * 0.94;
  // The form's soft shadow on the wall behind, thrown by a light from the upper left.
  c.body.push(glow(c, cx + pw * 0.25, baseY - fh * 0.45, Math.min(W * 0.3, fh * 0.4), fh * 0.55, '#000000', 0.16));
  c.body.push(sculptureForm(c, new Rng(c.formSeed), cx, baseY, fh, Math.min(W * 0.6, pw * 1.2)));
  c.focus = [cx, baseY - fh * 0.5];
}

/**
 * Every palette colour shows in the picture: a colour the composition happened not to use is
 * added as an accent in the medium's own manner.
 */
const ACCENTS: Record<Category, (c: Canvas, colour: string) => void> = {
  painting: (c, colour) => {
    const { r, W, H } = c;
    const m = Math.min(W, H);
    const a: Pt = [c.focus[0] + r.centred() * W * 0.3, c.focus[1] + r.centred() * H * 0.25];
    const b: Pt = [a[0] + W * r.float(0.1, 0.25) * (r.chance(0.5) ? 1 : -1), a[1] + r.centred() * H * 0.08];
    c.body.push(bristleStroke(c, curve(a, b, r.float(-0.2, 0.2), 10), m * r.float(0.02, 0.04), colour, 0.85));
  },
  photography: (c, colour) => {
    // A colour grade: light of that colour washing in from one edge.
    const fromTop = c.r.chance(0.5);
    const fill = linearGradient(c, [[0, colour, 0.22], [0.55, colour, 0]], fromTop ? {} : { y1: 1, y2: 0 });
    c.body.push(`<rect width="${n(c.W)}" height="${n(c.H)}" fill="${fill}"/>`);
  },
  drawing: (c, colour) => {
    // A loose zig-zag of coloured pencil.
    const { r, W, H } = c;
    const m = Math.min(W, H);
    const x0 = Math.max(W * 0.08, Math.min(W * 0.7, c.focus[0] + r.centred() * W * 0.3));
    const y0 = Math.max(H * 0.08, Math.min(H * 0.85, c.focus[1] + r.centred() * H * 0.25));
    const len = m * r.float(0.12, 0.22);
    const pts: Pt[] = [];
    for (let i = 0; i <= 14; i++) pts.push([x0 + (len * i) / 14 + r.centred() * 2, y0 + (i % 2 ? m * 0.04 : 0) + r.centred() * 3]);
    c.body.push(`<path d="${polyline(pts)}" fill="none" stroke="${colour}" stroke-width="${n(m * 0.0035)}" stroke-linejoin="round" stroke-opacity="0.7"/>`);
  },
  prints: (c, colour) => {
    const { r, W, H } = c;
    const m = Math.min(W, H);
    const x = c.focus[0] + r.centred() * W * 0.2;
    const y = c.focus[1] + r.centred() * H * 0.2;
    c.body.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(m * r.float(0.04, 0.08))}" fill="${colour}" style="mix-blend-mode:multiply" fill-opacity="0.93"/>`);
  },
  sculpture: () => {
    // Forms carry every palette colour already (stones, glaze bands).
  },
};

/** Last touches over everything else. */
const FINISHERS: Partial<Record<Category, (c: Canvas) => void>> = {
  photography: (c) => {
    // The lens's vignette.
    c.body.push(`<rect width="${n(c.W)}" height="${n(c.H)}" fill="${radialGradient(c, [[0.5, '#000000', 0], [0.85, '#000000', 0.22], [1, '#000000', 0.5]], { r: 0.75 })}"/>`);
  },
};

const DRAWERS: Record<Category, (c: Canvas) => void> = {
  painting: drawPainting,
  photography: drawPhotograph,
  drawing: drawDrawing,
  prints: drawPrint,
  sculpture: drawSculpture,
};

// ---------------------------------------------------------------------------------------------
// Views


function compose(spec: ArtworkImageSpec, prefix: string): Canvas {
  const W = 1000;
  const H = (1000 * 1000) / spec.aspectMilli;
  const pal = spec.colours.map((name) => COLOURS[name]);
  const r = new Rng((spec.seed ^ hashString(spec.category)) >>> 0);
  const formSeed = (Math.imul(spec.seed, 0x9e3779b1) ^ 0x5eed) >>> 0;
  const canvas = makeCanvas(W, H, r, pal.length > 0 ? pal : [COLOURS.grey], prefix, formSeed);
  DRAWERS[spec.category](canvas);
  const drawn = canvas.body.join('') + canvas.defs.join('');
  for (const colour of new Set(canvas.pal)) {
    if (!drawn.includes(colour)) ACCENTS[spec.category](canvas, colour);
  }
  FINISHERS[spec.category]?.(canvas);
  return canvas;
}

/** The work hung on a wall above a sofa; sculpture stands on a plinth beside it. */
function roomView(spec: ArtworkImageSpec, art: Canvas, r: Rng): { W: number; H: number; content: string; defs: string[] } {
  const W = 1000;
  const H = (1000 * 1000) / spec.aspectMilli;
  const room = makeCanvas(W, H, r, art.pal, 'r', art.formSeed);
  const fu = Math.min(W, H * 1.5) / 1000;
  const wall = r.pick(['#ece8e1', '#e6e2d9', '#e3e6df', '#e9e3d8', '#e2e5e8', '#ebe6e0']);
  const floorY = H - Math.max(H * 0.12, 110 * fu);
  const out: string[] = [];
  out.push(`<rect width="${n(W)}" height="${n(H)}" fill="${linearGradient(room, [[0, darken(wall, 0.05)], [1, lighten(wall, 0.2)]], { x1: 0, y1: 0, x2: 1, y2: 1 })}"/>`);
  const wood = r.pick(['#b8977a', '#a7896c', '#c9b08f', '#8f735c']);
  out.push(`<rect y="${n(floorY)}" width="${n(W)}" height="${n(H - floorY)}" fill="${linearGradient(room, [[0, darken(wood, 0.08)], [1, wood]])}"/>`);
  let planks = '';
  for (let x = r.float(0, 60) * fu; x < W; x += 120 * fu) planks += `M${n(x)} ${n(floorY)}L${n(x + (x - W / 2) * 0.25)} ${n(H)}`;
  out.push(`<path d="${planks}" stroke="#000000" stroke-width="${n(1.2 * fu)}" stroke-opacity="0.1"/>`);
  out.push(`<rect y="${n(floorY - 14 * fu)}" width="${n(W)}" height="${n(14 * fu)}" fill="#f6f4ef"/><rect y="${n(floorY - 1.5 * fu)}" width="${n(W)}" height="${n(1.5 * fu)}" fill="#000000" fill-opacity="0.08"/>`);
  // The sofa.
  const sofa = r.pick(['#7a8471', '#b5a792', '#5e6b78', '#9a8070', '#44504f', '#c2b8a8']);
  const sculpture = spec.category === 'sculpture';
  const sw = 540 * fu;
  const scx = sculpture ? W * 0.36 : W / 2;
  const seatY = floorY - 62 * fu;
  const backTop = floorY - 190 * fu;
  out.push(
    `<g>` +
      glow(room, scx, floorY + 2 * fu, sw * 0.62, 16 * fu, '#000000', 0.3) +
      `<rect x="${n(scx - sw / 2 + 16 * fu)}" y="${n(floorY - 14 * fu)}" width="${n(8 * fu)}" height="${n(14 * fu)}" fill="#3a2e25"/>` +
      `<rect x="${n(scx + sw / 2 - 24 * fu)}" y="${n(floorY - 14 * fu)}" width="${n(8 * fu)}" height="${n(14 * fu)}" fill="#3a2e25"/>` +
      `<rect x="${n(scx - sw / 2 + 30 * fu)}" y="${n(backTop)}" width="${n(sw - 60 * fu)}" height="${n(seatY - backTop)}" rx="${n(22 * fu)}" fill="${darken(sofa, 0.12)}"/>` +
      `<rect x="${n(scx - sw / 2 + 40 * fu)}" y="${n(seatY - 40 * fu)}" width="${n(sw - 80 * fu)}" height="${n(48 * fu)}" rx="${n(12 * fu)}" fill="${sofa}"/>` +
      `<rect x="${n(scx - sw / 2 + 40 * fu)}" y="${n(seatY)}" width="${n(sw - 80 * fu)}" height="${n(48 * fu)}" rx="${n(8 * fu)}" fill="${darken(sofa, 0.06)}"/>` +
      `<rect x="${n(scx - sw / 2)}" y="${n(floorY - 120 * fu)}" width="${n(50 * fu)}" height="${n(106 * fu)}" rx="${n(18 * fu)}" fill="${lighten(sofa, 0.06)}"/>` +
      `<rect x="${n(scx + sw / 2 - 50 * fu)}" y="${n(floorY - 120 * fu)}" width="${n(50 * fu)}" height="${n(106 * fu)}" rx="${n(18 * fu)}" fill="${lighten(sofa, 0.06)}"/>` +
      `<rect x="${n(scx - sw * 0.3)}" y="${n(seatY - 88 * fu)}" width="${n(80 * fu)}" height="${n(62 * fu)}" rx="${n(14 * fu)}" fill="${lighten(sofa, 0.25)}" transform="rotate(-8 ${n(scx - sw * 0.26)} ${n(seatY - 60 * fu)})"/>` +
      `</g>`,
  );
  // A plant in a pot, on whichever side is free.
  if (r.chance(0.7) || sculpture) {
    const px = sculpture ? W * 0.08 : r.chance(0.5) ? scx - sw / 2 - 70 * fu : scx + sw / 2 + 70 * fu;
    if (px > 30 * fu && px < W - 30 * fu) {
      let leaves = '';
      for (let i = 0; i < 9; i++) {
        const a = -Math.PI / 2 + r.centred() * 1.1;
        const len = r.float(70, 150) * fu;
        const tip: Pt = [px + Math.cos(a) * len, floorY - 70 * fu + Math.sin(a) * len];
        leaves += `<path d="${smoothPath([[px, floorY - 70 * fu], [(px + tip[0]) / 2 + 12 * fu, (floorY - 70 * fu + tip[1]) / 2], tip, [(px + tip[0]) / 2 - 12 * fu, (floorY - 70 * fu + tip[1]) / 2]], true)}" fill="${r.chance(0.5) ? '#5f7a5a' : '#4d6a4b'}"/>`;
      }
      out.push(`<g>${leaves}<path d="M${n(px - 30 * fu)} ${n(floorY - 72 * fu)}h${n(60 * fu)}l${n(-8 * fu)} ${n(72 * fu)}h${n(-44 * fu)}Z" fill="#d8d1c4"/></g>`);
    }
  }
  const artSvg = (x: number, y: number, w: number, h: number) =>
    `<svg x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" viewBox="0 0 ${n(art.W)} ${n(art.H)}" preserveAspectRatio="none">${art.body.join('')}</svg>`;

  if (sculpture) {
    // Stand the form on its own plinth to the right of the sofa, without its gallery wall.
    const px = W * 0.78;
    const ph = Math.min(260 * fu, (floorY - H * 0.1) * 0.45);
    const pw = 150 * fu;
    out.push(plinth(room, px, floorY, pw, ph));
    const baseY = floorY - ph - pw * 0.04;
    const fh = Math.min(baseY - H * 0.08, 320 * fu);
    // The same form as in the gallery picture: it is drawn from its own seeded stream.
    out.push(sculptureForm(room, new Rng(art.formSeed), px, baseY, fh, pw * 1.3));

  } else {
    // Fit the work above the sofa, framed, with a soft shadow.
    const top = H * 0.1;
    const bottom = backTop - 50 * fu;
    const availH = Math.max(40 * fu, bottom - top);
    const availW = Math.min(W * 0.72, sw * 1.15);
    const aspect = spec.aspectMilli / 1000;
    let aw = availW;
    let ah = aw / aspect;
    if (ah > availH) {
      ah = availH;
      aw = ah * aspect;
    }
    const mat = spec.category === 'painting' ? 0 : Math.min(aw, ah) * 0.1;
    const frame = Math.max(3 * fu, Math.min(aw, ah) * 0.025);
    const iw = aw - 2 * (mat + frame);
    const ih = ah - 2 * (mat + frame);
    const fx = W / 2 - aw / 2;
    const fy = top + (availH - ah) / 2;
    const frameColour = spec.category === 'painting' ? r.pick(['#2b2622', '#b89a6a', '#f2efe8', '#5a4636']) : r.pick(['#1f1c1a', '#f4f2ed', '#c2a783']);
    out.push(softRect(fx + 4 * fu, fy + 8 * fu, aw, ah, 10 * fu, '#000000', 0.22));
    out.push(`<rect x="${n(fx)}" y="${n(fy)}" width="${n(aw)}" height="${n(ah)}" fill="${frameColour}"/>`);
    if (mat > 0) out.push(`<rect x="${n(fx + frame)}" y="${n(fy + frame)}" width="${n(aw - 2 * frame)}" height="${n(ah - 2 * frame)}" fill="#faf9f6"/>`);
    out.push(artSvg(fx + frame + mat, fy + frame + mat, iw, ih));
    out.push(`<rect x="${n(fx + frame + mat)}" y="${n(fy + frame + mat)}" width="${n(iw)}" height="${n(ih)}" fill="none" stroke="#000000" stroke-opacity="0.15" stroke-width="${n(1.5 * fu)}"/>`);
  }
  return { W, H, content: out.join(''), defs: sculpture ? room.defs : [...room.defs, ...art.defs] };
}

/**
 * The artwork picture as SVG markup, `width` pixels wide and
 * `round(width * 1000 / aspectMilli)` high. Pure: the same arguments give the same string.
 */
export function renderArtworkSvg(spec: ArtworkImageSpec, width: number): string {
  const height = artworkImageHeight(spec, width);
  const art = compose(spec, 'a');
  const viewRng = new Rng((spec.seed * 2654435761) ^ hashString(`${spec.category}:${spec.kind}`));
  let viewBox: string;
  let defs: string[];
  let content: string;
  if (spec.kind === 'room') {
    const room = roomView(spec, art, viewRng);
    viewBox = `0 0 ${n(room.W)} ${n(room.H)}`;
    defs = room.defs;
    content = room.content;
  } else {
    defs = art.defs;
    content = art.body.join('');
    if (spec.kind === 'detail') {
      const zoom = viewRng.float(2.2, 3.2);
      const w = art.W / zoom;
      const h = art.H / zoom;
      const cx = art.focus[0] + viewRng.centred() * w * 0.25;
      const cy = art.focus[1] + viewRng.centred() * h * 0.25;
      const x = Math.max(0, Math.min(art.W - w, cx - w / 2));
      const y = Math.max(0, Math.min(art.H - h, cy - h / 2));
      viewBox = `${n(x)} ${n(y)} ${n(w)} ${n(h)}`;
    } else {
      viewBox = `0 0 ${n(art.W)} ${n(art.H)}`;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}" preserveAspectRatio="none">` +
    `<defs>${defs.join('')}</defs>${content}</svg>`
  );
}

// ---------------------------------------------------------------------------------------------
// Surface texture, laid over the rasterised picture (much faster than SVG turbulence filters)

type Surface = 'canvas' | 'paper' | 'grain';
const TILE = 256;

/** Smooth value noise on a lattice of `cell` pixels that wraps round the tile. */
function valueNoise(r: Rng, cell: number): Float32Array {
  const cells = TILE / cell;
  const lattice = Array.from({ length: cells * cells }, () => r.float());
  const at = (x: number, y: number) => lattice[((y + cells) % cells) * cells + ((x + cells) % cells)] as number;
  const out = new Float32Array(TILE * TILE);
  for (let y = 0; y < TILE; y++) {
    for (let x = 0; x < TILE; x++) {
      const gx = x / cell;
      const gy = y / cell;
      const x0 = Math.floor(gx);
      const y0 = Math.floor(gy);
      const sx = (gx - x0) * (gx - x0) * (3 - 2 * (gx - x0));
      const sy = (gy - y0) * (gy - y0) * (3 - 2 * (gy - y0));
      const top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * sx;
      const bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * sx;
      out[y * TILE + x] = top + (bottom - top) * sy;
    }
  }
  return out;
}

const tiles = new Map<Surface, Buffer>();

/** A seamless 256 px RGBA tile: grey around 128 (no change under soft-light), alpha = strength. */
function surfaceTile(surface: Surface): Buffer {
  const cached = tiles.get(surface);
  if (cached) return cached;
  const r = new Rng(hashString(surface));
  const coarse = valueNoise(r, 32);
  const medium = valueNoise(r, 8);
  const buf = Buffer.alloc(TILE * TILE * 4);
  for (let y = 0; y < TILE; y++) {
    for (let x = 0; x < TILE; x++) {
      const i = y * TILE + x;
      const fine = r.centred();
      let v: number;
      let alpha: number;
      if (surface === 'canvas') {
        // A plain weave: threads every 4 px each way, with uneven thread thickness.
        const weave = Math.sin((x * Math.PI) / 2) * Math.sin((y * Math.PI) / 2);
        v = 128 + 42 * weave + 22 * fine + 40 * ((coarse[i] as number) - 0.5);
        alpha = 150;
      } else if (surface === 'paper') {
        v = 128 + 60 * ((medium[i] as number) - 0.5) + 45 * ((coarse[i] as number) - 0.5) + 20 * fine;
        alpha = 140;
      } else {
        v = 128 + 46 * fine;
        alpha = 110;
      }
      buf[i * 4] = buf[i * 4 + 1] = buf[i * 4 + 2] = Math.max(0, Math.min(255, Math.round(v)));
      buf[i * 4 + 3] = alpha;
    }
  }
  tiles.set(surface, buf);
  return buf;
}

/** The tile, cut down when the picture is smaller than it (sharp needs the overlay to fit). */
function textureOverlay(surface: Surface, width: number, height: number): { input: Buffer; raw: { width: number; height: number; channels: 4 } } {
  const tile = surfaceTile(surface);
  const w = Math.min(TILE, width);
  const h = Math.min(TILE, height);
  if (w === TILE && h === TILE) return { input: tile, raw: { width: TILE, height: TILE, channels: 4 } };
  const out = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++) tile.copy(out, y * w * 4, y * TILE * 4, y * TILE * 4 + w * 4);
  return { input: out, raw: { width: w, height: h, channels: 4 } };
}

function surfaceFor(spec: ArtworkImageSpec): Surface {
  if (spec.kind === 'room') return 'grain';
  if (spec.category === 'painting') return 'canvas';
  if (spec.category === 'drawing' || spec.category === 'prints') return 'paper';
  return 'grain';
}

export const WEBP_QUALITY = 78;

/** The picture rasterised to WebP at exactly `width` x round(width * 1000 / aspectMilli). */
export async function renderArtworkImage(spec: ArtworkImageSpec, width: number): Promise<Buffer> {
  const height = artworkImageHeight(spec, width);
  const svg = renderArtworkSvg(spec, width);
  // Rasterise first, then lay the surface texture over the pixels.
  const raster = await sharp(Buffer.from(svg), { density: 72, limitInputPixels: false }).raw().toBuffer({ resolveWithObject: true });
  if (raster.info.width !== width || raster.info.height !== height) {
    throw new Error(`rendered ${raster.info.width}x${raster.info.height}, expected ${width}x${height}`);
  }
  return sharp(raster.data, { raw: { width, height, channels: raster.info.channels } })
    .composite([{ ...textureOverlay(surfaceFor(spec), width, height), tile: true, blend: 'soft-light' }])
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}
