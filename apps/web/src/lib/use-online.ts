import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();
/** The build's prerendered markup (index.html's shell) shows nothing of being offline. */
const isOnlineWhenPrerendered = () => true;

/** Whether the device says it is online: TanStack Query's view, which also pauses queries and writes offline. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, isOnlineWhenPrerendered);
}
