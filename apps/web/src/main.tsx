import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from '@/app/router';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { applyTheme, readStoredTheme, resolveTheme } from '@/lib/theme';
import './index.css';

// Before the first render, so a stored dark theme does not flash light.
applyTheme(resolveTheme(readStoredTheme()));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

createRoot(container).render(
  <StrictMode>
    <ThemeProvider>
      <RouterProvider router={createAppRouter()} />
    </ThemeProvider>
  </StrictMode>,
);
