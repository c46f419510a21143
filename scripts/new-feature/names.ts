/** A feature's name as each place spells it, from the kebab-case name given to the command. */
export interface FeatureNames {
  /** `game-notes`: folders, files, the web route, the endpoint path, the query root. */
  kebab: string;
  /** `gameNotes`: the contract group, the service, the app's string group. */
  camel: string;
  /** `GameNotes`: types and the screen component. */
  pascal: string;
  /** `game_notes`: the table. */
  snake: string;
  /** `Game notes`: the English title. */
  title: string;
}

const KEBAB = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
/** Long names make long identifiers, tables and paths; features so far have a word or two. */
const MAX_LENGTH = 24;

/** Why `name` cannot name a feature, or null when it can. */
export function nameProblem(name: string): string | null {
  if (!KEBAB.test(name))
    return `"${name}" is not kebab-case (lower-case words joined by "-", e.g. game-notes)`;
  if (name.length > MAX_LENGTH) return `"${name}" is longer than ${MAX_LENGTH} characters`;
  return null;
}

export function featureNames(kebab: string): FeatureNames {
  const words = kebab.split('-');
  const capitalised = words.map((w) => w[0]!.toUpperCase() + w.slice(1));
  return {
    kebab,
    camel: words[0] + capitalised.slice(1).join(''),
    pascal: capitalised.join(''),
    snake: words.join('_'),
    title: capitalised[0] + (words.length > 1 ? ` ${words.slice(1).join(' ')}` : ''),
  };
}
