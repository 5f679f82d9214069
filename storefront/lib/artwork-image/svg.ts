import type { ArtworkImageSpec } from '@easel/shared/media';
import { COLOURS } from '@easel/shared/vocabulary';
import { artworkImageHeight } from '../artwork-image-size';
import { type Canvas, glow, linearGradient, makeCanvas, softRect } from './canvas';
import { ACCENTS, DRAWERS, FINISHERS, MANNERS } from './categories';
import { darken, lighten } from './colour';
import { svgNum, type Point, smoothPath } from './geometry';
import { motifParts } from './motifs';
import { hashString, Rng } from './random';
import { plinth, sculptureForm } from './sculpture';

// The SVG of a spec: the composition in its medium, then the main, detail or room view of it.

function compose(spec: ArtworkImageSpec, prefix: string): Canvas {
  const artWidth = 1000;
  const artHeight = (1000 * 1000) / spec.aspectMilli;
  const palette = spec.colours.map((name) => COLOURS[name]);
  const random = new Rng((spec.seed ^ hashString(spec.category)) >>> 0);
  const formSeed = (Math.imul(spec.seed, 0x9e3779b1) ^ 0x5eed) >>> 0;
  const canvas = makeCanvas(artWidth, artHeight, random, palette.length > 0 ? palette : [COLOURS.grey], prefix, spec.motif, formSeed);
  const motif = `data-motif="${spec.motif}"`;
  const manner = MANNERS[spec.category];
  if (DRAWERS[spec.category](canvas)) {
    // The medium's scene is the motif (a landscape, a still life, a cast animal).
    canvas.body.splice(0, canvas.body.length, `<g ${motif}>${canvas.body.join('')}</g>`);
  } else if (manner && spec.motif !== 'land') {
    const fit = { x: artWidth / 2, y: canvas.groundY, maxW: artWidth * 0.8, maxH: canvas.groundY - artHeight * 0.08 };
    const parts = motifParts(canvas, random, spec.motif, fit);
    canvas.body.push(`<g ${motif}>${parts.map((part) => manner(canvas, part)).join('')}</g>`);
  }
  const drawn = canvas.body.join('') + canvas.defs.join('');
  for (const colour of new Set(canvas.palette)) {
    if (!drawn.includes(colour)) ACCENTS[spec.category](canvas, colour);
  }
  FINISHERS[spec.category]?.(canvas);
  return canvas;
}

/** The work hung on a wall above a sofa; sculpture stands on a plinth beside it. */
function roomView(spec: ArtworkImageSpec, art: Canvas, random: Rng): { artWidth: number; artHeight: number; content: string; defs: string[] } {
  const artWidth = 1000;
  const artHeight = (1000 * 1000) / spec.aspectMilli;
  const room = makeCanvas(artWidth, artHeight, random, art.palette, 'r', art.motif, art.formSeed);
  const roomScale = Math.min(artWidth, artHeight * 1.5) / 1000;
  const wall = random.pick(['#ece8e1', '#e6e2d9', '#e3e6df', '#e9e3d8', '#e2e5e8', '#ebe6e0']);
  const floorY = artHeight - Math.max(artHeight * 0.12, 110 * roomScale);
  const out: string[] = [];
  out.push(`<rect width="${svgNum(artWidth)}" height="${svgNum(artHeight)}" fill="${linearGradient(room, [[0, darken(wall, 0.05)], [1, lighten(wall, 0.2)]], { x1: 0, y1: 0, x2: 1, y2: 1 })}"/>`);
  const wood = random.pick(['#b8977a', '#a7896c', '#c9b08f', '#8f735c']);
  out.push(`<rect y="${svgNum(floorY)}" width="${svgNum(artWidth)}" height="${svgNum(artHeight - floorY)}" fill="${linearGradient(room, [[0, darken(wood, 0.08)], [1, wood]])}"/>`);
  let planks = '';
  for (let x = random.float(0, 60) * roomScale; x < artWidth; x += 120 * roomScale) planks += `M${svgNum(x)} ${svgNum(floorY)}L${svgNum(x + (x - artWidth / 2) * 0.25)} ${svgNum(artHeight)}`;
  out.push(`<path d="${planks}" stroke="#000000" stroke-width="${svgNum(1.2 * roomScale)}" stroke-opacity="0.1"/>`);
  out.push(`<rect y="${svgNum(floorY - 14 * roomScale)}" width="${svgNum(artWidth)}" height="${svgNum(14 * roomScale)}" fill="#f6f4ef"/><rect y="${svgNum(floorY - 1.5 * roomScale)}" width="${svgNum(artWidth)}" height="${svgNum(1.5 * roomScale)}" fill="#000000" fill-opacity="0.08"/>`);
  // The sofa.
  const sofa = random.pick(['#7a8471', '#b5a792', '#5e6b78', '#9a8070', '#44504f', '#c2b8a8']);
  const sculpture = spec.category === 'sculpture';
  const sofaWidth = 540 * roomScale;
  const sofaCentreX = sculpture ? artWidth * 0.36 : artWidth / 2;
  const seatY = floorY - 62 * roomScale;
  const backTop = floorY - 190 * roomScale;
  out.push(
    `<g>` +
      glow(room, sofaCentreX, floorY + 2 * roomScale, sofaWidth * 0.62, 16 * roomScale, '#000000', 0.3) +
      `<rect x="${svgNum(sofaCentreX - sofaWidth / 2 + 16 * roomScale)}" y="${svgNum(floorY - 14 * roomScale)}" width="${svgNum(8 * roomScale)}" height="${svgNum(14 * roomScale)}" fill="#3a2e25"/>` +
      `<rect x="${svgNum(sofaCentreX + sofaWidth / 2 - 24 * roomScale)}" y="${svgNum(floorY - 14 * roomScale)}" width="${svgNum(8 * roomScale)}" height="${svgNum(14 * roomScale)}" fill="#3a2e25"/>` +
      `<rect x="${svgNum(sofaCentreX - sofaWidth / 2 + 30 * roomScale)}" y="${svgNum(backTop)}" width="${svgNum(sofaWidth - 60 * roomScale)}" height="${svgNum(seatY - backTop)}" rx="${svgNum(22 * roomScale)}" fill="${darken(sofa, 0.12)}"/>` +
      `<rect x="${svgNum(sofaCentreX - sofaWidth / 2 + 40 * roomScale)}" y="${svgNum(seatY - 40 * roomScale)}" width="${svgNum(sofaWidth - 80 * roomScale)}" height="${svgNum(48 * roomScale)}" rx="${svgNum(12 * roomScale)}" fill="${sofa}"/>` +
      `<rect x="${svgNum(sofaCentreX - sofaWidth / 2 + 40 * roomScale)}" y="${svgNum(seatY)}" width="${svgNum(sofaWidth - 80 * roomScale)}" height="${svgNum(48 * roomScale)}" rx="${svgNum(8 * roomScale)}" fill="${darken(sofa, 0.06)}"/>` +
      `<rect x="${svgNum(sofaCentreX - sofaWidth / 2)}" y="${svgNum(floorY - 120 * roomScale)}" width="${svgNum(50 * roomScale)}" height="${svgNum(106 * roomScale)}" rx="${svgNum(18 * roomScale)}" fill="${lighten(sofa, 0.06)}"/>` +
      `<rect x="${svgNum(sofaCentreX + sofaWidth / 2 - 50 * roomScale)}" y="${svgNum(floorY - 120 * roomScale)}" width="${svgNum(50 * roomScale)}" height="${svgNum(106 * roomScale)}" rx="${svgNum(18 * roomScale)}" fill="${lighten(sofa, 0.06)}"/>` +
      `<rect x="${svgNum(sofaCentreX - sofaWidth * 0.3)}" y="${svgNum(seatY - 88 * roomScale)}" width="${svgNum(80 * roomScale)}" height="${svgNum(62 * roomScale)}" rx="${svgNum(14 * roomScale)}" fill="${lighten(sofa, 0.25)}" transform="rotate(-8 ${svgNum(sofaCentreX - sofaWidth * 0.26)} ${svgNum(seatY - 60 * roomScale)})"/>` +
      `</g>`,
  );
  // A plant in a pot, on whichever side is free.
  if (random.chance(0.7) || sculpture) {
    const px = sculpture ? artWidth * 0.08 : random.chance(0.5) ? sofaCentreX - sofaWidth / 2 - 70 * roomScale : sofaCentreX + sofaWidth / 2 + 70 * roomScale;
    if (px > 30 * roomScale && px < artWidth - 30 * roomScale) {
      let leaves = '';
      for (let i = 0; i < 9; i++) {
        const a = -Math.PI / 2 + random.centred() * 1.1;
        const len = random.float(70, 150) * roomScale;
        const tip: Point = [px + Math.cos(a) * len, floorY - 70 * roomScale + Math.sin(a) * len];
        leaves += `<path d="${smoothPath([[px, floorY - 70 * roomScale], [(px + tip[0]) / 2 + 12 * roomScale, (floorY - 70 * roomScale + tip[1]) / 2], tip, [(px + tip[0]) / 2 - 12 * roomScale, (floorY - 70 * roomScale + tip[1]) / 2]], true)}" fill="${random.chance(0.5) ? '#5f7a5a' : '#4d6a4b'}"/>`;
      }
      out.push(`<g>${leaves}<path d="M${svgNum(px - 30 * roomScale)} ${svgNum(floorY - 72 * roomScale)}h${svgNum(60 * roomScale)}l${svgNum(-8 * roomScale)} ${svgNum(72 * roomScale)}h${svgNum(-44 * roomScale)}Z" fill="#d8d1c4"/></g>`);
    }
  }
  const artSvg = (x: number, y: number, w: number, h: number) =>
    `<svg x="${svgNum(x)}" y="${svgNum(y)}" width="${svgNum(w)}" height="${svgNum(h)}" viewBox="0 0 ${svgNum(art.artWidth)} ${svgNum(art.artHeight)}" preserveAspectRatio="none">${art.body.join('')}</svg>`;

  if (sculpture) {
    // Stand the form on its own plinth to the right of the sofa, without its gallery wall.
    const px = artWidth * 0.78;
    const plinthHeight = Math.min(260 * roomScale, (floorY - artHeight * 0.1) * 0.45);
    const plinthWidth = 150 * roomScale;
    out.push(plinth(room, px, floorY, plinthWidth, plinthHeight));
    const baseY = floorY - plinthHeight - plinthWidth * 0.04;
    const formHeight = Math.min(baseY - artHeight * 0.08, 320 * roomScale);
    // The same form as in the gallery picture: it is drawn from its own seeded stream.
    out.push(sculptureForm(room, new Rng(art.formSeed), px, baseY, formHeight, plinthWidth * 1.3));

  } else {
    // Fit the work above the sofa, framed, with a soft shadow.
    const top = artHeight * 0.1;
    const bottom = backTop - 50 * roomScale;
    const availH = Math.max(40 * roomScale, bottom - top);
    const availW = Math.min(artWidth * 0.72, sofaWidth * 1.15);
    const aspect = spec.aspectMilli / 1000;
    let workWidth = availW;
    let workHeight = workWidth / aspect;
    if (workHeight > availH) {
      workHeight = availH;
      workWidth = workHeight * aspect;
    }
    const mat = spec.category === 'painting' ? 0 : Math.min(workWidth, workHeight) * 0.1;
    const frame = Math.max(3 * roomScale, Math.min(workWidth, workHeight) * 0.025);
    const imageWidth = workWidth - 2 * (mat + frame);
    const imageHeight = workHeight - 2 * (mat + frame);
    const fx = artWidth / 2 - workWidth / 2;
    const fy = top + (availH - workHeight) / 2;
    const frameColour = spec.category === 'painting' ? random.pick(['#2b2622', '#b89a6a', '#f2efe8', '#5a4636']) : random.pick(['#1f1c1a', '#f4f2ed', '#c2a783']);
    out.push(softRect(fx + 4 * roomScale, fy + 8 * roomScale, workWidth, workHeight, 10 * roomScale, '#000000', 0.22));
    out.push(`<rect x="${svgNum(fx)}" y="${svgNum(fy)}" width="${svgNum(workWidth)}" height="${svgNum(workHeight)}" fill="${frameColour}"/>`);
    if (mat > 0) out.push(`<rect x="${svgNum(fx + frame)}" y="${svgNum(fy + frame)}" width="${svgNum(workWidth - 2 * frame)}" height="${svgNum(workHeight - 2 * frame)}" fill="#faf9f6"/>`);
    out.push(artSvg(fx + frame + mat, fy + frame + mat, imageWidth, imageHeight));
    out.push(`<rect x="${svgNum(fx + frame + mat)}" y="${svgNum(fy + frame + mat)}" width="${svgNum(imageWidth)}" height="${svgNum(imageHeight)}" fill="none" stroke="#000000" stroke-opacity="0.15" stroke-width="${svgNum(1.5 * roomScale)}"/>`);
  }
  return { artWidth, artHeight, content: out.join(''), defs: sculpture ? room.defs : [...room.defs, ...art.defs] };
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
    viewBox = `0 0 ${svgNum(room.artWidth)} ${svgNum(room.artHeight)}`;
    defs = room.defs;
    content = room.content;
  } else {
    defs = art.defs;
    content = art.body.join('');
    if (spec.kind === 'detail') {
      const zoom = viewRng.float(2.2, 3.2);
      const w = art.artWidth / zoom;
      const h = art.artHeight / zoom;
      const cx = art.focus[0] + viewRng.centred() * w * 0.25;
      const cy = art.focus[1] + viewRng.centred() * h * 0.25;
      const x = Math.max(0, Math.min(art.artWidth - w, cx - w / 2));
      const y = Math.max(0, Math.min(art.artHeight - h, cy - h / 2));
      viewBox = `${svgNum(x)} ${svgNum(y)} ${svgNum(w)} ${svgNum(h)}`;
    } else {
      viewBox = `0 0 ${svgNum(art.artWidth)} ${svgNum(art.artHeight)}`;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}" preserveAspectRatio="none">` +
    `<defs>${defs.join('')}</defs>${content}</svg>`
  );
}
