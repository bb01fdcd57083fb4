import { useIsRestoring, useQueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider, type PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { registerQueryClient } from '../lib/prefetch';
import { queryPersistOptions } from '../lib/query-persistence';
import { createQueryClient } from './query-client';
import { UpdatePrompt } from './update-prompt';

// SPEC.md §9 fixes the toast width; sonner reads it from this custom property.
const toasterStyle = { '--width': '356px' } as CSSProperties;

interface ProvidersProps {
  children: ReactNode;
  /** Where the query cache is kept between launches: IndexedDB, unless a test gives its own. */
  persistOptions?: Omit<PersistQueryClientOptions, 'queryClient'>;
}

export function Providers({ children, persistOptions = queryPersistOptions }: ProvidersProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={persistOptions}
      // Load edits made offline before the app was closed go out now (or as soon as it is online).
      onSuccess={() => queryClient.resumePausedMutations()}
    >
      <RoutePrefetch />
      {children}
      <Toaster position="top-center" duration={4000} visibleToasts={3} richColors style={toasterStyle} />
      <UpdatePrompt />
    </PersistQueryClientProvider>
  );
}

/**
 * Lets route loaders start their screens' queries once the saved cache is back: a fetch started
 * before would be reverted to "no data" by the first optimistic load edit that cancels it.
 */
function RoutePrefetch() {
  const queryClient = useQueryClient();
  const isRestoring = useIsRestoring();
  useEffect(() => (isRestoring ? undefined : registerQueryClient(queryClient)), [isRestoring, queryClient]);
  return null;
}
