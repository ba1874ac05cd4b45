import { validateChangePassword, validateLogin } from '../validation';

describe('login validation', () => {
  it('requires a username, ignoring surrounding spaces', () => {
    expect(validateLogin({ username: '', password: 'secret1' }).username).toBe('Username is required');
    expect(validateLogin({ username: '   ', password: 'secret1' }).username).toBe('Username is required');
  });

  it('requires a password of at least 6 characters', () => {
    expect(validateLogin({ username: 'a', password: '' }).password).toBe('Password is required');
    expect(validateLogin({ username: 'a', password: '12345' }).password).toBe('Password must be at least 6 characters');
  });

  it('accepts valid input', () => {
    expect(validateLogin({ username: ' player1 ', password: '123456' })).toEqual({});
  });
});

describe('change password validation', () => {
  const valid = { currentPassword: 'old', newPassword: 'secret12', confirmPassword: 'secret12' };

  it('accepts valid input', () => {
    expect(validateChangePassword(valid)).toEqual({});
  });

  it('requires every field', () => {
    expect(validateChangePassword({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password is required',
      confirmPassword: 'Confirm Password is required',
    });
  });

  it('requires a new password of at least 8 characters, as the server does', () => {
    expect(validateChangePassword({ ...valid, newPassword: 'abc1234', confirmPassword: 'abc1234' }).newPassword).toBe(
      'Password must be at least 8 characters',
    );
    expect(validateChangePassword({ ...valid, newPassword: 'abcd1234', confirmPassword: 'abcd1234' }).newPassword).toBeUndefined();
  });

  it('requires the confirmation to match', () => {
    expect(validateChangePassword({ ...valid, confirmPassword: 'secret2' }).confirmPassword).toBe('Passwords must match');
  });
});
