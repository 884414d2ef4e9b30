import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * An editor's save: the call, then the list it changed (`queryKey`) reloaded and the editor closed. A
 * refused call leaves the editor open with its error (`.error`).
 */
export function useSaveThenClose<V = void>(
  queryKey: readonly unknown[],
  save: (variables: V) => Promise<unknown>,
  onClose: () => void,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey });
      onClose();
    },
  });
}
