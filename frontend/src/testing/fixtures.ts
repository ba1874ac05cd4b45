import type { User } from '@/types';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: '3',
    username: 'player1',
    role: ['user'],
    currentToken: '1',
    isLogin: true,
    isAcceptRules: true,
    balance: 1500,
    exp: 0,
    ...overrides,
  };
}
