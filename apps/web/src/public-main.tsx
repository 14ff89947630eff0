import { hydrateIslands } from '@/features/landing/hydrate-islands';
import './public-pages.css';

// The entry of the prerendered public pages: it hydrates their interactive islands only, each
// from its own chunk (the build preloads those of the page beside this script).
await hydrateIslands(document);
