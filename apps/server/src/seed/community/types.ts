import type { AvatarLook } from '../art/avatar';
import type { Glyph, IconColors } from '../art/icons';
import type { Mood, PALETTES } from '../art/scenes';

/** A picture the seeder draws: the kind of scene and what varies it. */
export type Art =
  | { kind: 'landscape'; mood: Mood }
  | { kind: 'sprites' }
  | { kind: 'palette'; palette: keyof typeof PALETTES }
  | { kind: 'platformer' }
  | { kind: 'board' }
  | { kind: 'shelf'; count?: number }
  | { kind: 'scope' };

/** The real small files the seeder builds and attaches (see ../files). */
export type DemoFileKey = 'pinout-pdf' | 'skycycle-zip' | 'skycycle-rom' | 'route-txt';

export interface MemberSpec {
  username: string;
  nickname: string;
  signature: string;
  level: number;
  look?: AvatarLook;
  /** Days since joining. */
  joinedDaysAgo: number;
}

export interface CategorySpec {
  key: string;
  name: string;
  glyph: Glyph;
  colors: IconColors;
}

export interface TopicSpec {
  key: string;
  category: string;
  name: string;
  description: string;
  glyph: Glyph;
  colors: IconColors;
  minLevel?: number;
  minAge?: number;
  /** Username of the member who created it. */
  createdBy: string;
}

export interface CommentSpec {
  by: string;
  text: string;
  /** How many other members like it (picked by the seeded random). */
  likes?: number;
  replies?: CommentSpec[];
}

export interface PostSpec {
  by: string;
  topic: string;
  /** Hours before the seeding clock. */
  hoursAgo: number;
  text: string;
  color?: string;
  style?: string;
  link?: string;
  price?: number;
  pinned?: boolean;
  images?: Art[];
  files?: DemoFileKey[];
  /** How many other members like it (picked by the seeded random). */
  likes?: number;
  /** Shares are a counter only (share/posts keeps no rows). */
  shares?: number;
  comments?: CommentSpec[];
}
