import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import './backoffice.css';
import { initTheme } from './theme';

// Before the first paint: the operator's stored theme, else the system's (no flash of the other one).
initTheme();

const container = document.getElementById('root');
if (!container) throw new Error('backoffice.html has no #root');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
