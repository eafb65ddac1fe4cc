import { Route } from 'react-router-dom';
import type { RemoteRoutesProps } from '@civic/frontend-kit/shell-contract';
import { RemoteRoutes } from './RemoteFrame.js';
import { ElectedScreen } from './screens/ElectedScreen.js';
import { ElectionScreen } from './screens/ElectionScreen.js';
import { ElectionsOverviewScreen } from './screens/OverviewScreen.js';
import { Loading } from './ui/States.js';
import './ui/elections.css';

/** Exposed as `elections/ElectionsRoutes`: every /elections route (docs/product.md#screens-and-routes). */
export default function ElectionsRoutes(props: RemoteRoutesProps) {
  return (
    <RemoteRoutes shell={props} fallback={<Loading />}>
      <Route path="/elections" element={<ElectionsOverviewScreen />} />
      <Route path="/elections/elected" element={<ElectedScreen />} />
      <Route path="/elections/:id" element={<ElectionScreen />} />
    </RemoteRoutes>
  );
}
