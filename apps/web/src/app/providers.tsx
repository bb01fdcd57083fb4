import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { registerQueryClient } from '../lib/prefetch';
import { createQueryClient } from './query-client';

// SPEC.md §9 fixes the toast width; sonner reads it from this custom property.
const toasterStyle = { '--width': '356px' } as CSSProperties;

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => registerQueryClient(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster position="top-center" duration={4000} visibleToasts={3} richColors style={toasterStyle} />
    </QueryClientProvider>
  );
}
