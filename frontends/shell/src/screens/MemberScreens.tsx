import { useIntl } from 'react-intl';
import { useAuth } from '../auth/AuthProvider.js';
import { RequireUser } from '../auth/Guards.js';
import { OwnSuspensionNotice } from '../components/SuspensionNotice.js';
import { ListLayout } from '../layouts/index.js';
import { Todo } from './home/MemberTodo.js';

function MemberTodo() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <OwnSuspensionNotice />
      <Todo user={user} />
    </>
  );
}

/** /protected: the member's to-do page (docs/product.md#screens-and-routes); visitors go to /identify first. */
export function ProtectedScreen() {
  const { formatMessage: t } = useIntl();
  return (
    <RequireUser>
      <ListLayout title={t({ id: 'protected.title' })} intro={t({ id: 'protected.intro' })}>
        <MemberTodo />
      </ListLayout>
    </RequireUser>
  );
}
