import type { ArtworkImageSpec } from '@easel/shared/media';
import { hashString, Rng } from './random';

// Surface texture, laid over the rasterised picture (much faster than SVG turbulence filters)

type Surface = 'canvas' | 'paper' | 'grain';
const TILE = 256;

/** Smooth value noise on a lattice of `cell` pixels that wraps round the tile. */
function valueNoise(random: Rng, cell: number): Float32Array {
  const cells = TILE / cell;
  const lattice = Array.from({ length: cells * cells }, () => random.float());
  const at = (x: number, y: number) => lattice[((y + cells) % cells) * cells + ((x + cells) % cells)] as number;
  const out = new Float32Array(TILE * TILE);
  for (let y = 0; y < TILE; y++) {
    for (let x = 0; x < TILE; x++) {
      const gx = x / cell;
      const groundLineY = y / cell;
      const x0 = Math.floor(gx);
      const y0 = Math.floor(groundLineY);
      const sx = (gx - x0) * (gx - x0) * (3 - 2 * (gx - x0));
      const sy = (groundLineY - y0) * (groundLineY - y0) * (3 - 2 * (groundLineY - y0));
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
  const random = new Rng(hashString(surface));
  const coarse = valueNoise(random, 32);
  const medium = valueNoise(random, 8);
  const buf = Buffer.alloc(TILE * TILE * 4);
  for (let y = 0; y < TILE; y++) {
    for (let x = 0; x < TILE; x++) {
      const i = y * TILE + x;
      const fine = random.centred();
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
export function textureOverlay(surface: Surface, width: number, height: number): { input: Buffer; raw: { width: number; height: number; channels: 4 } } {
  const tile = surfaceTile(surface);
  const w = Math.min(TILE, width);
  const h = Math.min(TILE, height);
  if (w === TILE && h === TILE) return { input: tile, raw: { width: TILE, height: TILE, channels: 4 } };
  const out = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++) tile.copy(out, y * w * 4, y * TILE * 4, y * TILE * 4 + w * 4);
  return { input: out, raw: { width: w, height: h, channels: 4 } };
}

export function surfaceFor(spec: ArtworkImageSpec): Surface {
  if (spec.kind === 'room') return 'grain';
  if (spec.category === 'painting') return 'canvas';
  if (spec.category === 'drawing' || spec.category === 'prints') return 'paper';
  return 'grain';
}
