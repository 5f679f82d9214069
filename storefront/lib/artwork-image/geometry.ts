import { Rng } from './random';

// Shapes as SVG path data, in art units: smooth paths, ridges, blobs, curves, hatching.

/** Numbers rounded to one decimal, the way they are written into the SVG. */
export const svgNum = (v: number): string => {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};

/** Opacities, rounded to two decimals. */
export const svgOpacity = (v: number): string => String(Math.round(Math.max(0, Math.min(1, v)) * 100) / 100);

export type Point = [number, number];

/** A smooth path through points (Catmull-Rom turned into cubic Béziers). */
export function smoothPath(pts: Point[], closed: boolean, tension = 1): string {
  if (pts.length < 2) return '';
  const at = (i: number): Point => {
    const len = pts.length;
    if (closed) return pts[((i % len) + len) % len] as Point;
    return pts[Math.max(0, Math.min(len - 1, i))] as Point;
  };
  const first = at(0);
  let d = `M${svgNum(first[0])} ${svgNum(first[1])}`;
  const segments = closed ? pts.length : pts.length - 1;
  for (let i = 0; i < segments; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const k = tension / 6;
    const c1: Point = [p1[0] + (p2[0] - p0[0]) * k, p1[1] + (p2[1] - p0[1]) * k];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) * k, p2[1] - (p3[1] - p1[1]) * k];
    d += `C${svgNum(c1[0])} ${svgNum(c1[1])} ${svgNum(c2[0])} ${svgNum(c2[1])} ${svgNum(p2[0])} ${svgNum(p2[1])}`;
  }
  return closed ? `${d}Z` : d;
}

export function polyline(pts: Point[]): string {
  return pts.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${svgNum(x)} ${svgNum(y)}`).join('');
}

/** A ridge line: a sum of a few sines with random phases, plus a little noise. */
export function ridge(
  random: Rng,
  x0: number,
  x1: number,
  baseY: number,
  amp: number,
  opts: { steps?: number; waves?: number; jagged?: number } = {},
): Point[] {
  const steps = opts.steps ?? 24;
  const waves = Array.from({ length: opts.waves ?? 3 }, (_, i) => ({
    f: (i + 1) * random.float(0.6, 1.6),
    p: random.float(0, Math.PI * 2),
    a: random.float(0.4, 1) / (i + 1),
  }));
  const jag = opts.jagged ?? 0.08;
  const pts: Point[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    let y = 0;
    for (const w of waves) y += Math.sin(t * Math.PI * 2 * w.f + w.p) * w.a;
    y += random.centred() * jag;
    pts.push([x0 + (x1 - x0) * t, baseY - y * amp]);
  }
  return pts;
}

/** A closed, irregular, rounded shape around a centre. */
export function blob(random: Rng, cx: number, cy: number, rx: number, ry: number, wobble = 0.25, count = 9): Point[] {
  const rot = random.float(0, Math.PI * 2);
  return Array.from({ length: count }, (_, i) => {
    const a = rot + (i / count) * Math.PI * 2;
    const k = 1 + random.centred() * wobble;
    return [cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k] as Point;
  });
}

/** A quadratic curve from a to b bending by `bend` (a fraction of its length), sampled. */
export function curve(a: Point, b: Point, bend: number, steps = 12): Point[] {
  const mx = (a[0] + b[0]) / 2;
  const my = (a[1] + b[1]) / 2;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const c: Point = [mx - dy * bend, my + dx * bend];
  return Array.from({ length: steps + 1 }, (_, i) => {
    const t = i / steps;
    const u = 1 - t;
    return [u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]] as Point;
  });
}

/** Jitters every point of a line by up to `amount` art units. */
export function jitter(random: Rng, pts: Point[], amount: number): Point[] {
  return pts.map(([x, y]) => [x + random.centred() * amount, y + random.centred() * amount] as Point);
}

/** Parallel lines at an angle covering a box, for hatching (clip them to a shape). */
export function hatchLines(
  random: Rng,
  box: { x: number; y: number; w: number; h: number },
  angleDeg: number,
  spacing: number,
  wobble: number,
  maxLength = Number.POSITIVE_INFINITY,
): string {
  const a = (angleDeg * Math.PI) / 180;
  const dir: Point = [Math.cos(a), Math.sin(a)];
  const nor: Point = [-dir[1], dir[0]];
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const half = Math.hypot(box.w, box.h) / 2;
  let d = '';
  for (let o = -half; o <= half; o += spacing * random.float(0.75, 1.25)) {
    const s = half * random.float(0.75, 1);
    const e = half * random.float(0.75, 1);
    const px = cx + nor[0] * o;
    const py = cy + nor[1] * o;
    // Long lines are broken into strokes of at most maxLength, slightly staggered.
    for (let from = -s; from < e; ) {
      const to = Math.min(e, from + maxLength * random.float(0.6, 1));
      const shift = random.centred() * wobble;
      d += `M${svgNum(px + dir[0] * from + nor[0] * shift)} ${svgNum(py + dir[1] * from + nor[1] * shift)}`;
      d += `L${svgNum(px + dir[0] * to + nor[0] * shift + random.centred() * wobble)} ${svgNum(py + dir[1] * to + nor[1] * shift + random.centred() * wobble)}`;
      from = to + maxLength * random.float(0.02, 0.2);
    }
  }
  return d;
}
