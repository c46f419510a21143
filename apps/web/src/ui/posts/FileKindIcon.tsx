import { type FileKind, fileKind } from '@pixelhall/contract';

/** 3×5 pixel letters for the labels below, one string of 0/1 per row. */
const GLYPHS: Record<string, readonly string[]> = {
  A: ['010', '101', '111', '101', '101'],
  C: ['011', '100', '100', '100', '011'],
  D: ['110', '101', '101', '101', '110'],
  F: ['111', '100', '110', '100', '100'],
  G: ['011', '100', '101', '101', '011'],
  J: ['001', '001', '001', '101', '010'],
  K: ['101', '101', '110', '101', '101'],
  L: ['100', '100', '100', '100', '111'],
  M: ['101', '111', '101', '101', '101'],
  N: ['101', '111', '111', '101', '101'],
  O: ['010', '101', '101', '101', '010'],
  P: ['110', '101', '110', '100', '100'],
  R: ['110', '101', '110', '101', '101'],
  S: ['011', '100', '010', '001', '110'],
  T: ['111', '010', '010', '010', '010'],
  X: ['101', '101', '010', '101', '101'],
};

const KINDS: Record<FileKind, { label: string; color: string }> = {
  word: { label: 'DOC', color: '#3d8bff' },
  excel: { label: 'XLS', color: '#21a366' },
  ppt: { label: 'PPT', color: '#ff7a45' },
  pdf: { label: 'PDF', color: '#f04452' },
  jpg: { label: 'JPG', color: '#f0a000' },
  apk: { label: 'APK', color: '#6cbf2c' },
  gif: { label: 'GIF', color: '#b05cff' },
  png: { label: 'PNG', color: '#14a89a' },
  psd: { label: 'PSD', color: '#2f6cf0' },
  rom: { label: 'ROM', color: '#7c5cff' },
  file: { label: '', color: '#8a8ca6' },
};

/** One path of unit squares for a label, starting at (x, y). */
function labelPath(label: string, x: number, y: number): string {
  let d = '';
  [...label].forEach((char, i) => {
    const rows = GLYPHS[char] ?? [];
    rows.forEach((row, dy) => {
      [...row].forEach((bit, dx) => {
        if (bit === '1') d += `M${x + i * 4 + dx} ${y + dy}h1v1h-1z`;
      });
    });
  });
  return d;
}

/** A pixel-drawn page in the colour of its kind (docs/product/posts-and-feeds.md#file-kinds), with the kind's label. */
export function FileKindIcon({ kind, size = 28 }: { kind: FileKind; size?: number }) {
  const { label, color } = KINDS[kind];
  return (
    <svg
      className="file-kind-icon"
      width={size}
      height={size}
      viewBox="0 0 16 16"
      shape-rendering="crispEdges"
      role="img"
      aria-label={kind}
      data-kind={kind}
    >
      <path fill={color} opacity=".28" d="M2 1h9v1h1v1h1v1h1v1h1v10H2z" />
      <path fill={color} d="M11 1h1v1h1v1h1v1h1v1h-4z" />
      {label ? (
        <>
          <path fill={color} d="M2 8h13v7H2z" />
          <path fill="#fff" d={labelPath(label, 3, 9)} />
        </>
      ) : (
        <path fill={color} d="M4 7h8v1H4zm0 2h8v1H4zm0 2h6v1H4z" />
      )}
    </svg>
  );
}

/** The icon of a file by its name. */
export function FileNameIcon({ name, size }: { name: string; size?: number }) {
  return <FileKindIcon kind={fileKind(name)} size={size} />;
}
