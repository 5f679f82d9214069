import type { Category } from '@easel/shared/vocabulary';
import { bristleStroke, type Canvas, col, linearGradient, radialGradient } from './canvas';
import { atMost, darken, lighten } from './colour';
import { drawDrawing } from './drawing';
import { curve, n, op, polyline, type Pt } from './geometry';
import type { Part } from './motifs';
import { drawPainting } from './painting';
import { drawPhotograph } from './photograph';
import { drawPrint } from './print';
import { drawSculpture } from './sculpture';

// What each medium draws, the accent it adds for an unused palette colour, and its last touches.

/**
 * Every palette colour shows in the picture: a colour the composition happened not to use is
 * added as an accent in the medium's own manner.
 */
export const ACCENTS: Record<Category, (c: Canvas, colour: string) => void> = {
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
export const FINISHERS: Partial<Record<Category, (c: Canvas) => void>> = {
  photography: (c) => {
    // The lens's vignette.
    c.body.push(`<rect width="${n(c.W)}" height="${n(c.H)}" fill="${radialGradient(c, [[0.5, '#000000', 0], [0.85, '#000000', 0.22], [1, '#000000', 0.5]], { r: 0.75 })}"/>`);
  },
};

/**
 * Each medium's backdrop or whole scene: true when the scene already shows the canvas's motif
 * (a painted landscape, a drawn still life, a cast animal), false when the motif is still to
 * be drawn on the ground it laid.
 */
export const DRAWERS: Record<Category, (c: Canvas) => boolean> = {
  painting: drawPainting,
  photography: drawPhotograph,
  drawing: drawDrawing,
  prints: drawPrint,
  sculpture: drawSculpture,
};

/** A motif part's colour: its palette tone, kept dark enough to read on a pale ground. */
function tone(c: Canvas, part: Part, darkest: number): string {
  const colour = col(c, part.tone);
  return part.light ? lighten(colour, 0.75) : atMost(colour, darkest);
}

/**
 * How each medium paints a motif's parts (motifs.ts): a painting in solid colour with a darker
 * edge and a lit side, a drawing as washes under inked contours, a print as flat, slightly
 * misregistered ink, a photograph as a silhouette against the light. Sculpture casts its own.
 */
export const MANNERS: Partial<Record<Category, (c: Canvas, part: Part) => string>> = {
  painting: (c, part) => {
    const colour = tone(c, part, 0.55);
    const m = Math.min(c.W, c.H);
    if (part.stroke !== undefined) return `<path d="${part.d}" fill="none" stroke="${colour}" stroke-width="${n(part.stroke)}" stroke-linecap="round"/>`;
    const lit = linearGradient(c, [[0, '#ffffff', 0.28], [0.55, '#ffffff', 0]], { x2: 1, y2: 1 });
    return `<path d="${part.d}" fill="${colour}" stroke="${darken(colour, 0.3)}" stroke-width="${n(m * 0.005)}" stroke-opacity="0.6" stroke-linejoin="round"/><path d="${part.d}" fill="${lit}"/>`;
  },
  drawing: (c, part) => {
    const colour = tone(c, part, 0.42);
    const m = Math.min(c.W, c.H);
    const ink = atMost(col(c, part.tone), 0.42);
    if (part.stroke !== undefined) {
      return `<path d="${part.d}" fill="none" stroke="${ink}" stroke-width="${n(Math.max(m * 0.003, part.stroke * 0.6))}" stroke-linecap="round" stroke-opacity="0.8"/>`;
    }
    const dx = c.r.centred() * m * 0.003;
    return (
      `<path d="${part.d}" fill="${part.light ? colour : col(c, part.tone)}" fill-opacity="${op(part.light ? 0.8 : 0.3)}"/>` +
      `<path d="${part.d}" fill="none" stroke="${ink}" stroke-width="${n(m * 0.0028)}" stroke-opacity="0.85" stroke-linejoin="round"/>` +
      `<path d="${part.d}" transform="translate(${n(dx)} ${n(-dx)})" fill="none" stroke="${ink}" stroke-width="${n(m * 0.002)}" stroke-opacity="0.5"/>`
    );
  },
  prints: (c, part) => {
    const colour = tone(c, part, 0.6);
    const shift = c.r.centred() * Math.min(c.W, c.H) * 0.004;
    const paint = part.stroke === undefined ? `fill="${colour}"` : `fill="none" stroke="${colour}" stroke-width="${n(part.stroke)}" stroke-linecap="round"`;
    return `<path d="${part.d}" transform="translate(${n(shift)} ${n(shift)})" ${paint} style="mix-blend-mode:multiply" opacity="0.95"/>`;
  },
  photography: (c, part) => {
    const colour = part.light ? lighten(col(c, part.tone), 0.6) : darken(col(c, part.tone), 0.72);
    return part.stroke === undefined
      ? `<path d="${part.d}" fill="${colour}"/>`
      : `<path d="${part.d}" fill="none" stroke="${colour}" stroke-width="${n(part.stroke)}" stroke-linecap="round"/>`;
  },
};
