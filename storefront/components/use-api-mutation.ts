'use client';

import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useToast } from './toasts';

/**
 * A write to the JSON API as a TanStack Query mutation (its `isPending` disables the control) whose
 * refusal is shown as an error toast, in the words the server answered (SPEC §8); `onError` may
 * still undo what the control showed at once.
 */
export function useApiMutation<TData, TVariables = void, TContext = unknown>(options: UseMutationOptions<TData, Error, TVariables, TContext>) {
  const toast = useToast();
  return useMutation<TData, Error, TVariables, TContext>({
    ...options,
    onError: (error, ...rest) => {
      toast.show({ title: error.message, tone: 'error' });
      return options.onError?.(error, ...rest);
    },
  });
}
