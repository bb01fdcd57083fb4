import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { CSSProperties, ReactNode } from 'react';
import { Toaster } from 'sonner';
import { UpdatePrompt } from './update-prompt';

// SPEC.md §9 fixes the toast width; sonner reads it from this custom property.
const toasterStyle = { '--width': '356px' } as CSSProperties;

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster theme="system" position="top-center" duration={4000} visibleToasts={3} richColors style={toasterStyle} />
      <UpdatePrompt />
    </QueryClientProvider>
  );
}
