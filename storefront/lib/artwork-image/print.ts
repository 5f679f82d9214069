import { type Canvas, paletteColour } from './canvas';
import { darken, lighten } from './colour';
import { curve, svgNum, ridge, smoothPath } from './geometry';

// Prints: flat overlapping blocks, slightly out of register, on a paper margin

/** Draws a landscape or an abstract outright (true); for any other motif, the ground it stands on (false). */
export function drawPrint(canvas: Canvas): boolean {
  const { artWidth, artHeight, random } = canvas;
  const shortSide = Math.min(artWidth, artHeight);
  const paper = '#f5f1e8';
  canvas.body.push(`<rect width="${svgNum(artWidth)}" height="${svgNum(artHeight)}" fill="${paper}"/>`);
  const margin = shortSide * random.float(0.06, 0.09);
  const box = { x: margin, y: margin, w: artWidth - 2 * margin, h: artHeight - 2 * margin - margin * 0.3 };
  const clip = canvas.id('plate');
  canvas.defs.push(`<clipPath id="${clip}"><rect x="${svgNum(box.x)}" y="${svgNum(box.y)}" width="${svgNum(box.w)}" height="${svgNum(box.h)}"/></clipPath>`);
  const layers: string[] = [];
  const boxShortSide = Math.min(box.w, box.h);
  const layer = (content: string, colour: string) => {
    const dx = random.centred() * shortSide * 0.006;
    const dy = random.centred() * shortSide * 0.006;
    layers.push(`<g transform="translate(${svgNum(dx)} ${svgNum(dy)})" fill="${colour}" style="mix-blend-mode:multiply" opacity="0.93">${content}</g>`);
  };
  const mode = canvas.motif === 'land' ? 'landscape' : canvas.motif === 'abstract' ? random.pick(['geometric', 'linocut'] as const) : 'ground';
  const ground = lighten(paletteColour(canvas, 0), random.float(0.55, 0.75));
  layers.push(`<rect x="${svgNum(box.x)}" y="${svgNum(box.y)}" width="${svgNum(box.w)}" height="${svgNum(box.h)}" fill="${ground}"/>`);

  if (mode === 'landscape') {
    const horizonY = box.y + box.h * random.float(0.45, 0.62);
    const sx = box.x + box.w * random.float(0.2, 0.8);
    layer(`<circle cx="${svgNum(sx)}" cy="${svgNum(horizonY - boxShortSide * random.float(0.12, 0.3))}" r="${svgNum(boxShortSide * random.float(0.1, 0.18))}"/>`, paletteColour(canvas, 1));
    let peaks = '';
    for (let i = 0, k = random.int(2, 4); i < k; i++) {
      const px = box.x + box.w * random.float(0, 1);
      const w = box.w * random.float(0.25, 0.5);
      peaks += `<path d="M${svgNum(px - w)} ${svgNum(horizonY)}L${svgNum(px)} ${svgNum(horizonY - boxShortSide * random.float(0.15, 0.35))}L${svgNum(px + w)} ${svgNum(horizonY)}Z"/>`;
    }
    layer(peaks, paletteColour(canvas, 2));
    let bands = '';
    for (let i = 0; i < 4; i++) {
      const y = horizonY + ((box.y + box.h - horizonY) * i) / 4;
      bands += `<path d="${smoothPath(ridge(random, box.x - 10, box.x + box.w + 10, y, boxShortSide * 0.02, { steps: 10, waves: 2, jagged: 0 }), false)}L${svgNum(box.x + box.w + 10)} ${svgNum(y + boxShortSide * 0.05)}L${svgNum(box.x - 10)} ${svgNum(y + boxShortSide * 0.05)}Z"/>`;
    }
    layer(`<rect x="${svgNum(box.x)}" y="${svgNum(horizonY)}" width="${svgNum(box.w)}" height="${svgNum(box.y + box.h - horizonY)}"/>`, paletteColour(canvas, 3));
    layer(bands, darken(paletteColour(canvas, 3), 0.3));
    canvas.focus = [sx, horizonY];
  } else if (mode === 'ground') {
    // One flat block for the ground the motif stands on.
    const groundLineY = box.y + box.h * random.float(0.74, 0.84);
    layer(`<rect x="${svgNum(box.x)}" y="${svgNum(groundLineY)}" width="${svgNum(box.w)}" height="${svgNum(box.y + box.h - groundLineY)}"/>`, lighten(paletteColour(canvas, 2), 0.35));
    canvas.groundY = groundLineY;
  } else if (mode === 'geometric') {
    for (let i = 0, k = random.int(4, 7); i < k; i++) {
      const x = box.x + box.w * random.float(0, 0.85);
      const y = box.y + box.h * random.float(0, 0.85);
      const s = boxShortSide * random.float(0.18, 0.45);
      const shape = random.pick(['circle', 'rect', 'arch', 'half', 'stripes'] as const);
      let d: string;
      if (shape === 'circle') d = `<circle cx="${svgNum(x)}" cy="${svgNum(y)}" r="${svgNum(s / 2)}"/>`;
      else if (shape === 'rect') d = `<rect x="${svgNum(x - s / 2)}" y="${svgNum(y - s / 2)}" width="${svgNum(s * random.float(0.5, 1.4))}" height="${svgNum(s * random.float(0.5, 1.4))}"/>`;
      else if (shape === 'arch') d = `<path d="M${svgNum(x - s / 2)} ${svgNum(y + s / 2)}V${svgNum(y)}A${svgNum(s / 2)} ${svgNum(s / 2)} 0 0 1 ${svgNum(x + s / 2)} ${svgNum(y)}V${svgNum(y + s / 2)}Z"/>`;
      else if (shape === 'half') d = `<path d="M${svgNum(x - s / 2)} ${svgNum(y)}A${svgNum(s / 2)} ${svgNum(s / 2)} 0 0 0 ${svgNum(x + s / 2)} ${svgNum(y)}Z"/>`;
      else {
        d = '';
        for (let j = 0; j < 5; j++) d += `<rect x="${svgNum(x - s / 2)}" y="${svgNum(y - s / 2 + (j * s) / 5)}" width="${svgNum(s)}" height="${svgNum(s / 10)}"/>`;
      }
      if (random.chance(0.25)) {
        // Halftone dots instead of a flat block.
        const pat = canvas.id('dots');
        const step = boxShortSide * 0.018;
        canvas.defs.push(`<pattern id="${pat}" width="${svgNum(step)}" height="${svgNum(step)}" patternUnits="userSpaceOnUse" patternTransform="rotate(30)"><circle cx="${svgNum(step / 2)}" cy="${svgNum(step / 2)}" r="${svgNum(step * 0.32)}" fill="${darken(paletteColour(canvas, i), 0.2)}"/></pattern>`);
        layer(d, `url(#${pat})`);
      } else {
        layer(d, paletteColour(canvas, i + 1));
      }
    }
    canvas.focus = [box.x + box.w / 2, box.y + box.h / 2];
  } else {
    // Linocut: wavy bands of colour with carved white lines running through them.
    const count = random.int(4, 7);
    for (let i = 0; i < count; i++) {
      const y = box.y + (box.h * (i + 0.3)) / count;
      const pts = ridge(random, box.x - 20, box.x + box.w + 20, y, boxShortSide * 0.05, { steps: 12, waves: 2, jagged: 0.05 });
      layer(`<path d="${smoothPath(pts, false)}L${svgNum(box.x + box.w + 20)} ${svgNum(box.y + box.h + 20)}L${svgNum(box.x - 20)} ${svgNum(box.y + box.h + 20)}Z"/>`, i % 2 === 0 ? paletteColour(canvas, i) : lighten(paletteColour(canvas, i), 0.25));
    }
    let cuts = '';
    for (let i = 0, k = random.int(18, 32); i < k; i++) {
      const y = box.y + box.h * random.float(0, 1);
      const x = box.x + box.w * random.float(-0.1, 0.8);
      cuts += `<path d="${smoothPath(curve([x, y], [x + box.w * random.float(0.1, 0.35), y + random.centred() * boxShortSide * 0.04], random.float(-0.1, 0.1), 6), false)}"/>`;
    }
    layers.push(`<g fill="none" stroke="${paper}" stroke-width="${svgNum(boxShortSide * 0.006)}" stroke-linecap="round" stroke-opacity="0.85">${cuts}</g>`);
    canvas.focus = [box.x + box.w * 0.5, box.y + box.h * 0.5];
  }
  canvas.body.push(`<g clip-path="url(#${clip})">${layers.join('')}</g>`);
  return mode !== 'ground';
}
