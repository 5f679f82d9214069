import { type Canvas, paletteColour, glow, linearGradient, radialGradient } from './canvas';
import { darken, lighten, mix } from './colour';
import { blob, svgNum, type Point, smoothPath } from './geometry';
import { ANIMALS } from '@easel/shared/media';
import { motifParts } from './motifs';
import { Rng } from './random';

// Sculpture: a lit form on a plinth, against a gallery wall

/** The kind of form a motif is carved or cast as: animals as themselves, people as a standing figure, the rest abstract. */
function formKind(canvas: Canvas, random: Rng) {
  if ((ANIMALS as readonly string[]).includes(canvas.motif)) return 'animal' as const;
  if (canvas.motif === 'figure' || canvas.motif === 'portrait' || canvas.motif === 'sport') return 'figure' as const;
  return random.pick(['vessel', 'stones', 'ring'] as const);
}

/** Whether a sculpture shows its motif itself (an animal, a figure) rather than an abstract form. */
export function sculptureShowsMotif(canvas: Canvas): boolean {
  return canvas.motif === 'abstract' || (ANIMALS as readonly string[]).includes(canvas.motif) || canvas.motif === 'figure' || canvas.motif === 'portrait' || canvas.motif === 'sport';
}

export function sculptureForm(canvas: Canvas, random: Rng, cx: number, baseY: number, formHeight: number, maxW: number): string {
  const kind = formKind(canvas, random);
  const firstColour = paletteColour(canvas, 0);
  const c1 = paletteColour(canvas, 1);
  const shade = (colour: string) =>
    linearGradient(
      canvas,
      [[0, darken(colour, 0.6)], [0.22, colour], [0.36, lighten(colour, 0.45)], [0.5, colour], [0.85, darken(colour, 0.45)], [1, darken(colour, 0.65)]],
      { x2: 1, y2: 0 },
    );
  const round = (colour: string) =>
    radialGradient(canvas, [[0, lighten(colour, 0.55)], [0.35, colour], [1, darken(colour, 0.6)]], { cx: 0.38, cy: 0.32, r: 0.75 });
  const parts: string[] = [];
  let width = formHeight * 0.6;
  /** The outline of a one-piece form, for glaze or patina bands in the palette's other colours. */
  let silhouette: string | null = null;
  if (kind === 'vessel') {
    const w = Math.min(maxW, formHeight * random.float(0.55, 0.85));
    width = w;
    const foot = w * random.float(0.22, 0.3);
    const belly = w / 2;
    const neck = w * random.float(0.12, 0.22);
    const lip = neck * random.float(1.1, 1.6);
    const bellyY = baseY - formHeight * random.float(0.3, 0.5);
    const right: Point[] = [[cx + foot, baseY], [cx + belly, bellyY], [cx + neck, baseY - formHeight * 0.85], [cx + lip, baseY - formHeight]];
    const left = right.map(([x, y]) => [2 * cx - x, y] as Point).reverse();
    const d = `${smoothPath([...left, ...right], false, 0.9)}Z`;
    parts.push(`<path d="${d}" fill="${shade(firstColour)}"/>`);
    parts.push(`<ellipse cx="${svgNum(cx)}" cy="${svgNum(baseY - formHeight)}" rx="${svgNum(lip)}" ry="${svgNum(lip * 0.28)}" fill="${darken(firstColour, 0.7)}" stroke="${lighten(firstColour, 0.25)}" stroke-width="${svgNum(formHeight * 0.008)}"/>`);
    silhouette = d;
  } else if (kind === 'stones') {
    let y = baseY;
    const count = Math.min(5, Math.max(canvas.palette.length, random.int(2, 4)));
    let unit = formHeight / count;
    width = 0;
    for (let i = 0; i < count; i++) {
      const h = unit * random.float(0.8, 1.05);
      const w = Math.min(maxW, h * random.float(1.5, 2.4) * (1 - i * 0.12));
      width = Math.max(width, w);
      const x = cx + random.centred() * w * 0.08;
      const pts = blob(random, x, y - h / 2, w / 2, h / 2, 0.06, 10);
      parts.push(`<path d="${smoothPath(pts, true)}" fill="${round(paletteColour(canvas, i))}"/>`);
      y -= h * 0.95;
      unit = (y - (baseY - formHeight)) / Math.max(1, count - i - 1);
    }
  } else if (kind === 'animal') {
    // The animal cast whole, in the first colour, standing on the plinth.
    const animal = motifParts(canvas, random, canvas.motif as (typeof ANIMALS)[number], { x: cx, y: baseY, maxW, maxH: formHeight * 0.9 });
    width = maxW;
    const fill = shade(firstColour);
    for (const part of animal) {
      parts.push(part.stroke === undefined
        ? `<path d="${part.d}" fill="${part.light ? lighten(firstColour, 0.5) : fill}"/>`
        : `<path d="${part.d}" fill="none" stroke="${fill}" stroke-width="${svgNum(part.stroke)}" stroke-linecap="round"/>`);
    }
  } else if (kind === 'ring') {
    const ringRadius = Math.min(maxW / 2, formHeight * 0.42);
    width = ringRadius * 2;
    const cy = baseY - formHeight * 0.08 - ringRadius;
    const inner = ringRadius * random.float(0.35, 0.55);
    const d = `M${svgNum(cx - ringRadius)} ${svgNum(cy)}a${svgNum(ringRadius)} ${svgNum(ringRadius)} 0 1 0 ${svgNum(2 * ringRadius)} 0a${svgNum(ringRadius)} ${svgNum(ringRadius)} 0 1 0 ${svgNum(-2 * ringRadius)} 0ZM${svgNum(cx - inner)} ${svgNum(cy)}a${svgNum(inner)} ${svgNum(inner * 1.05)} 0 1 1 ${svgNum(2 * inner)} 0a${svgNum(inner)} ${svgNum(inner * 1.05)} 0 1 1 ${svgNum(-2 * inner)} 0Z`;
    parts.push(`<path d="${d}" fill-rule="evenodd" fill="${round(firstColour)}"/>`);
    parts.push(`<rect x="${svgNum(cx - ringRadius * 0.35)}" y="${svgNum(baseY - formHeight * 0.08)}" width="${svgNum(ringRadius * 0.7)}" height="${svgNum(formHeight * 0.08)}" fill="${shade(darken(c1, 0.2))}"/>`);
    silhouette = d;
  } else {
    // A tall, organic standing form, sometimes pierced.
    const w = Math.min(maxW, formHeight * random.float(0.35, 0.55));
    width = w;
    const pts: Point[] = [
      [cx - w * 0.3, baseY], [cx - w * 0.5, baseY - formHeight * 0.35], [cx - w * random.float(0.2, 0.4), baseY - formHeight * 0.7], [cx - w * 0.1, baseY - formHeight],
      [cx + w * 0.25, baseY - formHeight * 0.92], [cx + w * 0.5, baseY - formHeight * 0.55], [cx + w * 0.35, baseY - formHeight * 0.2], [cx + w * 0.3, baseY],
    ];
    let d = smoothPath(pts, true, 1);
    if (random.chance(0.6)) {
      const horizonY = baseY - formHeight * random.float(0.45, 0.65);
      const hr = w * random.float(0.1, 0.16);
      d += `M${svgNum(cx - hr)} ${svgNum(horizonY)}a${svgNum(hr)} ${svgNum(hr * 1.5)} 0 1 0 ${svgNum(2 * hr)} 0a${svgNum(hr)} ${svgNum(hr * 1.5)} 0 1 0 ${svgNum(-2 * hr)} 0Z`;
    }
    parts.push(`<path d="${d}" fill-rule="evenodd" fill="${shade(firstColour)}"/>`);
    silhouette = d;
  }
  if (silhouette !== null && canvas.palette.length > 1) {
    // Bands of glaze or patina in the palette's other colours, following the form's shading.
    const clip = canvas.id('form');
    canvas.defs.push(`<clipPath id="${clip}"><path d="${silhouette}" clip-rule="evenodd"/></clipPath>`);
    let bands = '';
    const slots = canvas.palette.length - 1;
    for (let i = 1; i < canvas.palette.length; i++) {
      const y = baseY - formHeight * (0.12 + (0.7 * (i - 1 + random.float(0.2, 0.8))) / slots);
      const h = formHeight * random.float(0.04, Math.min(0.14, 0.55 / slots));
      bands += `<rect x="${svgNum(cx - width / 2 - 2)}" y="${svgNum(y)}" width="${svgNum(width + 4)}" height="${svgNum(h)}" fill="${shade(paletteColour(canvas, i))}" fill-opacity="0.92"/>`;
    }
    parts.push(`<g clip-path="url(#${clip})">${bands}</g>`);
  }
  // The contact shadow under the form.
  const shadow = glow(canvas, cx + width * 0.08, baseY, width * 0.7, formHeight * 0.035, '#000000', 0.5);
  return shadow + parts.join('');
}

/** A plinth seen slightly from the right, with its lit front and shaded side. */
export function plinth(canvas: Canvas, cx: number, floorY: number, plinthWidth: number, plinthHeight: number): string {
  const side = plinthWidth * 0.12;
  const top = plinthWidth * 0.08;
  const front = linearGradient(canvas, [[0, '#f7f5f1'], [1, '#dedad2']]);
  return (
    glow(canvas, cx + side, floorY, plinthWidth * 0.85, plinthHeight * 0.07, '#000000', 0.35) +
    `<path d="M${svgNum(cx + plinthWidth / 2)} ${svgNum(floorY - plinthHeight)}l${svgNum(side)} ${svgNum(-top)}V${svgNum(floorY - top)}l${svgNum(-side)} ${svgNum(top)}Z" fill="#c9c4ba"/>` +
    `<path d="M${svgNum(cx - plinthWidth / 2)} ${svgNum(floorY - plinthHeight)}l${svgNum(side)} ${svgNum(-top)}H${svgNum(cx + plinthWidth / 2 + side)}l${svgNum(-side)} ${svgNum(top)}Z" fill="#fbfaf7"/>` +
    `<rect x="${svgNum(cx - plinthWidth / 2)}" y="${svgNum(floorY - plinthHeight)}" width="${svgNum(plinthWidth)}" height="${svgNum(plinthHeight)}" fill="${front}"/>`
  );
}

export function drawSculpture(canvas: Canvas): boolean {
  const { artWidth, artHeight, random } = canvas;
  const shortSide = Math.min(artWidth, artHeight);
  const wallTone = mix(paletteColour(canvas, canvas.palette.length - 1), '#ece9e3', 0.88);
  const floorY = artHeight * (artHeight > artWidth ? 0.84 : 0.8);
  canvas.body.push(`<rect width="${svgNum(artWidth)}" height="${svgNum(artHeight)}" fill="${linearGradient(canvas, [[0, darken(wallTone, 0.12)], [1, wallTone]])}"/>`);
  canvas.body.push(`<rect y="${svgNum(floorY)}" width="${svgNum(artWidth)}" height="${svgNum(artHeight - floorY)}" fill="${linearGradient(canvas, [[0, darken(wallTone, 0.2)], [1, darken(wallTone, 0.38)]])}"/>`);
  const cx = artWidth * random.float(0.45, 0.55);
  // A spotlight falling on the wall above the work.
  canvas.body.push(`<ellipse cx="${svgNum(cx)}" cy="${svgNum(floorY * 0.45)}" rx="${svgNum(Math.min(artWidth * 0.5, shortSide * 0.7))}" ry="${svgNum(floorY * 0.6)}" fill="${radialGradient(canvas, [[0, '#ffffff', 0.6], [1, '#ffffff', 0]])}"/>`);
  const plinthHeight = Math.min(artHeight * 0.26, shortSide * 0.4);
  const plinthWidth = Math.min(artWidth * 0.34, shortSide * 0.38);
  canvas.body.push(plinth(canvas, cx, floorY, plinthWidth, plinthHeight));
  const baseY = floorY - plinthHeight - plinthWidth * 0.04;
  const formHeight = (baseY - artHeight * 0.06) * 0.94;
  // The form's soft shadow on the wall behind, thrown by a light from the upper left.
  canvas.body.push(glow(canvas, cx + plinthWidth * 0.25, baseY - formHeight * 0.45, Math.min(artWidth * 0.3, formHeight * 0.4), formHeight * 0.55, '#000000', 0.16));
  canvas.body.push(sculptureForm(canvas, new Rng(canvas.formSeed), cx, baseY, formHeight, Math.min(artWidth * 0.6, plinthWidth * 1.2)));
  canvas.focus = [cx, baseY - formHeight * 0.5];
  return sculptureShowsMotif(canvas);
}
