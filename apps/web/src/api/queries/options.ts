import { type MiningConfig, OPTION_DEFAULTS } from '@pixelhall/contract';
import { useQuery } from '@tanstack/react-query';
import { optionQuery } from './first-screen';

export { optionKeys } from './keys';

export function useMiningConfig(): MiningConfig {
  const { data } = useQuery(optionQuery('mining_config'));
  return (data?.option_value as MiningConfig | undefined) ?? OPTION_DEFAULTS.mining_config;
}
