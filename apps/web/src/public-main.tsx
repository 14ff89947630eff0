import { hydrateRoot } from 'react-dom/client';
import { PublicPageRoot } from '@/app/public-page-root';
import { PUBLIC_PAGES } from '@/app/public-pages';
import './public-pages.css';

// The entry of the prerendered public pages: it hydrates the page the build rendered into #root,
// loading that page's code only (the build preloads it beside this script).
const container = document.getElementById('root');
const page = PUBLIC_PAGES.find((candidate) => candidate.id === container?.dataset.page);
if (!container || !page) throw new Error('This page was not prerendered: no #root[data-page].');

const Page = await page.load();
hydrateRoot(container, <PublicPageRoot Page={Page} />);
