import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { configureAmplify } from './lib/amplify';
import { App } from './app/App';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

try {
  await configureAmplify();
} catch (error) {
  // Without a client config the pages still render; their data queries fail into empty states.
  console.error('Amplify is not configured:', error);
}

createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
