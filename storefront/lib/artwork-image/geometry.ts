import { Rng } from './random';

// Shapes as SVG path data, in art units: smooth paths, ridges, blobs, curves, hatching.

/** Numbers rounded to one decimal, the way they are written into the SVG. */
export const n = (v: number): string => {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};

/** Opacities, rounded to two decimals. */
export const op = (v: number): string => String(Math.round(Math.max(0, Math.min(1, v)) * 100) / 100);

export type Pt = [number, number];

/** A smooth path through points (Catmull-Rom turned into cubic Béziers). */
export function smoothPath(pts: Pt[], closed: boolean, tension = 1): string {
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

export function polyline(pts: Pt[]): string {
  return pts.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${n(x)} ${n(y)}`).join('');
}

/** A ridge line: a sum of a few sines with random phases, plus a little noise. */
export function ridge(
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
export function blob(r: Rng, cx: number, cy: number, rx: number, ry: number, wobble = 0.25, count = 9): Pt[] {
  const rot = r.float(0, Math.PI * 2);
  return Array.from({ length: count }, (_, i) => {
    const a = rot + (i / count) * Math.PI * 2;
    const k = 1 + r.centred() * wobble;
    return [cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k] as Pt;
  });
}

/** A quadratic curve from a to b bending by `bend` (a fraction of its length), sampled. */
export function curve(a: Pt, b: Pt, bend: number, steps = 12): Pt[] {
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
export function jitter(r: Rng, pts: Pt[], amount: number): Pt[] {
  return pts.map(([x, y]) => [x + r.centred() * amount, y + r.centred() * amount] as Pt);
}

/** Parallel lines at an angle covering a box, for hatching (clip them to a shape). */
export function hatchLines(
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
