import { hydrateRoot, type HydrationOptions, type Root } from 'react-dom/client';
import { IslandRoot } from './components/island-root';
import { islandNamed, type IslandProps } from './islands';

/**
 * Hydrates every island under `container` (its `data-island` element, written by the prerender)
 * as a React root of its own, each as soon as its chunk arrives. The HTML between the islands
 * stays exactly as the server sent it.
 */
export async function hydrateIslands(
  container: ParentNode,
  options?: HydrationOptions,
): Promise<Root[]> {
  const elements = [...container.querySelectorAll<HTMLElement>('[data-island]')];
  return Promise.all(
    elements.map(async (element) => {
      const island = islandNamed(element.dataset.island);
      if (!island) throw new Error(`No island is named "${element.dataset.island ?? ''}".`);
      const props = JSON.parse(element.dataset.islandProps ?? '{}') as IslandProps;
      const Component = await island.load();
      return hydrateRoot(element, <IslandRoot Component={Component} props={props} />, options);
    }),
  );
}
