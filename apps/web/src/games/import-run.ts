import type { ImportGamesResult } from '@pixelhall/contract/host';
import { create } from 'zustand';
import { importRoms } from './imported';

/**
 * The answer of the last import this session started, for the sheet's summary. The progress
 * pushes carry counts but not the outcome (found, imported, matched, duplicates); only the
 * `importGames` reply does, and it may arrive while the sheet is closed.
 */
export const useLastImport = create<{ result: ImportGamesResult | null }>(() => ({ result: null }));

/**
 * Starts an import. `pick` opens the directory picker, which browsers allow only from a tap:
 * call this straight from the click handler, before any await.
 */
export function startImport(action: 'pick' | 'rescan'): Promise<void> {
  useLastImport.setState({ result: null });
  return importRoms(action).then(
    (result) => {
      // A dismissed picker answers `cancelled` with no directory: nothing to sum up then.
      const dismissed = result.cancelled && result.directoryName === '';
      if (!dismissed) useLastImport.setState({ result });
    },
    // The host bridge has shown the failure as a toast already.
    () => undefined,
  );
}
