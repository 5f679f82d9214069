import { type Canvas, col } from './canvas';
import { darken, lighten } from './colour';
import { curve, n, ridge, smoothPath } from './geometry';

// Prints: flat overlapping blocks, slightly out of register, on a paper margin

/** Draws a landscape or an abstract outright (true); for any other motif, the ground it stands on (false). */
export function drawPrint(c: Canvas): boolean {
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
  const mode = c.motif === 'land' ? 'landscape' : c.motif === 'abstract' ? r.pick(['geometric', 'linocut'] as const) : 'ground';
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
  } else if (mode === 'ground') {
    // One flat block for the ground the motif stands on.
    const gy = box.y + box.h * r.float(0.74, 0.84);
    layer(`<rect x="${n(box.x)}" y="${n(gy)}" width="${n(box.w)}" height="${n(box.y + box.h - gy)}"/>`, lighten(col(c, 2), 0.35));
    c.groundY = gy;
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
  return mode !== 'ground';
}
