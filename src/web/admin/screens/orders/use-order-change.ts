import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import type { ConsoleError } from '../../api/console-client';
import { isOrderRead } from './order-queries';

/**
 * A change of an order (extend, cancel, mark enshrined): sent once per press (quiet: the dialog
 * shows a refusal), then a toast and every order read asked again.
 */
export const useOrderChange = <T>(send: (body: T) => Promise<unknown>, done: string, onDone: () => void) => {
  const queryClient = useQueryClient();
  return useMutation<unknown, ConsoleError, T>({
    mutationFn: send,
    onSuccess: () => {
      toast.success(done, 3000);
      onDone();
      void queryClient.invalidateQueries({ predicate: (query) => isOrderRead(query.queryKey) });
    },
  });
};
