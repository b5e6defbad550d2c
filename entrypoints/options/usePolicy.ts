import { useEffect, useState } from 'preact/hooks';
import { NO_POLICY, type PolicyState } from '@/lib/policy/types';
import { policyItem } from '@/lib/store/items';

/** The organization's checked policy and its notes, as the background keeps them; follows every change. */
export function usePolicy(): PolicyState {
  const [state, setState] = useState<PolicyState>(NO_POLICY);
  useEffect(() => {
    policyItem.getValue().then(setState, (error: unknown) => console.error(error));
    return policyItem.watch(setState);
  }, []);
  return state;
}
