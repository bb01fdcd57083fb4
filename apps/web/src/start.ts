// index.html's start script, run in its <head> before the app's bundle arrives (build/prerender-plugin.ts).
import { start } from './lib/early-requests';

start();
