import '@testing-library/jest-dom/vitest';
import '@/lib/zod-locale';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Lazy route modules are transformed on first import, which can outlast the default 1 s.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no layout; ScrollRestoration calls scrollTo on every navigation.
Object.defineProperty(window, 'scrollTo', { value: vi.fn(), writable: true });

// jsdom has no ResizeObserver; Radix primitives (scroll areas, selects, popovers) observe sizes.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub, writable: true });

// jsdom has no layout; cmdk scrolls the selected option of the command palette into view.
Object.defineProperty(Element.prototype, 'scrollIntoView', { value: vi.fn(), writable: true });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
