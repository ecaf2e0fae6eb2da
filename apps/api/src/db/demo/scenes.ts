import sharp from 'sharp';
import { processImage, type ProcessedImage } from '../../lib/images/process-image.js';

/**
 * The demo's photos: small illustrated scenes drawn as SVG and rendered by sharp at seed time,
 * so the repository carries no image files and no scene ever shows a face or a real place.
 */
export const SCENES = [
  'teacup-sunset',
  'neon-club',
  'city-night',
  'party-cake',
  'receipt-pile',
  'office-desk',
  'beach-ring',
  'smoky-kitchen',
  'three-bouquets',
] as const;
export type SceneName = (typeof SCENES)[number];

const W = 960;
const H = 640;

/** A small deterministic generator, so every demo install draws the same confetti and windows. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

const gradient = (id: string, from: string, to: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;

const steam = (x: number, y: number) =>
  [0, 40, 80]
    .map(
      (dx) =>
        `<path d="M${x + dx} ${y} q-30 -50 0 -100 t0 -100" stroke="#fff" stroke-opacity=".55" stroke-width="12" fill="none" stroke-linecap="round"/>`,
    )
    .join('');

function teacupSunset(): string {
  return `<defs>${gradient('sky', '#ff9a5a', '#6a3093')}</defs>
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    <circle cx="700" cy="250" r="120" fill="#ffd36e" opacity=".9"/>
    <rect y="470" width="${W}" height="170" fill="#3b1f4a"/>
    <ellipse cx="430" cy="470" rx="230" ry="34" fill="#f4e1c1"/>
    <path d="M250 330 h360 l-40 150 h-280 z" fill="#fff7ec"/>
    <path d="M610 360 q90 0 70 70 q-15 40 -90 40" stroke="#fff7ec" stroke-width="26" fill="none"/>
    <rect x="250" y="330" width="360" height="26" fill="#c0392b" opacity=".8"/>
    ${steam(360, 300)}`;
}

function neonClub(random: () => number): string {
  const lights = Array.from({ length: 40 }, () => {
    const colour = ['#ff2e97', '#00e5ff', '#c6ff00', '#ffea00'][Math.floor(random() * 4)];
    return `<circle cx="${random() * W}" cy="${random() * H * 0.7}" r="${8 + random() * 40}" fill="${colour}" opacity="${0.2 + random() * 0.5}"/>`;
  }).join('');
  const tiles = Array.from(
    { length: 7 },
    (_, i) => `<line x1="${420 + i * 20}" y1="60" x2="${420 + i * 20}" y2="180" stroke="#555" stroke-width="3"/>`,
  ).join('');
  return `<defs>${gradient('bg', '#140024', '#05000a')}</defs>
    <rect width="${W}" height="${H}" fill="url(#bg)"/>
    <path d="M480 120 L150 ${H} L330 ${H} Z" fill="#ff2e97" opacity=".25"/>
    <path d="M480 120 L620 ${H} L820 ${H} Z" fill="#00e5ff" opacity=".22"/>
    ${lights}
    <line x1="480" y1="0" x2="480" y2="60" stroke="#999" stroke-width="4"/>
    <circle cx="480" cy="120" r="62" fill="#d7d7e0"/>${tiles}
    <rect y="560" width="${W}" height="80" fill="#2a0a3d"/>`;
}

function cityNight(random: () => number): string {
  let x = 0;
  const buildings: string[] = [];
  while (x < W) {
    const width = 60 + random() * 80;
    const height = 160 + random() * 300;
    buildings.push(`<rect x="${x}" y="${H - height}" width="${width}" height="${height}" fill="#1b2440"/>`);
    for (let wy = H - height + 20; wy < H - 20; wy += 34) {
      for (let wx = x + 12; wx < x + width - 16; wx += 24) {
        if (random() < 0.45) buildings.push(`<rect x="${wx}" y="${wy}" width="10" height="16" fill="#ffe08a"/>`);
      }
    }
    x += width + 6;
  }
  return `<defs>${gradient('night', '#0b1026', '#3a2f6b')}</defs>
    <rect width="${W}" height="${H}" fill="url(#night)"/>
    <circle cx="780" cy="120" r="56" fill="#f6f1d5"/><circle cx="805" cy="105" r="52" fill="#131a38"/>
    ${buildings.join('')}`;
}

function partyCake(random: () => number): string {
  const confetti = Array.from({ length: 90 }, () => {
    const colour = ['#ff6b6b', '#ffd93d', '#6bcb77', '#4d96ff', '#c77dff'][Math.floor(random() * 5)];
    return `<rect x="${random() * W}" y="${random() * H}" width="14" height="6" fill="${colour}" transform="rotate(${random() * 180} ${random() * W} ${random() * H})"/>`;
  }).join('');
  const candles = [380, 440, 500, 560]
    .map(
      (cx) =>
        `<rect x="${cx}" y="190" width="16" height="60" fill="#fff"/><ellipse cx="${cx + 8}" cy="180" rx="9" ry="16" fill="#ffb703"/>`,
    )
    .join('');
  return `<rect width="${W}" height="${H}" fill="#ffe5ec"/>${confetti}
    <rect x="300" y="250" width="360" height="110" rx="14" fill="#ff8fab"/>
    <rect x="260" y="360" width="440" height="140" rx="14" fill="#fb6f92"/>
    <path d="M300 270 q30 30 60 0 t60 0 t60 0 t60 0 t60 0 t60 0" stroke="#fff" stroke-width="14" fill="none"/>
    <ellipse cx="480" cy="510" rx="280" ry="26" fill="#c9a7b4"/>${candles}`;
}

function receiptPile(random: () => number): string {
  const receipts = Array.from({ length: 7 }, (_, i) => {
    const x = 120 + i * 100 + random() * 30;
    const y = 90 + random() * 120;
    const lines = Array.from(
      { length: 9 },
      (_, j) => `<rect x="${x + 18}" y="${y + 30 + j * 32}" width="${60 + random() * 70}" height="8" fill="#b9b9b9"/>`,
    ).join('');
    return `<g transform="rotate(${random() * 30 - 15} ${x + 80} ${y + 180})"><rect x="${x}" y="${y}" width="160" height="360" fill="#fdfdf7" stroke="#ddd"/>${lines}</g>`;
  }).join('');
  return `<rect width="${W}" height="${H}" fill="#2d6a4f"/>${receipts}
    <circle cx="690" cy="400" r="110" fill="#bde0fe" fill-opacity=".35" stroke="#222" stroke-width="22"/>
    <rect x="760" y="470" width="40" height="170" rx="14" fill="#222" transform="rotate(-40 780 480)"/>`;
}

function officeDesk(): string {
  const leaves = [-50, -20, 10, 40]
    .map((angle) => `<ellipse cx="820" cy="300" rx="22" ry="70" fill="#52b788" transform="rotate(${angle} 820 360)"/>`)
    .join('');
  return `<rect width="${W}" height="${H}" fill="#e9ecef"/>
    <rect x="80" y="80" width="260" height="180" fill="#a8dadc"/><rect x="80" y="80" width="260" height="180" fill="none" stroke="#fff" stroke-width="14"/>
    <rect y="430" width="${W}" height="210" fill="#9c6644"/>
    <rect x="320" y="230" width="340" height="210" rx="12" fill="#343a40"/><rect x="340" y="250" width="300" height="170" fill="#4cc9f0"/>
    <rect x="270" y="440" width="440" height="22" rx="8" fill="#495057"/>
    <rect x="130" y="360" width="90" height="80" rx="10" fill="#f72585"/><path d="M220 380 q40 0 30 30 q-8 20 -30 20" stroke="#f72585" stroke-width="12" fill="none"/>
    ${steam(150, 340)}
    <rect x="780" y="360" width="80" height="80" fill="#bc6c25"/>${leaves}`;
}

function beachRing(): string {
  return `<defs>${gradient('sea', '#90e0ef', '#0077b6')}</defs>
    <rect width="${W}" height="${H}" fill="#caf0f8"/>
    <rect y="180" width="${W}" height="200" fill="url(#sea)"/>
    <path d="M0 360 q60 -30 120 0 t120 0 t120 0 t120 0 t120 0 t120 0 t120 0 t120 0 V${H} H0 Z" fill="#f1d6a7"/>
    <circle cx="160" cy="90" r="60" fill="#ffd166"/>
    <circle cx="600" cy="500" r="44" fill="none" stroke="#f4c430" stroke-width="14"/>
    <path d="M600 440 l-22 -30 h44 z" fill="#b5e2fa" stroke="#fff" stroke-width="4"/>
    <path d="M300 520 l30 -18 l30 18 l-30 18 z" fill="#e76f51"/>`;
}

function smokyKitchen(random: () => number): string {
  const smoke = Array.from(
    { length: 14 },
    () =>
      `<circle cx="${380 + random() * 240}" cy="${60 + random() * 220}" r="${40 + random() * 50}" fill="#adb5bd" opacity=".45"/>`,
  ).join('');
  return `<rect width="${W}" height="${H}" fill="#fefae0"/>
    <rect y="380" width="${W}" height="260" fill="#606c38"/>
    <rect x="260" y="360" width="440" height="40" fill="#283618"/>
    <ellipse cx="400" cy="360" rx="70" ry="14" fill="#ff7b00"/><ellipse cx="560" cy="360" rx="70" ry="14" fill="#ff7b00"/>
    <rect x="340" y="250" width="160" height="110" rx="10" fill="#6c757d"/><rect x="320" y="240" width="200" height="20" rx="8" fill="#495057"/>
    <path d="M520 330 l140 -30 l10 20 l-140 30 z" fill="#343a40"/><ellipse cx="600" cy="320" rx="60" ry="16" fill="#1b1b1b"/>
    ${smoke}`;
}

function threeBouquets(random: () => number): string {
  const bouquet = (cx: number) => {
    const stems = [-30, -10, 10, 30]
      .map((dx) => `<line x1="${cx}" y1="520" x2="${cx + dx * 2}" y2="330" stroke="#2d6a4f" stroke-width="8"/>`)
      .join('');
    const blooms = Array.from({ length: 9 }, () => {
      const colour = ['#ff4d6d', '#ff8fa3', '#ffb703', '#c77dff'][Math.floor(random() * 4)];
      return `<circle cx="${cx - 70 + random() * 140}" cy="${250 + random() * 100}" r="${26 + random() * 14}" fill="${colour}"/>`;
    }).join('');
    return `${stems}${blooms}<path d="M${cx - 60} 420 L${cx + 60} 420 L${cx + 20} 560 L${cx - 20} 560 Z" fill="#f8edeb"/>`;
  };
  return `<defs>${gradient('wall', '#fde2e4', '#fad2e1')}</defs>
    <rect width="${W}" height="${H}" fill="url(#wall)"/>
    <rect y="540" width="${W}" height="100" fill="#b08968"/>
    ${bouquet(220)}${bouquet(480)}${bouquet(740)}`;
}

const DRAW: Record<SceneName, (random: () => number) => string> = {
  'teacup-sunset': teacupSunset,
  'neon-club': neonClub,
  'city-night': cityNight,
  'party-cake': partyCake,
  'receipt-pile': receiptPile,
  'office-desk': officeDesk,
  'beach-ring': beachRing,
  'smoky-kitchen': smokyKitchen,
  'three-bouquets': threeBouquets,
};

export function sceneSvg(name: SceneName, seed: number): string {
  const body = DRAW[name](randomFrom(seed));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}

/**
 * A scene as an upload would arrive (PNG), then through the app's own image pipeline, so the
 * stored file and its ≤64 px blurred preview are made exactly as a user's photo would be.
 */
export async function renderScene(name: SceneName, seed: number): Promise<ProcessedImage> {
  const png = await sharp(Buffer.from(sceneSvg(name, seed)))
    .png({ compressionLevel: 1 })
    .toBuffer();
  return processImage(png);
}
