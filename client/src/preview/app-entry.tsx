/** The app as client/src/main.tsx starts it, loaded by the preview frame once its mock server runs. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../app/app';
import { prepare } from '../app/startup';
import '../styles/theme.css';
import '../styles/base.css';
import '../styles/components.css';
import '../styles/layout.css';
import '../styles/pages.css';

export async function startApp(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('preview.html has no #root');
  await prepare();
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
