import { Route, Routes } from 'react-router';
import { renderWithApp } from '@/testing/app-test-utils';
import { ResultsScreen } from '../components/results-screen';

/** Project 1's Results screen on run `evaluationId`, as the address ?evaluation= opens it. */
export const renderResultsScreen = (evaluationId = 12) =>
  renderWithApp(
    <Routes>
      <Route
        path="/project/:projectId/results"
        element={
          <ResultsScreen projectId="1" project={{ id: 1, name: 'P' }} evaluationParam={evaluationId} message={null} />
        }
      />
    </Routes>,
    { route: `/project/1/results?evaluation=${evaluationId}` },
  );
