import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { startFirstScreen } from './app/router';
import { startLanguage } from './i18n';
import './index.css';

startFirstScreen(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
const reactRoot = createRoot(root);
// The messages of the first screen are there before it renders (in English they come with this
// file; in Thai one small file more, fetched while the screen's data is on the way). A
// transition: React renders the start in slices instead of one long task, while index.html's
// "Wait a sec..." stays on the page.
void startLanguage().then(() => {
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <Providers />
      </StrictMode>,
    );
  });
});
