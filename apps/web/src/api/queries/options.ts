import { endpoints, type MiningConfig, OPTION_DEFAULTS } from '@pixelhall/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../client';

export const optionKeys = { one: (name: string) => ['options', name] as const };

export function useMiningConfig(): MiningConfig {
  const { data } = useQuery({
    queryKey: optionKeys.one('mining_config'),
    queryFn: () =>
      request(
        endpoints.options.getOptions,
        { name: 'mining_config' },
        { failToast: false, successToast: false },
      ),
    staleTime: 5 * 60_000,
  });
  return (data?.option_value as MiningConfig | undefined) ?? OPTION_DEFAULTS.mining_config;
}
