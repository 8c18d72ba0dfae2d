import { BrowserRouter } from 'react-router-dom';
import { ErrorBoundary } from '../components/errors/ErrorBoundary';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <ErrorBoundary>
          <AppRoutes />
        </ErrorBoundary>
      </BrowserRouter>
    </AppProvider>
  );
}
