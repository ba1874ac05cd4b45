import { Navigate } from 'react-router';

/** `/ops`: the console opens on its user search. */
export default function OpsHomePage() {
  return <Navigate to="/ops/users" replace />;
}
