import type { Category } from '@easel/shared/vocabulary';
import { bristleStroke, type Canvas, paletteColour, linearGradient, radialGradient } from './canvas';
import { atMost, darken, lighten } from './colour';
import { drawDrawing } from './drawing';
import { curve, svgNum, svgOpacity, polyline, type Point } from './geometry';
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
export const ACCENTS: Record<Category, (canvas: Canvas, colour: string) => void> = {
  painting: (canvas, colour) => {
    const { random, artWidth, artHeight } = canvas;
    const shortSide = Math.min(artWidth, artHeight);
    const a: Point = [canvas.focus[0] + random.centred() * artWidth * 0.3, canvas.focus[1] + random.centred() * artHeight * 0.25];
    const b: Point = [a[0] + artWidth * random.float(0.1, 0.25) * (random.chance(0.5) ? 1 : -1), a[1] + random.centred() * artHeight * 0.08];
    canvas.body.push(bristleStroke(canvas, curve(a, b, random.float(-0.2, 0.2), 10), shortSide * random.float(0.02, 0.04), colour, 0.85));
  },
  photography: (canvas, colour) => {
    // A colour grade: light of that colour washing in from one edge.
    const fromTop = canvas.random.chance(0.5);
    const fill = linearGradient(canvas, [[0, colour, 0.22], [0.55, colour, 0]], fromTop ? {} : { y1: 1, y2: 0 });
    canvas.body.push(`<rect width="${svgNum(canvas.artWidth)}" height="${svgNum(canvas.artHeight)}" fill="${fill}"/>`);
  },
  drawing: (canvas, colour) => {
    // A loose zig-zag of coloured pencil.
    const { random, artWidth, artHeight } = canvas;
    const shortSide = Math.min(artWidth, artHeight);
    const x0 = Math.max(artWidth * 0.08, Math.min(artWidth * 0.7, canvas.focus[0] + random.centred() * artWidth * 0.3));
    const y0 = Math.max(artHeight * 0.08, Math.min(artHeight * 0.85, canvas.focus[1] + random.centred() * artHeight * 0.25));
    const len = shortSide * random.float(0.12, 0.22);
    const pts: Point[] = [];
    for (let i = 0; i <= 14; i++) pts.push([x0 + (len * i) / 14 + random.centred() * 2, y0 + (i % 2 ? shortSide * 0.04 : 0) + random.centred() * 3]);
    canvas.body.push(`<path d="${polyline(pts)}" fill="none" stroke="${colour}" stroke-width="${svgNum(shortSide * 0.0035)}" stroke-linejoin="round" stroke-opacity="0.7"/>`);
  },
  prints: (canvas, colour) => {
    const { random, artWidth, artHeight } = canvas;
    const shortSide = Math.min(artWidth, artHeight);
    const x = canvas.focus[0] + random.centred() * artWidth * 0.2;
    const y = canvas.focus[1] + random.centred() * artHeight * 0.2;
    canvas.body.push(`<circle cx="${svgNum(x)}" cy="${svgNum(y)}" r="${svgNum(shortSide * random.float(0.04, 0.08))}" fill="${colour}" style="mix-blend-mode:multiply" fill-opacity="0.93"/>`);
  },
  sculpture: () => {
    // Forms carry every palette colour already (stones, glaze bands).
  },
};

/** Last touches over everything else. */
export const FINISHERS: Partial<Record<Category, (canvas: Canvas) => void>> = {
  photography: (canvas) => {
    // The lens's vignette.
    canvas.body.push(`<rect width="${svgNum(canvas.artWidth)}" height="${svgNum(canvas.artHeight)}" fill="${radialGradient(canvas, [[0.5, '#000000', 0], [0.85, '#000000', 0.22], [1, '#000000', 0.5]], { r: 0.75 })}"/>`);
  },
};

/**
 * Each medium's backdrop or whole scene: true when the scene already shows the canvas's motif
 * (a painted landscape, a drawn still life, a cast animal), false when the motif is still to
 * be drawn on the ground it laid.
 */
export const DRAWERS: Record<Category, (canvas: Canvas) => boolean> = {
  painting: drawPainting,
  photography: drawPhotograph,
  drawing: drawDrawing,
  prints: drawPrint,
  sculpture: drawSculpture,
};

/** A motif part's colour: its palette tone, kept dark enough to read on a pale ground. */
function tone(canvas: Canvas, part: Part, darkest: number): string {
  const colour = paletteColour(canvas, part.tone);
  return part.light ? lighten(colour, 0.75) : atMost(colour, darkest);
}

/**
 * How each medium paints a motif's parts (motifs.ts): a painting in solid colour with a darker
 * edge and a lit side, a drawing as washes under inked contours, a print as flat, slightly
 * misregistered ink, a photograph as a silhouette against the light. Sculpture casts its own.
 */
export const MANNERS: Partial<Record<Category, (canvas: Canvas, part: Part) => string>> = {
  painting: (canvas, part) => {
    const colour = tone(canvas, part, 0.55);
    const shortSide = Math.min(canvas.artWidth, canvas.artHeight);
    if (part.stroke !== undefined) return `<path d="${part.d}" fill="none" stroke="${colour}" stroke-width="${svgNum(part.stroke)}" stroke-linecap="round"/>`;
    const lit = linearGradient(canvas, [[0, '#ffffff', 0.28], [0.55, '#ffffff', 0]], { x2: 1, y2: 1 });
    return `<path d="${part.d}" fill="${colour}" stroke="${darken(colour, 0.3)}" stroke-width="${svgNum(shortSide * 0.005)}" stroke-opacity="0.6" stroke-linejoin="round"/><path d="${part.d}" fill="${lit}"/>`;
  },
  drawing: (canvas, part) => {
    const colour = tone(canvas, part, 0.42);
    const shortSide = Math.min(canvas.artWidth, canvas.artHeight);
    const ink = atMost(paletteColour(canvas, part.tone), 0.42);
    if (part.stroke !== undefined) {
      return `<path d="${part.d}" fill="none" stroke="${ink}" stroke-width="${svgNum(Math.max(shortSide * 0.003, part.stroke * 0.6))}" stroke-linecap="round" stroke-opacity="0.8"/>`;
    }
    const dx = canvas.random.centred() * shortSide * 0.003;
    return (
      `<path d="${part.d}" fill="${part.light ? colour : paletteColour(canvas, part.tone)}" fill-opacity="${svgOpacity(part.light ? 0.8 : 0.3)}"/>` +
      `<path d="${part.d}" fill="none" stroke="${ink}" stroke-width="${svgNum(shortSide * 0.0028)}" stroke-opacity="0.85" stroke-linejoin="round"/>` +
      `<path d="${part.d}" transform="translate(${svgNum(dx)} ${svgNum(-dx)})" fill="none" stroke="${ink}" stroke-width="${svgNum(shortSide * 0.002)}" stroke-opacity="0.5"/>`
    );
  },
  prints: (canvas, part) => {
    const colour = tone(canvas, part, 0.6);
    const shift = canvas.random.centred() * Math.min(canvas.artWidth, canvas.artHeight) * 0.004;
    const paint = part.stroke === undefined ? `fill="${colour}"` : `fill="none" stroke="${colour}" stroke-width="${svgNum(part.stroke)}" stroke-linecap="round"`;
    return `<path d="${part.d}" transform="translate(${svgNum(shift)} ${svgNum(shift)})" ${paint} style="mix-blend-mode:multiply" opacity="0.95"/>`;
  },
  photography: (canvas, part) => {
    const colour = part.light ? lighten(paletteColour(canvas, part.tone), 0.6) : darken(paletteColour(canvas, part.tone), 0.72);
    return part.stroke === undefined
      ? `<path d="${part.d}" fill="${colour}"/>`
      : `<path d="${part.d}" fill="none" stroke="${colour}" stroke-width="${svgNum(part.stroke)}" stroke-linecap="round"/>`;
  },
};
