import type { Motif } from '@easel/shared/media';
import { darken, lighten } from './colour';
import { svgNum, svgOpacity, type Point, smoothPath } from './geometry';
import { Rng } from './random';

// The drawing surface a composition is built on, and the brushes that mark it: gradients, glows, soft edges, bristle strokes.

export interface Canvas {
  readonly artWidth: number;
  readonly artHeight: number;
  readonly random: Rng;
  /** The palette, as hex, never empty. */
  readonly palette: readonly string[];
  readonly defs: string[];
  readonly body: string[];
  /** What the picture shows (shared/src/media.ts, motifOf). */
  readonly motif: Motif;
  /** Where the detail view may zoom in. */
  focus: Point;
  /** The line a motif stands on (the ground, a table top), set by the medium's backdrop. */
  groundY: number;
  /** Seeds a sculpture's form, so the room view can draw the same one. */
  readonly formSeed: number;
  /** Unique ids inside one SVG document. */
  id(name: string): string;
}

export function makeCanvas(artWidth: number, artHeight: number, random: Rng, palette: readonly string[], prefix: string, motif: Motif, formSeed = 0): Canvas {
  let counter = 0;
  return {
    artWidth,
    artHeight,
    random,
    palette,
    formSeed,
    motif,
    defs: [],
    body: [],
    focus: [artWidth / 2, artHeight / 2],
    groundY: artHeight * 0.75,
    id: (name) => `${prefix}${name}${counter++}`,
  };
}

/** The i-th palette colour, wrapping round. */
export const paletteColour = (canvas: Canvas, i: number): string => canvas.palette[((i % canvas.palette.length) + canvas.palette.length) % canvas.palette.length] as string;

export function linearGradient(
  canvas: Canvas,
  stops: Array<[number, string, number?]>,
  dir: { x1?: number; y1?: number; x2?: number; y2?: number } = {},
): string {
  const id = canvas.id('lg');
  const s = stops
    .map(([o, colour, alpha]) => `<stop offset="${svgNum(o * 100)}%" stop-color="${colour}"${alpha === undefined ? '' : ` stop-opacity="${svgOpacity(alpha)}"`}/>`)
    .join('');
  canvas.defs.push(
    `<linearGradient id="${id}" x1="${dir.x1 ?? 0}" y1="${dir.y1 ?? 0}" x2="${dir.x2 ?? 0}" y2="${dir.y2 ?? 1}">${s}</linearGradient>`,
  );
  return `url(#${id})`;
}

export function radialGradient(
  canvas: Canvas,
  stops: Array<[number, string, number?]>,
  at: { cx?: number; cy?: number; r?: number; fx?: number; fy?: number } = {},
): string {
  const id = canvas.id('rg');
  const s = stops
    .map(([o, colour, alpha]) => `<stop offset="${svgNum(o * 100)}%" stop-color="${colour}"${alpha === undefined ? '' : ` stop-opacity="${svgOpacity(alpha)}"`}/>`)
    .join('');
  const cx = at.cx ?? 0.5;
  const cy = at.cy ?? 0.5;
  canvas.defs.push(
    `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${at.r ?? 0.5}" fx="${at.fx ?? cx}" fy="${at.fy ?? cy}">${s}</radialGradient>`,
  );
  return `url(#${id})`;
}

/**
 * A soft round glow or shadow: an ellipse filled with a radial fade. (SVG blur filters are
 * slow to rasterise; gradients give the same look for a fraction of the time.)
 */
export function glow(canvas: Canvas, cx: number, cy: number, rx: number, ry: number, colour: string, alpha: number): string {
  const fill = radialGradient(canvas, [[0, colour, alpha], [0.45, colour, alpha * 0.6], [1, colour, 0]]);
  return `<ellipse cx="${svgNum(cx)}" cy="${svgNum(cy)}" rx="${svgNum(rx)}" ry="${svgNum(ry)}" fill="${fill}"/>`;
}

/** A rectangle with a feathered edge, built from a few stacked translucent rectangles. */
export function softRect(x: number, y: number, w: number, h: number, feather: number, colour: string, alpha: number, steps = 5): string {
  let out = '';
  for (let i = steps - 1; i >= 0; i--) {
    const e = (feather * i) / steps;
    out += `<rect x="${svgNum(x - e)}" y="${svgNum(y - e)}" width="${svgNum(w + 2 * e)}" height="${svgNum(h + 2 * e)}" rx="${svgNum(e + feather * 0.2)}" fill="${colour}" fill-opacity="${svgOpacity(alpha / steps * 1.6)}"/>`;
  }
  return out;
}

/** Breaks a line up into many short, slightly wandering steps: a hand-made, brushy edge. */
export function roughen(random: Rng, pts: Point[], amount: number, perSegment = 3): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < pts.length - 1; i++) {
    const a = pts[i] as Point;
    const b = pts[i + 1] as Point;
    for (let k = 0; k < perSegment; k++) {
      const t = k / perSegment;
      out.push([a[0] + (b[0] - a[0]) * t + random.centred() * amount, a[1] + (b[1] - a[1]) * t + random.centred() * amount]);
    }
  }
  out.push(pts[pts.length - 1] as Point);
  return out;
}

/**
 * A brush stroke along a line, drawn as several bristle strands so it shows dry-brush texture.
 */
export function bristleStroke(canvas: Canvas, pts: Point[], width: number, colour: string, opacity: number): string {
  const { random } = canvas;
  const strands = Math.max(3, Math.min(9, Math.round(width / 4)));
  const normals = pts.map((p, i) => {
    const a = pts[Math.max(0, i - 1)] as Point;
    const b = pts[Math.min(pts.length - 1, i + 1)] as Point;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    return [-(b[1] - a[1]) / len, (b[0] - a[0]) / len] as Point;
  });
  let out = `<path d="${smoothPath(pts, false)}" stroke="${colour}" stroke-width="${svgNum(width * 0.8)}" stroke-linecap="round" fill="none" stroke-opacity="${svgOpacity(opacity * 0.3)}"/>`;
  for (let s = 0; s < strands; s++) {
    const off = (s / (strands - 1) - 0.5) * width;
    const start = random.int(0, Math.floor(pts.length / 4));
    const end = pts.length - random.int(0, Math.floor(pts.length / 4));
    const strand = pts.slice(start, end).map((p, i) => {
      const normal = normals[start + i] as Point;
      return [p[0] + normal[0] * off, p[1] + normal[1] * off] as Point;
    });
    const shade = random.chance(0.5) ? lighten(colour, random.float(0, 0.18)) : darken(colour, random.float(0, 0.18));
    out += `<path d="${smoothPath(strand, false)}" stroke="${shade}" stroke-width="${svgNum((width / strands) * random.float(0.9, 1.8))}" stroke-linecap="round" fill="none" stroke-opacity="${svgOpacity(opacity * random.float(0.45, 0.95))}"/>`;
  }
  return out;
}
