/**
 * /user-form/:id (super only): `new` creates an account with a role and a
 * password; an existing id changes name and role, disables or enables, sets a
 * new password, or deletes after a confirmation. One file per section in ./user-form/.
 */
import { useParams } from 'react-router';
import { CreateUser } from './create-user.js';
import { EditUser } from './edit-user.js';
import { useStaffTitle } from '../layouts/staff-title.js';

export function UserFormScreen() {
  const { id = 'new' } = useParams();
  useStaffTitle(id === 'new' ? 'New user' : 'Edit user');
  return id === 'new' ? <CreateUser /> : <EditUser uid={id} key={id} />;
}
