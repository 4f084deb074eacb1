/**
 * The demo pictures, drawn by the project itself: SVG compositions (gradients,
 * shapes, silhouettes, text) rendered by sharp at seed time. No downloads, no
 * photographs of real people, nothing under someone else's copyright.
 * Long because each scene is drawing data, one function per scene.
 */

/** A small deterministic random generator, so every seed draws the same pictures (and dedupes). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  far: string;
  near: string;
  accent: string;
  people: readonly string[];
}

export const palettes: Record<string, Palette> = {
  dawn: { skyTop: '#f6b27a', skyBottom: '#fde7c8', sun: '#fff4d6', far: '#b6805f', near: '#6b3f2a', accent: '#c2410c', people: ['#3b2418', '#5a3322', '#2c1a12'] },
  civic: { skyTop: '#1e3a8a', skyBottom: '#93c5fd', sun: '#fef3c7', far: '#1e40af', near: '#172554', accent: '#f59e0b', people: ['#0f172a', '#1e293b', '#111827'] },
  violet: { skyTop: '#6d28d9', skyBottom: '#f0abfc', sun: '#fdf4ff', far: '#7e22ce', near: '#3b0764', accent: '#f472b6', people: ['#2e1065', '#3b0764', '#1e1b4b'] },
  teal: { skyTop: '#0f766e', skyBottom: '#99f6e4', sun: '#f0fdfa', far: '#115e59', near: '#042f2e', accent: '#facc15', people: ['#022c22', '#083344', '#134e4a'] },
  harvest: { skyTop: '#ca8a04', skyBottom: '#fef08a', sun: '#fffbeb', far: '#4d7c0f', near: '#1a2e05', accent: '#dc2626', people: ['#1c1917', '#292524', '#3f2a14'] },
  coral: { skyTop: '#e11d48', skyBottom: '#fecdd3', sun: '#fff1f2', far: '#9f1239', near: '#4c0519', accent: '#fbbf24', people: ['#2a0a12', '#3f0d1c', '#1f0a10'] },
  dusk: { skyTop: '#312e81', skyBottom: '#f97316', sun: '#fde68a', far: '#4338ca', near: '#1e1b4b', accent: '#fb923c', people: ['#0c0a24', '#1e1b4b', '#18122b'] },
};

export type Scene = 'assembly' | 'landscape' | 'market' | 'classroom' | 'march' | 'townhall';

function f(n: number): string {
  return n.toFixed(1);
}

/** One standing figure: head, shoulders, body; `s` is its height in pixels. */
function person(x: number, baseY: number, s: number, colour: string, rnd: () => number, raised = false): string {
  const head = s * 0.13;
  const bodyW = s * (0.3 + rnd() * 0.08);
  const top = baseY - s;
  const parts = [
    `<circle cx="${f(x)}" cy="${f(top + head)}" r="${f(head)}" fill="${colour}"/>`,
    `<path d="M${f(x - bodyW / 2)} ${f(baseY)} L${f(x - bodyW / 2)} ${f(top + head * 3)} Q${f(x)} ${f(top + head * 1.9)} ${f(x + bodyW / 2)} ${f(top + head * 3)} L${f(x + bodyW / 2)} ${f(baseY)} Z" fill="${colour}"/>`,
  ];
  if (rnd() < 0.35) parts.push(`<path d="M${f(x - head * 1.05)} ${f(top + head * 0.8)} Q${f(x)} ${f(top - head * 0.6)} ${f(x + head * 1.05)} ${f(top + head * 0.8)} Z" fill="${colour}"/>`);
  if (raised) {
    parts.push(`<path d="M${f(x + bodyW * 0.35)} ${f(top + head * 3.2)} L${f(x + bodyW * 0.75)} ${f(top - head * 1.5)} L${f(x + bodyW * 0.95)} ${f(top - head * 1.4)} L${f(x + bodyW * 0.55)} ${f(top + head * 3.6)} Z" fill="${colour}"/>`);
  }
  return parts.join('');
}

function crowd(width: number, baseY: number, count: number, size: number, p: Palette, rnd: () => number, raisedShare = 0): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = ((i + 0.5) / count) * width + (rnd() - 0.5) * (width / count) * 0.8;
    const s = size * (0.85 + rnd() * 0.3);
    out.push(person(x, baseY + rnd() * size * 0.08, s, p.people[i % p.people.length] ?? '#111', rnd, rnd() < raisedShare));
  }
  return out.join('');
}

function hills(width: number, height: number, y: number, amp: number, colour: string, rnd: () => number): string {
  let d = `M0 ${f(y)}`;
  const steps = 5;
  for (let i = 1; i <= steps; i++) {
    const x = (i / steps) * width;
    const cx = x - width / steps / 2;
    d += ` Q${f(cx)} ${f(y - amp * (0.4 + rnd()))} ${f(x)} ${f(y + (rnd() - 0.5) * amp * 0.5)}`;
  }
  return `<path d="${d} L${width} ${height} L0 ${height} Z" fill="${colour}"/>`;
}

/** A landscape hero (1600 × 900 by default): sky, sun, hills and a scene of people. */
export function heroSvg(scene: Scene, palette: Palette, seed: number, width = 1600, height = 900): string {
  const rnd = random(seed);
  const horizon = height * (0.58 + rnd() * 0.06);
  const sunX = width * (0.15 + rnd() * 0.7);
  const parts: string[] = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.skyTop}"/><stop offset="1" stop-color="${palette.skyBottom}"/></linearGradient>`,
    `<radialGradient id="glow"><stop offset="0" stop-color="${palette.sun}" stop-opacity="0.9"/><stop offset="1" stop-color="${palette.sun}" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    `<circle cx="${f(sunX)}" cy="${f(horizon * 0.45)}" r="${f(height * 0.32)}" fill="url(#glow)"/>`,
    `<circle cx="${f(sunX)}" cy="${f(horizon * 0.45)}" r="${f(height * 0.09)}" fill="${palette.sun}"/>`,
    hills(width, height, horizon, height * 0.12, palette.far, rnd),
  ];
  for (let i = 0; i < 5; i++) {
    const y = height * (0.1 + rnd() * 0.25);
    const x = rnd() * width;
    parts.push(`<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(width * (0.05 + rnd() * 0.06))}" ry="${f(height * 0.018)}" fill="#ffffff" opacity="0.35"/>`);
  }
  const ground = height * 0.86;
  switch (scene) {
    case 'landscape': {
      for (let i = 0; i < 6; i++) {
        const x = width * (0.08 + rnd() * 0.84);
        const w = width * 0.05;
        const y = horizon + height * (0.04 + rnd() * 0.12);
        parts.push(`<rect x="${f(x - w / 2)}" y="${f(y - w * 0.6)}" width="${f(w)}" height="${f(w * 0.6)}" fill="${palette.near}"/>`);
        parts.push(`<path d="M${f(x - w * 0.7)} ${f(y - w * 0.55)} L${f(x)} ${f(y - w * 1.2)} L${f(x + w * 0.7)} ${f(y - w * 0.55)} Z" fill="${palette.accent}"/>`);
      }
      for (let i = 0; i < 4; i++) {
        const x = width * (0.05 + rnd() * 0.9);
        const y = horizon + height * 0.05;
        parts.push(`<rect x="${f(x - 6)}" y="${f(y - 90)}" width="12" height="90" fill="${palette.near}"/><ellipse cx="${f(x)}" cy="${f(y - 100)}" rx="70" ry="28" fill="${palette.near}"/>`);
      }
      parts.push(hills(width, height, height * 0.9, height * 0.05, palette.near, rnd));
      parts.push(crowd(width * 0.3, ground + height * 0.12, 3, height * 0.26, palette, rnd));
      break;
    }
    case 'assembly': {
      parts.push(`<rect x="${f(width * 0.42)}" y="${f(horizon - height * 0.02)}" width="${f(width * 0.16)}" height="${f(height * 0.2)}" fill="${palette.near}"/>`);
      parts.push(`<rect x="${f(width * 0.38)}" y="${f(horizon - height * 0.05)}" width="${f(width * 0.24)}" height="${f(height * 0.04)}" fill="${palette.accent}"/>`);
      parts.push(person(width * 0.5, horizon - height * 0.02, height * 0.22, palette.people[0] ?? '#111', rnd, true));
      parts.push(crowd(width, ground, 14, height * 0.3, palette, rnd, 0.15));
      parts.push(`<g transform="translate(0 ${f(height * 0.1)})">${crowd(width, ground, 10, height * 0.36, palette, rnd, 0.1)}</g>`);
      break;
    }
    case 'market': {
      for (let i = 0; i < 5; i++) {
        const x = (i / 5) * width + width * 0.02;
        const w = width / 5 - width * 0.04;
        const colour = i % 2 ? palette.accent : palette.far;
        parts.push(`<rect x="${f(x)}" y="${f(horizon)}" width="${f(w)}" height="${f(height * 0.2)}" fill="${palette.near}"/>`);
        parts.push(`<path d="M${f(x - 10)} ${f(horizon)} L${f(x + w / 2)} ${f(horizon - height * 0.1)} L${f(x + w + 10)} ${f(horizon)} Z" fill="${colour}"/>`);
        for (let j = 0; j < 4; j++) parts.push(`<circle cx="${f(x + w * (0.2 + j * 0.2))}" cy="${f(horizon + height * 0.07)}" r="${f(height * 0.02)}" fill="${palette.sun}"/>`);
      }
      parts.push(crowd(width, ground + height * 0.06, 9, height * 0.34, palette, rnd));
      break;
    }
    case 'classroom': {
      parts.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="${palette.skyBottom}" opacity="0.55"/>`);
      parts.push(`<rect x="${f(width * 0.2)}" y="${f(height * 0.12)}" width="${f(width * 0.6)}" height="${f(height * 0.36)}" rx="8" fill="${palette.near}"/>`);
      for (let i = 0; i < 4; i++) {
        const y = height * (0.2 + i * 0.07);
        parts.push(`<rect x="${f(width * 0.25)}" y="${f(y)}" width="${f(width * (0.25 + rnd() * 0.25))}" height="${f(height * 0.018)}" rx="6" fill="${palette.sun}" opacity="0.8"/>`);
      }
      parts.push(`<rect x="${f(width * 0.62)}" y="${f(height * 0.2)}" width="${f(width * 0.12)}" height="${f(height * 0.2)}" fill="${palette.accent}" opacity="0.8"/>`);
      parts.push(crowd(width, ground + height * 0.08, 11, height * 0.36, palette, rnd, 0.45));
      break;
    }
    case 'march': {
      const count = 12;
      for (let i = 0; i < count; i++) {
        const x = ((i + 0.5) / count) * width;
        if (i % 3 === 1) {
          const w = width * 0.07;
          const y = ground - height * 0.52;
          parts.push(`<rect x="${f(x - 3)}" y="${f(y)}" width="6" height="${f(height * 0.25)}" fill="${palette.near}"/>`);
          parts.push(`<rect x="${f(x - w / 2)}" y="${f(y - w * 0.6)}" width="${f(w)}" height="${f(w * 0.6)}" fill="${i % 2 ? palette.accent : palette.sun}"/>`);
        }
      }
      parts.push(crowd(width, ground, count, height * 0.34, palette, rnd, 0.3));
      parts.push(`<g transform="translate(${f(width / count / 2)} ${f(height * 0.08)})">${crowd(width, ground, count, height * 0.38, palette, rnd, 0.2)}</g>`);
      break;
    }
    case 'townhall': {
      const bx = width * 0.3;
      const bw = width * 0.4;
      const by = horizon - height * 0.25;
      parts.push(`<path d="M${f(bx - 20)} ${f(by)} L${f(bx + bw / 2)} ${f(by - height * 0.12)} L${f(bx + bw + 20)} ${f(by)} Z" fill="${palette.near}"/>`);
      parts.push(`<rect x="${f(bx)}" y="${f(by)}" width="${f(bw)}" height="${f(height * 0.32)}" fill="${palette.far}"/>`);
      for (let i = 0; i < 6; i++) parts.push(`<rect x="${f(bx + bw * (0.06 + i * 0.16))}" y="${f(by + 20)}" width="${f(bw * 0.06)}" height="${f(height * 0.27)}" fill="${palette.sun}" opacity="0.85"/>`);
      parts.push(`<rect x="${f(bx + bw / 2 - 4)}" y="${f(by - height * 0.25)}" width="8" height="${f(height * 0.13)}" fill="${palette.near}"/><rect x="${f(bx + bw / 2 + 4)}" y="${f(by - height * 0.25)}" width="${f(width * 0.05)}" height="${f(height * 0.05)}" fill="${palette.accent}"/>`);
      parts.push(crowd(width, ground + height * 0.1, 8, height * 0.3, palette, rnd, 0.1));
      break;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

const skinTones = ['#8d5524', '#a0662f', '#6b3e1e', '#c68642', '#5a3319', '#7a4a26'] as const;
const clothes = ['#1d4ed8', '#b91c1c', '#047857', '#7c3aed', '#c2410c', '#0f766e', '#be185d', '#374151'] as const;
const backdrops = [
  ['#fde68a', '#f59e0b'],
  ['#bfdbfe', '#3b82f6'],
  ['#ddd6fe', '#8b5cf6'],
  ['#a7f3d0', '#10b981'],
  ['#fecaca', '#ef4444'],
  ['#e5e7eb', '#6b7280'],
] as const;

/** A head-and-shoulders illustration (600 × 600): not anyone's likeness, just a friendly placeholder portrait. */
export type PortraitStyle = 'short' | 'headwrap' | 'long' | 'bun';
const portraitStyles: readonly PortraitStyle[] = ['short', 'headwrap', 'long', 'bun'];

export function portraitSvg(seed: number, look: { style?: PortraitStyle; earrings?: boolean } = {}, size = 600): string {
  const rnd = random(seed * 7919);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const skin = pick(skinTones);
  const shirt = pick(clothes);
  const [bgA, bgB] = pick(backdrops);
  const style = portraitStyles.indexOf(look.style ?? portraitStyles[seed % 4] ?? 'short');
  const c = size / 2;
  const headR = size * 0.17;
  const headY = size * 0.4;
  const parts = [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bgA}"/><stop offset="1" stop-color="${bgB}"/></linearGradient></defs>`,
    `<rect width="${size}" height="${size}" fill="url(#bg)"/>`,
    `<circle cx="${f(size * 0.8)}" cy="${f(size * 0.18)}" r="${f(size * 0.22)}" fill="#ffffff" opacity="0.18"/>`,
  ];
  // Hair behind the head for long styles.
  if (style === 2) parts.push(`<path d="M${f(c - headR * 1.25)} ${f(headY)} Q${f(c - headR * 1.3)} ${f(headY + headR * 2.2)} ${f(c - headR * 0.6)} ${f(headY + headR * 2)} L${f(c + headR * 0.6)} ${f(headY + headR * 2)} Q${f(c + headR * 1.3)} ${f(headY + headR * 2.2)} ${f(c + headR * 1.25)} ${f(headY)} Z" fill="#1a1110"/>`);
  parts.push(`<path d="M${f(c - size * 0.34)} ${size} Q${f(c - size * 0.32)} ${f(size * 0.68)} ${f(c)} ${f(size * 0.66)} Q${f(c + size * 0.32)} ${f(size * 0.68)} ${f(c + size * 0.34)} ${size} Z" fill="${shirt}"/>`);
  parts.push(`<rect x="${f(c - headR * 0.38)}" y="${f(headY + headR * 0.7)}" width="${f(headR * 0.76)}" height="${f(headR * 0.9)}" fill="${skin}"/>`);
  parts.push(`<path d="M${f(c - headR * 0.5)} ${f(size * 0.665)} L${f(c)} ${f(size * 0.74)} L${f(c + headR * 0.5)} ${f(size * 0.665)} Z" fill="${skin}"/>`);
  parts.push(`<ellipse cx="${f(c)}" cy="${f(headY)}" rx="${f(headR * 0.92)}" ry="${f(headR * 1.08)}" fill="${skin}"/>`);
  switch (style) {
    case 0:
      parts.push(`<path d="M${f(c - headR * 0.95)} ${f(headY - headR * 0.1)} Q${f(c - headR)} ${f(headY - headR * 1.35)} ${f(c)} ${f(headY - headR * 1.2)} Q${f(c + headR)} ${f(headY - headR * 1.35)} ${f(c + headR * 0.95)} ${f(headY - headR * 0.1)} Q${f(c)} ${f(headY - headR * 0.75)} ${f(c - headR * 0.95)} ${f(headY - headR * 0.1)} Z" fill="#16100e"/>`);
      break;
    case 1: {
      const wrap = pick(clothes);
      parts.push(`<path d="M${f(c - headR * 1.05)} ${f(headY - headR * 0.2)} Q${f(c - headR * 1.2)} ${f(headY - headR * 1.9)} ${f(c + headR * 0.2)} ${f(headY - headR * 1.75)} Q${f(c + headR * 1.35)} ${f(headY - headR * 1.5)} ${f(c + headR * 1.05)} ${f(headY - headR * 0.2)} Q${f(c)} ${f(headY - headR * 0.7)} ${f(c - headR * 1.05)} ${f(headY - headR * 0.2)} Z" fill="${wrap}"/>`);
      parts.push(`<circle cx="${f(c + headR * 0.7)}" cy="${f(headY - headR * 1.45)}" r="${f(headR * 0.35)}" fill="${wrap}"/>`);
      break;
    }
    case 2:
      parts.push(`<path d="M${f(c - headR)} ${f(headY + headR * 0.2)} Q${f(c - headR * 1.1)} ${f(headY - headR * 1.3)} ${f(c)} ${f(headY - headR * 1.15)} Q${f(c + headR * 1.1)} ${f(headY - headR * 1.3)} ${f(c + headR)} ${f(headY + headR * 0.2)} Q${f(c + headR * 0.5)} ${f(headY - headR * 0.7)} ${f(c - headR)} ${f(headY + headR * 0.2)} Z" fill="#1a1110"/>`);
      break;
    default:
      parts.push(`<circle cx="${f(c)}" cy="${f(headY - headR * 1.25)}" r="${f(headR * 0.45)}" fill="#16100e"/>`);
      parts.push(`<path d="M${f(c - headR * 0.95)} ${f(headY - headR * 0.2)} Q${f(c)} ${f(headY - headR * 1.5)} ${f(c + headR * 0.95)} ${f(headY - headR * 0.2)} Q${f(c)} ${f(headY - headR * 0.8)} ${f(c - headR * 0.95)} ${f(headY - headR * 0.2)} Z" fill="#16100e"/>`);
  }
  if (look.earrings ?? seed % 3 === 0) parts.push(`<circle cx="${f(c - headR * 0.92)}" cy="${f(headY + headR * 0.35)}" r="${f(headR * 0.09)}" fill="#fbbf24"/><circle cx="${f(c + headR * 0.92)}" cy="${f(headY + headR * 0.35)}" r="${f(headR * 0.09)}" fill="#fbbf24"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${parts.join('')}</svg>`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const fontStack = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

/** Splits a title into lines of at most `max` characters, on word boundaries. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > max) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

type Mark = 'circle' | 'leaf' | 'hexagon' | 'triangle' | 'drop' | 'star' | 'wave';

function markSvg(mark: Mark, x: number, y: number, s: number, colour: string, accent: string): string {
  switch (mark) {
    case 'circle':
      return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(s / 2)}" fill="${colour}"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(s / 4)}" fill="${accent}"/>`;
    case 'leaf':
      return `<path d="M${f(x - s / 2)} ${f(y + s / 2)} Q${f(x - s / 2)} ${f(y - s / 2)} ${f(x + s / 2)} ${f(y - s / 2)} Q${f(x + s / 2)} ${f(y + s / 2)} ${f(x - s / 2)} ${f(y + s / 2)} Z" fill="${colour}"/><path d="M${f(x - s / 2)} ${f(y + s / 2)} L${f(x + s / 4)} ${f(y - s / 4)}" stroke="${accent}" stroke-width="${f(s / 14)}"/>`;
    case 'hexagon': {
      const pts = Array.from({ length: 6 }, (_, i) => `${f(x + (s / 2) * Math.cos((Math.PI / 3) * i))},${f(y + (s / 2) * Math.sin((Math.PI / 3) * i))}`).join(' ');
      return `<polygon points="${pts}" fill="${colour}"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(s / 6)}" fill="${accent}"/>`;
    }
    case 'triangle':
      return `<path d="M${f(x)} ${f(y - s / 2)} L${f(x + s / 2)} ${f(y + s / 2)} L${f(x - s / 2)} ${f(y + s / 2)} Z" fill="${colour}"/><path d="M${f(x)} ${f(y)} L${f(x + s / 4)} ${f(y + s / 2)} L${f(x - s / 4)} ${f(y + s / 2)} Z" fill="${accent}"/>`;
    case 'drop':
      return `<path d="M${f(x)} ${f(y - s / 2)} Q${f(x + s / 2)} ${f(y + s / 6)} ${f(x)} ${f(y + s / 2)} Q${f(x - s / 2)} ${f(y + s / 6)} ${f(x)} ${f(y - s / 2)} Z" fill="${colour}"/><circle cx="${f(x - s / 10)}" cy="${f(y + s / 8)}" r="${f(s / 9)}" fill="${accent}"/>`;
    case 'star': {
      const pts = Array.from({ length: 10 }, (_, i) => {
        const r = i % 2 ? s / 5 : s / 2;
        const a = (Math.PI / 5) * i - Math.PI / 2;
        return `${f(x + r * Math.cos(a))},${f(y + r * Math.sin(a))}`;
      }).join(' ');
      return `<polygon points="${pts}" fill="${colour}"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(s / 10)}" fill="${accent}"/>`;
    }
    case 'wave':
      return `<rect x="${f(x - s / 2)}" y="${f(y - s / 2)}" width="${f(s)}" height="${f(s)}" rx="${f(s / 5)}" fill="${colour}"/><path d="M${f(x - s / 2.6)} ${f(y)} Q${f(x - s / 5)} ${f(y - s / 4)} ${f(x)} ${f(y)} T${f(x + s / 2.6)} ${f(y)}" stroke="${accent}" stroke-width="${f(s / 10)}" fill="none"/>`;
  }
}

/** A partner's logo (600 × 300): a mark and the organisation's name. */
export function logoSvg(name: string, mark: Mark, colour: string, accent: string, width = 600, height = 300): string {
  const lines = wrap(name, 15).slice(0, 3);
  const fontSize = lines.length > 2 ? 28 : 32;
  const textX = height * 0.95;
  const firstY = height / 2 - ((lines.length - 1) * fontSize * 1.15) / 2 + fontSize * 0.35;
  const text = lines
    .map((l, i) => `<text x="${textX}" y="${f(firstY + i * fontSize * 1.15)}" font-family="${fontStack}" font-size="${fontSize}" font-weight="bold" fill="#1f2937">${escapeXml(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="#ffffff"/>${markSvg(mark, height * 0.48, height / 2, height * 0.5, colour, accent)}${text}</svg>`;
}

/** The site's own logo (720 × 240): a roof over three people, "Tujenge" ("let us build") and the full name. */
export function siteLogoSvg(width = 720, height = 240): string {
  const s = height * 0.8;
  const x = height / 2;
  const y = height / 2;
  const people = [-0.22, 0, 0.22]
    .map((dx, i) => {
      const px = x + dx * s;
      const h = s * (i === 1 ? 0.42 : 0.36);
      const base = y + s * 0.36;
      return `<circle cx="${f(px)}" cy="${f(base - h)}" r="${f(s * 0.065)}" fill="${i === 1 ? '#f59e0b' : '#0f766e'}"/><path d="M${f(px - s * 0.08)} ${f(base)} L${f(px - s * 0.08)} ${f(base - h + s * 0.11)} Q${f(px)} ${f(base - h + s * 0.06)} ${f(px + s * 0.08)} ${f(base - h + s * 0.11)} L${f(px + s * 0.08)} ${f(base)} Z" fill="${i === 1 ? '#f59e0b' : '#0f766e'}"/>`;
    })
    .join('');
  const roof = `<path d="M${f(x - s * 0.48)} ${f(y - s * 0.05)} L${f(x)} ${f(y - s * 0.46)} L${f(x + s * 0.48)} ${f(y - s * 0.05)}" stroke="#7c2d12" stroke-width="${f(s * 0.07)}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${roof}${people}<text x="${f(height * 1.02)}" y="${f(height * 0.52)}" font-family="${fontStack}" font-size="${f(height * 0.3)}" font-weight="bold" fill="#134e4a">Tujenge</text><text x="${f(height * 1.04)}" y="${f(height * 0.76)}" font-family="${fontStack}" font-size="${f(height * 0.13)}" letter-spacing="3" fill="#7c2d12">CIVIC ALLIANCE</text></svg>`;
}

/** A report cover (800 × 1100) with its title, for publications. */
export function coverSvg(title: string, year: string, palette: Palette, seed: number, width = 800, height = 1100): string {
  const rnd = random(seed);
  const lines = wrap(title, 20).slice(0, 5);
  const bands = Array.from({ length: 6 }, (_, i) => `<rect x="0" y="${f(height * 0.55 + i * height * 0.075)}" width="${f(width * (0.4 + rnd() * 0.6))}" height="${f(height * 0.05)}" fill="${i % 2 ? palette.accent : palette.far}" opacity="${(0.5 + rnd() * 0.5).toFixed(2)}"/>`).join('');
  const text = lines
    .map((l, i) => `<text x="64" y="${f(height * 0.2 + i * 62)}" font-family="${fontStack}" font-size="52" font-weight="bold" fill="#ffffff">${escapeXml(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs><linearGradient id="c" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.near}"/><stop offset="1" stop-color="${palette.skyTop}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#c)"/>${bands}${text}<text x="64" y="${f(height * 0.12)}" font-family="${fontStack}" font-size="28" letter-spacing="4" fill="${palette.sun}">TUJENGE CIVIC ALLIANCE · ${escapeXml(year)}</text></svg>`;
}
