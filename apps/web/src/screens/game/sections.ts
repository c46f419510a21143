import { type GAME_SORTS, HOME_SECTIONS } from '@pixelhall/contract';
import type { TFunction } from 'i18next';

export type HomeSectionKey = (typeof HOME_SECTIONS)[number];
export type GameSort = (typeof GAME_SORTS)[number];

/** A home section key from the address (`/game/more?key=`), or null for one the server does not have. */
export function parseSectionKey(value: string | null | undefined): HomeSectionKey | null {
  return (HOME_SECTIONS as readonly string[]).includes(value ?? '') ? (value as HomeSectionKey) : null;
}

export function sectionTitle(t: TFunction, key: HomeSectionKey): string {
  return t(`gamesUi.sections.${key}`);
}

export function sortLabel(t: TFunction, sort: GameSort): string {
  return t(`gamesUi.sorts.${sort}`);
}

/** The "More" address of a home section. */
export function sectionMorePath(key: HomeSectionKey): string {
  return `/game/more?${new URLSearchParams({ key })}`;
}
