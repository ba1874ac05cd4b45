// Form rules of spec §5 for the login and change-password forms.

export type Errors<T> = Partial<Record<keyof T, string>>;

export const PASSWORD_LENGTH_MIN = 6;
/** A new password: at least 8 (the server's rule, ASVS 5; docs/decisions.md). */
export const NEW_PASSWORD_LENGTH_MIN = 8;

export type LoginValues = { username: string; password: string };

export function validateLogin(values: LoginValues): Errors<LoginValues> {
  const errors: Errors<LoginValues> = {};
  if (!values.username.trim()) errors.username = 'Username is required';
  if (!values.password) errors.password = 'Password is required';
  else if (values.password.length < PASSWORD_LENGTH_MIN) errors.password = 'Password must be at least 6 characters';
  return errors;
}

export type ChangePasswordValues = { currentPassword: string; newPassword: string; confirmPassword: string };

export function validateChangePassword(values: ChangePasswordValues): Errors<ChangePasswordValues> {
  const errors: Errors<ChangePasswordValues> = {};
  if (!values.currentPassword) errors.currentPassword = 'Current password is required';
  if (!values.newPassword) errors.newPassword = 'New password is required';
  else if (values.newPassword.length < NEW_PASSWORD_LENGTH_MIN) errors.newPassword = 'Password must be at least 8 characters';
  if (!values.confirmPassword) errors.confirmPassword = 'Confirm Password is required';
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = 'Passwords must match';
  return errors;
}
