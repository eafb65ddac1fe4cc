import { Route, Routes } from 'react-router-dom';
import type { RemoteRoutesProps } from '@civic/frontend-kit/shell-contract';
import { RemoteFrame, useShell } from './RemoteFrame.js';
import { ElectedScreen } from './screens/ElectedScreen.js';
import { ElectionScreen } from './screens/ElectionScreen.js';
import { ElectionsOverviewScreen } from './screens/OverviewScreen.js';
import { SessionProvider } from '@civic/frontend-kit/remote-session';
import { FeedbackProvider } from '@civic/frontend-kit/remote-feedback';
import { ElectionsStyles } from './ui/styles.js';

function NotFound() {
  const { NotFound: ShellNotFound } = useShell();
  return <ShellNotFound />;
}

/** Exposed as `elections/ElectionsRoutes`: every /elections route (docs/product.md#screens-and-routes). */
export default function ElectionsRoutes(props: RemoteRoutesProps) {
  return (
    <RemoteFrame shell={props}>
      <SessionProvider>
        <FeedbackProvider services={props.services}>
          <ElectionsStyles />
          <Routes>
            <Route path="/elections" element={<ElectionsOverviewScreen />} />
            <Route path="/elections/elected" element={<ElectedScreen />} />
            <Route path="/elections/:id" element={<ElectionScreen />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </FeedbackProvider>
      </SessionProvider>
    </RemoteFrame>
  );
}
