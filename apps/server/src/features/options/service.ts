import { OPTION_DEFAULTS, OPTION_SCHEMAS, type OptionName } from '@pixelhall/contract';
import { fail } from '../../http/app-error';
import type { OptionsRepo } from './repo';

function isOptionName(name: string): name is OptionName {
  return Object.hasOwn(OPTION_SCHEMAS, name);
}

/**
 * Public server options. Only names with a contract schema exist, so an operator's typo or a
 * private setting can never be read through `get/options`.
 */
export function optionsService({ repo, clock = Date.now }: { repo: OptionsRepo; clock?: () => number }) {
  return {
    async get(name: string) {
      if (!isOptionName(name)) throw fail('errors.option_not_found', { name });
      const row = await repo.find(name);
      const stored = row ? OPTION_SCHEMAS[name].safeParse(JSON.parse(row.value)) : null;
      // A stored value that no longer fits its schema (an older shape) reads as the default.
      const value = stored?.success ? stored.data : OPTION_DEFAULTS[name];
      return {
        name,
        option_value: value as Record<string, unknown>,
        updated_at: stored?.success ? row!.updated_at : null,
      };
    },

    /** Validates and stores an option; throws a readable error for a person at the console. */
    async set(name: string, value: unknown) {
      if (!isOptionName(name)) {
        throw new Error(`Unknown option "${name}". Known options: ${Object.keys(OPTION_SCHEMAS).join(', ')}`);
      }
      const parsed = OPTION_SCHEMAS[name].safeParse(value);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => `${i.path.join('.') || name}: ${i.message}`);
        throw new Error(`Invalid value for ${name}:\n  ${issues.join('\n  ')}`);
      }
      await repo.upsert(name, JSON.stringify(parsed.data), clock());
      return parsed.data;
    },
  };
}
export type OptionsService = ReturnType<typeof optionsService>;
